/**
 * A CNAB 444 record is a table of the shared CNAB engine (domain/cnab): the
 * same field kinds, builders, writer, reader and line check, with its own
 * line length and the CNAB 400 family's DDMMAA dates (`shortDate`).
 */
import { coverageProblems, type FieldSpec, type RecordTable } from '../cnab/field-table';

export { alpha, amount, blank, num, shortDate as date, zeros } from '../cnab/field-table';

export type Field444 = FieldSpec;

export type Record444 = 'header' | 'detail' | 'trailer';

export type Table444 = RecordTable<Record444> & { readonly length: typeof LINE_LENGTH_444 };

export const LINE_LENGTH_444 = 444;

/** Gaps, overlaps, repeated names and bad literals of a table (empty when it tiles 1…444). */
export function coverageProblems444(table: Table444): string[] {
  return coverageProblems(table);
}
