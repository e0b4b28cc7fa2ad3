/**
 * Servicing speed, through the main-process handlers (the path the bridge
 * takes):
 *   (l) a payment of an installment (servicing.pay: operation lock, replay,
 *       journal, activity log, idempotency, answer read back) on PGlite with
 *       the demo seed (aim: median under 30 ms);
 *   (m) the expired-installments list at 1,000,000 installments, pages of 10
 *       (aim: p95 under 100 ms on PostgreSQL);
 *   (n) the trial balance over 1,000,000 journal entries (aim: under 200 ms).
 * (m) and (n) fill one PostgreSQL database with INSERT … SELECT
 * generate_series: 20,000 borrowers, 50,000 operations (a tenth not being
 * collected) of 20 installments released over the last three years, the past ones paid on
 * their due date except one in ten; then balanced pairs of journal lines
 * (the deferred balance trigger checks each at commit).
 *
 * PostgreSQL: BENCH_DATABASE_URL, else a throwaway cluster from
 * scripts/pg-cluster.sh, else (m) and (n) are skipped with a note.
 *
 * Run alone: `npx tsx scripts/bench/collections.ts` (BENCH_INSTALLMENT_ROWS,
 * BENCH_JOURNAL_ROWS, BENCH_RUNS).
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { ArgsOf, ResultOf } from '../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { benchMain } from './main-harness';
import { timeRuns } from './logs';
import { postgres } from './load';
import { disbursementsSql } from './disbursed-operations';

const INSTALLMENTS = Number(process.env.BENCH_INSTALLMENT_ROWS ?? 1_000_000);
const JOURNAL = Number(process.env.BENCH_JOURNAL_ROWS ?? 1_000_000);
const PER_OPERATION = 20;
const OPERATION_CHUNK = 10_000;
const JOURNAL_CHUNK = 100_000;

/** Borrowers like a real book's: about two operations and a half each, names of common surnames. */
const BORROWERS_SQL = `
INSERT INTO borrowers (person_type, name, document, city, state)
SELECT 'PF',
       (ARRAY['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Heitor'])[1 + (g % 8)] || ' ' ||
       (ARRAY['Silva','Souza','Oliveira','Pereira','Lima','Gomes','Ribeiro','Almeida','Nogueira'])[1 + ((g / 8) % 9)] || ' ' || g,
       lpad((900000000 + g)::text, 11, '0'), 'Recife', 'PE'
FROM generate_series(1, $1::int) g`;

/** Operations released over the last three years (before the business date $3), a tenth approved but not yet released. */
const OPERATIONS_SQL = `
INSERT INTO credit_operations (borrower_id, status, status_changed_at, product, contract_kind, amortization, requested_amount, principal,
  monthly_rate, installments_count, disbursement_date, first_due_date, finance_iof, fees, fees_total, iof_daily, iof_additional,
  iof_total, iof_rates, cet_monthly, cet_yearly, total_interest, total_payable, released, created_at, updated_at)
SELECT b.ids[1 + (g % array_length(b.ids, 1))],
       CASE WHEN g % 10 = 0 THEN 'approved' ELSE 'disbursed' END,
       now(),
       (ARRAY['working_capital','investment','microcredit'])[1 + (g % 3)],
       CASE WHEN g % 3 = 2 THEN 'MPO' ELSE 'CCB' END,
       'price', x.amount, x.amount, 2.49, ${PER_OPERATION}, x.start, x.start + 30,
       false, '[]'::jsonb, 0, 10, 3.8, 13.8,
       '{"personType":"PF","dailyPercent":"0.0082","additionalPercent":"0.38","legalBasis":"bench"}'::jsonb,
       2.9, 41.0, 500, 1500, x.amount, now(), now()
FROM generate_series($1::int, $2::int) g
CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM borrowers) b
CROSS JOIN LATERAL (SELECT (1000 + (g * 37) % 119000)::numeric(14,2) AS amount, ($3::date - ((g * 7) % 1100))::date AS start) x`;

/** Their schedules: past installments paid on their due date but one in ten; the future ones open. */
const INSTALLMENTS_SQL = `
INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance, paid_on)
SELECT o.id, n, d.due, d.amortization + d.interest, d.interest, d.amortization, 0,
       CASE WHEN o.status = 'disbursed' AND d.due < $3::date AND (o.id * 31 + n) % 10 <> 0 THEN d.due END
FROM credit_operations o
CROSS JOIN generate_series(1, ${PER_OPERATION}) n
CROSS JOIN LATERAL (SELECT (o.first_due_date + (n - 1) * interval '1 month')::date AS due,
                           round(o.principal / ${PER_OPERATION}, 2) AS amortization,
                           round(o.principal / ${PER_OPERATION} * 0.1, 2) AS interest) d
WHERE o.id BETWEEN $1::int AND $2::int`;

const DISBURSEMENTS_SQL = disbursementsSql("status = 'disbursed' AND id BETWEEN $1::int AND $2::int");

