/**
 * (t) The monthly close at 100,000 operations on PGlite, through the server: the accrual run up to the month's last
 * day (`accrueUpTo`, batches of 2,000 operations), the close's preview (the facts' one statement read by a cursor in
 * pages of whole clients, the positions computed and totalled page by page, nothing written), then the close run (asked by one administrator, approved by another: the
 * facts read again, the positions written, the allowance posted). Prints each one's seconds and the process's peak
 * resident memory while it ran (the server is in this process: PGlite's buffers count) against the aim: under 60 s
 * and 300 MB each. BENCH_SQL_TIMES=1 prints each step's SQL statements by time (sql-times.ts).
 *
 * The fixture, by SQL: `BENCH_CLOSE_OPERATIONS` (default 100,000) individuals with one disbursed operation each (the
 * servicing benches' shape, disbursed 2026-01-05, first due 2026-02-05), the disbursement posted in the journal
 * (loans receivable ← bank), and by the operation's id: 7 in 10 paid every installment due before the month's end
 * on its day, 2 in 10 the first only (26 days late on 03-31: stage 1, Anexo II), 1 in 10 none (54 days: stage 2).
 * The payments are on the installments only (no journal lines), so the balances stay the amounts financed.
 */
import { loadavg } from 'node:os';
import { startCpuProfile } from './cpu-profile';
import { insertDisbursedOperations, insertIndividuals } from './disbursed-operations';
import { peakRss } from './peak-rss';
import { startSqlTimes } from './sql-times';

const OPERATIONS = Number(process.env.BENCH_CLOSE_OPERATIONS ?? 100_000);
const MONTH = '2026-03';
const AS_OF = '2026-03-31';
const TODAY = '2026-04-06';

/** One disbursement posting per operation (two lines each, one statement: every posting balanced in it). */
const JOURNAL_SQL = `
INSERT INTO journal_entries (posting_id, kind, account, side, amount, credit_operation_id, disbursement_id, business_date)
SELECT base.id + o.rn, 'disbursement', l.account, l.side, o.principal, o.id, d.id, o.disbursement_date
  FROM (SELECT id, principal, disbursement_date, row_number() OVER (ORDER BY id) AS rn FROM credit_operations WHERE id = ANY($1::int[])) o
  JOIN disbursements d ON d.credit_operation_id = o.id
 CROSS JOIN (SELECT coalesce(max(posting_id), 0) AS id FROM journal_entries) base
 CROSS JOIN (VALUES ('loans_receivable', 'debit'), ('bank', 'credit')) AS l(account, side)`;

const POSTING_SEQUENCE_SQL = "SELECT setval('journal_posting_ids', (SELECT max(posting_id) FROM journal_entries))";

const PAID_SQL = `
UPDATE credit_operation_installments i SET paid_on = i.due_date
 WHERE i.credit_operation_id = ANY($1::int[]) AND i.due_date < $2::date
   AND (i.credit_operation_id % 10 < 7 OR (i.credit_operation_id % 10 < 9 AND i.number = 1))`;

/** `run`'s seconds (one decimal) and peak RSS. */
async function timed<T>(run: () => Promise<T>): Promise<{ value: T; peakMb: number; beforeMb: number; s: string }> {
  const r = await peakRss(run);
  return { ...r, s: (r.ms / 1000).toFixed(1) };
}

export async function ledgerCloseFigure(): Promise<void> {
  console.log(`\n(t) the monthly close of ${OPERATIONS.toLocaleString('pt-BR')} operations on PGlite: accrual run, preview, close run (aim: each under 60 s and 300 MB)`);
  const { startTestServer } = await import('../../tests/helpers/server');
  const { call, signIn } = await import('../../tests/integration/server/client');
  const server = await startTestServer({ seed: 'demo', today: TODAY });
  try {
    const fixtureStarted = performance.now();
    const borrowers = await insertIndividuals(server.database, OPERATIONS, 'Cliente Fechamento', 200_000_000);
    const ops = await insertDisbursedOperations(server.database, borrowers);
    await server.database.rows(JOURNAL_SQL, [ops]);
    await server.database.rows(POSTING_SEQUENCE_SQL);
    await server.database.rows(PAID_SQL, [ops, AS_OF]);
    await server.database.rows('ANALYZE');
    console.log(`    fixture: ${((performance.now() - fixtureStarted) / 1000).toFixed(1)} s (load ${loadavg().map((n) => n.toFixed(1)).join(' ')})`);
    const admin = await signIn(server, 'admin@demo.local');
    const superadmin = await signIn(server, 'superadmin@demo.local');
    const ok = <T>(label: string, answer: { status: number; body: T }): T => {
      if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };

    const stopProfile = await startCpuProfile();
    let stop = startSqlTimes('accrual run');
    const accrual = await timed(async () => ok('accrual', await call(server, 'ledgerAccrual.run', { date: AS_OF }, admin)));
    stop();
    const a = accrual.value as { operations?: number; amount?: string; stopped?: number };
    console.log(`    accrual run up to ${AS_OF}: ${accrual.s} s, peak RSS ${accrual.peakMb} MB (${accrual.beforeMb} MB before: the in-process PGlite server and its data) — ${JSON.stringify(a)}`);

    stop = startSqlTimes('preview');
    const preview = await timed(async () => ok('preview', await call(server, 'ledger.closePreview', { filter: { month: MONTH } }, admin)));
    stop();
    const totals = (preview.value as { totals: { operations: number; allowance: string; by_stage: Record<string, { operations: number }> } }).totals;
    const stages = Object.entries(totals.by_stage).map(([s, l]) => `${s}: ${l.operations}`).join(', ');
    console.log(`    preview of ${MONTH}: ${preview.s} s, peak RSS ${preview.peakMb} MB (${preview.beforeMb} MB before) — ${totals.operations} operations (stages ${stages}), allowance ${totals.allowance}`);

    stop = startSqlTimes('close run');
    const run = await timed(async () => {
      ok('ask', await call(server, 'ledger.closeAsk', { month: MONTH }, admin));
      const asked = performance.now();
      const close = ok('approve', await call(server, 'ledger.closeDecide', { month: MONTH, approve: true }, superadmin));
      return { close, approveS: ((performance.now() - asked) / 1000).toFixed(1) };
    });
    stop();
    await stopProfile();
    const c = run.value.close as { operations: number; allowance: string };
    console.log(`    close run (ask, then approve: the run): ${run.s} s (approval ${run.value.approveS} s), peak RSS ${run.peakMb} MB (${run.beforeMb} MB before) — ${c.operations} positions written, allowance ${c.allowance}`);
  } finally {
    await server.close();
  }
}
