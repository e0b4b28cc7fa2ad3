/**
 * Starts the reference server for a test on a free loopback port, over a copy
 * of a prepared PGlite folder: migrating and seeding a fresh PGlite costs
 * seconds, copying a ready one costs milliseconds. The template is built once
 * per machine for each version of the migrations and seed (keyed by their
 * hash) and published with an atomic rename, so concurrent test processes
 * never see a half-built one. Each server's folder is removed when it closes.
 *
 * When the integration run records answers (BACKOFFICE_ANSWERS_DIR), each
 * server appends every answer it sends for the check against the OpenAPI
 * document (openapi-answers.ts).
 *
 * With TEST_DATABASE_URL (or DATABASE_URL) set, every server instead gets a
 * fresh database on that PostgreSQL server, copied from a template database
 * migrated and seeded there once (dropped on close), so the same suites run
 * against real PostgreSQL. As in a deployment (docs/deployment.md), the
 * migrations run as the URL's role, the tables' owner, and the server works
 * as TEST_APP_ROLE, a login role that owns nothing and holds only the
 * privileges of src/server/db/privileges.ts (the seed of the template too);
 * `owner.rows` runs SQL as the owner, for fixtures that must do what the app
 * may not.
 * scripts/test.sh sets TEST_DATABASE_URL to a throwaway cluster.
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '../../src/server/index';
import { SettableClock, systemClock } from '../../src/server/platform/clock';
import { migrations } from '../../src/server/db/migrations/index';
import { APP_PRIVILEGES } from '../../src/server/db/privileges';
import { SEED_VERSION } from '../../src/server/db/seed';
import { answerRecorder } from './openapi-answers';

export type TestServer = RunningServer & {
  dataDir: string;
  /** SQL as the tables' owner: on PostgreSQL its own connection, on PGlite (one user) the same as `database` */
  owner: { rows<T>(query: string, params?: unknown[]): Promise<T[]> };
  /** the server's business date: tests move it with set()/advance(); it survives restart() */
  clock: SettableClock;
  /** Stops answering (the port is closed) but keeps the data, so restart() can bring the same server back. */
  stop(): Promise<void>;
  /** Starts again on the same port over the same data. */
  restart(): Promise<void>;
};

/**
 * A server that can be stopped and started again on the same port and data;
 * outbox and database always reach the running instance.
 */
async function restartable(
  start: (port: number, clock: SettableClock) => Promise<RunningServer>,
  dataDir: string,
  cleanup: () => Promise<void>,
  clock: SettableClock,
  ownerRows?: TestServer['owner']['rows'],
): Promise<TestServer> {
  let current = await start(0, clock);
  const port = current.port;
  return {
    owner: { rows: ownerRows ?? ((query, params) => current.database.rows(query, params)) },
    url: current.url,
    port,
    dataDir,
    clock,
    // Test servers start from a template that holds the whole seed.
    seeded: Promise.resolve(),
    outbox: { list: (to) => current.outbox.list(to), latest: (to) => current.outbox.latest(to) },
    database: {
      rows: (query, params) => current.database.rows(query, params),
      get db() {
        return current.database.db;
      },
    },
    jobs: { renegotiationBreaks: () => current.jobs.renegotiationBreaks() },
    stop: () => current.close(),
    async restart() {
      await current.close();
      current = await start(port, clock);
    },
    async close() {
      await current.close();
      await cleanup();
    },
  };
}

const run = promisify(execFile);

/**
 * Copies a folder tree. Node's fs.cp walks it file by file through the
 * thread pool: for the demo template (some 4,000 files, 50 MB) that took
 * 1.6 s a server against 0.25 s for the system's cp, and every end-to-end
 * test starts a server. Windows keeps fs.cp.
 */
async function copyTree(from: string, to: string): Promise<void> {
  if (process.platform === 'win32') return cp(from, to, { recursive: true });
  await run('cp', ['-R', from, to]);
}

/** Removes a folder tree; the system's rm for the same reason as copyTree (0.55 s against 0.05 s). */
async function removeTree(path: string): Promise<void> {
  if (process.platform === 'win32') return rm(path, { recursive: true, force: true });
  await run('rm', ['-rf', path]);
}

