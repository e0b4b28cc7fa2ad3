/**
 * The embedded server started inside this process, for tests and the
 * end-to-end harness. The one module of src/main that imports src/server;
 * the Electron shell never loads it (it uses a utility process).
 */
import { newLaunchSecret, type BackendSpawner } from './backend';

export interface InProcessSpawnerOptions {
  /** PGlite data folder; undefined keeps the database in memory. */
  dataDir?: string;
  seed?: 'demo' | false;
}

export function inProcessSpawner(options: InProcessSpawnerOptions = {}): BackendSpawner {
  return {
    async start() {
      const { startServer } = await import('../../server/index');
      const launchSecret = newLaunchSecret();
      const server = await startServer({ host: '127.0.0.1', port: 0, dataDir: options.dataDir, seed: options.seed ?? 'demo', launchSecret });
      return { url: server.url, launchSecret, stop: () => server.close() };
    },
  };
}
