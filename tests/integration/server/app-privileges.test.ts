/**
 * The server's own database role on PostgreSQL
 * (src/server/db/privileges.ts, docs/deployment.md): migrations run as the
 * tables' owner, the server works as a role that owns nothing and holds
 * exactly the declared privileges, so it can neither disable a trigger nor
 * truncate. The declaration's completeness is checked on every run; the rest
 * needs PostgreSQL (PGlite has one user, the owner) and runs with
 * TEST_DATABASE_URL, as scripts/test.sh does.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { APP_PRIVILEGES, privilegesScript } from '../../../src/server/db/privileges';
import { startServer } from '../../../src/server/index';
import { startTestServer, TEST_APP_ROLE, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { call } from './client';

describe('the declaration of the app role’s privileges', () => {
  it('names every table of the migrated schema, and no other', async () => {
    const handle = await openDatabase({});
    try {
      await migrate(handle);
      const tables = (
        await handle.rows<{ name: string }>("SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') ORDER BY 1")
      ).map((r) => r.name);
      expect(Object.keys(APP_PRIVILEGES).sort()).toEqual(tables);
      expect(() => privilegesScript('app', [...tables, 'new_table'])).toThrow(/declares nothing for table\(s\) new_table/);
    } finally {
      await handle.close();
    }
  });
});

const baseUrl = testDatabaseUrl();
const WHY = baseUrl ? '' : ' (skipped: needs PostgreSQL, set TEST_DATABASE_URL)';

describe.skipIf(!baseUrl)(`the server as a role that owns nothing${WHY}`, () => {
  let server: TestServer;
  const app = <T = Record<string, unknown>>(query: string, params?: unknown[]) => server.database.rows<T>(query, params);

  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  afterAll(() => server?.close());

  it('works as the app role, which is not a superuser', async () => {
    expect(await app('SELECT current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser')).toEqual([
      { role: TEST_APP_ROLE, superuser: false },
    ]);
    expect((await call(server, 'session.login', { email: 'ninguem@demo.local', password: 'Senha123' })).status).toBe(401);
  });

  it('cannot disable or drop a trigger, truncate, or step around the triggers', async () => {
    await expect(app('ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_immutable')).rejects.toThrow(/must be owner of table journal_entries/);
    await expect(app('ALTER TABLE activity_log DISABLE TRIGGER ALL')).rejects.toThrow(/must be owner of table activity_log/);
    await expect(app('DROP TRIGGER installment_transactions_posted ON installment_transactions')).rejects.toThrow(/must be owner of (table|relation) installment_transactions/);
    for (const table of ['journal_entries', 'installment_transactions', 'cessions', 'activity_log', 'disbursements', 'sessions']) {
      await expect(app(`TRUNCATE ${table}`)).rejects.toThrow(new RegExp(`permission denied for table ${table}`));
    }
    await expect(app('SET session_replication_role = replica')).rejects.toThrow(/permission denied/);
    await expect(app('CREATE TABLE mine (id int)')).rejects.toThrow(/permission denied for schema public/);
  });

  it('may not change what it only appends, nor what the triggers keep', async () => {
    await expect(app('DELETE FROM activity_log')).rejects.toThrow(/permission denied for table activity_log/);
    await expect(app("UPDATE activity_log SET action = 'user.login'")).rejects.toThrow(/permission denied for table activity_log/);
    await expect(app('DELETE FROM journal_entries')).rejects.toThrow(/permission denied for table journal_entries/);
    await expect(app("UPDATE disbursements SET transfer_reference = 'x'")).rejects.toThrow(/permission denied for table disbursements/);
    await expect(app('UPDATE credit_operation_installments SET payment = payment + 1')).rejects.toThrow(/permission denied for table credit_operation_installments/);
    await expect(app('UPDATE ledger_daily_balances SET debits = 0')).rejects.toThrow(/permission denied for table ledger_daily_balances/);
    await expect(app("INSERT INTO dashboard_received (month, status, converted, n, value) VALUES ('2026-01-01', 'pending', false, 1, 1)")).rejects.toThrow(/permission denied for table dashboard_received/);
    await expect(app('SELECT dashboard_rebuild()')).rejects.toThrow(/permission denied for function dashboard_rebuild/);
    await expect(app('UPDATE schema_migrations SET id = id')).rejects.toThrow(/permission denied for table schema_migrations/);
  });

  it('holds exactly the declared privileges on every table', async () => {
    const rows = await server.owner.rows<{ name: string; privilege: string; held: boolean }>(
      `SELECT c.relname AS name, p.privilege, has_table_privilege($1, c.oid, p.privilege) AS held
         FROM pg_class c CROSS JOIN unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) AS p(privilege)
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')`,
      [TEST_APP_ROLE],
    );
    const held = rows.filter((r) => r.held).map((r) => `${r.name} ${r.privilege}`).sort();
    const declared = Object.entries(APP_PRIVILEGES)
      .flatMap(([table, p]) => [p.select && 'SELECT', p.insert && 'INSERT', p.update === true && 'UPDATE', p.delete && 'DELETE'].filter(Boolean).map((priv) => `${table} ${priv}`))
      .sort();
    expect(held).toEqual(declared);
    const columns = await server.owner.rows<{ name: string; column: string; held: boolean }>(
      `SELECT c.relname AS name, a.attname AS column, has_column_privilege($1, c.oid, a.attnum, 'UPDATE') AS held
         FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE c.relname IN ('activity_log', 'credit_operation_installments')`,
      [TEST_APP_ROLE],
    );
    expect(columns.filter((c) => c.held).map((c) => `${c.name}.${c.column}`).sort()).toEqual([
      'activity_log.after',
      'activity_log.before',
      'credit_operation_installments.collecting',
      'credit_operation_installments.paid_on',
      'credit_operation_installments.superseded_in',
    ]);
  });

  it('a privilege granted by hand is taken back at the next start', async () => {
    await server.owner.rows(`GRANT TRUNCATE, UPDATE, DELETE ON journal_entries, disbursements TO ${TEST_APP_ROLE}`);
    await server.owner.rows(`GRANT UPDATE (action) ON activity_log TO ${TEST_APP_ROLE}`);
    await server.restart();
    const [after] = await server.owner.rows<{ truncate: boolean; update: boolean; action: boolean }>(
      `SELECT has_table_privilege($1, 'journal_entries', 'TRUNCATE') AS truncate, has_table_privilege($1, 'disbursements', 'UPDATE') AS update,
              has_column_privilege($1, 'activity_log', 'action', 'UPDATE') AS action`,
      [TEST_APP_ROLE],
    );
    expect(after).toEqual({ truncate: false, update: false, action: false });
  });
});

describe.skipIf(!baseUrl)(`the roles of docs/deployment.md${WHY}`, () => {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 10);
  const ownerRole = `bo_docs_owner_${suffix}`;
  const appRole = `bo_docs_app_${suffix}`;
  const database = `bo_docs_${suffix}`;
  const urlAs = (role: string, db = database) => {
    const url = new URL(baseUrl!);
    url.username = role;
    url.password = 'senha-de-teste';
    url.pathname = `/${db}`;
    return url.toString();
  };
  async function admin(sql: string, db = new URL(baseUrl!).pathname.slice(1)) {
    const pg = (await import('pg')).default;
    const url = new URL(baseUrl!);
    url.pathname = `/${db}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'backoffice-roles-'));
    // The set-up the deployment guide gives, as a superuser.
    await admin(`CREATE ROLE ${ownerRole} LOGIN PASSWORD 'senha-de-teste'`);
    await admin(`CREATE ROLE ${appRole} LOGIN PASSWORD 'senha-de-teste'`);
    await admin(`CREATE DATABASE ${database} OWNER ${ownerRole}`);
    await admin(`REVOKE ALL ON DATABASE ${database} FROM PUBLIC`);
    await admin(`GRANT CONNECT ON DATABASE ${database} TO ${appRole}`);
  });
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin(`DROP ROLE IF EXISTS ${appRole}`);
    await admin(`DROP ROLE IF EXISTS ${ownerRole}`);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('an owner that is no superuser migrates, the app role serves and cannot touch a trigger', async () => {
    const server = await startServer({ databaseUrl: urlAs(appRole), migrationDatabaseUrl: urlAs(ownerRole), uploadsDir: join(dir, 'uploads'), seed: false });
    try {
      expect((await call(server, 'session.login', { email: 'ninguem@demo.local', password: 'Senha123' })).status).toBe(401);
      const [owned] = await server.database.rows<{ owner: string }>("SELECT DISTINCT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relname = 'journal_entries'");
      expect(owned.owner).toBe(ownerRole);
      await expect(server.database.rows('ALTER TABLE journal_entries DISABLE TRIGGER ALL')).rejects.toThrow(/must be owner/);
      await expect(server.database.rows('TRUNCATE journal_entries')).rejects.toThrow(/permission denied/);
    } finally {
      await server.close();
    }
  });

  it('the server refuses to start as the owner, or as a role that may act as the owner', async () => {
    await expect(startServer({ databaseUrl: urlAs(ownerRole), migrationDatabaseUrl: urlAs(ownerRole), uploadsDir: join(dir, 'uploads') })).rejects.toThrow(
      new RegExp(`both log in as ${ownerRole}`),
    );
    await admin(`GRANT ${ownerRole} TO ${appRole}`);
    try {
      await expect(startServer({ databaseUrl: urlAs(appRole), migrationDatabaseUrl: urlAs(ownerRole), uploadsDir: join(dir, 'uploads') })).rejects.toThrow(
        new RegExp(`must own nothing .*${appRole} owns \\(or is a member of the owner of\\)`),
      );
    } finally {
      await admin(`REVOKE ${ownerRole} FROM ${appRole}`);
    }
  });
});
