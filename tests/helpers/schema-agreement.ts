/**
 * The two descriptions of the database side by side: what the SQL migrations
 * built (read back from pg_catalog) and what the Drizzle tables declare
 * (getTableConfig). Both become the same plain shape, so a difference is a
 * line of text naming the table, the column and the two sides; the schema
 * agreement test fails on any line.
 *
 * Compared: tables, columns, types, nullability, defaults, primary keys,
 * unique constraints, foreign keys (with their ON DELETE / ON UPDATE), and
 * the value lists of `CHECK (column IN (…))`. Not compared: indexes (plain,
 * partial or on expressions), other CHECK expressions and exclusion
 * constraints, which only the SQL declares.
 */
import Decimal from 'decimal.js';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';

export interface ColumnShape {
  type: string;
  notNull: boolean;
  /** the default as SQL text, normalised (casts and quotes of numbers removed); undefined when none */
  default: string | undefined;
  /** the allowed values of `CHECK (column IN (…))` (text lists), sorted; undefined when there is no such check */
  allowed?: readonly string[];
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: readonly string[];
  /** each unique constraint's columns, joined by ',' and sorted */
  unique: readonly string[];
  /** each foreign key as `cols -> table(cols) on delete X on update Y`, sorted */
  foreignKeys: readonly string[];
}

export type SchemaShape = Record<string, TableShape>;

type Rows = <T>(query: string, params?: unknown[]) => Promise<T[]>;

const ACTIONS: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** Removes what two spellings of one default differ in: casts, outer parentheses, quotes around a number. */
export function normaliseDefault(expression: string | undefined): string | undefined {
  if (expression === undefined) return undefined;
  let text = expression.trim();
  for (;;) {
    const next = text
      .replace(/::"?[a-z_ ]+"?(\(\d+(,\s*\d+)?\))?(\[\])?$/i, '')
      .replace(/^\((.*)\)$/s, '$1')
      .trim();
    if (next === text) break;
    text = next;
  }
  const quoted = /^'(.*)'$/s.exec(text);
  const bare = quoted ? quoted[1] : text;
  if (/^-?\d+(\.\d+)?$/.test(bare)) return new Decimal(bare).toString();
  if (/^current_timestamp$/i.test(text)) return 'now()';
  return text;
}

/** The allowed text values of a `CHECK (column IN ('a', 'b'))` as PostgreSQL prints it back, or undefined. */
export function checkValueList(definition: string): { column: string; values: string[] } | undefined {
  const match = /^CHECK \(\(?"?(\w+)"? = ANY \(\(?ARRAY\[(.*)\]\)?(::\w+\[\])?\)\)\)?$/s.exec(definition);
  if (!match) return undefined;
  const items = match[2].split(/,\s*/);
  const values: string[] = [];
  for (const item of items) {
    const literal = /^'((?:[^']|'')*)'(::text|::character varying)?$/.exec(item.trim());
    if (!literal) return undefined;
    values.push(literal[1].replace(/''/g, "'"));
  }
  return { column: match[1], values };
}

