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
 *
 * The worker's lifetime: started by the first export, it is kept for the
 * next one (a start costs 0.3–0.5 s from the bundle, 0.5–2 s from source
 * through tsx, and exceljs and the row schema loaded again) and ended once it
 * has been idle EXPORT_WORKER_IDLE_MS, so the app does not keep a thread and
 * its heap after the exports are over. Exports take it one at a time (the
 * files service asks the server for a queued export's rows only once the
 * worker is free), so two exports never hold two capped heaps. A worker that
 * fails an export (a malformed answer, a disk error, a crash, its heap limit)
 * is ended and only that export fails; the next one starts a new worker, as
 * does an export after a worker that died while idle.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ExcelColumn } from '@shared/contract/define';
import type { ExportJob, FromExportWorker, ToExportWorker } from './excel-worker-protocol';

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

/**
 * How long a worker is kept after its export: a user exporting several lists
 * in a row pays one start; a minute after the last, its thread and heap are
 * given back (an idle worker after a 100,000-row export held about 9 MB of
 * the process's RSS, docs/performance.md (k2)).
 */
export const EXPORT_WORKER_IDLE_MS = 60_000;

export interface ExportJobInput {
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
 * Writes the workbook to `filePath` and resolves once the worker has closed
 * the file (so it can be renamed). Rejects with the worker's reason (a
 * malformed answer, a disk error, its heap limit, a crash) or the body's;
 * that worker has ended by then, so the caller can remove the file.
 */
export type WriteExport = (input: ExportJobInput) => Promise<{ rows: number; total: number }>;

export interface ExportWorkerPool {
  /**
   * Runs `task` once no other task of this pool runs (one export at a time in
   * the one worker), handing it the function that writes an export there.
   */
  run<T>(task: (write: WriteExport) => Promise<T>): Promise<T>;
  /** The live worker's thread id; null before the first export, after its idle end or its death. */
  threadId(): number | null;
  /** Ends the worker now (an idle one ends by itself). */
  close(): Promise<void>;
}

/** What the live worker's listeners pass on to the export it is writing. */
interface JobListener {
  message(message: FromExportWorker): void;
  error(error: Error): void;
  exit(code: number): void;
}

interface LiveWorker {
  worker: Worker;
  job: JobListener | null;
}

export function createExportWorkerPool(entry: ExcelWorkerEntry, options: { idleMs?: number } = {}): ExportWorkerPool {
  const idleMs = options.idleMs ?? EXPORT_WORKER_IDLE_MS;
  let live: LiveWorker | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function stopIdleTimer() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }

  /** Takes the worker out of service: the next export starts another. */
  function retire(current: LiveWorker) {
    if (live !== current) return;
    live = null;
    stopIdleTimer();
  }

  function start(): LiveWorker {
    const worker = new Worker(entry.path, {
      execArgv: entry.execArgv ?? [],
      resourceLimits: EXPORT_WORKER_LIMITS,
    });
    const current: LiveWorker = { worker, job: null };
    worker.on('message', (message: FromExportWorker) => current.job?.message(message));
    // Listened to while idle too: a worker dying between exports must not bring the main process down.
    worker.on('error', (error) => current.job?.error(error));
    worker.on('exit', (code) => {
      retire(current);
      current.job?.exit(code);
    });
    return current;
  }

  /** Between exports the worker keeps neither the process alive nor its place for longer than idleMs. */
  function idle(current: LiveWorker) {
    current.worker.unref();
    stopIdleTimer();
    idleTimer = setTimeout(() => {
      retire(current);
      void current.worker.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  const write: WriteExport = async (input) => {
    stopIdleTimer();
    const current = live ?? (live = start());
    current.worker.ref();
    const { worker } = current;
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
    /** Ends a worker that failed this export: whatever state it failed in is not carried into the next. */
    const fail = (error: Error) => {
      failure ??= error;
      retire(current);
      input.abortBody?.();
      void worker.terminate();
    };

    const outcome = new Promise<{ rows: number; total: number }>((resolve, reject) => {
      current.job = {
        message(message) {
          if (message.type === 'ack') {
            ahead -= 1;
            wake?.();
          } else if (message.type === 'progress') input.onProgress?.(message.written, message.total);
          else if (message.type === 'done') resolve({ rows: message.rows, total: message.total });
          else fail(new Error(message.message));
        },
        error: fail,
        exit(code) {
          ended = true;
          wake?.();
          reject(failure ?? new Error(`excel-worker: ended with code ${code}`));
        },
      };
    });
    // Read here only after the body is fed (or fails); a worker that fails first must not be an unhandled rejection.
    outcome.catch(() => undefined);

    const job: ExportJob = {
      filePath: input.filePath,
      title: input.title,
      date: input.date.toISOString(),
      columns: input.columns,
      progressEvery: input.progressEvery,
    };
    try {
      send({ type: 'job', job });
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
      retire(current);
      await worker.terminate();
      await outcome.catch(() => undefined);
      current.job = null;
      // The worker's reason first: its failure is what destroyed the body.
      throw failure ?? error;
    }
    try {
      return await outcome;
    } finally {
      current.job = null;
      if (live === current) idle(current);
    }
  };

  return {
    run(task) {
      const result = queue.then(() => task(write));
      queue = result.catch(() => undefined);
      return result;
    },
    threadId: () => live?.worker.threadId ?? null,
    async close() {
      const current = live;
      if (!current) return;
      retire(current);
      await current.worker.terminate();
    },
  };
}

/** One pool per worker script for the whole process: every files service (and test) shares its kept worker. */
const pools = new Map<string, ExportWorkerPool>();

export function exportWorkerPool(entry: ExcelWorkerEntry): ExportWorkerPool {
  const key = `${String(entry.path)}\n${(entry.execArgv ?? []).join(' ')}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = createExportWorkerPool(entry)));
  return pool;
}

/** One export through the shared pool of `entry`'s worker (the benches). */
export function writeExportInWorker(input: ExportJobInput & { entry: ExcelWorkerEntry }): Promise<{ rows: number; total: number }> {
  return exportWorkerPool(input.entry).run((write) => write(input));
}
