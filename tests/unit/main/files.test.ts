import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { wallClock } from '../../../src/main/services/excel';
import { createFilesService, safeFileName, savedFileExtension } from '../../../src/main/services/files';
import { createSessionService, type SessionService } from '../../../src/main/services/session';
import { createHttpClient } from '../../../src/main/services/http';
import { defaultSettings } from '../../../src/main/services/settings';
import type { DialogPort } from '../../../src/main/services/ports';
import type { ExcelWorkerEntry } from '../../../src/main/services/excel-in-worker';
import type { FileProgress, Settings } from '../../../src/shared/bridge';
import type { ApiResult } from '../../../src/shared/result';
import { memoryKeychain, sendJson, startLocalServer, tempDir } from './helpers';

type Row = Record<string, string | number | boolean | null>;

const FILE_KEY = 'Zk3q9Xw2LmN8pR4tV6yB1c';

function rowsOf(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Pessoa ${i + 1}`,
    email: `p${i + 1}@demo.local`,
    role_id: [1, 3, 4, 5][i % 4],
    active: i % 2 === 0,
    created_at: '2024-03-15T12:30:00.000Z',
  }));
}

/** A session answering the export call with the given rows (the body as the server sends it, count first). */
function exportSession(rows: Row[] | (() => ApiResult<unknown>)) {
  const calls: string[] = [];
  const session = {
    stream: async (name: string) => {
      calls.push(name);
      if (typeof rows === 'function') {
        const answer = rows();
        if (answer.error) return { ok: false, failure: answer };
        throw new Error('a failure only');
      }
      const body = JSON.stringify({ total: rows.length, rows });
      return { ok: true, status: 200, stream: Readable.from([Buffer.from(body)]), contentType: 'application/json', contentLength: body.length, fileName: null };
    },
  } as unknown as SessionService; // files only uses stream() for exports
  return { session, calls };
}

let downloads: { path: string; remove(): Promise<void> };
let settings: Settings;
let progress: FileProgress[];
/** Waiters for a phase's first event: a test waits for the event itself, never on a clock (a busy machine is slow, not wrong). */
let phaseWaiters: { phase: FileProgress['phase']; resolve(): void }[];
function progressReached(phase: FileProgress['phase']): Promise<void> {
  if (progress.some((e) => e.phase === phase)) return Promise.resolve();
  return new Promise((resolve) => phaseWaiters.push({ phase, resolve }));
}
function recordProgress(p: FileProgress): void {
  progress.push(p);
  for (const w of phaseWaiters.filter((w) => w.phase === p.phase)) w.resolve();
  phaseWaiters = phaseWaiters.filter((w) => w.phase !== p.phase);
}
beforeEach(async () => {
  downloads = await tempDir('backoffice-downloads-');
  settings = { ...defaultSettings(), askWhereToSave: false };
  progress = [];
  phaseWaiters = [];
});
afterEach(() => downloads.remove());

const noDialogs: DialogPort = { chooseSaveFile: async () => null, chooseFolder: async () => null };

function files(session: SessionService, dialogs: DialogPort = noDialogs, excelWorker?: ExcelWorkerEntry) {
  return createFilesService({
    session,
    dialogs,
    excelWorker,
    paths: { userData: downloads.path, downloads: downloads.path },
    settings: () => settings,
    emitProgress: recordProgress,
    progressEvery: 10,
    now: () => new Date('2024-06-30T15:00:00.000Z'),
  });
}

async function readBack(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

describe('Excel export', () => {
  it('writes an info sheet and a data sheet with Portuguese titles and typed values', async () => {
    const { session } = exportSession(rowsOf(25));
    const result = await files(session).exportExcel('users.export', {}, { jobId: 'job-1' });
    expect(result.error).toBe(false);
    if (result.error || !result.data) throw new Error('no file');
    expect(result.data.path).toBe(join(downloads.path, 'list_exported.xlsx'));
    expect(result.data.rows).toBe(25);
    expect(result.data.bytes).toBeGreaterThan(1000);

    const book = await readBack(result.data.path);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Informações', 'Dados']);
    const info = book.getWorksheet('Informações')!;
    expect(info.getRow(1).values).toEqual([undefined, 'Quantidade de registros', 25]);
    // The contract's report title for this call.
    expect(info.getRow(2).values).toEqual([undefined, 'Relatório', 'Usuários do painel']);
    expect(info.getCell('A3').value).toBe('Data');
    // Excel has no zones: instants are written as the workstation's wall time (excel.ts wallClock).
    expect(info.getCell('B3').value).toEqual(wallClock(new Date('2024-06-30T15:00:00.000Z')));
    expect(info.getCell('B3').numFmt).toBe('DD/MM/YYYY');

    const data = book.getWorksheet('Dados')!;
    expect(data.getRow(1).values).toEqual([undefined, 'ID', 'Nome', 'E-mail', 'Perfil', 'Ativo', 'Criado em']);
    expect(data.actualRowCount).toBe(26);
    expect(data.getRow(2).values).toEqual([
      undefined,
      1,
      'Pessoa 1',
      'p1@demo.local',
      'Administrador',
      'Sim',
      wallClock(new Date('2024-03-15T12:30:00.000Z')),
    ]);
    expect(data.getCell('E3').value).toBe('Não');
    expect(data.getCell('D3').value).toBe('Super Administrador');
    expect(data.getCell('F2').numFmt).toBe('DD/MM/YYYY HH:mm');

    // No temporary file left beside it.
    expect(await readdir(downloads.path)).toEqual(['list_exported.xlsx']);
    // Progress: fetching, writing every 10 rows, done.
    expect(progress.map((p) => [p.phase, p.written])).toEqual([
      ['fetching', 0],
      ['writing', 10],
      ['writing', 20],
      ['writing', 25],
      ['done', 25],
    ]);
    expect(progress.every((p) => p.jobId === 'job-1')).toBe(true);
  });

  it('an empty list still gives a valid workbook with the header row', async () => {
    const { session } = exportSession([]);
    const result = await files(session).exportExcel('users.export', {}, { title: 'Relatório vazio', fileName: 'vazio' });
    if (result.error || !result.data) throw new Error('no file');
    expect(result.data.rows).toBe(0);
    const book = await readBack(result.data.path);
    expect(book.getWorksheet('Informações')!.getCell('B1').value).toBe(0);
    expect(book.getWorksheet('Informações')!.getCell('B2').value).toBe('Relatório vazio');
    expect(book.getWorksheet('Dados')!.actualRowCount).toBe(1);
    expect(result.data.path).toBe(join(downloads.path, 'vazio.xlsx'));
  });

  it('never overwrites in the download folder', async () => {
    await writeFile(join(downloads.path, 'list_exported.xlsx'), 'someone else');
    const { session } = exportSession(rowsOf(1));
    const service = files(session);
    const first = await service.exportExcel('users.export', {}, {});
    const second = await service.exportExcel('users.export', {}, {});
    expect(first.data?.path).toBe(join(downloads.path, 'list_exported (1).xlsx'));
    expect(second.data?.path).toBe(join(downloads.path, 'list_exported (2).xlsx'));
  });

  it('asks where to save when the setting says so; cancelling is a quiet success with no file', async () => {
    settings = { ...settings, askWhereToSave: true };
    const asked: Array<[string, string]> = [];
    const { session, calls } = exportSession(rowsOf(3));
    const chosen = join(downloads.path, 'escolhido');
    let answer: string | null = null;
    const service = files(session, {
      chooseSaveFile: async (defaultPath: string, extension: string) => {
        asked.push([defaultPath, extension]);
        return answer;
      },
      chooseFolder: async () => null,
    });
    expect(await service.exportExcel('users.export', {}, {})).toEqual({ data: null, error: false, status: 200 });
    expect(calls).toEqual([]); // nothing fetched for a cancelled export
    expect(asked[0]).toEqual([join(downloads.path, 'list_exported.xlsx'), '.xlsx']);

    answer = chosen;
    const saved = await service.exportExcel('users.export', {}, {});
    expect(saved.data?.path).toBe(`${chosen}.xlsx`);
    expect((await readBack(`${chosen}.xlsx`)).getWorksheet('Dados')!.actualRowCount).toBe(4);
  });

  it('server failures come back as they are and write nothing', async () => {
    const { session } = exportSession(() => ({ data: null, error: true, status: 403, code: 'forbidden', message: 'Sem permissão' }));
    const result = await files(session).exportExcel('users.export', {}, { jobId: 'j' });
    expect(result).toMatchObject({ error: true, code: 'forbidden', message: 'Sem permissão' });
    expect(await readdir(downloads.path)).toEqual([]);
    expect(progress.at(-1)).toMatchObject({ jobId: 'j', phase: 'failed' });
  });

  it('refuses calls that are not exports and malformed options', async () => {
    const { session } = exportSession(rowsOf(1));
    const service = files(session);
    expect(await service.exportExcel('users.admins', {}, {})).toMatchObject({ code: 'invalid-args' });
    expect(await service.exportExcel('nope', {}, {})).toMatchObject({ code: 'unknown-operation' });
    expect(await service.exportExcel('users.export', {}, { fileName: 42 })).toMatchObject({
      code: 'invalid-args',
      field: 'options.fileName',
    });
    expect(await service.exportExcel('users.export', {}, { evil: true })).toMatchObject({ code: 'invalid-args' });
  });

  it('file names cannot escape the folder', async () => {
    const { session } = exportSession(rowsOf(1));
    const result = await files(session).exportExcel('users.export', {}, { fileName: '../../etc/passwd' });
    expect(result.data?.path.startsWith(downloads.path)).toBe(true);
    expect(await readdir(downloads.path)).toHaveLength(1);
  });

  it('a folder that cannot be written gives a clear failure and leaves no temporary file', async () => {
    settings = { ...settings, downloadFolder: join(downloads.path, 'file-not-folder') };
    await writeFile(settings.downloadFolder, 'x');
    const { session } = exportSession(rowsOf(5));
    const result = await files(session).exportExcel('users.export', {}, {});
    expect(result).toMatchObject({ error: true });
    expect(result.error && result.message).toMatch(/^Não foi possível gravar o arquivo/);
    expect(await readdir(downloads.path)).toEqual(['file-not-folder']);
  });
});

describe('Excel export read as it arrives', () => {
  it('writes rows while the server is still sending them, and the workbook is the same', async () => {
    // A backend that sends the answer page by page and holds the last page back until the app has written rows.
    // More rows than the writer sizes its columns on (2,000), so rows go out before the answer ends.
    const rows = rowsOf(2500);
    const pages = Array.from({ length: 5 }, (_, p) => rows.slice(p * 500, p * 500 + 500));
    let wroteBeforeLastPage: boolean | null = null;
    const server = await startLocalServer((req, res) => {
      if (req.url === '/api/login/') return sendJson(res, 200, { token: 't1', force_senha: false, two_factor: false, user: {
        id: 1, name: 'Ana', email: 'a@demo.local', role_id: 1, active: true, two_factor: false, force_senha: false, updated_at: 'x' } });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"total":${rows.length},"rows":[`);
      void (async () => {
        for (const [p, page] of pages.entries()) {
          if (p === pages.length - 1) {
            // Written rows show as 'writing' progress. A service that waited for the whole body would never write
            // before this page: the test then fails at the suite's timeout, the only limit (no clock of its own).
            await progressReached('writing');
            wroteBeforeLastPage = true;
          }
          // Cut mid-row as a socket would.
          const text = (p === 0 ? '' : ',') + page.map((r) => JSON.stringify(r)).join(',');
          res.write(text.slice(0, 7));
          await new Promise((ok) => setTimeout(ok, 5));
          res.write(text.slice(7));
        }
        res.end(']}');
      })();
    });
    try {
      const session = createSessionService({ http: createHttpClient(), keychain: memoryKeychain(), context: async () => ({ baseUrl: server.url, locale: 'pt-BR' }) });
      await session.call('session.login', { email: 'a@demo.local', password: 'x' });
      const result = await files(session).exportExcel('users.export', {}, { jobId: 'paged' });
      if (result.error || !result.data) throw new Error('no file');
      expect(wroteBeforeLastPage).toBe(true);
      expect(result.data.rows).toBe(2500);
      // The count is known before the rows: every progress event carries it.
      expect(progress.filter((p) => p.phase === 'writing').every((p) => p.total === 2500)).toBe(true);
      expect(progress.at(-1)).toEqual({ jobId: 'paged', phase: 'done', written: 2500, total: 2500 });
      const book = await readBack(result.data.path);
      expect(book.getWorksheet('Informações')!.getCell('B1').value).toBe(2500);
      const data = book.getWorksheet('Dados')!;
      expect(data.actualRowCount).toBe(2501);
      expect(data.getRow(2501).values).toEqual([undefined, 2500, 'Pessoa 2500', 'p2500@demo.local', 'Operador', 'Não', wallClock(new Date('2024-03-15T12:30:00.000Z'))]);
    } finally {
      await server.close();
    }
  });

  it('an answer cut short or with a wrong count writes no file', async () => {
    for (const body of ['{"total":3,"rows":[{"id":1},{"id":2}]}', '{"total":1,"rows":[{"id":1}', '{"total":2,"rows":[{"id":1},{"id":2},{"id":3}]}']) {
      const session = {
        stream: async () => ({ ok: true, status: 200, stream: Readable.from([Buffer.from(body)]), contentType: 'application/json', contentLength: null, fileName: null }),
      } as unknown as SessionService;
      const result = await files(session).exportExcel('users.export', {}, {});
      expect(result).toMatchObject({ error: true });
      expect(await readdir(downloads.path)).toEqual([]);
    }
  });
});