/** What the migrations built: every ordinary table of the public schema. */
export async function readDatabaseSchema(rows: Rows): Promise<SchemaShape> {
  const columns = await rows<{ table: string; column: string; type: string; not_null: boolean; default: string | null }>(`
    SELECT c.relname::text AS "table", a.attname::text AS "column", format_type(a.atttypid, a.atttypmod) AS type,
           a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS "default"
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     ORDER BY 1, a.attnum`);
  const constraints = await rows<{
    table: string;
    kind: string;
    columns: string[];
    foreign_table: string | null;
    foreign_columns: string[] | null;
    on_delete: string;
    on_update: string;
    definition: string;
  }>(`
    SELECT c.relname::text AS "table", k.contype::text AS kind,
           ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
                   JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i) AS columns,
           f.relname::text AS foreign_table,
           ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
                   JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i) AS foreign_columns,
           k.confdeltype::text AS on_delete, k.confupdtype::text AS on_update, pg_get_constraintdef(k.oid) AS definition
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_class f ON f.oid = k.confrelid
     WHERE n.nspname = 'public'
     ORDER BY 1, k.conname`);

  const schema: SchemaShape = {};
  for (const row of columns) {
    const table = (schema[row.table] ??= { columns: {}, primaryKey: [], unique: [], foreignKeys: [] });
    const sequence = row.default !== null && /^nextval\('[^']+'::regclass\)$/.test(row.default);
    const serialType = { integer: 'serial', bigint: 'bigserial', smallint: 'smallserial' }[row.type];
    table.columns[row.column] = {
      type: sequence && serialType ? serialType : row.type,
      notNull: row.not_null,
      default: sequence && serialType ? undefined : normaliseDefault(row.default ?? undefined),
    };
  }
  for (const row of constraints) {
    const table = schema[row.table];
    if (!table) continue;
    if (row.kind === 'p') table.primaryKey = [...row.columns];
    if (row.kind === 'u') table.unique = [...table.unique, [...row.columns].sort().join(',')].sort();
    if (row.kind === 'f')
      table.foreignKeys = [
        ...table.foreignKeys,
        foreignKeyText(row.columns, row.foreign_table ?? '?', row.foreign_columns ?? [], ACTIONS[row.on_delete], ACTIONS[row.on_update]),
      ].sort();
    if (row.kind === 'c') {
      const list = checkValueList(row.definition);
      const column = list && table.columns[list.column];
      if (list && column) column.allowed = [...list.values].sort();
    }
  }
  return schema;
}

function foreignKeyText(columns: readonly string[], table: string, foreign: readonly string[], onDelete = 'no action', onUpdate = 'no action'): string {
  return `${columns.join(',')} -> ${table}(${foreign.join(',')}) on delete ${onDelete} on update ${onUpdate}`;
}

const dialect = new PgDialect();

function drizzleDefault(column: PgColumn): string | undefined {
  if (!column.hasDefault || column.default === undefined) return undefined;
  const value: unknown = column.default;
  if (is(value, SQL)) return normaliseDefault(dialect.sqlToQuery(value).sql);
  if (typeof value === 'string') return normaliseDefault(`'${value.replace(/'/g, "''")}'`);
  if (typeof value === 'number' || typeof value === 'boolean') return normaliseDefault(String(value));
  if (Array.isArray(value) && column.getSQLType().endsWith('[]')) return `'{${value.join(',')}}'`;
  return normaliseDefault(`'${JSON.stringify(value)}'`);
}

/** What the Drizzle tables declare, in the same shape. */
export function drizzleSchema(tables: readonly PgTable[]): SchemaShape {
  const schema: SchemaShape = {};
  for (const table of tables) {
    const config = getTableConfig(table);
    const shape: TableShape = { columns: {}, primaryKey: [], unique: [], foreignKeys: [] };
    const primary: string[] = [];
    const unique: string[] = [];
    for (const column of config.columns) {
      const serial = /^(small|big)?serial$/.test(column.getSQLType());
      shape.columns[column.name] = {
        type: column.getSQLType().replace(/,\s+/g, ','),
        // A primary key column is NOT NULL whether or not the builder says so (PostgreSQL adds it).
        notNull: column.notNull || column.primary,
        default: serial ? undefined : drizzleDefault(column),
        ...(column.enumValues && column.enumValues.length > 0 ? { allowed: [...column.enumValues].sort() } : {}),
      };
      if (column.primary) primary.push(column.name);
      if (column.isUnique) unique.push(column.name);
    }
    for (const key of config.primaryKeys) primary.push(...key.columns.map((c) => c.name));
    for (const constraint of config.uniqueConstraints) unique.push(constraint.columns.map((c) => c.name).sort().join(','));
    shape.primaryKey = primary;
    shape.unique = unique.sort();
    shape.foreignKeys = config.foreignKeys
      .map((key) => {
        const reference = key.reference();
        return foreignKeyText(
          reference.columns.map((c) => c.name),
          getTableConfig(reference.foreignTable).name,
          reference.foreignColumns.map((c) => c.name),
          key.onDelete,
          key.onUpdate,
        );
      })
      .sort();
    if (schema[config.name]) throw new Error(`Drizzle declares the table ${config.name} twice`);
    schema[config.name] = shape;
  }
  return schema;
}

