/**
 * Origination speed, through the main-process handlers
 * (the path the bridge takes) over a PGlite test server with the demo seed:
 *   (i) a 360-plot simulation (aim: median under 20 ms); and the money math
 *       alone (domain/credit): schedule + IOF + CET of 360 plots (aim: median
 *       under 2 ms) and the financed-IOF gross-up at its worst (aim: under
 *       5 ms);
 *   (j) the CCB PDF of a 360-plot operation, fetched and saved to disk by the
 *       main process (aim: under 1 s);
 *   (k) the operations list at 100,000 operations, filtered and sorted pages
 *       of 10 (aim: p95 under 50 ms);
 *   (k2) the operations report over those operations as Excel (aim: the app's
 *       writer within 1.2× of exceljs's streaming writer alone, under 250 MB).
 *
 * Run alone: `npx tsx scripts/bench/origination.ts` (BENCH_OPERATION_ROWS, BENCH_RUNS, BENCH_K2_NODE_FLAGS: V8 flags for
 * the (k2) children, none by default: the main process as Windows and macOS launch it; the export's worker thread caps
 * its own heap, excel-in-worker.ts).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Decimal from 'decimal.js';
import { addMonths } from '../../src/server/domain/credit/calendar';
import { cetOf } from '../../src/server/domain/credit/cet';
import { grossUpForIof, iofOf, type IofRates } from '../../src/server/domain/credit/iof';
import { buildSchedule, type ScheduleInput } from '../../src/server/domain/credit/schedule';
import { startTestServer } from '../../tests/helpers/server';
import { directCall, directSignIn } from '../../tests/e2e/harness/direct-api';
import type { ArgsOf } from '../../src/shared/contract/index';
import { benchMain } from './main-harness';
import { timeRuns } from './logs';

const ROWS = Number(process.env.BENCH_OPERATION_ROWS ?? 100_000);
const CHUNK = 25_000;

/** Operations spread over the seeded borrowers, statuses and values like real use, one every ten minutes back in time. */
const FILL_SQL = `
INSERT INTO credit_operations (borrower_id, status, status_changed_at, product, contract_kind, amortization, requested_amount, principal,
  monthly_rate, installments_count, disbursement_date, first_due_date, finance_iof, fees, fees_total, iof_daily, iof_additional,
  iof_total, iof_rates, cet_monthly, cet_yearly, total_interest, total_payable, released, created_at, updated_at)
SELECT b.ids[1 + (g % array_length(b.ids, 1))],
       (ARRAY['proposal','analysis','returned','approved','refused','contract_issued','disbursed','disbursed','disbursed','cancelled'])[1 + (g % 10)],
       now() - (g * interval '10 minutes'),
       (ARRAY['working_capital','investment','microcredit'])[1 + (g % 3)],
       CASE WHEN g % 3 = 2 THEN 'MPO' ELSE 'CCB' END,
       'price',
       (1000 + (g * 37) % 119000)::numeric(14,2),
       (1000 + (g * 37) % 119000)::numeric(14,2),
       2.49, (ARRAY[6,12,18,24,36,48])[1 + (g % 6)],
       (now() - (g * interval '10 minutes'))::date + 3, (now() - (g * interval '10 minutes'))::date + 33,
       false, '[]'::jsonb, 0, 10, 3.8, 13.8,
       '{"personType":"PF","dailyPercent":"0.0082","additionalPercent":"0.38","legalBasis":"bench"}'::jsonb,
       2.9, 41.0, 500, 1500, 980,
       now() - (g * interval '10 minutes'), now() - (g * interval '10 minutes')
FROM generate_series($1::int, $2::int) g,
     (SELECT array_agg(id ORDER BY id) AS ids FROM borrowers) b`;

/** The 360-plot conditions, released on the server's business date (a release before it is refused). */
const long = (today: string) =>
  ({
    personType: 'PF',
    amortization: 'price',
    principal: '150000.00',
    monthlyRate: '0.99',
    installments: 360,
    disbursementDate: today,
    firstDueDate: addMonths(today, 1),
  }) as const;

const PF_RATES: IofRates = { dailyPercent: '0.0082', additionalPercent: '0.38' };

/** Median and p95 of a synchronous piece of work, in milliseconds. */
function timeSync(work: () => void, runs = 200): { median: number; p95: number } {
  for (let i = 0; i < 20; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    work();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], p95: times[Math.floor(runs * 0.95)] };
}

