/**
 * Files the app saves: Excel exports of list calls and server files
 * (PDF, Excel reports, CNAB remittances) streamed to disk. The target comes
 * from a save dialog or the configured folder (never overwriting there);
 * bytes go to a temporary file beside the target and are renamed into place,
 * so a failed or half-written file never carries the user's chosen name.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { MAX_DOWNLOADS, MAX_OPEN_FILE_BYTES, MAX_PREVIEW_BYTES, type SavedDownload, PREVIEW_TYPES, type FilePreview, type OpenedFile, type FileProgress, type PreviewType, type SavedFile, type Settings } from '@shared/bridge';
import type { ApiResult } from '@shared/result';
import { translate } from '@shared/i18n';
import { isFailure, resolveCall } from './dispatcher';
import { DEFAULT_EXPORT_FILE_NAME, DEFAULT_EXPORT_TITLE, EXPORT_EXTENSION } from '@shared/excel-names';
import { exportWorkerPool, sourceExcelWorker, type ExcelWorkerEntry } from './excel-in-worker';
import { errorText, failure, invalidArgs } from './failure';
import type { AppPaths, DialogPort } from './ports';
import type { SessionService } from './session';

const exportOptionsSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    fileName: z.string().trim().min(1).max(200).optional(),
    jobId: z.string().min(1).max(100).optional(),
  })
  .strict();

const downloadOptionsSchema = z
  .object({
    fileName: z.string().trim().min(1).max(200).optional(),
    jobId: z.string().min(1).max(100).optional(),
  })
  .strict();

export interface FilesServiceOptions {
  session: SessionService;
  dialogs: DialogPort;
  paths: AppPaths;
  settings(): Settings;
  emitProgress(progress: FileProgress): void;
  /** Rows between 'writing' progress events. */
  progressEvery?: number;
  /** The export writer's worker script (out/main/excel-worker.js in the app); default the TypeScript source through tsx. */
  excelWorker?: ExcelWorkerEntry;
  now?(): Date;
}

export interface FilesService {
  exportExcel(name: unknown, args: unknown, options: unknown): Promise<ApiResult<SavedFile | null>>;
  download(name: unknown, args: unknown, options: unknown): Promise<ApiResult<SavedFile | null>>;
  chooseFolder(): Promise<string | null>;
  preview(name: unknown, args: unknown): Promise<ApiResult<FilePreview>>;
  /** A bank return file chosen in the open dialog, read here (latin1 text, size-capped); null when cancelled. */
  openReturnFile(): Promise<ApiResult<OpenedFile | null>>;
  /** The files saved in this session, newest first (at most MAX_DOWNLOADS). */
  downloads(): SavedDownload[];
  /** Shows a listed file in the system's file manager; only ids from downloads() are accepted, never a path. */
  showInFolder(id: unknown): Promise<ApiResult<null>>;
  /** Forgets the list (sign-out: the next person does not see where the last one saved). */
  forgetDownloads(): void;
}

/**
 * The content type a previewed file is shown as: the server's declared type
 * when it is an image or PDF and the first bytes agree (magic numbers), so a
 * mislabelled file is never handed to the image decoder or PDF reader as
 * something else. Null refuses it.
 */
export function previewTypeOf(contentType: string | null, head: Uint8Array): PreviewType | null {
  const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!(PREVIEW_TYPES as readonly string[]).includes(mime)) return null;
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ok =
    mime === 'application/pdf'
      ? starts(0x25, 0x50, 0x44, 0x46) // %PDF
      : mime === 'image/png'
        ? starts(0x89, 0x50, 0x4e, 0x47)
        : mime === 'image/jpeg'
          ? starts(0xff, 0xd8, 0xff)
          : starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42 && head[11] === 0x50; // RIFF….WEBP
  return ok ? (mime as PreviewType) : null;
}

/** Device names Windows reserves in every folder, with or without an extension ("CON.txt" too). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * A base file name the user's system accepts: no folders (path separators),
 * no control or bidirectional-override characters (which can disguise an
 * extension), none of Windows' reserved characters or device names, no
 * leading dots (hidden files) and no trailing dots or spaces (Windows drops
 * them).
 */
export function safeFileName(name: string | undefined, fallback: string): string {
  const cleaned = (name ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 150)
    .replace(/[.\s]+$/, '');
  if (cleaned === '') return fallback;
  return WINDOWS_RESERVED.test(cleaned) ? `_${cleaned}` : cleaned;
}

