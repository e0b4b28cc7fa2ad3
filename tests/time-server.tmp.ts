import { prepareDataDir } from './helpers/server';
import { startServer } from '../src/server/index';
import { join } from 'node:path';
for (let i = 0; i < 4; i++) {
  const t = performance.now();
  const { dir, dataDir } = await prepareDataDir('demo');
  const t1 = performance.now();
  const s = await startServer({ dataDir, uploadsDir: join(dir, 'uploads'), seed: false, port: 0 });
  const t2 = performance.now();
  await s.close();
  console.log('copy', Math.round(t1 - t), 'start', Math.round(t2 - t1));
}
