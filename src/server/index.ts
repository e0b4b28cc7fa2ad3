/**
 * The reference backend: starts Fastify with every contract operation over
 * PGlite (a data folder, or memory) or PostgreSQL (databaseUrl).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { contract, MAX_UPLOAD_BYTES, type OperationName } from '@shared/contract/index';
import { openDatabase, type Db, type DbHandle } from './db/connect';
import { migrate } from './db/migrate';
import type { DemoSeedInBackground } from './db/seed';
import { hasNoUsers } from './db/seed-needed';
import { RequestsInFlight } from './platform/http/in-flight';
import { handlerGroups } from './routes';
import { lazyHandlers } from './platform/http/handler-groups';
import type { ServerDeps } from './platform/http/handler';
import { randomSigningSecret } from './domain/signed-url';
import type { ReceitaProvider } from './areas/intake';
import { allowedHosts, installRequestGuard } from './platform/http/request-guard';
import { frameworkErrors, installErrorHandling, mountContract, type ProviderCheck, type SessionLookup } from './platform/http/router';
import { installOpenApi } from './platform/http/openapi';
import { clockFromEnv, type Clock } from './platform/clock';
import { Mailer, type OutboxMessage, type SmtpSettings } from './platform/mailer';
import { installRequestContext, loggerOptions } from './platform/request-context';
import { BroadcastSender, type SenderOptions } from './areas/messages';
import { smsProviderFromSettings, type SmsProvider } from './areas/messages';
import { ReminderScheduler } from './areas/reminders';
import { NegativationScheduler } from './areas/negativation';
import { BreakScheduler, type BreakRun } from './areas/renegotiation';

export type { OutboxMessage, SmtpSettings } from './platform/mailer';
export type { SmsProvider } from './areas/messages';

export interface StartServerOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** 0 = a free port */
  port?: number;
  /** PGlite data folder; undefined = in memory */
  dataDir?: string;
  /** PostgreSQL connection string; wins over dataDir */
  databaseUrl?: string;
  /**
   * PostgreSQL connection string of the tables' owner (with databaseUrl): the
   * migrations run over it, then the role databaseUrl logs in as is checked to
   * own nothing and given exactly db/privileges.ts's privileges; the server
   * then works over databaseUrl only. Without it the migrations run over
   * databaseUrl (one role for both: it could disable the append-only triggers).
   */
  migrationDatabaseUrl?: string;
  seed?: 'demo' | false;
  /**
   * With seed 'demo' on an empty database: listen once the accounts, the
   * lender and the catalogues are in, and write the rest of the demo records
   * in the background, one transaction per story, between requests
   * (db/seed.ts, startDemoSeed); `seeded` settles when it is done. The
   * embedded backend starts this way; default: the whole seed before listening.
   */
  seedInBackground?: boolean;
  smtp?: SmtpSettings;
  /** default: '<dataDir>-uploads', or a temporary folder for an in-memory database */
  uploadsDir?: string;
  logger?: boolean;
  /** SMS gateway of the broadcast messages; default: env SMS_PROVIDER (only 'outbox' exists, the default) */
  smsProvider?: SmsProvider;
  /** tuning of the broadcast sender (batch size, polling) */
  messages?: SenderOptions;
  /** how often the server runs the payment reminders job (default 15 minutes, the first run one interval after the start; 0: never) */
  remindersIntervalMs?: number;
  /** how often the server runs the negativação job (default one hour, the first run one interval after the start; 0: never) */
  negativationIntervalMs?: number;
  /** how often the server looks whether the day's run of the renegotiation break rule is done (default one hour, the first look one interval after the start; the rule runs once per business date; 0: never) */
  renegotiationBreaksIntervalMs?: number;
  /**
   * Host header values this server answers to ('name:port', or a bare name for
   * any port). Default: the listen host and port, plus the loopback spellings
   * when listening on loopback (request-guard.ts). Others get 403.
   */
  allowedHosts?: readonly string[];
  /**
   * When given, every request must carry it in the X-Backoffice-Launch header
   * (403 otherwise). The embedded backend is always started with one, chosen
   * at random by the app at each launch.
   */
  launchSecret?: string;
  /** HMAC key of signed document URLs; default: random at each start (URLs then end with the process) */
  signingSecret?: string;
  /** Receita Federal lookups; default: the deterministic sandbox (areas/intake/receita.ts) */
  receitaProvider?: ReceitaProvider;
  /**
   * The lender's business date (platform/clock.ts); default: env
   * BACKOFFICE_BUSINESS_DATE when set, else the system's day in São Paulo.
   * Tests pass a SettableClock to move the date.
   */
  clock?: Clock;
  /**
   * Operations whose handler groups load right after the server listens,
   * in the background, so the first screens do not pay for them: the handler
   * groups load on first use (routes.ts), which moved about 0.1 s of CPU
   * from a restart to the first sign-in and the dashboard (docs/performance.md,
   * (c)). A request that comes first shares the same load. The embedded
   * backend passes FIRST_SCREEN_OPERATIONS; tests leave it out.
   */
  warmUp?: readonly OperationName[];
  /**
   * Told of every answer the server sends, for tests that check what the
   * integration suites see against the OpenAPI document
   * (tests/helpers/openapi-answers.ts). Unset, no hook is installed.
   */
  observe?: (answer: ObservedAnswer) => void;
}