describe('Excel export written in its worker thread: a failure leaves no file', () => {
  /** A stand-in for excel-worker.ts: writes part of the workbook when the export's job arrives, then does `then`. */
  async function failingWorker(then: string): Promise<{ entry: ExcelWorkerEntry; remove(): Promise<void> }> {
    const folder = await tempDir('backoffice-worker-');
    const path = join(folder.path, 'worker.mjs');
    await writeFile(
      path,
      `import { parentPort } from 'node:worker_threads';
       import { writeFileSync } from 'node:fs';
       parentPort.once('message', ({ job }) => { writeFileSync(job.filePath, 'PK part of a workbook'); ${then} });`,
    );
    return { entry: { path }, remove: folder.remove };
  }

  it('the connection cut after rows were written: the failure says so, the temporary file is gone', async () => {
    const rows = rowsOf(2500);
    let partSeen = false;
    const server = await startLocalServer((req, res) => {
      if (req.url === '/api/login/') return sendJson(res, 200, { token: 't1', force_senha: false, two_factor: false, user: {
        id: 1, name: 'Ana', email: 'a@demo.local', role_id: 1, active: true, two_factor: false, force_senha: false, updated_at: 'x' } });
      res.writeHead(200, { 'content-type': 'application/json' });
      // Past the rows the widths are measured on, so the worker has the file open and rows in it.
      res.write(`{"total":${rows.length},"rows":[${rows.slice(0, 2200).map((r) => JSON.stringify(r)).join(',')}`);
      void (async () => {
        // Cut once rows have been written to the temporary file (a service that writes nothing fails at the suite's
        // timeout). The worker opens the file as the export starts; rows are written past the widths'.
        await progressReached('writing');
        partSeen = (await readdir(downloads.path)).some((name) => name.endsWith('.part'));
        res.destroy();
      })();
    });
    try {
      const session = createSessionService({ http: createHttpClient(), keychain: memoryKeychain(), context: async () => ({ baseUrl: server.url, locale: 'pt-BR' }) });
      await session.call('session.login', { email: 'a@demo.local', password: 'x' });
      const result = await files(session).exportExcel('users.export', {}, { jobId: 'cut' });
      expect(partSeen).toBe(true);
      expect(progress.some((e) => e.phase === 'writing')).toBe(true);
      expect(result).toMatchObject({ error: true });
      expect(result.error && result.message).toMatch(/^Não foi possível gravar o arquivo/);
      expect(await readdir(downloads.path)).toEqual([]);
      expect(progress.at(-1)).toEqual({ jobId: 'cut', phase: 'failed', written: 0 });
    } finally {
      await server.close();
    }
  });

  it('the disk full as the worker writes: the message names it, the part written is removed', async () => {
    const worker = await failingWorker(
      `parentPort.postMessage({ type: 'failed', message: 'ENOSPC: no space left on device, write' }); parentPort.close();`,
    );
    try {
      const { session } = exportSession(rowsOf(50));
      const result = await files(session, noDialogs, worker.entry).exportExcel('users.export', {}, { jobId: 'full' });
      expect(result).toMatchObject({ error: true, message: 'Não foi possível gravar o arquivo: ENOSPC: no space left on device, write' });
      expect(await readdir(downloads.path)).toEqual([]);
      expect(progress.at(-1)).toMatchObject({ jobId: 'full', phase: 'failed' });
    } finally {
      await worker.remove();
    }
  });

  it('a worker that dies midway (a crash, its heap limit): the part written is removed and the app goes on', async () => {
    const worker = await failingWorker(`throw new Error('o gravador parou');`);
    try {
      const { session } = exportSession(rowsOf(50));
      const service = files(session, noDialogs, worker.entry);
      const result = await service.exportExcel('users.export', {}, {});
      expect(result).toMatchObject({ error: true, message: 'Não foi possível gravar o arquivo: o gravador parou' });
      expect(await readdir(downloads.path)).toEqual([]);
      // The next export, with the real worker, is written as usual.
      const next = await files(session).exportExcel('users.export', {}, {});
      expect(next.data?.rows).toBe(50);
      expect(await readdir(downloads.path)).toEqual(['list_exported.xlsx']);
    } finally {
      await worker.remove();
    }
  });
});

