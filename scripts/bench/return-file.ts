/**
 * Return file speed (bench (p)): an Itaú CNAB 240 return file of 10,000 lines
 * (4,998 titles, segments T and U, between the headers and trailers), every
 * title a settlement (06) of a slip the company issued, previewed
 * (cnabReturn.preview: read, checked, each line matched to its slip) and then
 * settled (cnabReturn.settle: each paid line a payment of its installment
 * with the fee posted, the file and its lines stored, in one transaction),
 * through the server (PGlite, demo seed) over HTTP as the app sends it. Aim:
 * preview and settle under 5 s together.
 *
 * The titles are spread the way a real file spreads them: two installments of
 * each operation (the first two of a twelve-installment schedule), so 10,000
 * lines name 2,499 operations of as many borrowers, added by SQL beside the
 * demo seed, each with its disbursement and its slips on the Itaú account.
 * (The first version put every title on one operation, so each payment
 * locked and read the same operation: a queue no bank file makes.)
 *
 * The machine's load average is printed beside the figures: on the shared
 * 2-core machine the same run takes several times longer at load 10.
 *
 * Run alone: `npx tsx scripts/bench/return-file.ts` (BENCH_RETURN_LINES).
 * BENCH_CPU_PROFILE=file.cpuprofile writes a CPU profile of the timed part
 * only (preview and settle; the server is in this process), for Chrome
 * DevTools or speedscope; BENCH_SQL_TIMES=1 prints each phase's SQL statements
 * with their wall and CPU time, BENCH_SQL_EXPLAIN=<regexp> their plans
 * (sql-times.ts). A two-line preview before the timer loads the handlers'
 * modules (tsx compiles them here; the built app has them compiled).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { startCpuProfile } from './cpu-profile';
import { startSqlTimes } from './sql-times';
import { insertDisbursedOperations, insertSlips } from './disbursed-operations';

const LINES = Number(process.env.BENCH_RETURN_LINES ?? 10_000);
const AIM_MS = 5000;
/** Installments a return file pays per operation (a month's installment, now and then a late one with it). */
const TITLES_PER_OPERATION = 2;
const PAID_ON = '2026-01-20';

const BORROWERS_SQL = `
INSERT INTO borrowers (person_type, name, document, city, state)
SELECT 'PF', 'Pagador Retorno ' || g, lpad((700000000 + g)::text, 11, '0'), 'Recife', 'PE'
  FROM generate_series(1, $1::int) g
RETURNING id`;





const load = () => `load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;

export async function returnFileFigure(): Promise<void> {
  const titles = Math.floor((LINES - 4) / 2);
  const operations = Math.ceil(titles / TITLES_PER_OPERATION);
  console.log(
    `\n(p) CNAB 240 return file of ${LINES.toLocaleString('pt-BR')} lines (${titles.toLocaleString('pt-BR')} settlements over ${operations.toLocaleString('pt-BR')} operations) previewed and settled through the server`,
  );
  const { startTestServer } = await import('../../tests/helpers/server');
  const { directCall, directSignIn } = await import('../../tests/e2e/harness/direct-api');
  const { itauReturnFile } = await import('../../tests/helpers/cnab-return-file');
  const server = await startTestServer({ seed: 'demo', today: PAID_ON });
  try {
    const [account] = await server.database.rows<{ id: number; agency: string; account: string; account_digit: string }>(
      "SELECT id, agency, account, account_digit FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' AND active ORDER BY id LIMIT 1",
    );
    if (!account) throw new Error('the demo seed has no Itaú account');
    const borrowers = (await server.database.rows<{ id: number }>(BORROWERS_SQL, [operations])).map((r) => r.id);
    const operationIds = await insertDisbursedOperations(server.database, borrowers);
    const slips = await insertSlips(server.database, { operationIds, accountId: account.id, issuedBefore: PAID_ON, limit: titles, perOperation: TITLES_PER_OPERATION });
    await server.database.rows('ANALYZE');
    const content = itauReturnFile(
      { agency: account.agency, account: account.account, accountDac: account.account_digit ?? '0', companyDocument: '27185642000169' },
      slips.map((s) => ({ movement: '06', nossoNumero: s.sequence.padStart(8, '0'), amount: s.amount, paid: s.amount, fee: '1.90', occurredOn: PAID_ON, creditedOn: PAID_ON })),
      { generatedOn: PAID_ON, fileSequence: 77 },
    );
    const lines = content.split('\r\n').filter((l) => l !== '').length;
    const token = await directSignIn(server.url, 'operador@demo.local', 'Senha123');
    const args = { bankCode: '341', file_name: 'RET341BENCH.ret', content };

    // One warm-up preview of two lines (writes nothing): the first call loads the handlers' modules, which tsx compiles
    // here and the built app has compiled (about 0.9 s of CPU that the timed preview counted until stop 41).
    const warmUp = itauReturnFile(
      { agency: account.agency, account: account.account, accountDac: account.account_digit ?? '0', companyDocument: '27185642000169' },
      slips.slice(0, 2).map((s) => ({ movement: '06', nossoNumero: s.sequence.padStart(8, '0'), amount: s.amount, paid: s.amount, fee: '1.90', occurredOn: PAID_ON, creditedOn: PAID_ON })),
      { generatedOn: PAID_ON, fileSequence: 76 },
    );
    const warm = await directCall(server.url, 'cnabReturn.preview', { ...args, content: warmUp }, token);
    if (warm.status !== 200) throw new Error(`warm-up preview: ${warm.status}`);

    const loadBefore = load();
    // The server and PGlite run in this process: its CPU time is the figure a busy machine inflates least.
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const stopProfile = await startCpuProfile();
    let stopSqlTimes = startSqlTimes('preview');
    let cpu = process.cpuUsage();
    let start = performance.now();
    const preview = await directCall<{ lines: Array<{ installment_id: number | null }> }>(server.url, 'cnabReturn.preview', args, token);
    const previewMs = performance.now() - start;
    const previewCpu = cpuMs(cpu);
    stopSqlTimes();
    stopSqlTimes = startSqlTimes('settle');
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(preview.body).slice(0, 300)}`);
    const matched = preview.body.lines.filter((l) => l.installment_id !== null).length;

    cpu = process.cpuUsage();
    start = performance.now();
    const settled = await directCall<{ totals: { settled_count: number } }>(server.url, 'cnabReturn.settle', { ...args, idempotency_key: `bench-return-${randomBytes(8).toString('hex')}` }, token);
    const settleMs = performance.now() - start;
    const settleCpu = cpuMs(cpu);
    await stopProfile();
    stopSqlTimes();
    if (settled.status !== 200) throw new Error(`settle: ${settled.status} ${JSON.stringify(settled.body).slice(0, 300)}`);
    const total = previewMs + settleMs;
    console.log(
      `return file of ${lines} lines (${(content.length / 2 ** 20).toFixed(1)} MiB, ${matched} titles matched on ${operationIds.length} operations): preview ${previewMs.toFixed(0)} ms, ` +
        `settle ${settleMs.toFixed(0)} ms (${settled.body.totals.settled_count} payments) — together ${total.toFixed(0)} ms, aim under ${AIM_MS} ms ${total < AIM_MS ? 'OK' : 'MISSED'}` +
        ` [${loadBefore} before, ${load()} after; CPU of this process: preview ${previewCpu.toFixed(0)} ms, settle ${settleCpu.toFixed(0)} ms]`,
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await returnFileFigure();
