/**
 * One Excel-export measurement in its own process, so its peak RSS is its
 * own. Modes:
 *   baseline the process and the generated rows only (no workbook)
 *   writer   the files service's writer (src/main/services/excel.ts), 12 columns
 *   exceljs  exceljs's streaming WorkbookWriter alone, same rows and columns
 *   service  the whole files service through createBackofficeMain: HTTP call
 *            to a local fake API answering the users export, rows written to disk
 *   report-worker  the operations report's rows (bench (k2)): the server's
 *            answer saved in the JSON file named by the next argument, read
 *            from disk by this thread and handed to the export's worker thread
 *            as the files service hands it the body (excel-in-worker.ts), which
 *            parses and writes it (the report's 11 columns)
 *   report-exceljs  the same saved answer read as an export answer
 *            (export-rows.ts) in this thread and written by exceljs's
 *            streaming writer alone, the aim's yardstick; neither holds the rows
 *   report-service  the whole main-process path (bench (k2)): createBackofficeMain
 *            signed in to the server at the URL in the next argument, the
 *            operations report exported to disk through the files service and
 *            its worker thread
 * The worker is out/main/excel-worker.js when built (as the app runs it), else
 * the source through tsx; BENCH_EXCEL_WORKER names another script.
 * Prints one JSON line: { mode, rows, seconds, cpuSeconds (the whole process's, worker included), peakRssMB, bytes, worker }.
 */
import { createServer } from 'node:http';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ExportRowsSource } from '../../src/main/services/export-rows';
import { createBackofficeMain } from '../../src/main/services/backoffice';
import { sourceExcelWorker, writeExportInWorker, type ExcelWorkerEntry } from '../../src/main/services/excel-in-worker';
import { operation } from '../../src/shared/contract';
import { OPERATIONS_REPORT_EXCEL_COLUMNS } from '../../src/shared/contract/company-reports';
import { BENCH_COLUMNS_12, benchRow, benchRows } from './rows';
import { MemoryKeychain, TempDialogs } from '../../tests/e2e/harness/ports';

const mode = process.argv[2];
const count = Number(process.argv[3] ?? 100_000);

/** The export's worker script: as the app runs it when built. */
function excelWorker(): { entry: ExcelWorkerEntry; label: string } {
  const named = process.env.BENCH_EXCEL_WORKER;
  if (named) return { entry: { path: resolve(named) }, label: named };
  const built = resolve('out/main/excel-worker.js');
  if (existsSync(built)) return { entry: { path: built }, label: 'out/main/excel-worker.js (built)' };
  return { entry: sourceExcelWorker(), label: 'src/main/services/excel-worker.ts (tsx)' };
}
const worker = excelWorker();

/**
 * This process's own peak: VmHWM (Linux), which starts afresh at exec. maxRSS
 * (getrusage) keeps the high-water mark across exec, so a child spawned by a
 * big process (the bench's, holding the server and 100,000 rows) would report
 * its parent's size; it is used only where /proc is missing.
 */
function peakRssMB(): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Math.round(Number(hwm[1]) / 1024);
  } catch {
    // no /proc: fall through
  }
  // maxRSS is in kilobytes.
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/**
 * exceljs, the in-thread writer and the answer reader are loaded only by the modes that use them: the app's main
 * process loads none of them now (its worker thread does), so the service and worker modes must not carry them.
 */
const exceljs = async () => (await import('exceljs')).default;