/**
 * The only extensions a saved server file gets, each with the content types
 * that carry it. The extension is the app's decision (the contract's, else
 * the answer's content type); the uploader's file name never chooses it, so
 * a stored "nota.pdf.exe" or "foto.html" cannot land on disk as something
 * the system would run or render.
 */
export const SAVED_FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  // the SCR's Doc 3040 (regulatory XML)
  '.xml': ['application/xml'],
  '.pdf': ['application/pdf'],
  '.xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  '.csv': ['text/csv'],
  // CNAB remittance and return files: plain text; which one is declared by the contract's call.
  '.rem': [],
  '.ret': [],
  '.txt': ['text/plain'],
  '.json': ['application/json'],
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
};

/** '.pdf' etc. from the allow-list, or '' (saved without an extension) when nothing known applies. */
export function savedFileExtension(declared: string, contentType: string | null): string {
  const wanted = declared.trim().toLowerCase();
  if (wanted !== '') {
    const dotted = wanted.startsWith('.') ? wanted : `.${wanted}`;
    return dotted in SAVED_FILE_TYPES ? dotted : '';
  }
  const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (mime === '') return '';
  const found = Object.entries(SAVED_FILE_TYPES).find(([, types]) => types.includes(mime));
  return found ? found[0] : '';
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** 'name.xlsx', else 'name (1).xlsx', 'name (2).xlsx', ... */
export async function freePath(folder: string, base: string, extension: string): Promise<string> {
  for (let i = 0; ; i += 1) {
    const candidate = join(folder, i === 0 ? `${base}${extension}` : `${base} (${i})${extension}`);
    if (!(await exists(candidate))) return candidate;
  }
}

function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
}

interface Target {
  path: string;
  /** chosen in the dialog (the user agreed to replace) or picked by us (must not clobber) */
  chosen: boolean;
}

/** The names banks give return files (retorno), offered first in the open dialog. */
export const RETURN_FILE_EXTENSIONS = ['ret', 'RET', 'txt', 'TXT'] as const;

