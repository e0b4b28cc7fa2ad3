/**
 * A CNAB 444 record as a table of fields, positions 1-based and inclusive as
 * the custodian's layout prints them. Kinds as in CNAB 240 (domain/cnab) but
 * dates are DDMMAA, six digits: the layout is the CNAB 400 family's.
 */
export type FieldKind444 = 'numeric' | 'alpha' | 'date';

export interface Field444 {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly kind: FieldKind444;
  /** Implied decimal places (amounts). */
  readonly decimals?: number;
  /** What the layout prescribes: written when absent, checked when read. */
  readonly fixed?: string;
  /** Written when no value is given. */
  readonly default?: string;
  /** A complement (blanks or zeros). */
  readonly filler?: boolean;
}

export type Record444 = 'header' | 'detail' | 'trailer';

export interface Table444 {
  readonly record: Record444;
  readonly fields: readonly Field444[];
}

export const LINE_LENGTH_444 = 444;

export function width(field: Field444): number {
  return field.end - field.start + 1;
}

/** Gaps, overlaps, repeated names and bad literals of a table (empty when it tiles 1…444). */
export function coverageProblems444(table: Table444): string[] {
  const problems: string[] = [];
  let next = 1;
  const names = new Set<string>();
  for (const field of table.fields) {
    if (field.start !== next) problems.push(`${table.record}: ${field.name} starts at ${field.start}, expected ${next}`);
    if (field.end < field.start) problems.push(`${table.record}: ${field.name} ends before it starts`);
    if (field.kind === 'date' && width(field) !== 6) problems.push(`${table.record}: date ${field.name} is not 6 long`);
    const literal = field.fixed ?? field.default;
    if (literal !== undefined && literal.length > width(field)) problems.push(`${table.record}: ${field.name} literal too long`);
    if (names.has(field.name)) problems.push(`${table.record}: ${field.name} repeated`);
    names.add(field.name);
    next = field.end + 1;
  }
  if (next !== LINE_LENGTH_444 + 1) problems.push(`${table.record}: fields end at ${next - 1}, expected ${LINE_LENGTH_444}`);
  return problems;
}

type Extra = Pick<Field444, 'fixed' | 'default' | 'filler'>;
export const num = (name: string, start: number, end: number, extra: Extra = {}): Field444 => ({ name, start, end, kind: 'numeric', ...extra });
export const amount = (name: string, start: number, end: number): Field444 => ({ name, start, end, kind: 'numeric', decimals: 2 });
export const alpha = (name: string, start: number, end: number, extra: Extra = {}): Field444 => ({ name, start, end, kind: 'alpha', ...extra });
export const date = (name: string, start: number, end: number): Field444 => ({ name, start, end, kind: 'date' });
export const blank = (name: string, start: number, end: number): Field444 => ({ name, start, end, kind: 'alpha', fixed: '', filler: true });
export const zeros = (name: string, start: number, end: number): Field444 => ({ name, start, end, kind: 'numeric', fixed: '0'.repeat(end - start + 1), filler: true });
