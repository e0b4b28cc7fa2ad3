/**
 * Opens the database: PGlite (PostgreSQL in WebAssembly) on a data folder or in
 * memory, or a real PostgreSQL server through a pg Pool. Both speak the same
 * SQL and give the same Drizzle API, so nothing above this module knows which.
 */
import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface DbHandle {
  db: Db;
  /** Runs a multi-statement script (migrations). */
  exec(script: string): Promise<void>;
  /** Runs one query and returns its rows. */
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other process holds the same lock on this database,
   * on one connection (migrations: several servers starting together must not
   * apply one migration twice). PGlite is one process's folder: no lock needed.
   */
  exclusively<T>(work: (conn: Pick<DbHandle, 'exec' | 'rows'>) => Promise<T>): Promise<T>;
}

/** pg_advisory_lock key of the schema migrations (any constant; "bo-migr" in ASCII). */
const MIGRATION_LOCK_KEY = 0x626f2d6d696772n;

export async function openDatabase(options: { dataDir?: string; databaseUrl?: string }): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzle(pool);
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      exec: async (script) => {
        await pool.query(script);
      },
      rows: async <T>(query: string, params?: unknown[]) => (await pool.query(query, params)).rows as T[],
      close: () => pool.end(),
      async exclusively(work) {
        // A session-level advisory lock belongs to one connection: hold one client for the whole work.
        const client = await pool.connect();
        let unlocked = false;
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
          try {
            return await work({
              exec: async (script) => {
                await client.query(script);
              },
              rows: async <T>(query: string, params?: unknown[]) => (await client.query(query, params)).rows as T[],
            });
          } finally {
            await client
              .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()])
              .then(() => (unlocked = true))
              .catch(() => undefined);
          }
        } finally {
          // A connection that may still hold the lock (or an aborted transaction) is closed, not pooled: closing frees the lock.
          client.release(!unlocked);
        }
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // Trigram indexes for the lists' "contains" filters (migration 0014); PostgreSQL ships pg_trgm in contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // PGlite creates only the last folder of the path.
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const extensions = { pg_trgm };
  const client = options.dataDir ? new PGlite(options.dataDir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzle(client);
  const handle: DbHandle = {
    kind: 'pglite',
    db: db as unknown as Db,
    exec: async (script) => {
      await client.exec(script);
    },
    rows: async <T>(query: string, params?: unknown[]) => (await client.query<T>(query, params)).rows,
    close: () => client.close(),
    exclusively: (work) => work(handle),
  };
  return handle;
}