describe('server file download', () => {
  it('streams the file to disk under the server name, through a temporary file', async () => {
    const payload = Buffer.alloc(600 * 1024, 7);
    const server = await startLocalServer((req, res) => {
      if (req.url === '/api/login/') return sendJson(res, 200, { token: 't1', force_senha: false, two_factor: false, user: {
        id: 1, name: 'Ana', email: 'a@demo.local', role_id: 1, active: true, two_factor: false, force_senha: false, updated_at: 'x' } });
      if (req.headers.authorization !== 'Bearer t1') return sendJson(res, 401, { message: 'não' });
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(payload.length), 'content-disposition': 'attachment; filename="contrato.pdf"' });
      res.end(payload);
    });
    try {
      const session = createSessionService({
        http: createHttpClient(),
        keychain: memoryKeychain(),
        context: async () => ({ baseUrl: server.url, locale: 'pt-BR' }),
      });
      await session.call('session.login', { email: 'a@demo.local', password: 'x' });
      const result = await files(session).download('uploads.get', { key: FILE_KEY, type: 'document' }, { jobId: 'd1' });
      expect(result).toEqual({
        data: { path: join(downloads.path, 'contrato.pdf'), bytes: payload.length },
        error: false,
        status: 200,
      });
      expect(await readdir(downloads.path)).toEqual(['contrato.pdf']);
      expect(progress.map((p) => p.phase)).toEqual(['fetching', 'writing', 'writing', 'done']);
      expect(progress.at(-1)).toEqual({ jobId: 'd1', phase: 'done', written: payload.length, total: payload.length });
    } finally {
      await server.close();
    }
  });
});