async function exceljsAlone(file: string): Promise<void> {
  const ExcelJS = await exceljs();
  const rows = benchRows(count);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const info = workbook.addWorksheet('Informações');
  info.addRow(['Registros', rows.length]).commit();
  info.commit();
  const sheet = workbook.addWorksheet('Dados');
  sheet.columns = BENCH_COLUMNS_12.map((c) => ({ header: c.header, key: c.key, width: 16 }));
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

async function viaWriter(file: string): Promise<void> {
  const { writeExcelFile } = await import('../../src/main/services/excel');
  const rows = benchRows(count);
  await writeExcelFile({ filePath: file, title: 'Bench', date: new Date(), columns: BENCH_COLUMNS_12, rows });
}

/** A local API that knows just enough to sign in and answer the users export with generated rows. */
async function fakeApi(): Promise<{ url: string; close(): void }> {
  const user = {
    id: 1,
    name: 'Bench Admin',
    email: 'bench@demo.local',
    role_id: 3,
    active: true,
    two_factor: false,
    force_senha: false,
    updated_at: new Date().toISOString(),
  };
  const routes = new Map<string, () => unknown>([
    [`POST ${operation('session.login').path}`, () => ({ token: 'bench-token-0123456789abcdef', user, force_senha: false, two_factor: false })],
    [`GET ${operation('session.logged').path}`, () => ({ user })],
    [`GET ${operation('session.me').path}`, () => user],
  ]);
  const exportRoute = `POST ${operation('users.export').path}`;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      if (key === exportRoute) {
        // Streamed so the fake API does not weigh on the measurement more than a real one would.
        res.writeHead(200, { 'content-type': 'application/json' });
        // The count first, as the server puts it (router.ts): the files service then writes rows as they arrive.
        res.write(`{"total":${count},"rows":[`);
        let i = 0;
        const pump = () => {
          let ok = true;
          while (i < count && ok) {
            const r = benchRow(i);
            ok = res.write((i === 0 ? '' : ',') + JSON.stringify({ id: r.id, name: r.name, email: r.email, role_id: 1 + (i % 5), active: r.active, created_at: r.created_at }));
            i += 1;
          }
          if (i < count) res.once('drain', pump);
          else res.end(']}');
        };
        pump();
        return;
      }
      const answer = routes.get(key);
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ? answer() : { message: 'não encontrado' }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function viaService(folder: string): Promise<string> {
  const api = await fakeApi();
  const main = createBackofficeMain({
    keychain: new MemoryKeychain(),
    dialogs: new TempDialogs(folder),
    backend: { resolve: async () => ({ url: api.url, embedded: false }) },
    paths: { userData: join(folder, 'userData'), downloads: folder },
    appVersion: 'bench',
    platform: process.platform,
    excelWorker: worker.entry,
  });
  await main.start();
  const login = await main.handlers.apiCall('session.login', { email: 'bench@demo.local', password: 'x' });
  if (login.error) throw new Error(`fake sign-in failed: ${login.message}`);
  const result = await main.handlers.filesExportExcel('users.export', {}, { fileName: 'bench' });
  api.close();
  if (result.error || !result.data) throw new Error(`export failed: ${result.error ? result.message : 'cancelled'}`);
  return result.data.path;
}

/** The operations report's rows read from the saved answer as the main process reads the server's body. */
async function reportRows(): Promise<ExportRowsSource> {
  const { readExportRows } = await import('../../src/main/services/export-rows');
  return readExportRows(createReadStream(process.argv[3]));
}

async function reportExceljsAlone(file: string, source: ExportRowsSource): Promise<number> {
  const ExcelJS = await exceljs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const info = workbook.addWorksheet('Informações');
  info.addRow(['Registros', source.total]).commit();
  info.commit();
  const sheet = workbook.addWorksheet('Dados');
  sheet.columns = OPERATIONS_REPORT_EXCEL_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 16 }));
  let rows = 0;
  for await (const batch of source.batches) {
    for (const row of batch) sheet.addRow(row).commit();
    rows += batch.length;
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}

async function reportViaService(folder: string): Promise<{ path: string; rows: number }> {
  const main = createBackofficeMain({
    keychain: new MemoryKeychain(),
    dialogs: new TempDialogs(folder),
    backend: { resolve: async () => ({ url: process.argv[3], embedded: false }) },
    paths: { userData: join(folder, 'userData'), downloads: folder },
    appVersion: 'bench',
    platform: process.platform,
    excelWorker: worker.entry,
  });
  await main.start();
  const login = await main.handlers.apiCall('session.login', { email: 'superadmin@demo.local', password: 'Senha123' });
  if (login.error) throw new Error(`sign-in failed: ${login.message}`);
  const result = await main.handlers.filesExportExcel('report.operationsExcel', { filter: {} }, { fileName: 'bench-report' });
  await main.dispose();
  if (result.error || !result.data) throw new Error(`export failed: ${result.error ? result.message : 'cancelled'}`);
  return { path: result.data.path, rows: result.data.rows ?? 0 };
}

const folder = await mkdtemp(join(tmpdir(), 'backoffice-bench-'));
try {
  let file = join(folder, `${mode}.xlsx`);
  let rows = count;
  const started = performance.now();
  if (mode === 'baseline') {
    // Same process, same rows in memory, nothing written: what the others cost on top.
    const rows = benchRows(count);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, String(rows.length));
  } else if (mode === 'exceljs') await exceljsAlone(file);
  else if (mode === 'writer') await viaWriter(file);
  else if (mode === 'service') file = await viaService(folder);
  else if (mode === 'report-worker') {
    const body = createReadStream(process.argv[3]);
    rows = (
      await writeExportInWorker({ entry: worker.entry, filePath: file, title: 'Relatório de operações', date: new Date(), columns: OPERATIONS_REPORT_EXCEL_COLUMNS, body, abortBody: () => body.destroy() })
    ).rows;
  } else if (mode === 'report-exceljs') rows = await reportExceljsAlone(file, await reportRows());
  else if (mode === 'report-service') ({ path: file, rows } = await reportViaService(folder));
  else throw new Error(`unknown mode ${mode}`);
  const seconds = (performance.now() - started) / 1000;
  const { size } = await stat(file);
  console.log(JSON.stringify({ mode, rows, seconds: Number(seconds.toFixed(2)), cpuSeconds: Number(((process.cpuUsage().user + process.cpuUsage().system) / 1e6).toFixed(2)), peakRssMB: peakRssMB(), bytes: size, worker: worker.label }));
} finally {
  await rm(folder, { recursive: true, force: true });
}
