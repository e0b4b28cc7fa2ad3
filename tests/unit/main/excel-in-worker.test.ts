import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createExportWorkerPool, type ExportJobInput, type ExportWorkerPool } from '../../../src/main/services/excel-in-worker';
import { tempDir } from './helpers';
import { eventually } from '../../helpers/eventually';

/**
 * A stand-in for excel-worker.ts speaking its protocol: counts the chunks of each export and answers 'done' with
 * that count. The job's title picks a misbehaviour: 'crash' throws (a crash, its heap limit), 'fail' reports a
 * failure as the real worker does for a full disk, 'exit after' ends the thread once its export is done.
 */
const STUB = `
import { parentPort } from 'node:worker_threads';
let job = null;
let chunks = 0;
parentPort.on('message', (message) => {
  if (message.type === 'job') {
    if (job) parentPort.postMessage({ type: 'failed', message: 'two exports at once' });
    job = message.job;
    chunks = 0;
    if (job.title === 'crash') throw new Error('o gravador parou');
  } else if (message.type === 'chunk') {
    chunks += 1;
    parentPort.postMessage({ type: 'ack' });
  } else {
    const title = job.title;
    job = null;
    if (title === 'fail') {
      parentPort.postMessage({ type: 'failed', message: 'ENOSPC: no space left on device, write' });
      parentPort.close();
      return;
    }
    parentPort.postMessage({ type: 'done', rows: chunks, total: chunks });
    if (title === 'exit after') setTimeout(() => process.exit(0), 10);
  }
});
`;

let folder: { path: string; remove(): Promise<void> };
let stubPath: string;
beforeAll(async () => {
  folder = await tempDir('backoffice-worker-pool-');
  stubPath = join(folder.path, 'stub-worker.mjs');
  await writeFile(stubPath, STUB);
});
afterAll(() => folder.remove());

const pools: ExportWorkerPool[] = [];
function pool(idleMs = 60_000): ExportWorkerPool {
  const created = createExportWorkerPool({ path: stubPath }, { idleMs });
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** A body of `count` chunks, `gapMs` apart (a server still sending). */
async function* chunks(count: number, gapMs = 0): AsyncGenerator<Buffer> {
  for (let i = 0; i < count; i += 1) {
    if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
    yield Buffer.from(`{"chunk":${i}}`);
  }
}

function job(title: string, body: AsyncIterable<Buffer>): ExportJobInput {
  return { filePath: join(folder.path, `${title}.xlsx`), title, date: new Date('2024-06-30T15:00:00.000Z'), columns: [], body };
}

/** One export through the pool; resolves with its rows and the thread that wrote it. */
function exportThrough(target: ExportWorkerPool, title: string, body: AsyncIterable<Buffer> = chunks(3)) {
  return target.run(async (write) => ({ ...(await write(job(title, body))), thread: target.threadId() }));
}

describe('the export worker kept between exports', () => {
  it('exports in a row use the one worker, one at a time', async () => {
    const exports = pool();
    expect(exports.threadId()).toBeNull();
    // Started together: the second waits for the first (the stub fails an export that arrives during another).
    const [first, second] = await Promise.all([exportThrough(exports, 'a', chunks(5, 5)), exportThrough(exports, 'b', chunks(4, 5))]);
    expect(first).toMatchObject({ rows: 5, total: 5 });
    expect(second).toMatchObject({ rows: 4, total: 4 });
    expect(first.thread).not.toBeNull();
    expect(second.thread).toBe(first.thread);
    expect(exports.threadId()).toBe(first.thread);
  });

  it('ends once it has been idle, and the next export starts another', async () => {
    const exports = pool(50);
    // The idle clock runs only between exports: an export slower than it is not cut.
    const slow = await exportThrough(exports, 'slow', chunks(4, 40));
    expect(slow.rows).toBe(4);
    await eventually(() => expect(exports.threadId()).toBeNull());
    const next = await exportThrough(exports, 'next');
    expect(next.rows).toBe(3);
    expect(next.thread).not.toBe(slow.thread);
  });

  it.each([
    ['dies', 'crash', 'o gravador parou'],
    ['reports a failure', 'fail', 'ENOSPC: no space left on device, write'],
  ])('a worker that %s fails only its own export and is ended, not reused; the next export gets a new worker', async (_case, job, message) => {
    const exports = pool();
    const before = await exportThrough(exports, 'before');
    await expect(exportThrough(exports, job)).rejects.toThrow(message);
    expect(exports.threadId()).toBeNull();
    const after = await exportThrough(exports, 'after');
    expect(after.rows).toBe(3);
    expect(after.thread).not.toBe(before.thread);
  });

  it('a worker that ended while idle is replaced on the next export', async () => {
    const exports = pool();
    const gone = await exportThrough(exports, 'exit after');
    expect(gone.rows).toBe(3);
    await eventually(() => expect(exports.threadId()).toBeNull());
    const next = await exportThrough(exports, 'next');
    expect(next.rows).toBe(3);
    expect(next.thread).not.toBe(gone.thread);
  });
});