/** A session whose file answer carries the given name and content type. */
function fileSession(fileName: string | null, contentType: string | null): SessionService {
  return {
    stream: async () => ({ ok: true, status: 200, stream: Readable.from([Buffer.from('conteúdo')]), contentType, contentLength: null, fileName }),
  } as unknown as SessionService; // files only uses stream() for downloads
}

describe('saved file names: the extension is the app\'s, never the uploader\'s', () => {
  it.each([
    ['nota.pdf.exe', 'application/pdf', 'nota.pdf.pdf'],
    ['foto.html', 'text/html', 'foto'],
    ['rosto.png', 'image/png', 'rosto.png'],
    ['rosto.jpeg', 'image/jpeg', 'rosto.jpg'],
    ['planilha.xlsm', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'planilha.xlsx'],
    ['lista.csv', 'text/csv; charset=utf-8', 'lista.csv'],
    ['..\\..\\Startup\\run.bat', 'text/plain', 'run.txt'],
    ['../../.bashrc', 'text/plain', 'bashrc.txt'],
    ['CON.txt', 'text/plain', '_CON.txt'],
    ['arquivo\u202Egpj.exe', 'application/octet-stream', 'arquivo_gpj'],
  ])('server name %j with %s is saved as %j', async (serverName, contentType, expected) => {
    const result = await files(fileSession(serverName, contentType)).download('uploads.get', { key: FILE_KEY, type: 'document' }, {});
    expect(result).toMatchObject({ error: false, data: { path: join(downloads.path, expected) } });
    expect(await readdir(downloads.path)).toEqual([expected]);
  });

  it('a name typed in the save dialog keeps the app\'s extension', async () => {
    settings = { ...settings, askWhereToSave: true };
    const dialogs: DialogPort = { chooseSaveFile: async () => join(downloads.path, 'meu.html'), chooseFolder: async () => null };
    const result = await files(fileSession('x.pdf', 'application/pdf'), dialogs).download('uploads.get', { key: FILE_KEY, type: 'document' }, {});
    expect(result.data?.path).toBe(join(downloads.path, 'meu.html.pdf'));
  });

  it('the allow-list: pdf, xlsx, csv, CNAB rem/ret/txt, png, jpg; a declared extension outside it gives none', () => {
    expect(savedFileExtension('.rem', 'text/plain')).toBe('.rem');
    expect(savedFileExtension('RET', null)).toBe('.ret');
    expect(savedFileExtension('.exe', 'application/pdf')).toBe('');
    expect(savedFileExtension('', 'image/webp')).toBe('');
    expect(savedFileExtension('', 'image/svg+xml')).toBe('');
    expect(savedFileExtension('', null)).toBe('');
    expect(savedFileExtension('', 'Application/PDF')).toBe('.pdf');
  });

  it('base names lose separators, control characters, reserved device names and edge dots', () => {
    expect(safeFileName('a/b\\c', 'x')).toBe('a_b_c');
    expect(safeFileName('linha\nnova\u0007', 'x')).toBe('linha_nova_');
    expect(safeFileName('nul', 'x')).toBe('_nul');
    expect(safeFileName('LPT1.log', 'x')).toBe('_LPT1.log');
    expect(safeFileName('console', 'x')).toBe('console');
    expect(safeFileName(' ..oculto. . ', 'x')).toBe('oculto');
    expect(safeFileName('...', 'reserva')).toBe('reserva');
  });
});