/** (i) without the server: the money math of domain/credit alone. */
export function moneyMathFigures(): void {
  const line = (label: string, f: { median: number; p95: number }) =>
    console.log(`    ${label.padEnd(44)} median ${f.median.toFixed(2).padStart(7)} ms   p95 ${f.p95.toFixed(2).padStart(7)} ms`);
  console.log('\n(i) the money math alone (domain/credit), 360 plots (aims: schedule + IOF + CET median < 2 ms; worst gross-up < 5 ms)');
  const input: ScheduleInput = { amortization: 'price', principal: '150000.00', monthlyRatePercent: '0.99', installments: 360, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' };
  const principal = new Decimal(input.principal);
  line('Price: schedule + IOF + CET', timeSync(() => {
    const rows = buildSchedule(input);
    const iof = iofOf(rows, principal, PF_RATES);
    cetOf(principal.minus(iof.total), rows.map((r) => ({ days: r.days, amount: r.payment })));
  }));
  line('SAC: schedule + IOF + CET', timeSync(() => {
    const rows = buildSchedule({ ...input, amortization: 'sac' });
    const iof = iofOf(rows, principal, PF_RATES);
    cetOf(principal.minus(iof.total), rows.map((r) => ({ days: r.days, amount: r.payment })));
  }));
  const rows = buildSchedule(input);
  line('  of which the schedule', timeSync(() => buildSchedule(input)));
  line('  of which the CET', timeSync(() => cetOf('145000.00', rows.map((r) => ({ days: r.days, amount: r.payment })))));
  const { principal: _p, ...conditions } = input;
  // The largest amount the contract takes, 360 plots at 15% with a 60-day first period, and the highest IOF rates.
  const worst = { ...conditions, monthlyRatePercent: '15', firstDueDate: '2026-03-16', released: '999999999999.99' };
  line('gross-up, R$ 10.000,00 in 12 plots', timeSync(() => grossUpForIof({ ...conditions, installments: 12, released: '10000.00' }, PF_RATES)));
  line('gross-up, R$ 999.999.999.999,99, 360 at 15%', timeSync(() => grossUpForIof(worst, { dailyPercent: '0.01118', additionalPercent: '0.95' })));
}

export async function originationFigures(): Promise<void> {
  const server = await startTestServer({ seed: 'demo' });
  const bench = await benchMain(() => server.url, 'i');
  const { main } = bench;
  try {
    // One approval suffices for the bench's R$ 150.000,00 (the second person's rule is tested, not timed, elsewhere).
    await server.database.rows('UPDATE company_parameters SET max_installments = 360, min_installments = 1, max_value = 1000000, second_approval_above = 1000000 WHERE company_id = 1');
    await bench.signIn();
    const today = server.clock.today();

    console.log('\n(i) 360-plot simulation via main handlers (aim: median < 20 ms)');
    const sim = await timeRuns(async () => {
      const answer = await main.handlers.apiCall('creditOperation.simulation', long(today));
      if (answer.error) throw new Error(`simulation failed: ${answer.message}`);
    }, 100);
    console.log(`    Price, R$ 150.000,00, 360 plots             median ${sim.median.toFixed(2).padStart(7)} ms   p95 ${sim.p95.toFixed(2).padStart(7)} ms`);
    moneyMathFigures();

    console.log('\n(j) CCB PDF of a 360-plot operation, fetched and saved by the main process (aim: < 1 s)');
    const [{ id: borrowerId }] = await server.database.rows<{ id: number }>('SELECT id FROM borrowers WHERE active ORDER BY id LIMIT 1');
    // A failure here (an origination rule changed under the bench) is printed and the later figures still run.
    try {
      const created = await main.handlers.apiCall('creditOperation.create', {
        borrower_id: borrowerId,
        product: 'working_capital',
        amortization: 'price',
        requested_amount: '150000.00',
        monthly_rate: '0.99',
        installments: 360,
        disbursement_date: today,
        first_due_date: addMonths(today, 1),
        idempotency_key: `bench-${randomUUID()}`,
      });
      if (created.error) throw new Error(`create failed: ${created.message}`);
      const opId = (created.data as { id: number }).id;
      // The analyst's opinion is required before approving; versions are read back, not assumed.
      const versionOf = async () => {
        const got = await main.handlers.apiCall('creditOperation.get', { id: opId });
        if (got.error) throw new Error(`get failed: ${got.message}`);
        return (got.data as { version: number }).version;
      };
      const complement = await main.handlers.apiCall('creditOperation.updateComplement', { id: opId, version: await versionOf(), payment_method: 'boleto', analyst_opinion: 'Capacidade de pagamento compatível (bench).' });
      if (complement.error) throw new Error(`complement failed: ${complement.message}`);
      const sent = await main.handlers.apiCall('creditOperation.decision', { id: opId, action: 'send_to_analysis', version: await versionOf() });
      if (sent.error) throw new Error(`send_to_analysis failed: ${sent.message}`);
      // Four eyes: the person who built the operation does not approve it, so a second one (the administrator) does.
      const approver = await directSignIn(server.url, 'admin@demo.local', 'Senha123');
      const approved = await directCall<{ message?: string }>(server.url, 'creditOperation.decision', { id: opId, action: 'approve', version: await versionOf() }, approver);
      if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${approved.body?.message ?? ''}`);
      const issued = await main.handlers.apiCall('creditOperation.issueCcb', { id: opId, idempotency_key: `bench-${randomUUID()}` });
      if (issued.error) throw new Error(`issue failed: ${issued.message}`);
      let size = 0;
      const pdf = await timeRuns(async () => {
        const saved = await main.handlers.filesDownload('creditOperation.ccb', { id: opId }, {});
        if (saved.error) throw new Error(`download failed: ${saved.message}`);
        size = (saved.data as { bytes?: number } | null)?.bytes ?? 0;
      }, 10);
      console.log(`    CCB, 360 plots (${Math.round(size / 1024)} KB)              median ${pdf.median.toFixed(2).padStart(7)} ms   p95 ${pdf.p95.toFixed(2).padStart(7)} ms`);
    } catch (e) {
      console.log(`    not measured: ${(e as Error).message}`);
    }

    console.log(`\n(k) operations list at ${ROWS.toLocaleString('pt-BR')} operations, page of 10 via main handlers (aim: p95 < 50 ms)`);
    const fillStart = performance.now();
    for (let from = 1; from <= ROWS; from += CHUNK) await server.database.rows(FILL_SQL, [from, Math.min(ROWS, from + CHUNK - 1)]);
    await server.database.rows('ANALYZE credit_operations');
    await server.database.rows('ANALYZE borrowers');
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM credit_operations');
    console.log(`    filled ${n.toLocaleString('pt-BR')} operations in ${((performance.now() - fillStart) / 1000).toFixed(1)} s (indexes of migration 0010 in place)`);
    const cases: Array<[string, ArgsOf<'creditOperation.list'>]> = [
      ['newest first, no filter', { page: 1, limit: 10 }],
      ['status analysis, newest first', { page: 1, limit: 10, filter: { status: 'analysis' } }],
      ['approved + contract issued, by value', { page: 1, limit: 10, filter: { status: ['approved', 'contract_issued'] }, sort: { field: 'principal', order: 'DESC' } }],
      ['one borrower', { page: 1, limit: 10, filter: { borrower_id: String(borrowerId) } }],
      ['value 10k–50k, period of a month', { page: 1, limit: 10, filter: { valueStart: '10000', valueEnd: '50000', from: '2026-01-01', to: '2026-01-31' } }],
      ["borrower name contains 'silva'", { page: 1, limit: 10, filter: { borrower: 'silva' } }],
    ];
    for (const [label, args] of cases) {
      let total = 0;
      const figure = await timeRuns(async () => {
        const answer = await main.handlers.apiCall('creditOperation.list', args);
        if (answer.error) throw new Error(`creditOperation.list failed: ${answer.message}`);
        total = (answer.data as { meta: { totalItems: number } }).meta.totalItems;
      });
      console.log(`    ${label.padEnd(44)} median ${figure.median.toFixed(2).padStart(7)} ms   p95 ${figure.p95.toFixed(2).padStart(7)} ms   totalItems ${total}`);
    }
    await operationsReportExcel(main, server.url);
  } finally {
    await bench.dispose();
    await server.close();
  }
}

/** One measurement of excel-child.ts in its own process (its peak RSS is its own): its JSON line. */
function excelChild(args: string[]): Promise<{ seconds: number; cpuSeconds: number; peakRssMB: number; bytes: number; rows: number; worker: string }> {
  return new Promise((ok, fail) => {
    // No V8 flag: the main process as a launcher that passes none starts it (Windows, macOS, an AppImage opened
    // directly); the export's worker thread caps its own heap (excel-in-worker.ts). BENCH_K2_NODE_FLAGS adds some
    // (e.g. --max-semi-space-size=8, the Linux desktop entry's) for comparison.
    const flags = (process.env.BENCH_K2_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', resolve('scripts/bench/excel-child.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok(JSON.parse(out.trim().split('\n').pop() ?? '{}')) : fail(new Error(`excel-child ${args[0]} exited with ${code}`))));
  });
}

/**
 * (k2) The operations report at the (k) size as Excel: the whole path through
 * the main process timed here (the server in this process), then in child
 * processes so each peak RSS is its own: the main process's whole path against
 * this server (rows read from the answer as it arrives, written as read), and
 * the writing alone on the saved answer read the same way: the app's writer
 * against exceljs's streaming writer alone (the aim's yardstick, same 11
 * columns).
 */
async function operationsReportExcel(main: Awaited<ReturnType<typeof benchMain>>['main'], serverUrl: string): Promise<void> {
  console.log("\n(k2) operations report as Excel at the (k) size (aim: app's writer within 1.2× of exceljs's streaming writer alone; peak RSS < 250 MB)");
  const folder = await mkdtemp(join(tmpdir(), 'bench-report-'));
  try {
    let start = performance.now();
    const saved = await main.handlers.filesExportExcel('report.operationsExcel', { filter: {} }, {});
    if (saved.error) throw new Error(`operations report export failed: ${saved.message}`);
    const whole = (performance.now() - start) / 1000;
    start = performance.now();
    const answer = await main.handlers.apiCall('report.operationsExcel', { filter: {} });
    if (answer.error) throw new Error(`operations report rows failed: ${answer.message}`);
    const fetched = (performance.now() - start) / 1000;
    const rowsFile = join(folder, 'answer.json');
    const rows = (answer.data as { rows: unknown[] }).rows;
    await writeFile(rowsFile, JSON.stringify({ total: rows.length, rows }));

    // The same child with an empty answer: what the process and its modules (and the tsx loader) weigh before any row.
    const emptyFile = join(folder, 'empty.json');
    await writeFile(emptyFile, JSON.stringify({ total: 0, rows: [] }));
    const baseline = await excelChild(['report-worker', emptyFile]);
    const service = await excelChild(['report-service', serverUrl]);
    const app = await excelChild(['report-worker', rowsFile]);
    const alone = await excelChild(['report-exceljs', rowsFile]);
    const line = (label: string, r: { seconds: number; cpuSeconds: number; peakRssMB: number; bytes: number }) =>
      console.log(`    ${label.padEnd(52)} ${r.seconds.toFixed(2).padStart(6)} s   (process CPU ${r.cpuSeconds.toFixed(1)} s)   peak RSS ${String(r.peakRssMB).padStart(4)} MB   ${(r.bytes / 1e6).toFixed(1)} MB file`);
    console.log(`    rows: ${app.rows.toLocaleString('pt-BR')} (at most OPERATIONS_REPORT_EXPORT_MAX); worker ${app.worker}; children's V8 flags: ${process.env.BENCH_K2_NODE_FLAGS || 'none'}`);
    console.log(`    whole path via main handlers (fetch + write + save) ${whole.toFixed(2).padStart(6)} s   (server in this process)`);
    console.log(`    rows fetched from the server (JSON, parsed whole)    ${fetched.toFixed(2).padStart(6)} s`);
    line('baseline: the worker child, an empty answer', baseline);
    line('main process alone: export read and written as it arrives', service);
    line("files service's worker thread, report's 11 columns", app);
    line('exceljs streaming writer alone, same rows', alone);
    console.log(`    worker / exceljs time ratio: ${(app.seconds / alone.seconds).toFixed(2)}, CPU ratio ${(app.cpuSeconds / alone.cpuSeconds).toFixed(2)}  (target ≤ 1.2; peak RSS target < 250 MB)`);
    console.log(`    peak above the baseline: main process ${service.peakRssMB - baseline.peakRssMB} MB, worker ${app.peakRssMB - baseline.peakRssMB} MB, exceljs alone ${alone.peakRssMB - baseline.peakRssMB} MB`);
    console.log('    (the worker and exceljs read the saved answer as the main process reads the body: neither holds the rows;');
    console.log('     peaks are the whole process, worker thread included, VmHWM; CPU is the process\'s, both threads)');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await originationFigures();
