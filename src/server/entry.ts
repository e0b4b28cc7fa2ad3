/**
 * Entry for running the embedded server as its own process (Electron utility
 * process in the app, a Node child process in tests); the server itself is in
 * embedded-server.ts. Reads BACKOFFICE_DATA_DIR, BACKOFFICE_PORT (default 0 =
 * free port), BACKOFFICE_SEED ('demo'), BACKOFFICE_LAUNCH_SECRET (required on
 * every request when set; the app always sets it) and BACKOFFICE_DATA_TEMPLATE
 * (db/connect.ts), listens on 127.0.0.1 only, announces the URL to the parent
 * and on stdout, and stops on SIGTERM or a { type: 'stop' } message.
 *
 * This module only turns on Node's compile cache before anything else is
 * loaded: compiling the server's modules (the bundle, PGlite) is about a
 * quarter of every restart's CPU, and with the cache a restart reads V8's code
 * from disk instead (docs/performance.md, (c)). The static imports of a module
 * are evaluated before its body, hence the dynamic import of the server. It
 * also starts compiling PGlite's WebAssembly first, which V8 does on other
 * threads while the main thread evaluates the server's modules.
 */
import * as nodeModule from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Beside the data folder (as the uploads are), so it lives as long as the install; stale entries are ignored by Node. */
function compileCacheDir(): string | undefined {
  const dataDir = process.env.BACKOFFICE_DATA_DIR;
  return dataDir ? `${dataDir.replace(/[\\/]+$/, '')}-compile-cache` : undefined;
}

// Node 22.1+ (Electron 45's utility process has it); an older runtime starts without the cache.
if (typeof nodeModule.enableCompileCache === 'function') nodeModule.enableCompileCache(compileCacheDir());
// PGlite's WebAssembly compiles on other threads while the server's modules load (db/connect.ts).
const { preparePglite } = await import('./db/connect');
preparePglite();
const { runEmbeddedServer } = await import('./embedded-server');
await runEmbeddedServer(dirname(fileURLToPath(import.meta.url)));
