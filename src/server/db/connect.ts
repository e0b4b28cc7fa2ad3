/**
 * Opens the database: PGlite (PostgreSQL in WebAssembly) on a data folder or in
 * memory, or a real PostgreSQL server through a pg Pool. Both speak the same
 * SQL and give the same Drizzle API, so nothing above this module knows which.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fillFromTemplate } from './data-template';

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

/**
 * A tarball (PGlite's dumpDataDir, made when the app is built: an initialised
 * database with every migration applied) that an empty PGlite data folder is
 * filled from instead of running initdb. Unset, or the file missing: initdb.
 */
export const DATA_TEMPLATE_ENV = 'BACKOFFICE_DATA_TEMPLATE';
/** Its name next to the built server entry (scripts/build-data-template.ts writes it). */
export const DATA_TEMPLATE_FILE = 'pgdata-template.tgz';

/**
 * PostgreSQL's shared buffers in the embedded database. PGlite 0.3 starts
 * PostgreSQL with `-c shared_buffers=128MB` compiled into its WebAssembly
 * (it outranks postgresql.conf and ALTER SYSTEM, and the constructor takes no
 * start-up options), and the whole pool is resident from the first second:
 * about half the backend's memory, for a data folder of a few tens of MB.
 * 32MB already scanned and looked up as fast as 128MB on a 200,000-row table
 * and 16MB made lookups slower (docs/performance.md, (c)); 48MB keeps a margin
 * and ends like the built-in value ("8MB"), in case the linker let another
 * string share that tail.
 */
export const PGLITE_SHARED_BUFFERS = '48MB';
/** Another size for a workstation with more data ('64MB'; '128MB' is PGlite's own): five characters at most. */
export const PGLITE_SHARED_BUFFERS_ENV = 'BACKOFFICE_PGLITE_SHARED_BUFFERS';
const BUILT_IN_SHARED_BUFFERS = 'shared_buffers=128MB\0';

/**
 * PGlite's WebAssembly with another shared_buffers setting, compiled once per
 * process; null (PGlite then loads its own) when the binary does not hold the
 * expected setting, as a future PGlite build would not, or when PGlite's own
 * size is asked for. The value is written over the built-in one at the same
 * length (padded with spaces, which PostgreSQL skips), so nothing else in the
 * binary moves.
 */
let pgliteModule: Promise<WebAssembly.Module | null> | null = null;
function pgliteModuleWithBuffers(): Promise<WebAssembly.Module | null> {
  pgliteModule ??= (async () => {
    const size = process.env[PGLITE_SHARED_BUFFERS_ENV] || PGLITE_SHARED_BUFFERS;
    if (!/^\d{1,3}MB$/.test(size) || size === '128MB') return null;
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    // Read at once (a few ms from the page cache), so the compile below starts before the caller moves on (preparePglite).
    const bytes = readFileSync(join(dirname(entry), 'pglite.wasm'));
    const from = Buffer.from(BUILT_IN_SHARED_BUFFERS, 'latin1');
    const at = bytes.indexOf(from);
    if (at < 0 || bytes.indexOf(from, at + 1) >= 0) return null;
    Buffer.from(`shared_buffers=${size.padStart(5, ' ')}\0`, 'latin1').copy(bytes, at);
    return WebAssembly.compile(bytes);
  })().catch(() => null);
  return pgliteModule;
}

/**
 * Starts reading and compiling PGlite's WebAssembly now, for a process that
 * will open a PGlite database: V8 compiles it on background threads while the
 * main thread loads the server's modules (entry.ts), instead of after them.
 */
export function preparePglite(): void {
  void pgliteModuleWithBuffers();
}

/** Fills an empty data folder from the template, when there is one (data-template.ts); a folder with PG_VERSION is never touched. */
async function fillFromTemplateIfEmpty(dataDir: string): Promise<void> {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (!template) return;
  const initialised = await stat(join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (initialised) return;
  const bytes = await readFile(template).catch(() => null);
  if (bytes) await fillFromTemplate(dataDir, bytes);
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
  const wasmModule = (await pgliteModuleWithBuffers()) ?? undefined;
  if (options.dataDir) await fillFromTemplateIfEmpty(options.dataDir);
  const client = options.dataDir ? new PGlite(options.dataDir, { extensions, wasmModule }) : new PGlite({ extensions, wasmModule });
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