/** Every Drizzle table exported by the given modules (anything else they export is skipped). */
export function tablesOf(...modules: Array<Record<string, unknown>>): PgTable[] {
  return modules.flatMap((module) => Object.values(module).filter((value): value is PgTable => is(value, PgTable)));
}

/**
 * The differences, one line each; empty when the two agree. `sqlOnly` names
 * tables the migrations create that Drizzle deliberately does not declare.
 */
export function compareSchemas(database: SchemaShape, declared: SchemaShape, sqlOnly: readonly string[] = []): string[] {
  const differences: string[] = [];
  const tables = [...new Set([...Object.keys(database), ...Object.keys(declared)])].sort();
  for (const name of tables) {
    const db = database[name];
    const dz = declared[name];
    if (!dz) {
      if (!sqlOnly.includes(name)) differences.push(`${name}: a table of the migrations that Drizzle does not declare`);
      continue;
    }
    if (!db) {
      differences.push(`${name}: declared in Drizzle, but no migration creates it`);
      continue;
    }
    if (sqlOnly.includes(name)) differences.push(`${name}: listed as SQL-only but declared in Drizzle`);
    const columns = [...new Set([...Object.keys(db.columns), ...Object.keys(dz.columns)])].sort();
    for (const column of columns) {
      const a = db.columns[column];
      const b = dz.columns[column];
      if (!b) {
        differences.push(`${name}.${column}: a column of the migrations that Drizzle does not declare`);
        continue;
      }
      if (!a) {
        differences.push(`${name}.${column}: declared in Drizzle, but not in the migrations`);
        continue;
      }
      if (a.type !== b.type) differences.push(`${name}.${column}: type ${a.type} in the migrations, ${b.type} in Drizzle`);
      if (a.notNull !== b.notNull)
        differences.push(`${name}.${column}: ${a.notNull ? 'NOT NULL' : 'nullable'} in the migrations, ${b.notNull ? 'NOT NULL' : 'nullable'} in Drizzle`);
      if (a.default !== b.default)
        differences.push(`${name}.${column}: default ${a.default ?? 'none'} in the migrations, ${b.default ?? 'none'} in Drizzle`);
      const allowedA = a.allowed?.join(', ');
      const allowedB = b.allowed?.join(', ');
      if (allowedA !== allowedB)
        differences.push(`${name}.${column}: allowed values [${allowedA ?? 'any'}] in the migrations' CHECK, [${allowedB ?? 'any'}] in Drizzle`);
    }
    if (db.primaryKey.join(',') !== dz.primaryKey.join(','))
      differences.push(`${name}: primary key (${db.primaryKey.join(',')}) in the migrations, (${dz.primaryKey.join(',')}) in Drizzle`);
    for (const unique of db.unique) if (!dz.unique.includes(unique)) differences.push(`${name}: UNIQUE (${unique}) missing in Drizzle`);
    for (const unique of dz.unique) if (!db.unique.includes(unique)) differences.push(`${name}: UNIQUE (${unique}) declared in Drizzle, not in the migrations`);
    for (const key of db.foreignKeys) if (!dz.foreignKeys.includes(key)) differences.push(`${name}: foreign key ${key} missing in Drizzle`);
    for (const key of dz.foreignKeys) if (!db.foreignKeys.includes(key)) differences.push(`${name}: foreign key ${key} declared in Drizzle, not in the migrations`);
  }
  return differences;
}
