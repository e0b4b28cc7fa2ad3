/**
 * Makes the embedded database's starting point when the app is built: a PGlite
 * data folder initialised (initdb) and brought to the newest migration, saved
 * as a tarball next to the built server entry (out/main/pgdata-template.tgz,
 * packed into the app with the rest of out/). An empty data folder is filled
 * from it instead of running initdb and every migration on the user's machine
 * (src/server/db/connect.ts, DATA_TEMPLATE_ENV).
 *
 * Only the schema goes in, not the demo seed: the seed tells a story that ends
 * on the day it runs (recent solicitations, instalments falling due, late
 * operations by risk band), so a seed made on the build day would be wrong by
 * the time the app is installed; each install also draws its own random file
 * keys. The seed still runs at the first start. Run by `npm run build`; alone:
 * `npx tsx scripts/build-data-template.ts [out file]`.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { DATA_TEMPLATE_FILE, openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';

/** initdb and every migration on a scratch folder, dumped as a gzipped tarball. */
export async function makeDataTemplate(): Promise<Uint8Array> {
  const folder = await mkdtemp(join(tmpdir(), 'backoffice-template-'));
  try {
    const dataDir = join(folder, 'pgdata');
    const handle = await openDatabase({ dataDir });
    await migrate(handle);
    // The template starts as tidy as a fresh folder would be after its first checkpoint.
    await handle.exec('VACUUM');
    await handle.close();
    const client = new PGlite(dataDir);
    const tarball = await client.dumpDataDir('gzip');
    await client.close();
    return new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = resolve(process.argv[2] ?? join('out/main', DATA_TEMPLATE_FILE));
  const started = performance.now();
  const tarball = await makeDataTemplate();
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, tarball);
  console.log(`data folder template: ${target} (${Math.round(tarball.byteLength / 1024)} kB, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
