/**
 * The CNAB 444 writer, reader and line check: the shared CNAB engine's
 * (domain/cnab/record.ts, validate.ts) over the 444 tables.
 *
 * Values are strings as in CNAB 240: digit strings for numeric fields (read
 * back at full width), decimal strings for amounts ('1234.50'), 'YYYY-MM-DD'
 * for dates ('' for none, written as zeros), text for alphanumeric fields
 * (upper case without accents, cut to the field). DDMMAA carries two digits
 * of the year: the layout's days are 2000–2099.
 */
import { CnabFieldError, readRecord, writeRecord, type RecordValues } from '../cnab/record';
import { lineProblems, type LineProblem } from '../cnab/validate';
import type { Table444 } from './field-table';

export type Values444 = RecordValues;
export type Line444Problem = LineProblem;
/** A value that does not fit its field, named for the message (the engine's error). */
export { CnabFieldError as Cnab444FieldError };

/** The 444-character line of a record; throws Cnab444FieldError naming the field that does not fit. */
export function writeRecord444(table: Table444, values: Values444): string {
  return writeRecord(table, values);
}

/** The values of a line by field name; not checked (lineProblems444 does that). */
export function readRecord444(table: Table444, line: string): Record<string, string> {
  return readRecord(table, line);
}

/** Length 444, fixed parts as the layout says, numeric fields numeric, dates real, text printable upper case. */
export function lineProblems444(table: Table444, line: string): Line444Problem[] {
  return lineProblems(table, line);
}