/** Balanced pairs: bank against the receivable (and income), dated over three years before $3. */
const JOURNAL_SQL = `
INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, business_date)
SELECT $4::int + g / 2,
       'payment',
       CASE WHEN g % 2 = 0 THEN 'bank' ELSE (ARRAY['loans_receivable','interest_income','late_charge_income'])[1 + (g / 2) % 3] END,
       CASE WHEN g % 2 = 0 THEN 'debit' ELSE 'credit' END,
       (10 + ((g / 2) * 37) % 5000)::numeric(14,2),
       $5::int,
       $3::date - ((g / 2) % 1100)
FROM generate_series($1::int, $2::int) g`;

const line = (label: string, f: { median: number; p95: number }, extra = '') =>
  console.log(`    ${label.padEnd(46)} median ${f.median.toFixed(2).padStart(7)} ms   p95 ${f.p95.toFixed(2).padStart(7)} ms${extra}`);

/** (l) Payments through the main-process handlers, on the demo seed's open installments. */
export async function paymentFigure(): Promise<void> {
  console.log('\n(l) payment of an installment via main handlers, PGlite, demo seed (aim: median < 30 ms)');
  const server = await startTestServer({ seed: 'demo' });
  const bench = await benchMain(() => server.url, 'l');
  try {
    await bench.signIn();
    const today = server.clock.today();
    const open = await server.database.rows<{ id: number; op: number }>(
      `SELECT i.id, i.credit_operation_id AS op FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id
        WHERE o.status = 'disbursed' AND i.paid_on IS NULL AND i.superseded_in IS NULL AND i.payment >= 100
          AND NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = i.id AND s.status IS NOT NULL)
        ORDER BY i.due_date, i.id LIMIT 40`,
    );
    if (open.length === 0) throw new Error('the demo seed has no open installment to pay');
    let n = 0;
    // The server, PGlite and the main process share this process: its CPU time per payment is the figure a busy machine does not inflate.
    const cpuBefore = process.cpuUsage();
    const figure = await timeRuns(async () => {
      const target = open[n++ % open.length];
      const answer = await bench.main.handlers.apiCall('servicing.pay', {
        id: target.op,
        installment: target.id,
        idempotency_key: `bench-${randomUUID()}`,
        amount: '1.00',
        paid_on: today,
        method: 'pix',
      });
      if (answer.error) throw new Error(`servicing.pay failed: ${answer.message}`);
    }, 100);
    const cpu = process.cpuUsage(cpuBefore);
    line(`R$ 1,00 on ${open.length} installments in turn`, figure, `   CPU ${((cpu.user + cpu.system) / 1000 / 110).toFixed(2)} ms/payment`);
  } finally {
    await bench.dispose();
    await server.close();
  }
}

