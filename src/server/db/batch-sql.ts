/**
 * Parameters for statements over thousands of rows (a bank file's lines):
 * one parameter whatever the count. A list spelled as one parameter per value
 * costs per value on every statement (PGlite binds and serializes each), and
 * past 65,535 it is refused; an int[] literal or a JSON document is one text.
 */
import { sql, type SQL } from 'drizzle-orm';

/** An int[] of these ids, for `= ANY(...)`. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
}

/** A text[] of these values, for `= ANY(...)` (through JSON, so any text passes unquoted). */
export function textArray(values: readonly string[]): SQL {
  return sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json))`;
}

/** Rows as one JSON parameter, for `json_to_recordset(...) AS v(column type, …)`. */
export function jsonRows(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::json`;
}
