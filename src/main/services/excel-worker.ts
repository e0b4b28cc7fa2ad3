/**
 * The worker thread that writes a list export's workbook (excel-in-worker.ts
 * starts it; electron-vite bundles it as out/main/excel-worker.js). The main
 * process posts the server's answer as raw body chunks; here they are parsed
 * (export-rows.ts) and written (excel.ts) to the temporary file named in
 * workerData. Parsing and writing allocate fast, and this thread's heap is
 * capped by the Worker's resourceLimits, which the main process's own heap
 * cannot be after launch (v8-flags.ts).
 *
 * Messages in: { type: 'chunk', bytes }, { type: 'end' }. Out: 'ack' once a
 * chunk has been consumed (its rows written), 'progress', then 'done' or
 * 'failed'; the thread ends by itself once the file is closed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ExcelColumn } from '@shared/contract/define';
import { writeExcelFile } from './excel';
import { readExportRows } from './export-rows';
import type { ExportWorkerData, FromExportWorker, ToExportWorker } from './excel-worker-protocol';

const port = parentPort;
if (!port) throw new Error('excel-worker: started outside a worker thread');
const job = workerData as ExportWorkerData;
const post = (message: FromExportWorker) => port.postMessage(message);

const queue: Array<Buffer | null> = [];
let wake: (() => void) | null = null;
port.on('message', (message: ToExportWorker) => {
  queue.push(message.type === 'chunk' ? Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength) : null);
  wake?.();
});

/** The body as the main process receives it; each chunk acknowledged when the reader comes back for the next. */
async function* body(): AsyncGenerator<Buffer> {
  for (;;) {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    const chunk = queue.shift();
    if (chunk === null || chunk === undefined) return;
    yield chunk;
    post({ type: 'ack' });
  }
}

try {
  const source = await readExportRows(body());
  const written = await writeExcelFile({
    filePath: job.filePath,
    title: job.title,
    date: new Date(job.date),
    columns: job.columns as readonly ExcelColumn[],
    rows: source.batches,
    total: source.total,
    progressEvery: job.progressEvery,
    onProgress: (count, total) => post({ type: 'progress', written: count, total }),
  });
  post({ type: 'done', rows: written.rows, total: source.total });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
} finally {
  // Nothing more is read: the thread ends once exceljs's file stream has closed its descriptor.
  port.close();
}