async function fill(server: TestServer): Promise<void> {
  const today = server.clock.today();
  const operations = Math.ceil(INSTALLMENTS / PER_OPERATION);
  const started = performance.now();
  await server.database.rows(BORROWERS_SQL, [Math.ceil(operations / 2.5)]);
  const [{ base }] = await server.database.rows<{ base: number }>('SELECT coalesce(max(id), 0)::int AS base FROM credit_operations');
  for (let from = 1; from <= operations; from += OPERATION_CHUNK) {
    const to = Math.min(operations, from + OPERATION_CHUNK - 1);
    await server.database.rows(OPERATIONS_SQL, [from, to, today]);
  }
  const [{ last }] = await server.database.rows<{ last: number }>('SELECT max(id)::int AS last FROM credit_operations');
  for (let from = base + 1; from <= last; from += OPERATION_CHUNK) {
    const to = Math.min(last, from + OPERATION_CHUNK - 1);
    await server.database.rows(INSTALLMENTS_SQL, [from, to, today]);
    await server.database.rows(DISBURSEMENTS_SQL, [from, to]);
  }
  for (const table of ['credit_operations', 'credit_operation_installments', 'disbursements', 'borrowers']) await server.database.rows(`ANALYZE ${table}`);
  const [{ n, open, overdue }] = await server.database.rows<{ n: number; open: number; overdue: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE paid_on IS NULL)::int AS open,
            count(*) FILTER (WHERE paid_on IS NULL AND due_date < $1::date)::int AS overdue FROM credit_operation_installments`,
    [today],
  );
  console.log(
    `    filled ${n.toLocaleString('pt-BR')} installments (${open.toLocaleString('pt-BR')} unsettled, ${overdue.toLocaleString('pt-BR')} of them past due) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function expiredFigures(server: TestServer, main: Awaited<ReturnType<typeof benchMain>>['main']): Promise<void> {
  console.log(`\n(m) expired installments at ${INSTALLMENTS.toLocaleString('pt-BR')} installments, page of 10 via main handlers, PostgreSQL (aim: p95 < 100 ms)`);
  await fill(server);
  const [{ borrower }] = await server.database.rows<{ borrower: number }>(
    `SELECT o.borrower_id AS borrower FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id
      WHERE i.collecting AND i.paid_on IS NULL AND i.due_date < $1::date ORDER BY i.id DESC LIMIT 1`,
    [server.clock.today()],
  );
  const cases: Array<[string, ArgsOf<'collections.expiredInstallments'>]> = [
    ['most days late first, no filter', { page: 1, limit: 10 }],
    ['band 1–15 days', { page: 1, limit: 10, filter: { band: '1-15' } }],
    ['bands 31–60 and 61–90', { page: 1, limit: 10, filter: { band: ['31-60', '61-90'] } }],
    ['more than 90 days, by value', { page: 1, limit: 10, filter: { band: '90+' }, sort: { field: 'value', order: 'DESC' } }],
    ['product microcredit', { page: 1, limit: 10, filter: { product: 'microcredit' } }],
    ['product microcredit, band 16–30', { page: 1, limit: 10, filter: { product: 'microcredit', band: '16-30' } }],
    ['installment value R$ 500–2.500', { page: 1, limit: 10, filter: { valueStart: '500', valueEnd: '2500' } }],
    ['one borrower', { page: 1, limit: 10, filter: { borrower_id: String(borrower) } }],
    ["borrower name contains 'silva'", { page: 1, limit: 10, filter: { borrower: 'silva' } }],
    ['by value, largest first', { page: 1, limit: 10, sort: { field: 'value', order: 'DESC' } }],
    ['fewest days late first', { page: 1, limit: 10, sort: { field: 'days_late', order: 'ASC' } }],
    ['by borrower name', { page: 1, limit: 10, sort: { field: 'borrower_name', order: 'ASC' } }],
    ['page 100', { page: 100, limit: 10 }],
  ];
  for (const [label, args] of cases) {
    let total = 0;
    let capped = false;
    const figure = await timeRuns(async () => {
      const answer = await main.handlers.apiCall('collections.expiredInstallments', args);
      if (answer.error) throw new Error(`collections.expiredInstallments failed: ${answer.message}`);
      const data = answer.data as ResultOf<'collections.expiredInstallments'>;
      total = data.meta.totalItems;
      capped = data.capped;
    });
    line(label, figure, `   totalItems ${total}${capped ? ' (capped)' : ''}`);
  }
}

async function trialBalanceFigure(server: TestServer, main: Awaited<ReturnType<typeof benchMain>>['main']): Promise<void> {
  console.log(`\n(n) trial balance over ${JOURNAL.toLocaleString('pt-BR')} journal entries via main handlers, PostgreSQL (aim: < 200 ms)`);
  const today = server.clock.today();
  const started = performance.now();
  const [{ op }] = await server.database.rows<{ op: number }>('SELECT min(id)::int AS op FROM credit_operations');
  const [{ base }] = await server.database.rows<{ base: number }>("SELECT (nextval('journal_posting_ids') + 1)::int AS base");
  for (let from = 0; from < JOURNAL; from += JOURNAL_CHUNK) {
    await server.database.rows(JOURNAL_SQL, [from, Math.min(JOURNAL, from + JOURNAL_CHUNK) - 1, today, base, op]);
  }
  await server.database.rows(`SELECT setval('journal_posting_ids', $1::int)`, [base + JOURNAL / 2 + 1]);
  await server.database.rows('ANALYZE journal_entries');
  const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries');
  console.log(`    filled ${n.toLocaleString('pt-BR')} entries in balanced pairs in ${((performance.now() - started) / 1000).toFixed(1)} s (balance trigger on)`);
  let difference = '';
  const figure = await timeRuns(async () => {
    const answer = await main.handlers.apiCall('ledger.trialBalance', {});
    if (answer.error) throw new Error(`ledger.trialBalance failed: ${answer.message}`);
    difference = (answer.data as ResultOf<'ledger.trialBalance'>).difference;
  }, 50);
  line('every entry up to the business date', figure, `   difference ${difference}`);
  const early = await timeRuns(async () => {
    const answer = await main.handlers.apiCall('ledger.trialBalance', { date: `${Number(today.slice(0, 4)) - 2}${today.slice(4)}` });
    if (answer.error) throw new Error(`ledger.trialBalance failed: ${answer.message}`);
  }, 50);
  line('two years back (a third of the entries)', early);
}

export async function collectionsFigures(): Promise<void> {
  await paymentFigure();
  const pg = await postgres();
  if (!pg) {
    console.log('\n(m), (n) skipped: PostgreSQL not installed (apt-get install postgresql) and BENCH_DATABASE_URL not set');
    return;
  }
  const previous = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = pg.url;
  try {
    const server = await startTestServer({ seed: 'demo' });
    const bench = await benchMain(() => server.url, 'm');
    try {
      await bench.signIn();
      await expiredFigures(server, bench.main);
      await trialBalanceFigure(server, bench.main);
    } finally {
      await bench.dispose();
      await server.close();
    }
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
    await pg.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await collectionsFigures();
