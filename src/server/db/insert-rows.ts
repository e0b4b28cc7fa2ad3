/**
 * Many rows of one table written in one statement that binds a single jsonb
 * parameter (jsonb_to_recordset), for the movements that write hundreds of
 * rows at once (a cession of 500 installments: their items, statuses, history
 * and log entries). A multi-row VALUES binds every field as its own parameter,
 * which Drizzle builds and PGlite serialises one by one: 500 history rows took
 * about four times the CPU of this (49 ms against 13 ms on PGlite), and one
 * INSERT per row about 35 times. The columns and their SQL types come from the
 * Drizzle table, so the rows are checked against its insert type as
 * `db.insert(table).values(rows)` would check them.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './connect';

/** A column name as the statement writes it (they come from the Drizzle tables, never from input). */
function identifier(name: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected column name ${name}`);
  return sql.raw(name);
}

/**
 * Inserts `rows` (each with the same fields, at least one row) in their order:
 * serial ids and defaults are drawn row after row as a VALUES list draws them.
 * `tail` follows the SELECT (e.g. an ON CONFLICT clause naming `excluded`, a RETURNING whose rows are answered).
 */
export async function insertRows<T extends PgTable>(db: Db, table: T, rows: readonly T['$inferInsert'][], tail: SQL = sql``): Promise<Array<Record<string, unknown>>> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const fields = Object.keys(rows[0] as object).filter((f) => (rows[0] as Record<string, unknown>)[f] !== undefined);
  const names = fields.map((f) => {
    const column = columns[f];
    if (!column) throw new Error(`${getTableName(table)} has no field ${f}`);
    return column.name;
  });
  const types = fields.map((f) => {
    const type = columns[f].getSQLType().replace(/^serial$/, 'integer');
    if (!/^[a-z ]+(\(\d+(, ?\d+)?\))?$/.test(type)) throw new Error(`unexpected column type ${type}`);
    return type;
  });
  const data = rows.map((row) => {
    const record = row as Record<string, unknown>;
    if (Object.keys(record).some((f) => record[f] !== undefined && !fields.includes(f))) throw new Error(`rows of ${getTableName(table)} must have the same fields`);
    // Dates become ISO instants (timestamptz reads them), decimals and days stay strings, jsonb values nest.
    return Object.fromEntries(fields.map((f, k) => [names[k], record[f] ?? null]));
  });
  const list = sql.join(names.map(identifier), sql`, `);
  const definitions = sql.join(
    names.map((n, k) => sql`${identifier(n)} ${sql.raw(types[k])}`),
    sql`, `,
  );
  const result = await db.execute(sql`INSERT INTO ${table} (${list})
    SELECT ${sql.join(
      names.map((n) => sql`x.${identifier(n)}`),
      sql`, `,
    )}
      FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(data)}::jsonb) AS (${definitions})) WITH ORDINALITY AS x
     ORDER BY x.ordinality
    ${tail}`);
  // What a RETURNING in `tail` answers (raw column names and values: no Drizzle mapping); none without one.
  return (result as unknown as { rows?: Array<Record<string, unknown>> }).rows ?? [];
}
