/**
 * Where the API lives: the configured server, or the embedded reference
 * server started on demand (once) on a free loopback port. How it is started
 * is a spawner: Electron's utility process in the app, a Node child process
 * or an in-process server in tests.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Settings } from '@shared/bridge';
import { LAUNCH_SECRET_ENV } from '@shared/launch';
import type { BackendPort } from './ports';
import { MAIN_PROCESS_V8_FLAGS, semiSpaceFromTheStart } from './v8-flags';

export interface RunningBackend {
  url: string;
  /**
   * Required by the server on every request; known to this process alone.
   * The app's spawners always set one; a test stand-in server may have none.
   */
  launchSecret?: string;
  stop(): Promise<void>;
  /**
   * Settles once the server's demo seed is complete: a first start announces
   * itself ready when sign-in works and writes the rest of the demo records
   * afterwards (src/server/db/seed.ts). Rejects if the server exits first.
   */
  seeded?: Promise<void>;
}

/**
 * A fresh secret for each launch of the embedded server (256 random bits):
 * without it, any local program, or a web page reaching the loopback port
 * through DNS rebinding, could sign in with the demo accounts.
 */
export function newLaunchSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface BackendSpawner {
  start(): Promise<RunningBackend>;
}

export interface EmbeddedBackendPort extends BackendPort {
  /** Stops the embedded server if it was started. */
  stop(): Promise<void>;
}

export function createEmbeddedBackendPort(spawner: BackendSpawner): EmbeddedBackendPort {
  let running: Promise<RunningBackend> | null = null;
  return {
    async resolve(settings: Settings) {
      if (settings.serverUrl !== '') return { url: settings.serverUrl, embedded: false };
      if (!running) {
        running = spawner.start();
        // A failed start may be retried on the next resolve.
        running.catch(() => {
          running = null;
        });
      }
      const started = await running;
      return { url: started.url, embedded: true, launchSecret: started.launchSecret };
    },
    async stop() {
      const current = running;
      running = null;
      if (current) await (await current.catch(() => null))?.stop();
    },
  };
}

/** The messages the server entry sends its parent (src/server/embedded-server.ts). */
export function readyUrl(message: unknown): string | null {
  if (!message || typeof message !== 'object') return null;
  const { type, url } = message as { type?: unknown; url?: unknown };
  return type === 'ready' && typeof url === 'string' ? url : null;
}

/** Whether this message is the server entry's "the demo seed is complete". */
export function isSeeded(message: unknown): boolean {
  return !!message && typeof message === 'object' && (message as { type?: unknown }).type === 'seeded';
}

/** The start failure the server entry reports before exiting, if this message is one. */
export function startError(message: unknown): string | null {
  if (!message || typeof message !== 'object') return null;
  const { type, message: text } = message as { type?: unknown; message?: unknown };
  return type === 'error' ? String(text ?? 'unknown error') : null;
}

/**
 * Long enough for a first start on a slow or busy workstation. The server now
 * announces itself ready before the demo records (about 30 s of CPU) are
 * written, in the background (docs/performance.md, (c)); the margin stays for
 * a server started with the whole seed first, and for a very slow machine.
 */
export const BACKEND_START_TIMEOUT_MS = 180_000;

/**
 * V8 flags of the embedded server's process, whatever starts it. Liftoff only:
 * in its first seconds V8 otherwise recompiles PostgreSQL's hottest WebAssembly
 * functions (PGlite's parser and executor) with TurboFan, about 500 MB of
 * compiler memory that takes the process's peak near 1 GB; with the baseline
 * compiler alone the peak is the working set, small queries are as fast, and
 * only large scans are slower (docs/performance.md, (c)). The young
 * generation capped as in the main process (v8-flags.ts): the demo seed
 * allocates as fast as an export does. And sized at that cap from the start:
 * a restart allocates the contract's schemas and the server's modules, which
 * V8's 1 MB starting semi-space copied through many scavenges; at 8 MB a
 * restart took 35 ms less wall time and 45 ms less CPU (medians of twelve
 * alternating restarts) for 2 MB more peak (docs/performance.md, (c)).
 */
export const EMBEDDED_BACKEND_V8_FLAGS: readonly string[] = ['--liftoff-only', ...MAIN_PROCESS_V8_FLAGS, ...semiSpaceFromTheStart()];

export interface ChildProcessSpawnerOptions {
  /** The server entry: built out/main/server.js, or src/server/entry.ts run through tsx (execArgv ['--import', 'tsx']). */
  entry: string;
  dataDir: string;
  uploadsDir?: string;
  seed?: 'demo' | 'none';
  /** Node options after EMBEDDED_BACKEND_V8_FLAGS, which every start gets. */
  execArgv?: string[];
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Waits for the child's 'ready' message; stops it with a 'stop' message, then SIGTERM, then SIGKILL. */
export function childProcessSpawner(options: ChildProcessSpawnerOptions): BackendSpawner {
  return {
    start() {
      const launchSecret = newLaunchSecret();
      const child: ChildProcess = fork(options.entry, [], {
        execArgv: [...EMBEDDED_BACKEND_V8_FLAGS, ...(options.execArgv ?? [])],
        env: {
          ...process.env,
          ...options.env,
          BACKOFFICE_DATA_DIR: options.dataDir,
          BACKOFFICE_PORT: '0',
          BACKOFFICE_SEED: options.seed ?? 'demo',
          [LAUNCH_SECRET_ENV]: launchSecret,
          ...(options.uploadsDir ? { BACKOFFICE_UPLOADS_DIR: options.uploadsDir } : {}),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      let markSeeded!: () => void;
      let seedLost!: (error: Error) => void;
      const seeded = new Promise<void>((resolve, reject) => {
        markSeeded = resolve;
        seedLost = reject;
      });
      // Nobody has to wait for it.
      seeded.catch(() => undefined);
      return new Promise<RunningBackend>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error('embedded server did not start in time'));
        }, options.timeoutMs ?? BACKEND_START_TIMEOUT_MS);
        child.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`embedded server exited with code ${code}`));
          seedLost(new Error(`embedded server exited with code ${code} before its demo seed was complete`));
        });
        child.on('message', (message) => {
          if (isSeeded(message)) markSeeded();
          const problem = startError(message);
          if (problem) {
            clearTimeout(timer);
            reject(new Error(problem));
            return;
          }
          const url = readyUrl(message);
          if (!url) return;
          clearTimeout(timer);
          resolve({ url, launchSecret, seeded, stop: () => stopChild(child) });
        });
      });
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' });
    child.kill('SIGTERM');
  });
}
