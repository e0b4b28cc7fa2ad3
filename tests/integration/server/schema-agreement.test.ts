/**
 * The SQL migrations build the database; the Drizzle tables are how the code
 * reads and writes it. This migrates an empty database (PGlite, or a fresh
 * database on TEST_DATABASE_URL's PostgreSQL) and checks that both describe
 * the same tables, columns, types, nullability, defaults, keys and the value
 * lists of the CHECK constraints — and that those lists are the enumerations
 * of src/shared, so a status added in one place and not in the others fails
 * here instead of in production.
 */
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import * as areaSchemas from '../../../src/server/db/schema';
import { createTestDatabase, testDatabaseUrl } from '../../helpers/server';
import * as enums from '../../../src/shared/enums';
import {
  checkValueList,
  compareSchemas,
  drizzleSchema,
  normaliseDefault,
  readDatabaseSchema,
  tablesOf,
  type SchemaShape,
} from '../../helpers/schema-agreement';

/** Tables the migrations create that Drizzle does not declare, and why. */
const SQL_ONLY: Record<string, string> = {
  schema_migrations: 'the migration runner (db/migrate.ts) creates and writes it itself, before any migration and outside Drizzle',
};

const declared = tablesOf(...Object.values(areaSchemas));

let handle: DbHandle;
let drop: (() => Promise<void>) | undefined;
let database: SchemaShape;

beforeAll(async () => {
  const baseUrl = testDatabaseUrl();
  if (baseUrl) {
    const created = await createTestDatabase(baseUrl);
    drop = created.drop;
    handle = await openDatabase({ databaseUrl: created.url });
  } else {
    handle = await openDatabase({});
  }
  await migrate(handle);
  database = await readDatabaseSchema((query, params) => handle.rows(query, params));
});

afterAll(async () => {
  await handle?.close();
  await drop?.();
});

describe('the Drizzle schema agrees with the migrations', () => {
  it('has the same tables, columns, types, nullability, defaults and keys', () => {
    expect(compareSchemas(database, drizzleSchema(declared), Object.keys(SQL_ONLY))).toEqual([]);
  });

  it('reads every table the migrations create (the comparison is not vacuous)', () => {
    expect(Object.keys(database).length).toBeGreaterThanOrEqual(60);
    for (const table of declared) expect(Object.keys(database)).toContain(getTableConfig(table).name);
    expect(database.sessions.foreignKeys).toEqual(['user_id -> users(id) on delete no action on update no action']);
    expect(database.outbox_meta.foreignKeys).toEqual(['outbox_id -> outbox(id) on delete cascade on update no action']);
    expect(database.credit_operations.columns.status).toMatchObject({ type: 'text', notNull: true, default: "'proposal'" });
    expect(database.company_parameters.columns.second_approval_above.default).toBe('50000');
  });
});

describe('the CHECK value lists are the enumerations of src/shared', () => {
  const sharedLists = Object.entries(enums as Record<string, unknown>).filter((entry): entry is [string, readonly string[]] =>
    Array.isArray(entry[1]),
  );

  it('every CHECK (column IN (…)) holds the values of the shared list its Drizzle column is declared with', () => {
    const checked = Object.entries(database).flatMap(([table, shape]) =>
      Object.entries(shape.columns)
        .filter(([, column]) => column.allowed)
        .map(([column, shape]) => ({ table, column, allowed: shape.allowed ?? [] })),
    );
    // solicitations, credit operations, approvals, contracts, borrowers' records, IOF, LGPD, broadcasts
    expect(checked.length).toBeGreaterThanOrEqual(18);
    const byName = new Map(declared.map((table) => [getTableConfig(table).name, getTableConfig(table)]));
    for (const { table, column, allowed } of checked) {
      const values = byName.get(table)?.columns.find((c) => c.name === column)?.enumValues;
      const list = sharedLists.find(([, shared]) => shared.length === values?.length && shared.every((v, i) => v === values[i]));
      expect(list, `${table}.${column}: its Drizzle column must be declared with a list of src/shared/enums`).toBeDefined();
      expect([...(list?.[1] ?? [])].sort(), `${table}.${column} against ${list?.[0]}`).toEqual(allowed);
    }
  });

  it('reads the lists of the workflows (statuses) from the database as the shared modules declare them', () => {
    expect(database.solicitations.columns.status.allowed).toEqual([...enums.SOLICITATION_STATUSES].sort());
    expect(database.credit_operations.columns.status.allowed).toEqual([...enums.CREDIT_OPERATION_STATUSES].sort());
    expect(database.borrower_secured_guarantees.columns.kind.allowed).toEqual([...enums.GUARANTEE_KINDS].sort());
    expect(database.iof_parameters.columns.person_type.allowed).toEqual([...enums.IOF_PERSON_TYPES].sort());
  });
});

