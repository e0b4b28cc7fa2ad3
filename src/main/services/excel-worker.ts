/**
 * The worker thread that writes list exports' workbooks (excel-in-worker.ts
 * starts it and keeps it for the next export until it has been idle a while;
 * electron-vite bundles it as out/main/excel-worker.js). The main process
 * posts each export's job, then the server's answer as raw body chunks; here
 * they are parsed (export-rows.ts) and written (excel.ts) to the job's
 * temporary file. Parsing and writing allocate fast, and this thread's heap
 * is capped by the Worker's resourceLimits, which the main process's own heap
 * cannot be after launch (v8-flags.ts).
 *
 * Messages in: { type: 'job', job }, then { type: 'chunk', bytes } and
 * { type: 'end' }. Out: 'ack' once a chunk has been consumed (its rows
 * written), 'progress', then 'done' or 'failed', each once the file is
 * closed (the main process renames or removes it next). After 'done' the
 * thread waits for the next job; after 'failed' it ends (what it failed on,
 * a stream or exceljs's state, is not carried into another export).
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { parentPort } from 'node:worker_threads';
import type { ExcelColumn } from '@shared/contract/define';
import { writeExcelFile } from './excel';
import { readExportRows } from './export-rows';
import type { ExportJob, FromExportWorker, ToExportWorker } from './excel-worker-protocol';

const port = parentPort;
if (!port) throw new Error('excel-worker: started outside a worker thread');
const post = (message: FromExportWorker) => port.postMessage(message);

const inbox: ToExportWorker[] = [];
let wake: (() => void) | null = null;
port.on('message', (message: ToExportWorker) => {
  inbox.push(message);
  wake?.();
});

async function receive(): Promise<ToExportWorker> {
  while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
  return inbox.shift() as ToExportWorker;
}

/** The body as the main process receives it; each chunk acknowledged when the reader comes back for the next. */
async function* body(): AsyncGenerator<Buffer> {
  for (;;) {
    const message = await receive();
    if (message.type === 'end') return;
    if (message.type !== 'chunk') throw new Error('excel-worker: a new export before the body of this one ended');
    yield Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
    post({ type: 'ack' });
  }
}

const closed = (out: WriteStream) => new Promise<void>((resolve) => (out.closed ? resolve() : out.once('close', () => resolve())));

/** Writes one export; false when it failed (the file closed either way). */
async function runJob(job: ExportJob): Promise<boolean> {
  const out = createWriteStream(job.filePath);
  // A write error (a full disk) fails the export at once: exceljs listens to its stream only once it commits.
  const streamFailed = new Promise<never>((_, reject) => out.once('error', reject));
  streamFailed.catch(() => undefined);
  try {
    await Promise.race([once(out, 'open'), streamFailed]);
    const written = await Promise.race([
      (async () => {
        const source = await readExportRows(body());
        const result = await writeExcelFile({
          stream: out,
          title: job.title,
          date: new Date(job.date),
          columns: job.columns as readonly ExcelColumn[],
          rows: source.batches,
          total: source.total,
          progressEvery: job.progressEvery,
          onProgress: (count, total) => post({ type: 'progress', written: count, total }),
        });
        return { rows: result.rows, total: source.total };
      })(),
      streamFailed,
    ]);
    // exceljs resolves on the stream's 'finish'; the descriptor closes just after, and a file still open cannot be renamed on Windows.
    await closed(out);
    post({ type: 'done', rows: written.rows, total: written.total });
    return true;
  } catch (error) {
    out.destroy();
    await closed(out);
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

for (;;) {
  const message = await receive();
  if (message.type !== 'job') throw new Error('excel-worker: a body chunk outside an export');
  if (!(await runJob(message.job))) break;
}
// Nothing more is read: the thread ends.
port.close();
