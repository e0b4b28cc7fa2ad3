/**
 * The server under load, in its own process so the load generator does not
 * share its event loop: PostgreSQL when DATABASE_URL is set, else a PGlite
 * folder (BACKOFFICE_DATA_DIR). Seeds the demo accounts, listens on a free
 * loopback port, prints `LOAD_SERVER_READY <url>` and runs until SIGTERM.
 * Request logging is off: the figure is the server's, not the logger's.
 */
import { startServer } from '../../src/server/index';

const server = await startServer({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATABASE_URL ? undefined : process.env.BACKOFFICE_DATA_DIR,
  host: '127.0.0.1',
  port: 0,
  seed: 'demo',
});
console.log(`LOAD_SERVER_READY ${server.url}`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