describe('the comparison finds a disagreement', () => {
  const agreed = (): SchemaShape => ({
    things: {
      columns: {
        id: { type: 'serial', notNull: true, default: undefined },
        owner_id: { type: 'integer', notNull: true, default: undefined },
        status: { type: 'text', notNull: true, default: "'open'", allowed: ['closed', 'open'] },
        amount: { type: 'numeric(14,2)', notNull: false, default: '0' },
      },
      primaryKey: ['id'],
      unique: ['owner_id,status'],
      foreignKeys: ['owner_id -> users(id) on delete cascade on update no action'],
    },
  });

  it('agrees with itself', () => {
    expect(compareSchemas(agreed(), agreed())).toEqual([]);
  });

  it('names each kind of difference', () => {
    const declaredSide = agreed();
    const things = declaredSide.things;
    things.columns.amount = { type: 'numeric(12,2)', notNull: true, default: undefined };
    things.columns.status = { ...things.columns.status, allowed: ['open'] };
    delete (things.columns as Partial<typeof things.columns>).owner_id;
    things.columns.extra = { type: 'text', notNull: false, default: undefined };
    things.unique = [];
    things.foreignKeys = ['owner_id -> users(id) on delete no action on update no action'];
    declaredSide.ghosts = { columns: {}, primaryKey: [], unique: [], foreignKeys: [] };
    const database = { ...agreed(), only_sql: { columns: {}, primaryKey: [], unique: [], foreignKeys: [] } };
    expect(compareSchemas(database, declaredSide)).toEqual([
      'ghosts: declared in Drizzle, but no migration creates it',
      'only_sql: a table of the migrations that Drizzle does not declare',
      'things.amount: type numeric(14,2) in the migrations, numeric(12,2) in Drizzle',
      'things.amount: nullable in the migrations, NOT NULL in Drizzle',
      'things.amount: default 0 in the migrations, none in Drizzle',
      'things.extra: declared in Drizzle, but not in the migrations',
      'things.owner_id: a column of the migrations that Drizzle does not declare',
      "things.status: allowed values [closed, open] in the migrations' CHECK, [open] in Drizzle",
      'things: UNIQUE (owner_id,status) missing in Drizzle',
      'things: foreign key owner_id -> users(id) on delete cascade on update no action missing in Drizzle',
      'things: foreign key owner_id -> users(id) on delete no action on update no action declared in Drizzle, not in the migrations',
    ]);
    expect(compareSchemas(database, declaredSide, ['only_sql'])).not.toContain('only_sql: a table of the migrations that Drizzle does not declare');
  });

  it('finds a Drizzle table that leaves out a foreign key and a default of the migrations', async () => {
    const { pgTable, serial, integer, text } = await import('drizzle-orm/pg-core');
    const loose = pgTable('sessions', {
      id: serial('id').primaryKey(),
      token_hash: text('token_hash').notNull().unique(),
      user_id: integer('user_id').notNull(),
      created_at: text('created_at').notNull(),
      expires_at: text('expires_at').notNull(),
      revoked_at: text('revoked_at'),
    });
    const differences = compareSchemas({ sessions: database.sessions }, drizzleSchema([loose]));
    expect(differences).toContain('sessions: foreign key user_id -> users(id) on delete no action on update no action missing in Drizzle');
    expect(differences).toContain('sessions.created_at: type timestamp with time zone in the migrations, text in Drizzle');
    expect(differences).toContain('sessions.created_at: default now() in the migrations, none in Drizzle');
  });

  it('reads the values of a CHECK as PostgreSQL prints it back, and only text lists', () => {
    expect(checkValueList("CHECK ((status = ANY (ARRAY['pending'::text, 'in_review'::text])))")).toEqual({
      column: 'status',
      values: ['pending', 'in_review'],
    });
    expect(checkValueList('CHECK ((required_checks = ANY (ARRAY[1, 2])))')).toBeUndefined();
    expect(checkValueList('CHECK ((amount >= (0)::numeric))')).toBeUndefined();
  });

  it('treats two spellings of one default as the same', () => {
    expect(normaliseDefault("'pending'::text")).toBe("'pending'");
    expect(normaliseDefault("'[]'::jsonb")).toBe("'[]'");
    expect(normaliseDefault('50000.00')).toBe(normaliseDefault("'50000'"));
    expect(normaliseDefault("'{}'::integer[]")).toBe("'{}'");
    expect(normaliseDefault('CURRENT_TIMESTAMP')).toBe('now()');
    expect(normaliseDefault("'1'")).not.toBe(normaliseDefault("'2'"));
  });
});
