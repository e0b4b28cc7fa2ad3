/**
 * The embedded server as its own process, started by entry.ts (see there for
 * the environment it reads and what it announces).
 */
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { LAUNCH_SECRET_ENV } from '@shared/launch';
import { DATA_TEMPLATE_ENV, DATA_TEMPLATE_FILE } from './db/connect';
import { FIRST_SCREEN_OPERATIONS, startServer, type RunningServer } from './index';

/** Electron's utility-process port, typed here so this module never imports electron. */
interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;

function isStop(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'stop';
}

/**
 * The built app ships an initialised, migrated data folder next to this entry
 * (scripts/build-data-template.ts): a first start fills the empty folder from
 * it instead of running initdb and the migrations. An explicit setting wins.
 */
function useBuiltDataTemplate(entryDir: string): void {
  if (process.env[DATA_TEMPLATE_ENV]) return;
  const template = join(entryDir, DATA_TEMPLATE_FILE);
  if (existsSync(template)) process.env[DATA_TEMPLATE_ENV] = template;
}

/** `entryDir`: the folder of the entry the process was started with (the built one has the template beside it). */
export async function runEmbeddedServer(entryDir: string): Promise<void> {
  useBuiltDataTemplate(entryDir);
  const port = Number(process.env.BACKOFFICE_PORT ?? 0);
  const launchSecret = process.env[LAUNCH_SECRET_ENV] || undefined;
  // Kept in memory only: nothing this process starts or prints inherits it.
  delete process.env[LAUNCH_SECRET_ENV];
  let server: RunningServer;
  try {
    server = await startServer({
      dataDir: process.env.BACKOFFICE_DATA_DIR || undefined,
      uploadsDir: process.env.BACKOFFICE_UPLOADS_DIR || undefined,
      port: Number.isInteger(port) && port >= 0 ? port : 0,
      seed: process.env.BACKOFFICE_SEED === 'demo' ? 'demo' : false,
      // Ready once sign-in works; the rest of the demo records follow between requests.
      seedInBackground: true,
      host: '127.0.0.1',
      launchSecret,
      warmUp: FIRST_SCREEN_OPERATIONS,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failure = { type: 'error', message };
    if (parentPort) parentPort.postMessage(failure);
    else process.send?.(failure);
    console.error(`BACKOFFICE_SERVER_FAILED ${message}`);
    process.exit(1);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  if (parentPort) parentPort.on('message', (event) => isStop(event.data) && void stop());
  else process.on('message', (message) => isStop(message) && void stop());
  // A child process whose parent went away must not linger holding the data folder.
  process.on('disconnect', () => void stop());

  const ready = { type: 'ready', url: server.url };
  if (parentPort) parentPort.postMessage(ready);
  else process.send?.(ready);
  console.log(`BACKOFFICE_SERVER_READY ${server.url}`);
  // When the demo seed that followed the start is complete (tests wait for it; the app needs nothing).
  void server.seeded.then(
    () => {
      const seeded = { type: 'seeded' };
      if (parentPort) parentPort.postMessage(seeded);
      else process.send?.(seeded);
      console.log('BACKOFFICE_SERVER_SEEDED');
    },
    () => undefined,
  );
  // Node writes its compile cache at exit, which a killed process never reaches: write it now that the server's modules are compiled.
  if (typeof nodeModule.flushCompileCache === 'function') nodeModule.flushCompileCache();
}

