/**
 * `npm run bench`: prints the speed figures of docs/performance.md. No assertions:
 * the figures are read by people, compared against the targets printed next
 * to them.
 *   (a) a small list call through the main-process handlers (the path the
 *       bridge takes) against a direct HTTP call with the same token;
 *   (b) Excel export of 100,000 rows: the files service's writer and the whole
 *       files service, against exceljs's streaming writer alone (child
 *       processes, so each peak RSS is its own);
 *   (c) the embedded backend as a process: first start on an empty data
 *       folder, restarts on the same folder, resident memory and its peak,
 *       and where a first start's time and memory go (backend.ts);
 *   (d) logs at 1,000,000 entries (logs.ts); (e) renderer bundle (bundle.ts);
 *   (f) load: 50 concurrent clients on a paged list for 20 s, PGlite and
 *       PostgreSQL (load.ts);
 *   (g) solicitations list at 200,000 rows (solicitations.ts); (h) dashboard
 *       for a year over 200,000 solicitations (dashboard.ts);
 *   (i) 360-plot simulation, (j) CCB PDF of a 360-plot operation, (k)
 *       operations list at 100,000 operations (origination.ts);
 *   (l) a payment through the main-process handlers, (m) expired
 *       installments at 1,000,000 installments and (n) the trial balance over
 *       1,000,000 journal entries, both on PostgreSQL (collections.ts);
 *   (o) a CNAB 240 remittance of 10,000 boletos generated, validated and
 *       written, in a process of its own (remittance.ts);
 *   (o3) the same remittance through the server: overview and generation
 *       over 10,000 pending slips (remittance-server.ts);
 *   (o2) a CNAB 444 assignment remittance of 10,000 installments generated,
 *       validated and written, in a process of its own (assignment-remittance.ts).
 *   (p) a CNAB 240 return file of 10,000 lines previewed and settled through
 *       the server (return-file.ts);
 *   (q) a cession of 1,000 installments end to end through the server, as two
 *       batch cessions of 500 (cession.ts);
 *   (r) 10,000 Pix notices settled through the signed webhook, then 10,000
 *       more with the server killed mid-run and none lost (pix-notices.ts).
 *   (s) the SCR's Doc 3040 of 100,000 operations: check and file streamed to
 *       disk, time and peak RSS (doc3040.ts).
 *   (t) the monthly close of 100,000 operations: the accrual run, the
 *       close's preview and run, time and peak RSS (ledger-close.ts).
 *   (u) a renegotiation agreement over 50 installments simulated by the
 *       domain (renegotiation.ts).
 *   (v) payment reminders chosen and queued for 100,000 open installments,
 *       and the same run again (reminders.ts).
 * `npm run bench -- p q` runs only the figures named (a function printing
 * several, like origination's i, j, k and k2, runs whole); none named, all.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestServer } from '../../tests/helpers/server';
import { createBackofficeMain } from '../../src/main/services/backoffice';
import { MemoryKeychain, TempDialogs, TestBackend } from '../../tests/e2e/harness/ports';
import { directCall } from '../../tests/e2e/harness/direct-api';
import { logsAtAMillion } from './logs';
import { rendererBundle } from './bundle';
import { loadFigure } from './load';
import { dashboardAt200k } from './dashboard';
import { solicitationsAt200k } from './solicitations';
import { originationFigures } from './origination';
import { embeddedBackend } from './backend';
import { carneFigure } from './carne';
import { collectionsFigures } from './collections';
import { remittanceFigure } from './remittance';
import { remittanceServerFigure } from './remittance-server';
import { assignmentRemittanceFigure } from './assignment-remittance';
import { returnFileFigure } from './return-file';
import { cessionFigure } from './cession';
import { pixNoticesFigure } from './pix-notices';
import { doc3040Figure } from './doc3040';
import { ledgerCloseFigure } from './ledger-close';
import { renegotiationFigure } from './renegotiation';
import { remindersFigure } from './reminders';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function listCall(): Promise<void> {
  console.log('\n(a) small list call: users.admins, page of 10');
  const server = await startTestServer({ seed: 'demo' });
  const folder = await mkdtemp(join(tmpdir(), 'backoffice-bench-a-'));
  const keychain = new MemoryKeychain();
  const main = createBackofficeMain({
    keychain,
    dialogs: new TempDialogs(folder),
    backend: new TestBackend(() => server.url),
    paths: { userData: join(folder, 'userData'), downloads: folder },
    appVersion: 'bench',
    platform: process.platform,
  });
  try {
    await main.start();
    const login = await main.handlers.apiCall('session.login', { email: 'superadmin@demo.local', password: 'Senha123' });
    if (login.error) throw new Error(`sign-in failed: ${login.message}`);
    const stored = keychain.values()[0];
    const token = (JSON.parse(stored) as { token: string }).token;
    const args = { page: 1, limit: 10 };
    const viaMain: number[] = [];
    const direct: number[] = [];
    // Warm both paths (JIT, connection pools, query plans) before measuring.
    for (let i = 0; i < 20; i++) {
      await main.handlers.apiCall('users.admins', args);
      await directCall(server.url, 'users.admins', args, token);
    }
    // Interleaved, so drift (GC, CPU frequency) hits both the same.
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      const a = await main.handlers.apiCall('users.admins', args);
      viaMain.push(performance.now() - t);
      if (a.error) throw new Error(`list via main failed: ${a.message}`);
      t = performance.now();
      const b = await directCall(server.url, 'users.admins', args, token);
      direct.push(performance.now() - t);
      if (b.status !== 200) throw new Error(`direct list failed: ${b.status}`);
    }
    const m = median(viaMain);
    const d = median(direct);
    console.log(`    runs: ${RUNS} each, interleaved`);
    console.log(`    handlers → http → server : median ${m.toFixed(2)} ms`);
    console.log(`    direct http → server     : median ${d.toFixed(2)} ms`);
    console.log(`    ratio                    : ${(m / d).toFixed(2)}  (target ≤ 1.3)`);
    console.log('    (the bridge hop itself — IPC in Electron, a Playwright binding in the e2e harness — is not in either figure)');
  } finally {
    await main.dispose();
    await server.close();
    await rm(folder, { recursive: true, force: true });
  }
}

function runChild(args: string[]): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok(out.trim().split('\n').pop() ?? '') : fail(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function excelExport(): Promise<void> {
  console.log(`\n(b) Excel export, ${EXPORT_ROWS.toLocaleString('pt-BR')} rows (each in its own process)`);
  const child = resolve('scripts/bench/excel-child.ts');
  const results: Record<string, { seconds: number; peakRssMB: number; bytes: number }> = {};
  for (const mode of ['baseline', 'exceljs', 'writer', 'service']) {
    results[mode] = JSON.parse(await runChild([child, mode, String(EXPORT_ROWS)]));
  }
  const line = (label: string, r: { seconds: number; peakRssMB: number; bytes: number }) =>
    console.log(`    ${label.padEnd(52)} ${r.seconds.toFixed(2).padStart(6)} s   peak RSS ${String(r.peakRssMB).padStart(4)} MB   ${(r.bytes / 1e6).toFixed(1)} MB file`);
  line('baseline: process + rows in memory, no workbook', results.baseline);
  line('exceljs streaming writer alone, 12 columns', results.exceljs);
  line("files service's writer, 12 columns", results.writer);
  line('whole files service via HTTP (users export, 6 col.)', results.service);
  console.log(`    writer / exceljs time ratio: ${(results.writer.seconds / results.exceljs.seconds).toFixed(2)}  (target ≤ 1.2; peak RSS target < 250 MB)`);
  console.log('    (peak RSS includes the tsx loader and the generated rows held in memory by each process)');
}

const FIGURES: ReadonlyArray<[letters: readonly string[], run: () => Promise<void>]> = [
  [['a'], listCall],
  [['b'], excelExport],
  [['c'], embeddedBackend],
  [['d'], logsAtAMillion],
  [['e'], rendererBundle],
  [['f'], loadFigure],
  [['g'], solicitationsAt200k],
  [['h'], dashboardAt200k],
  [['i', 'j', 'k', 'k2'], originationFigures],
  [['l'], carneFigure],
  [['l', 'm', 'n'], collectionsFigures],
  [['o'], remittanceFigure],
  [['o3'], remittanceServerFigure],
  [['o2'], assignmentRemittanceFigure],
  [['p'], returnFileFigure],
  [['q'], cessionFigure],
  [['r'], pixNoticesFigure],
  [['s'], doc3040Figure],
  [['t'], ledgerCloseFigure],
  [['u'], async () => renegotiationFigure()],
  [['v'], remindersFigure],
];
const named = process.argv.slice(2).map((a) => a.toLowerCase());
const unknown = named.filter((n) => !FIGURES.some(([letters]) => letters.includes(n)));
if (unknown.length > 0) throw new Error(`no bench figure ${unknown.join(', ')}`);

console.log(`Back-office bench — Node ${process.version}, ${process.platform}/${process.arch}`);
for (const [letters, run] of FIGURES) {
  if (named.length === 0 || letters.some((l) => named.includes(l))) await run();
}
