/**
 * The accrual follows the installment's owner, and a run never posts into a closed month (areas/ledger/README.md
 * "Competence basis"): accrued, then ceded, the ceded installments' accrued interest leaves against the cession's
 * loss (the operation keeps only its own installments' accrual, the books balance) and later runs never accrue on
 * them; a cession undone brings back what it took, and the next run the rest as income; a repurchase brings the
 * installment's accrued interest back against its loss, undone it leaves again; a catch-up run of a day in a month
 * the monthly close closed posts on the first day of the first open month, the closed month's trial balance unchanged,
 * and the status lists the runs with that date. A cession, or prepayments, and a run at once all succeed (one lock order).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, expectBooksBalanced, insertAssigneeAccount, insertBorrower, key, operationBalances, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
let accountId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await server.database.rows("UPDATE company_parameters SET cession_approval_above = 100000 WHERE company_id = 1");
  borrowerId = await insertBorrower(server, 'Ana Competência', '529.982.247-25');
  accountId = await insertAssigneeAccount(server, 'Fundo Competência FIDC');
});
afterAll(() => server?.close());

type Row = { id: number; number: number; due_date: string; interest: string; status: string };

async function accrue(date: string): Promise<Record<string, any>> {
  server.clock.set(date);
  const answer = await call(server, 'ledgerAccrual.run', { date }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, any>;
}

const money = (v: Decimal.Value | undefined) => new Decimal(v ?? 0).toFixed(2);

async function positionOf(opId: number): Promise<string> {
  const [row] = await server.database.rows<{ accrued: string }>('SELECT accrued::text AS accrued FROM interest_accrual_positions WHERE credit_operation_id = $1', [opId]);
  return money(row?.accrued);
}

/** The position equals the signed sum of the operation's interest_accruals rows, and its open receivable. */
async function expectPositionAgrees(opId: number): Promise<void> {
  const [sum] = await server.database.rows<{ s: string }>('SELECT COALESCE(sum(amount), 0)::text AS s FROM interest_accruals WHERE credit_operation_id = $1', [opId]);
  expect(await positionOf(opId)).toBe(money(sum.s));
}

