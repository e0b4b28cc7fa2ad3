/** The messages between the main process and the export's worker thread (excel-in-worker.ts, excel-worker.ts). */
import type { ExcelColumn } from '@shared/contract/define';

/** One export, posted first; its body's chunks and 'end' follow. */
export interface ExportJob {
  /** The temporary file beside the target; the main process renames it into place or removes it. */
  filePath: string;
  title: string;
  /** ISO instant of the export (the info sheet's date). */
  date: string;
  columns: readonly ExcelColumn[];
  progressEvery?: number;
}

export type ToExportWorker = { type: 'job'; job: ExportJob } | { type: 'chunk'; bytes: Uint8Array } | { type: 'end' };

/** 'done' and 'failed' are each posted once the file is closed; after 'failed' the thread ends. */
export type FromExportWorker =
  | { type: 'ack' }
  | { type: 'progress'; written: number; total: number }
  | { type: 'done'; rows: number; total: number }
  | { type: 'failed'; message: string };
