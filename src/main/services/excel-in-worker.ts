/**
 * A list export's workbook written in a worker thread with its heap capped.
 * The main process keeps the network request (it holds the token) and hands
 * the body on as it arrives, raw bytes, a few chunks ahead of the worker; the
 * worker (excel-worker.ts) parses the rows and writes the temporary file. The
 * main isolate then allocates little per row, and the worker's young
 * generation is capped by resourceLimits, which needs no launcher flag: V8
 * sizes the main isolate's young generation at launch only (v8-flags.ts), so
 * on Windows, macOS and an AppImage opened directly the export written in the
 * main thread peaked near 310 MB (docs/performance.md, (k2)).
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ExcelColumn } from '@shared/contract/define';
import type { ExportWorkerData, FromExportWorker, ToExportWorker } from './excel-worker-protocol';

/** The worker's script and how Node must start it. */
export interface ExcelWorkerEntry {
  /** out/main/excel-worker.js in the app (electron/index.ts), the TypeScript source elsewhere. */
  path: string | URL;
  /** ['--import', 'tsx'] for the source; none for the bundle. */
  execArgv?: string[];
}

/** The source run through tsx: tests, the e2e harness and the benches drive the services from TypeScript. */
export function sourceExcelWorker(): ExcelWorkerEntry {
  return { path: join(dirname(fileURLToPath(import.meta.url)), 'excel-worker.ts'), execArgv: ['--import', 'tsx'] };
}

/**
 * The worker's heap. Young generation 12 MB: V8 makes it of three
 * semi-spaces, so this is `--max-semi-space-size=4`, half the main process's
 * flag where a launcher passes it (v8-flags.ts): at 24 MB the whole export
 * peaked 246–258 MB, at 12 MB 234–246 MB, at the same time and CPU
 * (docs/performance.md, (k2), stop 27). Old generation 256 MB: an export
 * keeps 25–100 MB live (the widths' first 2,000 rows, exceljs's zip and
 * styles) whatever its size; a runaway stops the export with a failure
 * instead of growing the app.
 */
export const EXPORT_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 256 };

/**
 * Body chunks posted ahead of the worker's acknowledgements (sockets deliver
 * 16–64 KB each). Four keep the worker fed (the same time as eight) with
 * fewer copied pieces waiting in the main isolate.
 */
const CHUNKS_AHEAD = 4;

export interface WorkerExportInput {
  entry: ExcelWorkerEntry;
  filePath: string;
  title: string;
  date: Date;
  columns: readonly ExcelColumn[];
  /** The export answer (`{ total, rows }`) as it arrives. */
  body: AsyncIterable<Buffer | string>;
  /** Called when the worker fails, so a body still arriving stops (the socket is released). */
  abortBody?(): void;
  progressEvery?: number;
  onProgress?(written: number, total: number): void;
}

/**
 * Writes the workbook to `filePath` and resolves once the worker has ended
 * (the file closed, so it can be renamed). Rejects with the worker's reason
 * (a malformed answer, a disk error, its heap limit) or the body's; the
 * worker has ended by then too, so the caller can remove the file.
 */
export async function writeExportInWorker(input: WorkerExportInput): Promise<{ rows: number; total: number }> {
  const workerData: ExportWorkerData = {
    filePath: input.filePath,
    title: input.title,
    date: input.date.toISOString(),
    columns: input.columns,
    progressEvery: input.progressEvery,
  };
  const worker = new Worker(input.entry.path, {
    workerData,
    execArgv: input.entry.execArgv ?? [],
    resourceLimits: EXPORT_WORKER_LIMITS,
  });
  let ahead = 0;
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const send = (message: ToExportWorker, transfer?: ArrayBuffer[]) => worker.postMessage(message, transfer);
  /**
   * Moves a chunk's bytes to the worker. A chunk that is the whole of its buffer (an HTTP body piece, which Node's
   * parser copies out of the socket's read; a file read) is moved as it is: kept here, the chunks wait for this
   * isolate's next collection, and it allocates so little while an export runs that the whole body (29 MB at
   * 100,000 rows) waited (measured). A view on a larger buffer (a decompressed piece, a pooled small buffer) is
   * copied first, since the rest of that buffer may be someone else's.
   */
  const handOn = (chunk: Buffer) => {
    const whole = chunk.buffer instanceof ArrayBuffer && chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
    if (whole) {
      const bytes = new Uint8Array(chunk.buffer);
      try {
        send({ type: 'chunk', bytes }, [chunk.buffer]);
        return;
      } catch {
        // Marked untransferable (Node's buffer pool): copied below.
      }
    }
    const bytes = new Uint8Array(chunk);
    send({ type: 'chunk', bytes }, [bytes.buffer]);
  };

  const outcome = new Promise<{ rows: number; total: number }>((resolve, reject) => {
    let done: { rows: number; total: number } | null = null;
    worker.on('message', (message: FromExportWorker) => {
      if (message.type === 'ack') {
        ahead -= 1;
        wake?.();
      } else if (message.type === 'progress') input.onProgress?.(message.written, message.total);
      else if (message.type === 'done') done = { rows: message.rows, total: message.total };
      else {
        failure = new Error(message.message);
        input.abortBody?.();
      }
    });
    worker.on('error', (error) => {
      failure ??= error;
      input.abortBody?.();
    });
    worker.on('exit', (code) => {
      ended = true;
      wake?.();
      if (done && code === 0) resolve(done);
      else reject(failure ?? new Error(`excel-worker: ended with code ${code}`));
    });
  });
  // Read here only after the body is fed (or fails); a worker that fails first must not be an unhandled rejection.
  outcome.catch(() => undefined);

  try {
    for await (const chunk of input.body) {
      if (ended) break;
      handOn(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      ahead += 1;
      while (ahead >= CHUNKS_AHEAD && !ended) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    if (!ended) send({ type: 'end' });
  } catch (error) {
    // The body failed (socket reset, destroyed because the worker failed): end the worker before the file is removed.
    await worker.terminate();
    await outcome.catch(() => undefined);
    // The worker's reason first: its failure is what destroyed the body.
    throw failure ?? error;
  }
  return outcome;
}
