/** Migrations: applied in order once, recorded, and a failing one leaves no trace. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { migrations } from '../../../src/server/db/migrations/index';

let handle: DbHandle;
beforeAll(async () => {
  // A private in-memory database even in the PostgreSQL run: the shared server's databases are not ours to reset.
  handle = await openDatabase({});
});
afterAll(() => handle?.close());

describe('migrate', () => {
  it('applies pending migrations once and records them', async () => {
    expect(await migrate(handle)).toEqual(migrations.map((m) => m.id));
    expect(await migrate(handle)).toEqual([]);
    const rows = await handle.rows<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
  });

  it('rolls a failing migration back completely and applies it once fixed', async () => {
    const broken = { id: '9001_broken', sql: 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;' };
    await expect(migrate(handle, [...migrations, broken])).rejects.toThrow(/no_such_table/);
    const tables = await handle.rows<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'half_done'");
    expect(tables[0].n).toBe(0);
    const fixed = { id: '9001_broken', sql: 'CREATE TABLE half_done (id int);' };
    expect(await migrate(handle, [...migrations, fixed])).toEqual(['9001_broken']);
  });
});
