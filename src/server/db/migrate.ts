/**
 * Applies the migrations that schema_migrations does not list yet, each in its
 * own transaction, under the database's migration lock: servers starting
 * together on one PostgreSQL database take turns, and the later ones find the
 * work done. With `appRole` (PostgreSQL, run over the owner's connection), the
 * app's role is then checked to own nothing and given exactly the privileges
 * of db/privileges.ts, under the same lock.
 */
import type { DbHandle } from './connect';
import { migrations as allMigrations, type Migration } from './migrations/index';
import { appRoleProblem, grantAppPrivileges } from './privileges';

export interface MigrateOptions {
  /** the role the server works as (PostgreSQL only): must own nothing; gets APP_PRIVILEGES */
  appRole?: string;
}

export function migrate(handle: DbHandle, migrations: readonly Migration[] = allMigrations, options: MigrateOptions = {}): Promise<string[]> {
  const { appRole } = options;
  if (appRole !== undefined && handle.kind !== 'postgres') throw new Error('an app role exists only on PostgreSQL');
  return handle.exclusively(async (conn) => {
    const applied = await apply(conn, migrations);
    if (appRole !== undefined) {
      const problem = await appRoleProblem(conn, appRole);
      if (problem) throw new Error(`The app's database role must own nothing (docs/deployment.md): ${problem}.`);
      await grantAppPrivileges(conn, appRole);
    }
    return applied;
  });
}

async function apply(handle: Pick<DbHandle, 'exec' | 'rows'>, migrations: readonly Migration[]): Promise<string[]> {
  await handle.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await handle.rows<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    if (!/^[A-Za-z0-9_]+$/.test(m.id)) throw new Error(`invalid migration id ${m.id}`);
    try {
      await handle.exec(`BEGIN;\n${m.sql}\nINSERT INTO schema_migrations (id) VALUES ('${m.id}');\nCOMMIT;`);
    } catch (error) {
      // A failed statement leaves the transaction open on PGlite's single connection.
      await handle.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
    applied.push(m.id);
  }
  return applied;
}