/** One answer as sent: its contract operation (null: no route, or refused before one was found) and what it carried. */
export interface ObservedAnswer {
  operation: OperationName | null;
  method: string;
  /** the request's path and query string */
  url: string;
  status: number;
  contentType: string | null;
  /** the body when it is text (JSON, errors); null for a file or an empty answer */
  body: string | null;
}

/** What the app calls first: the session check or sign-in, then the home screen's dashboard. */
export const FIRST_SCREEN_OPERATIONS: readonly OperationName[] = ['session.me', 'home.all', 'home.portfolio'];

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
  outbox: {
    list(to?: string): Promise<OutboxMessage[]>;
    latest(to: string): Promise<OutboxMessage | null>;
  };
  /** the clock the server reads the business date from */
  clock: Clock;
  /**
   * Settles when the demo seed is complete: at once unless it runs in the
   * background (seedInBackground); rejects if the background seed failed or
   * was stopped by close().
   */
  seeded: Promise<void>;
  /**
   * Direct SQL on the database as the server's own role, for tests and diagnostics (checking activity_log rows, ageing
   * tokens); `db` the same connection as Drizzle (a test that runs a reader beside the server's, e.g. the Doc 3040's).
   */
  database: { rows<T>(query: string, params?: unknown[]): Promise<T[]>; db: Db };
  /** The server's own jobs, one run on demand (tests run them instead of waiting for their timers) */
  jobs: { renegotiationBreaks(): Promise<BreakRun> };
}

/**
 * The access area's session lookup, loaded with the area by the first call
 * that carries a token (the area reaches most others: loading it at start
 * would undo the lazy handler groups, routes.ts).
 */
const findSession: SessionLookup = async (db, token) => (await import('./areas/access')).findSession(db, token);

/** A provider's call (a Pix webhook notice) checked by its signature: the Pix area's rule, loaded by the first such call. */
const checkProvider: ProviderCheck = async (deps, name, request) => (await import('./areas/pix')).checkProviderCall(deps, name, request);

/** The longest a background seed's story waits for the requests being answered to finish. */
const BACKGROUND_SEED_MAX_WAIT_MS = 2_000;

/** JSON bodies are small forms; files travel as multipart with their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

async function defaultUploadsDir(options: StartServerOptions): Promise<string> {
  if (options.uploadsDir) return options.uploadsDir;
  if (options.dataDir && !options.databaseUrl) return `${options.dataDir.replace(/[\\/]+$/, '')}-uploads`;
  return mkdtemp(join(tmpdir(), 'backoffice-uploads-'));
}

/**
 * The migrations over the database the server works on, or, given the owner's
 * connection, over that one, granting the server's role what it needs.
 */