/** The PGlite release writes the folder's on-disk format, so it is part of the template's identity. */
function pgliteVersion(): string {
  try {
    // The package does not export its package.json: find it from the resolved entry.
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const root = entry.slice(0, entry.lastIndexOf('@electric-sql/pglite') + '@electric-sql/pglite'.length);
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function templateKey(seed: 'demo' | false): string {
  const hash = createHash('sha256');
  hash.update(`pglite:${pgliteVersion()}\n`);
  for (const m of migrations) hash.update(`${m.id}\n${m.sql}\n`);
  // On PostgreSQL the template's seed runs as the app role: its privileges are part of what the template proves.
  hash.update(`${JSON.stringify(APP_PRIVILEGES)}\n`);
  // The demo seed tells its story up to the business date it ran on, so a template is good for that day only.
  hash.update(`seed:${seed || 'none'}:${SEED_VERSION}:${seed ? systemClock.today() : ''}`);
  return hash.digest('hex').slice(0, 16);
}

const building = new Map<string, Promise<string>>();

async function buildTemplate(seed: 'demo' | false): Promise<string> {
  const root = join(tmpdir(), 'backoffice-test-templates');
  const finalDir = join(root, `${seed || 'empty'}-${templateKey(seed)}`);
  if (existsSync(join(finalDir, 'pgdata', 'PG_VERSION'))) return finalDir;
  await mkdir(root, { recursive: true });
  const workDir = join(root, `.build-${process.pid}-${randomUUID()}`);
  const server = await startServer({ dataDir: join(workDir, 'pgdata'), uploadsDir: join(workDir, 'uploads'), seed, remindersIntervalMs: 0, negativationIntervalMs: 0 });
  // The template must hold the whole seed, also if the server seeds in the background.
  await server.seeded;
  await server.close();
  try {
    await rename(workDir, finalDir);
  } catch (error) {
    // Another process published the same template first: use theirs.
    await rm(workDir, { recursive: true, force: true });
    if (!existsSync(join(finalDir, 'pgdata', 'PG_VERSION'))) throw error;
  }
  return finalDir;
}

function template(seed: 'demo' | false): Promise<string> {
  const key = String(seed);
  let pending = building.get(key);
  if (!pending) {
    pending = buildTemplate(seed);
    pending.catch(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

/**
 * A fresh copy of the prepared PGlite folder and its uploads (`dir/uploads`),
 * for tests that start the server themselves (other options, another
 * process). The caller removes `dir`.
 */
export async function prepareDataDir(seed: 'demo' | false = 'demo'): Promise<{ dir: string; dataDir: string }> {
  const source = await template(seed);
  const dir = await mkdtemp(join(tmpdir(), 'backoffice-test-'));
  const dataDir = join(dir, 'pgdata');
  await copyTree(join(source, 'pgdata'), dataDir);
  // The demo seed's documents are files beside the database: rows without them would be broken links.
  if (existsSync(join(source, 'uploads'))) await copyTree(join(source, 'uploads'), join(dir, 'uploads'));
  return { dir, dataDir };
}

/**
 * A template database on the test PostgreSQL server, migrated and seeded once
 * per cluster for each version of the migrations and seed (the same key as the
 * PGlite folders), with the seed's uploads in a folder beside it. Each test
 * server's database is then a CREATE DATABASE … TEMPLATE copy, which costs a
 * fraction of migrating and seeding. An advisory lock makes the test processes
 * of one run build it once; it is published under its final name only when
 * complete.
 */
async function postgresTemplate(baseUrl: string, seed: 'demo' | false): Promise<{ name: string; uploadsDir: string }> {
  const pg = (await import('pg')).default;
  const name = `bo_tpl_${seed || 'empty'}_${templateKey(seed)}`;
  const cluster = createHash('sha256').update(baseUrl).digest('hex').slice(0, 12);
  const uploadsDir = join(tmpdir(), 'backoffice-test-templates', `pg-${cluster}-${name}`, 'uploads');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount && existsSync(uploadsDir)) return { name, uploadsDir };
    const building = `${name}_build`;
    await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${building}`);
    const workDir = await mkdtemp(join(tmpdir(), 'backoffice-pg-template-'));
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    const server = await startServer({ ...(await serverUrls(url.toString())), uploadsDir: join(workDir, 'uploads'), seed, remindersIntervalMs: 0, negativationIntervalMs: 0 });
    await server.seeded;
    await server.close();
    await rm(dirname(uploadsDir), { recursive: true, force: true });
    await mkdir(dirname(uploadsDir), { recursive: true });
    // A seed that wrote no documents still gets its (empty) folder: the folder marks the template complete.
    await mkdir(join(workDir, 'uploads'), { recursive: true });
    await rename(join(workDir, 'uploads'), uploadsDir);
    await rm(workDir, { recursive: true, force: true });
    await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return { name, uploadsDir };
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end();
  }
}

const pgTemplates = new Map<string, Promise<{ name: string; uploadsDir: string }>>();

function postgresTemplateOnce(baseUrl: string, seed: 'demo' | false): Promise<{ name: string; uploadsDir: string }> {
  const key = `${baseUrl}\n${String(seed)}`;
  let pending = pgTemplates.get(key);
  if (!pending) {
    pending = postgresTemplate(baseUrl, seed);
    pending.catch(() => pgTemplates.delete(key));
    pgTemplates.set(key, pending);
  }
  return pending;
}

async function startOnPostgres(baseUrl: string, seed: 'demo' | false, clock: SettableClock): Promise<TestServer> {
  const source = await postgresTemplateOnce(baseUrl, seed);
  const database = await createTestDatabase(baseUrl, source.name);
  const dir = await mkdtemp(join(tmpdir(), 'backoffice-test-'));
  await copyTree(source.uploadsDir, join(dir, 'uploads'));
  const pg = (await import('pg')).default;
  // One connection as the owner, opened on first use.
  const ownerPool = new pg.Pool({ connectionString: database.url, max: 1 });
  ownerPool.on('error', () => undefined);
  return restartable(
    (port, clock) => startServer({ databaseUrl: database.appUrl, migrationDatabaseUrl: database.url, uploadsDir: join(dir, 'uploads'), seed: false, port, clock, observe: answerRecorder(), remindersIntervalMs: 0, negativationIntervalMs: 0 }),
    join(dir, 'pgdata'),
    async () => {
      await ownerPool.end();
      await database.drop();
      await removeTree(dir);
    },
    clock,
    async <T>(query: string, params?: unknown[]) => (await ownerPool.query(query, params)).rows as T[],
  );
}

/**
 * The login role the test servers work as on PostgreSQL: owns nothing, gets
 * the app's privileges from the migrations' run (db/privileges.ts). One per
 * cluster, shared by every test database (privileges are per database).
 */
export const TEST_APP_ROLE = 'bo_test_app';

const appRoles = new Map<string, Promise<void>>();

/** Creates TEST_APP_ROLE on the cluster of `baseUrl` once (its password is its name: a cluster that asks for one gets it). */
function ensureAppRole(baseUrl: string): Promise<void> {
  let pending = appRoles.get(baseUrl);
  if (!pending) {
    pending = (async () => {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        // Test processes of one run start together: one creates it, the others find it.
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [TEST_APP_ROLE]);
        const found = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [TEST_APP_ROLE]);
        if (!found.rowCount) await client.query(`CREATE ROLE ${TEST_APP_ROLE} LOGIN PASSWORD '${TEST_APP_ROLE}'`);
      } finally {
        await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        await client.end();
      }
    })();
    pending.catch(() => appRoles.delete(baseUrl));
    appRoles.set(baseUrl, pending);
  }
  return pending;
}

/** `url` (the owner's, on some database) logging in as TEST_APP_ROLE instead. */
function asAppRole(url: string): string {
  const app = new URL(url);
  app.username = TEST_APP_ROLE;
  app.password = TEST_APP_ROLE;
  return app.toString();
}

/**
 * startServer's database options for a test database at `url` (the owner's):
 * the migrations as the owner, the server as TEST_APP_ROLE.
 */
export async function serverUrls(url: string): Promise<{ databaseUrl: string; migrationDatabaseUrl: string }> {
  await ensureAppRole(url);
  return { databaseUrl: asAppRole(url), migrationDatabaseUrl: url };
}

/** The PostgreSQL server the test servers use, or undefined for PGlite. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/**
 * A fresh database on the test PostgreSQL server, empty or a copy of
 * `template`, for tests that start several servers over one database
 * themselves: `url` logs in as the owner (migrations, fixtures; `rows` runs
 * one query so), `appUrl` as TEST_APP_ROLE (the server: `serverUrls(url)`
 * gives startServer both); `drop` removes it.
 */
export async function createTestDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; appUrl: string; rows<T>(query: string, params?: unknown[]): Promise<T[]>; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `bo_test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await ensureAppRole(baseUrl);
  /** One query as the owner, on a connection of its own. */
  const rows = async <T>(query: string, params?: unknown[]): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), appUrl: asAppRole(url.toString()), rows, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A test server over a fresh copy of the seeded database. Its business date
 * follows the system's day unless `today` fixes it; `server.clock` moves it.
 */
export async function startTestServer(opts: { seed?: 'demo' | false; today?: string } = {}): Promise<TestServer> {
  const seed = opts.seed ?? 'demo';
  const clock = new SettableClock(opts.today);
  const databaseUrl = testDatabaseUrl();
  if (databaseUrl) return startOnPostgres(databaseUrl, seed, clock);
  const { dir, dataDir } = await prepareDataDir(seed);
  return restartable(
    (port, clock) => startServer({ dataDir, uploadsDir: join(dir, 'uploads'), seed: false, port, clock, observe: answerRecorder(), remindersIntervalMs: 0, negativationIntervalMs: 0 }),
    dataDir,
    () => removeTree(dir),
    clock,
  );
}