describe('a cession takes the accrued interest of its installments', () => {
  it('accrued, ceded: the ceded share leaves against cession_loss; runs skip them; undone it comes back', async () => {
    const opId = await disbursedOperation(server, tokens, borrowerId);
    const rows = await operationInstallments<Row>(server, tokens.agent, opId);
    await accrue('2026-03-01');
    const before = await operationBalances(server, opId);
    // installment 1 (due 02-15) fully, installment 2 (02-15 → 03-15) in part
    const share2 = new Decimal(before.accrued_interest_receivable).minus(rows[0].interest);
    expect(share2.gt(0)).toBe(true);

    const ceded = await call(
      server,
      'cession.assign',
      { id: opId, idempotency_key: key(), assignment_account_id: accountId, installments: [rows[1].id, rows[2].id], date: '2026-03-01', monthly_rate: '1.5' },
      tokens.operator,
    );
    expect(ceded.status, JSON.stringify(ceded.body)).toBe(200);
    const after = await operationBalances(server, opId);
    expect(after.accrued_interest_receivable).toBe(money(rows[0].interest));
    expect(money(new Decimal(after.cession_loss ?? 0).minus(before.cession_loss ?? 0))).toBe(share2.toFixed(2));
    expect(after.interest_income).toBe(before.interest_income); // earned while the lender's: stays income
    const transfer = await server.database.rows<{ amount: string; accrual_date: string }>(
      "SELECT amount::text AS amount, accrual_date::text AS accrual_date FROM interest_accruals WHERE credit_operation_id = $1 AND kind = 'transfer'",
      [opId],
    );
    expect(transfer).toEqual([{ amount: share2.neg().toFixed(2), accrual_date: '2026-03-01' }]);
    await expectPositionAgrees(opId);
    await expectBooksBalanced(server, tokens.admin);

    // installment 2 falls due ceded, installment 3's period runs ceded, installment 4's has not begun: nothing accrues
    const run = await accrue('2026-04-10');
    expect((await operationBalances(server, opId)).accrued_interest_receivable).toBe(money(rows[0].interest));
    expect(await server.database.rows("SELECT 1 FROM interest_accruals WHERE credit_operation_id = $1 AND kind = 'accrual' AND accrual_date = '2026-04-10'", [opId])).toEqual([]);
    expect(run.posted_on).toBeNull();

    // the cession of installment 2 undone: its take-out comes back (cession_loss as before), the rest at the next run as income
    const reversed = await call(server, 'cession.reverse', { id: opId, idempotency_key: key(), installments: [rows[1].id], reason: 'Acordo com o fundo: parcela devolvida' }, tokens.operator);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const back = await operationBalances(server, opId);
    expect(back.accrued_interest_receivable).toBe(share2.plus(rows[0].interest).toFixed(2));
    expect(money(new Decimal(back.cession_loss ?? 0).minus(before.cession_loss ?? 0))).toBe('0.00');
    await expectPositionAgrees(opId);
    await accrue('2026-04-12');
    const income = await operationBalances(server, opId);
    expect(income.accrued_interest_receivable).toBe(new Decimal(rows[0].interest).plus(rows[1].interest).toFixed(2));
    expect(money(new Decimal(back.interest_income).minus(income.interest_income))).toBe(new Decimal(rows[1].interest).minus(share2).toFixed(2));
    await expectPositionAgrees(opId);
    await expectBooksBalanced(server, tokens.admin);
  });

  it('a repurchase brings the accrued interest back against its loss; undone, it leaves again', async () => {
    const opId = await disbursedOperation(server, tokens, borrowerId);
    const rows = await operationInstallments<Row>(server, tokens.agent, opId);
    await accrue('2026-03-01');
    const ceded = await call(
      server,
      'cession.assign',
      { id: opId, idempotency_key: key(), assignment_account_id: accountId, installments: [rows[1].id], date: '2026-03-01', monthly_rate: '1.5' },
      tokens.operator,
    );
    expect(ceded.status, JSON.stringify(ceded.body)).toBe(200);
    await accrue('2026-03-25'); // installment 3's period runs: the position is recognised up to 03-25
    const before = await operationBalances(server, opId);
    const bought = await call(server, 'repurchase.create', { id: opId, installment: rows[1].id, idempotency_key: key(), reason: 'Acordo com o fundo: recompra' }, tokens.operator);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const after = await operationBalances(server, opId);
    // installment 2 fell due on 03-15: all its interest comes back, bought with it
    expect(money(new Decimal(after.accrued_interest_receivable).minus(before.accrued_interest_receivable))).toBe(money(rows[1].interest));
    // the repurchase's own loss (amount paid − principal back) less the interest bought with it
    const ownLoss = new Decimal(bought.body.amount).minus(bought.body.carrying);
    expect(money(new Decimal(after.repurchase_loss ?? 0).minus(before.repurchase_loss ?? 0))).toBe(ownLoss.minus(rows[1].interest).toFixed(2));
    expect(after.interest_income).toBe(before.interest_income);
    await expectPositionAgrees(opId);
    await expectBooksBalanced(server, tokens.admin);
    // a run after it recognises nothing twice
    await accrue('2026-03-26');
    const next = await operationBalances(server, opId);
    expect(new Decimal(next.accrued_interest_receivable).minus(after.accrued_interest_receivable).lt(new Decimal(rows[2].interest))).toBe(true);

    const undone = await call(server, 'repurchase.reverse', { id: opId, installment: rows[1].id, idempotency_key: key(), reason: 'Acordo com o fundo: recompra lançada por engano' }, tokens.operator);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const gone = await operationBalances(server, opId);
    expect(money(new Decimal(next.accrued_interest_receivable).minus(gone.accrued_interest_receivable))).toBe(money(rows[1].interest));
    expect(money(gone.repurchase_loss)).toBe(money(new Decimal(before.repurchase_loss ?? 0)));
    await expectPositionAgrees(opId);
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe('a cession while a run goes on', () => {
  it('both succeed, whichever goes first: the operation keeps only its own installments\' accrual (no deadlock on PostgreSQL)', async () => {
    const opId = await disbursedOperation(server, tokens, borrowerId);
    const rows = await operationInstallments<Row>(server, tokens.agent, opId);
    server.clock.set('2026-03-01');
    const [run, ceded] = await Promise.all([
      call(server, 'ledgerAccrual.run', { date: '2026-03-01' }, tokens.admin),
      call(
        server,
        'cession.assign',
        { id: opId, idempotency_key: key(), assignment_account_id: accountId, installments: [rows[1].id, rows[2].id], date: '2026-03-01', monthly_rate: '1.5' },
        tokens.operator,
      ),
    ]);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(ceded.status, JSON.stringify(ceded.body)).toBe(200);
    expect((await operationBalances(server, opId)).accrued_interest_receivable).toBe(money(rows[0].interest));
    await expectPositionAgrees(opId);
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe('prepayments while a run goes on', () => {
  it('all succeed (each locks its operation, posts, then reconciles; the run locks operations, then the ledger, then the accrual)', async () => {
    const ops: number[] = [];
    for (let k = 0; k < 3; k += 1) {
      const opId = await disbursedOperation(server, tokens, borrowerId);
      const [first] = await operationInstallments<Row & { value: string }>(server, tokens.agent, opId);
      server.clock.set('2026-02-15');
      const paid = await call(server, 'servicing.pay', { id: opId, installment: first.id, idempotency_key: key(), amount: first.value, paid_on: '2026-02-15', method: 'pix' }, tokens.operator);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      ops.push(opId);
    }
    await accrue('2026-03-01');
    server.clock.set('2026-03-06');
    const answers = await Promise.all([
      call(server, 'ledgerAccrual.run', { date: '2026-03-06' }, tokens.admin),
      ...ops.map((id) => call(server, 'prepayment.apply', { id, idempotency_key: key(), kind: 'partial', mode: 'reduce_term', amount: '300.00', method: 'pix' }, tokens.operator)),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    for (const id of ops) await expectPositionAgrees(id);
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe('a catch-up run into a closed month', () => {
  it('posts on the first day of the first open month; the closed month stays as closed; the status says so', async () => {
    server.clock.set('2026-06-10');
    const asked = await call(server, 'ledger.closeAsk', { month: '2026-05' }, tokens.admin);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const decided = await call(server, 'ledger.closeDecide', { month: '2026-05', approve: true }, tokens.superadmin);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const closedTb = await call(server, 'ledger.trialBalance', { date: '2026-05-31' }, tokens.admin);

    const run = await accrue('2026-05-20');
    expect(run.posted_on).toBe('2026-06-01');
    expect(Number(run.amount)).toBeGreaterThan(0);
    const dates = await server.database.rows<{ d: string }>(
      "SELECT DISTINCT j.business_date::text AS d FROM journal_entries j JOIN interest_accruals a ON a.posting_id = j.posting_id WHERE a.accrual_date = '2026-05-20' AND a.kind = 'accrual'",
    );
    expect(dates).toEqual([{ d: '2026-06-01' }]);
    expect((await call(server, 'ledger.trialBalance', { date: '2026-05-31' }, tokens.admin)).body).toEqual(closedTb.body);

    const open = await accrue('2026-06-05');
    expect(open.posted_on).toBeNull();
    const status = await call(server, 'ledgerAccrual.status', {}, tokens.admin);
    expect(status.status).toBe(200);
    expect(status.body.last_run).toMatchObject({ up_to: '2026-06-05', posted_on: null });
    expect(status.body.recent_runs[0]).toEqual(status.body.last_run);
    expect(status.body.recent_runs.find((r: { up_to: string }) => r.up_to === '2026-05-20')).toMatchObject({ posted_on: '2026-06-01' });
    expect(status.body.recent_runs.length).toBeLessThanOrEqual(10);
    const logged = await server.database.rows<{ after: { posted_on: string | null } }>("SELECT after FROM activity_log WHERE action = 'ledger.accrual-run' AND entity_id = $1", [run.run_id]);
    expect(logged[0].after.posted_on).toBe('2026-06-01');
    await expectBooksBalanced(server, tokens.admin);
  });
});