async function migrateDatabase(handle: DbHandle, options: StartServerOptions): Promise<void> {
  if (!options.migrationDatabaseUrl) {
    await migrate(handle);
    return;
  }
  if (!options.databaseUrl) throw new Error('migrationDatabaseUrl needs databaseUrl: the owner migrates, the server works as another role');
  const [{ role }] = await handle.rows<{ role: string }>('SELECT current_user AS role');
  const owner = await openDatabase({ databaseUrl: options.migrationDatabaseUrl });
  try {
    const [{ role: ownerRole }] = await owner.rows<{ role: string }>('SELECT current_user AS role');
    if (ownerRole === role) throw new Error(`The migrations' and the server's database URLs both log in as ${role}: the server needs a role that owns nothing (docs/deployment.md).`);
    await migrate(owner, undefined, { appRole: role });
  } finally {
    await owner.close();
  }
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // An empty or short secret would be a guard in name only.
  if (options.launchSecret !== undefined && options.launchSecret.length < 16) throw new Error('launchSecret is too short');
  const clock = options.clock ?? clockFromEnv();
  const handle = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const uploadsDir = await defaultUploadsDir(options);
  const requests = new RequestsInFlight();
  // The background seed's stories wait for a moment without requests (at most this long, so a busy client cannot starve it).
  const betweenRequests = () => requests.whenIdle(BACKGROUND_SEED_MAX_WAIT_MS);
  // PGlite runs no autovacuum: without this the freshly seeded tables would have no
  // planner statistics and no visibility map (index-only scans) until someone ran it.
  const tidyAfterSeed = async () => {
    if (handle.kind === 'pglite') await handle.exec('VACUUM ANALYZE');
  };
  let backgroundSeed: DemoSeedInBackground | null = null;
  let seeded: Promise<void> = Promise.resolve();
  try {
    await migrateDatabase(handle, options);
    // The seed's modules are loaded only when there is something to seed (db/seed-needed.ts).
    const seed = options.seed === 'demo' && (await hasNoUsers(handle.db)) ? await import('./db/seed') : null;
    if (seed && options.seedInBackground) {
      const { SeedStopped } = await import('./db/seed-stories');
      backgroundSeed = await seed.startDemoSeed(handle.db, { uploadsDir, clock, beforeEachStory: betweenRequests });
      const done = backgroundSeed?.done;
      if (done) seeded = done.then(betweenRequests).then(tidyAfterSeed);
      // Reported here; whoever awaits `seeded` sees the failure too.
      seeded.catch((error: unknown) => {
        if (!(error instanceof SeedStopped)) console.error(`BACKOFFICE_SEED_FAILED ${error instanceof Error ? error.message : String(error)}`);
      });
    } else if (seed && (await seed.seedDemo(handle.db, { uploadsDir, clock }))) await tidyAfterSeed();
  } catch (error) {
    await handle.close();
    throw error;
  }
  // A start that fails after this point stops the background seed before closing the database.
  const abandon = async () => {
    backgroundSeed?.stop();
    await seeded.catch(() => undefined);
    await handle.close();
  };
  const mailer = new Mailer(handle.db, options.smtp);
  let sms: SmsProvider;
  try {
    sms = options.smsProvider ?? smsProviderFromSettings(process.env.SMS_PROVIDER, mailer);
  } catch (error) {
    await abandon();
    throw error;
  }
  const sender = new BroadcastSender(handle.db, mailer, sms, { exclusive: handle.kind === 'pglite', ...options.messages });
  const deps: ServerDeps = {
    db: handle.db,
    mailer,
    uploadsDir,
    broadcasts: sender,
    sms,
    signingSecret: options.signingSecret ?? randomSigningSecret(),
    receita: options.receitaProvider,
    clock,
  };

  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });
  const host = options.host ?? '127.0.0.1';
  let hosts: readonly string[] = [];
  installRequestGuard(app, { allowedHosts: () => hosts, launchSecret: options.launchSecret });
  requests.install(app);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  installErrorHandling(app);
  installRequestContext(app);
  const handlerOf = lazyHandlers(handlerGroups, Object.keys(contract) as OperationName[]);
  mountContract(app, deps, handlerOf, findSession, JSON_BODY_LIMIT, checkProvider);
  installOpenApi(app);
  const observe = options.observe;
  if (observe) {
    app.addHook('onSend', async (request, reply, payload) => {
      const type = reply.getHeader('content-type');
      observe({
        operation: request.operation?.name ?? null,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        contentType: typeof type === 'string' ? type : null,
        body: typeof payload === 'string' ? payload : null,
      });
      return payload;
    });
  }
  app.addHook('onResponse', async () => {
    void mailer.deliverPending();
  });

  let address: string;
  try {
    address = await app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    await abandon();
    throw error;
  }
  // Queued broadcast messages (also those left by a previous run) go out from now on.
  await sender.start();
  // Payment reminders: the job also runs by itself, one interval after the start (areas/reminders/scheduler.ts).
  const reminders = new ReminderScheduler(handle.db, { mailer, sms }, clock, options.remindersIntervalMs);
  reminders.start();
  // Negativação: the job also runs by itself, one interval after the start (areas/negativation/scheduler.ts).
  const negativation = new NegativationScheduler(handle.db, clock, options.negativationIntervalMs);
  negativation.start();
  // The renegotiation break rule: once per business date, looked for every hour (areas/renegotiation/break-job.ts).
  const breaks = new BreakScheduler(handle.db, clock, options.renegotiationBreaksIntervalMs);
  breaks.start();
  if (options.warmUp?.length) {
    // After the caller hears "ready" (a macrotask later); a failed load is retried by the request that needs it.
    const names = options.warmUp;
    setTimeout(() => {
      for (const name of names) void Promise.resolve(handlerOf(name)).catch(() => undefined);
    }, 0).unref();
  }
  const port = Number(new URL(address).port);
  hosts = allowedHosts(host, port, options.allowedHosts);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    clock,
    seeded,
    outbox: { list: (to) => mailer.list(to), latest: (to) => mailer.latest(to) },
    database: { rows: (query, params) => handle.rows(query, params), db: handle.db },
    jobs: { renegotiationBreaks: () => breaks.tick() },
    close() {
      closing ??= (async () => {
        await app.close();
        // A background seed stops at its next statement; the story it was writing is rolled back.
        backgroundSeed?.stop();
        await seeded.catch(() => undefined);
        await sender.stop();
        await reminders.stop();
        await negativation.stop();
        await breaks.stop();
        await mailer.idle();
        await handle.close();
      })();
      return closing;
    },
  };
}