export function createFilesService(options: FilesServiceOptions): FilesService {
  const now = options.now ?? (() => new Date());
  const exportWorker = exportWorkerPool(options.excelWorker ?? sourceExcelWorker());
  let saved: SavedDownload[] = [];

  function remember(path: string, bytes: number): void {
    const entry: SavedDownload = { id: randomUUID(), name: basename(path), folder: dirname(path), path, bytes, savedAt: now().toISOString() };
    saved = [entry, ...saved.filter((d) => d.path !== path)].slice(0, MAX_DOWNLOADS);
  }

  function folder(): string {
    return options.settings().downloadFolder || options.paths.downloads;
  }

  async function chooseTarget(base: string, extension: string): Promise<Target | null> {
    const settings = options.settings();
    if (settings.askWhereToSave) {
      const chosen = await options.dialogs.chooseSaveFile(join(folder(), `${base}${extension}`), extension);
      if (!chosen) return null;
      // The app decides the extension: one the user typed that differs from it is kept as part of the name.
      const path = extension && extname(chosen).toLowerCase() !== extension ? `${chosen}${extension}` : chosen;
      return { path, chosen: true };
    }
    await mkdir(folder(), { recursive: true });
    return { path: await freePath(folder(), base, extension), chosen: false };
  }

  /** Moves the finished temporary file to its name; re-picks a free name if one appeared meanwhile. */
  async function place(temp: string, target: Target): Promise<string> {
    let final = target.path;
    if (!target.chosen && (await exists(final))) {
      const ext = extname(final);
      final = await freePath(dirname(final), basename(final, ext), ext);
    }
    await rename(temp, final);
    return final;
  }

  function progress(jobId: string, phase: FileProgress['phase'], written: number, total?: number): void {
    options.emitProgress(total === undefined ? { jobId, phase, written } : { jobId, phase, written, total });
  }

  function cancelled(): ApiResult<SavedFile | null> {
    return { data: null, error: false, status: 200 };
  }

  return {
    async exportExcel(name, args, rawOptions) {
      const locale = options.settings().locale;
      let jobId = 'export';
      let temp: string | null = null;
      // Set inside the worker's turn below; an export that fails there releases its socket here.
      const reading: { body: Readable | null } = { body: null };
      try {
        const call = resolveCall(name, args, locale);
        if (isFailure(call)) return call;
        const file = call.op.file;
        if (!file || file.kind !== 'excel-export') {
          return failure('invalid-args', locale, { key: 'errors.notExportable' });
        }
        const parsedOptions = exportOptionsSchema.safeParse(rawOptions ?? {});
        if (!parsedOptions.success) return invalidArgs(locale, parsedOptions.error.issues, 'options');
        const opts = parsedOptions.data;
        jobId = opts.jobId ?? randomUUID();
        const titleFromContract = translate('pt-BR', file.title);
        const title = opts.title ?? (titleFromContract !== file.title ? titleFromContract : DEFAULT_EXPORT_TITLE);
        const base = safeFileName(opts.fileName, DEFAULT_EXPORT_FILE_NAME);

        const target = await chooseTarget(base, EXPORT_EXTENSION);
        if (!target) return cancelled();

        progress(jobId, 'fetching', 0);
        temp = tempPathFor(target.path);
        const fileTemp = temp;
        // One export at a time in the kept worker (excel-in-worker.ts): a queued export asks the server for its rows
        // only once the worker is free, so no answer waits half-read on its socket.
        const outcome = await exportWorker.run(async (write) => {
          // The answer is read as it arrives and each row written as it is read: a 100,000-row report is never held whole.
          const answer = await options.session.stream(call.name, call.args);
          if (!answer.ok) return { ok: false as const, failure: answer.failure };
          const stream = answer.stream;
          reading.body = stream;
          // The rows are parsed and written in a worker thread with its heap capped (excel-in-worker.ts); the
          // request, the temporary file's name, the rename and the cleanup stay here.
          const written = await write({
            filePath: fileTemp,
            title,
            date: now(),
            columns: file.columns,
            body: stream,
            abortBody: () => stream.destroy(),
            progressEvery: options.progressEvery,
            onProgress: (count, total) => progress(jobId, 'writing', count, total),
          });
          reading.body = null;
          return { ok: true as const, written };
        });
        if (!outcome.ok) {
          temp = null;
          progress(jobId, 'failed', 0);
          return outcome.failure;
        }
        const { written } = outcome;
        const path = await place(fileTemp, target);
        temp = null;
        const bytes = (await stat(path)).size;
        progress(jobId, 'done', written.rows, written.total);
        remember(path, bytes);
        return { data: { path, bytes, rows: written.rows }, error: false, status: 200 };
      } catch (error) {
        reading.body?.destroy();
        if (temp) await unlink(temp).catch(() => undefined);
        progress(jobId, 'failed', 0);
        return failure('server', locale, { key: 'errors.fileWrite', vars: { detail: errorText(error) } });
      }
    },

    async download(name, args, rawOptions) {
      const locale = options.settings().locale;
      let jobId = 'download';
      let temp: string | null = null;
      try {
        const call = resolveCall(name, args, locale);
        if (isFailure(call)) return call;
        const file = call.op.file;
        if (!file || file.kind !== 'download') return failure('invalid-args', locale, { key: 'errors.notExportable' });
        const parsedOptions = downloadOptionsSchema.safeParse(rawOptions ?? {});
        if (!parsedOptions.success) return invalidArgs(locale, parsedOptions.error.issues, 'options');
        const opts = parsedOptions.data;
        jobId = opts.jobId ?? randomUUID();

        progress(jobId, 'fetching', 0);
        const answer = await options.session.stream(call.name, call.args);
        if (!answer.ok) {
          progress(jobId, 'failed', 0);
          return answer.failure;
        }
        // Only the base of the server's name is kept (its extension came from the uploader).
        const serverName = answer.fileName ? basename(answer.fileName.replace(/\\/g, '/')) : '';
        const extension = savedFileExtension(file.extension, answer.contentType);
        const serverBase = serverName ? basename(serverName, extname(serverName)) : '';
        const base = safeFileName(opts.fileName ?? serverBase, 'download');

        const target = await chooseTarget(base, extension);
        if (!target) {
          answer.stream.destroy();
          return cancelled();
        }
        temp = tempPathFor(target.path);
        let written = 0;
        const total = answer.contentLength ?? undefined;
        let lastReport = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            written += chunk.length;
            // Roughly every 256 KiB, so big files show movement without flooding IPC.
            if (written - lastReport >= 256 * 1024) {
              lastReport = written;
              progress(jobId, 'writing', written, total);
            }
            done(null, chunk);
          },
        });
        await pipeline(answer.stream, counter, createWriteStream(temp));
        const path = await place(temp, target);
        temp = null;
        progress(jobId, 'done', written, total);
        remember(path, written);
        return { data: { path, bytes: written }, error: false, status: answer.status };
      } catch (error) {
        if (temp) await unlink(temp).catch(() => undefined);
        progress(jobId, 'failed', 0);
        return failure('server', locale, { key: 'errors.fileWrite', vars: { detail: errorText(error) } });
      }
    },

    async preview(name, args) {
      const locale = options.settings().locale;
      try {
        const call = resolveCall(name, args, locale);
        if (isFailure(call)) return call;
        const file = call.op.file;
        if (!file || file.kind !== 'download') return failure('invalid-args', locale, { key: 'errors.notExportable' });
        const answer = await options.session.stream(call.name, call.args);
        if (!answer.ok) return answer.failure;
        if (answer.contentLength !== null && answer.contentLength > MAX_PREVIEW_BYTES) {
          answer.stream.destroy();
          return failure('validation', locale, { key: 'errors.previewTooBig', vars: { max: Math.round(MAX_PREVIEW_BYTES / (1024 * 1024)) } });
        }
        // Read into memory with the cap enforced as bytes arrive (a missing or wrong length cannot exceed it).
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of answer.stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > MAX_PREVIEW_BYTES) {
            answer.stream.destroy();
            return failure('validation', locale, { key: 'errors.previewTooBig', vars: { max: Math.round(MAX_PREVIEW_BYTES / (1024 * 1024)) } });
          }
          chunks.push(chunk);
        }
        const bytes = new Uint8Array(Buffer.concat(chunks));
        const mime = previewTypeOf(answer.contentType, bytes.subarray(0, 16));
        if (!mime) return failure('validation', locale, { key: 'errors.previewType' });
        return { data: { mime, bytes, size }, error: false, status: answer.status };
      } catch (error) {
        return failure('server', locale, { key: 'errors.previewFailed', vars: { detail: errorText(error) } });
      }
    },

    async openReturnFile() {
      const locale = options.settings().locale;
      let path: string | null;
      try {
        path = (await options.dialogs.chooseOpenFile?.(RETURN_FILE_EXTENSIONS)) ?? null;
      } catch {
        path = null;
      }
      if (path === null) return { data: null, error: false, status: 200 };
      try {
        const info = await stat(path);
        if (!info.isFile()) return failure('invalid-args', locale, { key: 'errors.openFailed', vars: { detail: basename(path) }, field: 'file' });
        if (info.size > MAX_OPEN_FILE_BYTES) {
          return failure('invalid-args', locale, { key: 'errors.openTooBig', vars: { max: Math.floor(MAX_OPEN_FILE_BYTES / 1024) }, field: 'file' });
        }
        // CNAB files are ASCII; latin1 keeps every byte as one character, so the server hashes what the bank sent.
        const text = (await readFile(path)).toString('latin1');
        return { data: { name: basename(path), text, size: info.size }, error: false, status: 200 };
      } catch (error) {
        return failure('invalid-args', locale, { key: 'errors.openFailed', vars: { detail: errorText(error) }, field: 'file' });
      }
    },

    downloads() {
      return saved.map((d) => ({ ...d }));
    },

    async showInFolder(rawId) {
      const locale = options.settings().locale;
      const id = z.string().uuid().safeParse(rawId);
      const entry = id.success ? saved.find((d) => d.id === id.data) : undefined;
      if (!entry) return failure('not-found', locale, { key: 'errors.downloadGone' });
      if (!(await exists(entry.path))) return failure('not-found', locale, { key: 'errors.downloadGone' });
      if (!options.dialogs.showInFolder) return failure('server', locale);
      options.dialogs.showInFolder(entry.path);
      return { data: null, error: false, status: 200 };
    },

    forgetDownloads() {
      saved = [];
    },

    async chooseFolder() {
      try {
        return await options.dialogs.chooseFolder();
      } catch {
        return null;
      }
    },
  };
}
