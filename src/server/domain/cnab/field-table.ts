/**
 * A CNAB record as a table of fields. Positions are 1-based and inclusive,
 * exactly as the FEBRABAN and bank manuals print them, so a table can be
 * checked line by line against the manual.
 *
 * Kinds (FEBRABAN 240 v10.6, "Formato"): numeric fields ("Num", picture 9)
 * are right-aligned and zero-padded, amounts carry implied decimals (picture
 * 9(13)V9(2) is 15 positions, the last two the cents); alphanumeric fields
 * ("Alfa", picture X) are left-aligned and space-padded, in upper case without
 * accents; dates are numeric DDMMAAAA, zeros when there is none.
 *
 * The same tables, writer, reader and line check serve the CNAB 400 family's
 * wider layouts (the 444 of receivables-fund custodians, domain/cnab444): a
 * table may say its line length, and `shortDate` is their DDMMAA (2000–2099).
 */

export type FieldKind = 'numeric' | 'alpha' | 'date' | 'shortDate';

export interface FieldSpec {
  /** Our name for the field: the key of the values a record is written from and read into. */
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly kind: FieldKind;
  /** Implied decimal places of an amount (numeric fields only). */
  readonly decimals?: number;
  /** The value the manual prescribes (record type, segment, lot 9999…): written when absent, checked when read. */
  readonly fixed?: string;
  /** Written when no value is given (a layout version, a bank's literal), unlike `fixed` it may be overridden. */
  readonly default?: string;
  /** A complement the bank ignores (blanks or zeros): checked on what we write, not on what a bank sends. */
  readonly filler?: boolean;
}

export interface RecordTable<K extends string = RecordKind> {
  /** Which record: '0' file header, '1' lot header, '3P'…'3U' segments, '5' lot trailer, '9' file trailer (CNAB 240). */
  readonly record: K;
  /** The manual (name and version) the positions come from. */
  readonly source: string;
  /** The line's length when it is not CNAB 240's. */
  readonly length?: number;
  readonly fields: readonly FieldSpec[];
}

export type RecordKind = '0' | '1' | '3P' | '3Q' | '3R' | '3T' | '3U' | '5' | '9';

export const LINE_LENGTH = 240;

export function fieldLength(field: FieldSpec): number {
  return field.end - field.start + 1;
}

export function lineLengthOf(table: RecordTable<string>): number {
  return table.length ?? LINE_LENGTH;
}

/** How many digits a date of that kind takes (DDMMAAAA, DDMMAA). */
export const DATE_WIDTH = { date: 8, shortDate: 6 } as const;

/**
 * A bank's table: the FEBRABAN table with the bank's fields put in place of
 * every base field they overlap. A bank field that only partly covers a base
 * field must come with others that cover the rest; `coverageProblems` finds the
 * gap otherwise, and the unit tests run it on every table.
 */
export function overrideFields(base: RecordTable, source: string, overrides: readonly FieldSpec[]): RecordTable {
  const overlaps = (a: FieldSpec, b: FieldSpec) => a.start <= b.end && b.start <= a.end;
  const kept = base.fields.filter((field) => !overrides.some((o) => overlaps(o, field)));
  const fields = [...kept, ...overrides].sort((a, b) => a.start - b.start);
  return { record: base.record, source: `${source}; other fields: ${base.source}`, fields };
}

/** Gaps, overlaps, bad ranges and repeated names of a table (empty when it tiles 1…its line length exactly). */
export function coverageProblems(table: RecordTable<string>): string[] {
  const problems: string[] = [];
  let next = 1;
  const names = new Set<string>();
  for (const field of table.fields) {
    if (field.start !== next) problems.push(`${table.record}: ${field.name} starts at ${field.start}, expected ${next}`);
    if (field.end < field.start) problems.push(`${table.record}: ${field.name} ends before it starts`);
    if ((field.kind === 'date' || field.kind === 'shortDate') && fieldLength(field) !== DATE_WIDTH[field.kind]) problems.push(`${table.record}: date ${field.name} is not ${DATE_WIDTH[field.kind]} long`);
    if (field.decimals !== undefined && field.kind !== 'numeric') problems.push(`${table.record}: ${field.name} has decimals but is not numeric`);
    const literal = field.fixed ?? field.default;
    if (literal !== undefined && literal.length > fieldLength(field)) problems.push(`${table.record}: ${field.name} literal too long`);
    if (names.has(field.name)) problems.push(`${table.record}: ${field.name} repeated`);
    names.add(field.name);
    next = field.end + 1;
  }
  if (next !== lineLengthOf(table) + 1) problems.push(`${table.record}: fields end at ${next - 1}, expected ${lineLengthOf(table)}`);
  return problems;
}

// Small builders so the tables read like the manuals' rows.
type Extra = Pick<FieldSpec, 'fixed' | 'default' | 'filler'>;
export const num = (name: string, start: number, end: number, extra: Extra = {}): FieldSpec => ({ name, start, end, kind: 'numeric', ...extra });
export const amount = (name: string, start: number, end: number): FieldSpec => ({ name, start, end, kind: 'numeric', decimals: 2 });
export const alpha = (name: string, start: number, end: number, extra: Extra = {}): FieldSpec => ({ name, start, end, kind: 'alpha', ...extra });
export const date = (name: string, start: number, end: number): FieldSpec => ({ name, start, end, kind: 'date' });
/** DDMMAA, the CNAB 400 family's dates. */
export const shortDate = (name: string, start: number, end: number): FieldSpec => ({ name, start, end, kind: 'shortDate' });
/** "Uso exclusivo FEBRABAN/CNAB" and the banks' blank complements. */
export const blank = (name: string, start: number, end: number): FieldSpec => ({ name, start, end, kind: 'alpha', fixed: '', filler: true });
/** The banks' zero complements ("ZEROS", "Uso exclusivo CAIXA" filled with zeros). */
export const zeros = (name: string, start: number, end: number): FieldSpec => ({ name, start, end, kind: 'numeric', fixed: '0'.repeat(end - start + 1), filler: true });
