/**
 * Child of bench (c): one first start of the embedded backend in this process,
 * phase by phase (PGlite opening an empty folder — its initdb —, migrations,
 * demo seed, VACUUM ANALYZE, then the same folder opened again, and an empty
 * folder filled from the build's template when there is one), each with its time, the
 * resident memory after it, the peak so far, and the WebAssembly memory
 * PGlite's PostgreSQL lives in. Prints plain lines; `npx tsx
 * scripts/bench/backend-phases.ts <empty folder>`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_TEMPLATE_ENV, DATA_TEMPLATE_FILE, openDatabase } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed';

const folder = process.argv[2];
if (!folder) throw new Error('usage: backend-phases.ts <empty folder>');

function memory(): string {
  let rss = 'n/a';
  let peak = 'n/a';
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    rss = `${Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024)} MB`;
    peak = `${Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024)} MB`;
  } catch {
    // not Linux: the JavaScript figures below still say something
  }
  const m = process.memoryUsage();
  return `RSS ${rss.padStart(6)}  peak ${peak.padStart(6)}  JS heap ${Math.round(m.heapUsed / 1048576)} MB  external (WebAssembly memory, buffers) ${Math.round(m.external / 1048576)} MB`;
}

let last = performance.now();
function phase(label: string): void {
  const now = performance.now();
  console.log(`${label.padEnd(30)} ${((now - last) / 1000).toFixed(2).padStart(6)} s   ${memory()}`);
  last = now;
}

phase('node + tsx loaded');
const dataDir = join(folder, 'pgdata');
const handle = await openDatabase({ dataDir });
phase('PGlite open (initdb)');
await migrate(handle);
phase('migrations');
await seedDemo(handle.db, { uploadsDir: join(folder, 'uploads') });
phase('demo seed');
// As the server does after seeding a PGlite folder (src/server/index.ts): PGlite runs no autovacuum.
await handle.exec('VACUUM ANALYZE');
phase('VACUUM ANALYZE');
await handle.close();
phase('closed');
const again = await openDatabase({ dataDir });
await again.rows('SELECT 1');
phase('same folder opened again');
await again.close();
// What the built app does instead of initdb and the migrations (scripts/build-data-template.ts).
const template = join('out/main', DATA_TEMPLATE_FILE);
if (existsSync(template)) {
  process.env[DATA_TEMPLATE_ENV] = template;
  last = performance.now();
  const fromTemplate = await openDatabase({ dataDir: join(folder, 'from-template') });
  phase('PGlite open from the template');
  await migrate(fromTemplate);
  phase('migrations (none to apply)');
  await fromTemplate.close();
}
