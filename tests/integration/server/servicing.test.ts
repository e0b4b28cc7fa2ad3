/**
 * Servicing over HTTP: the disbursement, installments as of a date, payments
 * and reversals, and the trial balance after every money flow. One seeded
 * server for the file; the business date is moved with the server's clock.
 *
 * The schedule's first due date, 2026-02-15, is a Sunday followed by Carnival
 * Monday and Tuesday: payable without charges until Wednesday 2026-02-18.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { CONDITIONS, disbursedOperation, insertBorrower, issuedOperation as issuedOperationOf, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;

/** Built by an agent, approved by an operator, its CCB issued: ready to disburse. */
const issuedOperation = () => issuedOperationOf(server, tokens, borrowerId);
const disbursed = () => disbursedOperation(server, tokens, borrowerId);

async function expectBalancedBooks(): Promise<Record<string, string>> {
  const tb = await call(server, 'ledger.trialBalance', {}, tokens.operator);
  expect(tb.status).toBe(200);
  expect(tb.body.difference).toBe('0.00');
  expect(tb.body.debits).toBe(tb.body.credits);
  // Every posting balances on its own, too.
  const unbalanced = await server.database.rows(
    "SELECT posting_id FROM journal_entries GROUP BY posting_id HAVING sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) <> 0",
  );
  expect(unbalanced).toEqual([]);
  return Object.fromEntries((tb.body.accounts as Array<{ account: string; balance: string }>).map((a) => [a.account, a.balance]));
}

/** Balances of one operation's entries only (other tests' operations share the books). */
async function operationBalances(operationId: number): Promise<Record<string, string>> {
  const rows = await server.database.rows<{ account: string; balance: string }>(
    "SELECT account, sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END)::text AS balance FROM journal_entries WHERE credit_operation_id = $1 GROUP BY account",
    [operationId],
  );
  return Object.fromEntries(rows.map((r) => [r.account, new Decimal(r.balance).toFixed(2)]));
}

async function installments(operationId: number, date?: string) {
  const answer = await call(server, 'servicing.installments', { id: operationId, ...(date ? { date } : {}) }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { installments: Array<Record<string, any>>; as_of: string; totals: Record<string, string> };
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Rita Cobrança', '111.444.777-35');
});
afterAll(() => server?.close());

describe('authorization', () => {
  let opId = 0;
  beforeAll(async () => {
    opId = await disbursed();
  });
  const moneyMovers = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['servicing.disburse', { id: 999999, version: 1, idempotency_key: key(), method: 'pix' }, moneyMovers],
      ['servicing.pay', { id: 999999, installment: 1, idempotency_key: key(), amount: '10.00', paid_on: '2026-01-15', method: 'pix' }, moneyMovers],
      ['servicing.reverse', { id: 999999, installment: 1, detailId: 1, idempotency_key: key(), reason: 'Pagamento em duplicidade' }, moneyMovers],
      ['servicing.decideReversal', { id: 999999, installment: 1, detailId: 1, idempotency_key: key(), approve: true }, moneyMovers],
      ['ledger.trialBalance', {}, { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
  it('the disbursement and the installments: panel roles read, the registered role does not, no token 401', async () => {
    for (const name of ['servicing.disbursement', 'servicing.installments', 'servicing.journal'] as const) {
      for (const role of ['superadmin', 'admin', 'operator', 'agent', 'user'] as const) {
        const answer = await call(server, name, { id: opId }, tokens[role]);
        expect({ name, role, status: answer.status }).toEqual({ name, role, status: role === 'user' ? 403 : 200 });
      }
      expect((await call(server, name, { id: opId })).status).toBe(401);
    }
  });
  it('installment details: panel roles read, the registered role does not', async () => {
    const list = await installments(opId);
    const first = list.installments[0].id as number;
    for (const role of ['superadmin', 'admin', 'operator', 'agent'] as const) {
      expect((await call(server, 'servicing.installmentDetails', { id: opId, installment: first }, tokens[role])).status).toBe(200);
    }
    expect((await call(server, 'servicing.installmentDetails', { id: opId, installment: first }, tokens.user)).status).toBe(403);
    expect((await call(server, 'servicing.installmentDetails', { id: opId, installment: first })).status).toBe(401);
  });
});

describe('the demo data', () => {
  it('releases its disbursed operations and pays their past installments through servicing, with balanced books', async () => {
    const missing = await server.database.rows(
      "SELECT o.id FROM credit_operations o LEFT JOIN disbursements d ON d.credit_operation_id = o.id WHERE o.status = 'disbursed' AND d.id IS NULL",
    );
    expect(missing).toEqual([]);
    const unpaidSettled = await server.database.rows(
      "SELECT i.id FROM credit_operation_installments i WHERE i.paid_on IS NOT NULL AND NOT EXISTS (SELECT 1 FROM installment_transactions t WHERE t.installment_id = i.id AND t.kind = 'payment')",
    );
    expect(unpaidSettled).toEqual([]);
    const payments = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM installment_transactions WHERE kind = 'payment'");
    expect(payments[0].n).toBeGreaterThan(0);
    await expectBalancedBooks();
  });
});

describe('disbursement', () => {
  it('moves an issued operation to disbursed on the business date, posts the entries once, and answers a retry with the same key', async () => {
    const op = await issuedOperation();
    const before = await call(server, 'servicing.disbursement', { id: op.id }, tokens.agent);
    expect(before.status).toBe(200);
    expect(before.body.status).toBe('contract_issued');
    expect(before.body.disbursement).toBeNull();
    expect(before.body.payout_account.bank_code).toBe('341');
    const amounts = before.body.amounts as { financed: string; released: string; iof: string; fees: string };
    expect(new Decimal(amounts.released).plus(amounts.iof).plus(amounts.fees).toFixed(2)).toBe(amounts.financed);

    server.clock.set('2026-01-16');
    const stale = await call(server, 'servicing.disburse', { id: op.id, version: op.version - 1, idempotency_key: key(), method: 'ted' }, tokens.operator);
    expect(stale.status).toBe(409);
    expect(stale.body.field).toBe('version');
    const badMethod = await call(server, 'servicing.disburse', { id: op.id, version: op.version, idempotency_key: key(), method: 'boleto' }, tokens.operator);
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.field).toBe('method');
    const foreign = await call(server, 'servicing.disburse', { id: op.id, version: op.version, idempotency_key: key(), method: 'ted', bank_account_id: 999999 }, tokens.operator);
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('bank_account_id');
    server.clock.set('2026-02-15');
    const late = await call(server, 'servicing.disburse', { id: op.id, version: op.version, idempotency_key: key(), method: 'ted' }, tokens.operator);
    expect(late.status).toBe(409);
    expect(late.body.field).toBe('first_due_date');

    server.clock.set('2026-01-16');
    // The multa changes after the contract was issued: the debt keeps what was signed.
    await server.database.rows('UPDATE company_parameters SET late_fee_percent = 1.5 WHERE company_id = 1');
    const args = { id: op.id, version: op.version, idempotency_key: key(), method: 'ted', transfer_reference: '' };
    const done = await call(server, 'servicing.disburse', args, tokens.operator);
    await server.database.rows('UPDATE company_parameters SET late_fee_percent = 2 WHERE company_id = 1');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('disbursed');
    expect(done.body.disbursement).toMatchObject({ disbursed_on: '2026-01-16', released: amounts.released, method: 'ted', transfer_reference: null, late_fee_percent: '2.0000' });
    const again = await call(server, 'servicing.disburse', args, tokens.operator);
    expect(again.status).toBe(200);
    expect(again.body.disbursement.id).toBe(done.body.disbursement.id);
    const twice = await call(server, 'servicing.disburse', { ...args, version: done.body.version, idempotency_key: key() }, tokens.operator);
    expect(twice.status).toBe(409);

    const rows = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM disbursements WHERE credit_operation_id = $1', [op.id]);
    expect(rows[0].n).toBe(1);
    const balances = await operationBalances(op.id);
    expect(balances.loans_receivable).toBe(amounts.financed);
    expect(balances.bank).toBe(new Decimal(amounts.released).neg().toFixed(2));
    await expectBalancedBooks();
    // The trial balance on a date counts the entries dated up to it: the day before, this release is not there.
    const on = async (date: string) => (await call(server, 'ledger.trialBalance', { date }, tokens.admin)).body.accounts.find((a: { account: string }) => a.account === 'loans_receivable').balance as string;
    expect(new Decimal(await on('2026-01-16')).minus(await on('2026-01-15')).toFixed(2)).toBe(amounts.financed);
    const badDate = await call(server, 'ledger.trialBalance', { date: '16/01/2026' }, tokens.admin);
    expect(badDate.status).toBe(400);
    expect(badDate.body.field).toBe('date');
    const log = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'credit-operation.disbursed' AND entity_id = $1", [op.id]);
    expect(log[0].n).toBe(1);
  });

  it('refuses an operation without an issued contract, and takes no payment before the money left', async () => {
    server.clock.set('2026-01-10');
    const created = await call(server, 'creditOperation.create', { ...CONDITIONS, borrower_id: borrowerId, idempotency_key: key() }, tokens.agent);
    const answer = await call(server, 'servicing.disburse', { id: created.body.id, version: created.body.version, idempotency_key: key(), method: 'pix' }, tokens.operator);
    expect(answer.status).toBe(409);
    expect(answer.body.field).toBe('status');
    const schedule = await installments(created.body.id);
    expect(schedule.installments[0]).toMatchObject({ status: 'open', overdue: false });
    const early = await call(server, 'servicing.pay', { id: created.body.id, installment: schedule.installments[0].id, idempotency_key: key(), amount: '10.00', paid_on: '2026-01-10', method: 'pix' }, tokens.operator);
    expect(early.status).toBe(409);
    expect(early.body.field).toBe('status');
  });
});

describe('installments, payments and reversals', () => {
  let opId = 0;
  let first: Record<string, any>;
  beforeAll(async () => {
    opId = await disbursed();
    first = (await installments(opId, '2026-01-20')).installments[0];
  });

  it('a due date on a Sunday before Carnival is payable on Wednesday without charges; the day after it bears multa and one day of mora, no contract interest (the contract states none)', async () => {
    expect(first).toMatchObject({ number: 1, due_date: '2026-02-15', payable_until: '2026-02-18', status: 'open', overdue: false, days_late: 0 });
    const onGrace = (await installments(opId, '2026-02-18')).installments[0];
    expect(onGrace).toMatchObject({ overdue: false, days_late: 0, due_total: first.value });
    const late = (await installments(opId, '2026-02-19')).installments[0];
    const value = new Decimal(first.value);
    const fee = value.mul('0.02').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    // Days late count from the moved due date, Wednesday 18 (Código Civil art. 132 §1): one day on Thursday, not four.
    const mora = value.mul('0.01').div(30).mul(1).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(late).toMatchObject({ overdue: true, days_late: 1, status: 'open' });
    expect(late.charges).toEqual({ late_fee: fee.toFixed(2), default_interest: mora.toFixed(2), contract_interest: '0.00' });
    expect(late.due_total).toBe(value.plus(fee).plus(mora).toFixed(2));
    const bad = await call(server, 'servicing.installments', { id: opId, date: '2026-02-30' }, tokens.agent);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('date');
  });

  it('refuses bad amounts and dates, naming the field', async () => {
    server.clock.set('2026-02-10');
    const pay = (extra: Record<string, unknown>) =>
      call(server, 'servicing.pay', { id: opId, installment: first.id, idempotency_key: key(), amount: '10.00', paid_on: '2026-02-10', method: 'pix', ...extra }, tokens.operator);
    for (const amount of ['-10.00', '0', '0.00', '10.001', 'dez']) {
      const answer = await pay({ amount });
      expect({ amount, status: answer.status, field: answer.body.field }).toEqual({ amount, status: 400, field: 'amount' });
    }
    const before = await pay({ paid_on: '2026-01-14' });
    expect(before.status).toBe(400);
    expect(before.body.field).toBe('paid_on');
    const future = await pay({ paid_on: '2026-02-11' });
    expect(future.status).toBe(400);
    expect(future.body.field).toBe('paid_on');
    const tooMuch = await pay({ amount: new Decimal(first.value).plus('0.01').toFixed(2) });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.field).toBe('amount');
    expect(tooMuch.body.message).toContain(`Valor devido: ${first.value}`);
    // A key used again for other arguments is refused (on the last installment, which no other test pays).
    const last = (await installments(opId)).installments[11];
    const reusedKey = key();
    expect((await pay({ installment: last.id, idempotency_key: reusedKey, amount: '1.00' })).status).toBe(200);
    const reused = await pay({ installment: last.id, idempotency_key: reusedKey, amount: '2.00' });
    expect(reused.status).toBe(409);
    expect(reused.body.field).toBe('idempotency_key');
    const otherOperation = await call(server, 'servicing.pay', { id: opId, installment: 999999, idempotency_key: key(), amount: '10.00', paid_on: '2026-02-10', method: 'pix' }, tokens.operator);
    expect(otherOperation.status).toBe(404);
    await expectBalancedBooks();
  });

  it('pays in part, reverses with a reason, then pays in full late with charges; the books balance after each', async () => {
    server.clock.set('2026-02-10');
    const partialArgs = { id: opId, installment: first.id, idempotency_key: key(), amount: '100.00', paid_on: '2026-02-10', method: 'boleto', reference: 'NN-1' };
    const partial = await call(server, 'servicing.pay', partialArgs, tokens.operator);
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.installment).toMatchObject({ status: 'partially_paid', paid_total: '100.00', due_total: new Decimal(first.value).minus(100).toFixed(2) });
    const payment = partial.body.transactions[0];
    expect(payment).toMatchObject({ kind: 'payment', amount: '100.00', reversed_by: null });
    expect(new Decimal(payment.split.interest).plus(payment.split.principal).toFixed(2)).toBe('100.00');
    expect(payment.split.interest).toBe(first.interest);
    // A retry with the same key answers without paying twice.
    const retry = await call(server, 'servicing.pay', partialArgs, tokens.operator);
    expect(retry.status).toBe(200);
    expect(retry.body.transactions).toHaveLength(1);
    let books = await operationBalances(opId);
    await expectBalancedBooks();

    const noReason = await call(server, 'servicing.reverse', { id: opId, installment: first.id, detailId: payment.id, idempotency_key: key(), reason: '' }, tokens.operator);
    expect(noReason.status).toBe(400);
    expect(noReason.body.field).toBe('reason');
    server.clock.set('2026-02-12');
    const reversal = await call(server, 'servicing.reverse', { id: opId, installment: first.id, detailId: payment.id, idempotency_key: key(), reason: 'Boleto devolvido pelo banco' }, tokens.operator);
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);
    expect(reversal.body.installment).toMatchObject({ status: 'open', paid_total: '0.00', due_total: first.value });
    expect(reversal.body.transactions).toHaveLength(2);
    expect(reversal.body.transactions[0]).toMatchObject({ id: payment.id, kind: 'payment', reversed_by: reversal.body.transactions[1].id, current_split: null });
    expect(reversal.body.transactions[1]).toMatchObject({ kind: 'reversal', reverses_id: payment.id, reason: 'Boleto devolvido pelo banco', paid_on: '2026-02-12' });
    const twice = await call(server, 'servicing.reverse', { id: opId, installment: first.id, detailId: payment.id, idempotency_key: key(), reason: 'De novo, por engano' }, tokens.operator);
    expect(twice.status).toBe(409);
    books = await operationBalances(opId);
    const disbursedOnly = await server.database.rows<{ amount: string }>(
      "SELECT amount::text FROM journal_entries WHERE credit_operation_id = $1 AND kind = 'disbursement' AND account = 'loans_receivable'",
      [opId],
    );
    expect(books.loans_receivable).toBe(new Decimal(disbursedOnly[0].amount).toFixed(2));
    await expectBalancedBooks();
    // As of the day before the reversal, the payment still stood.
    const asOf = await call(server, 'servicing.installmentDetails', { id: opId, installment: first.id, date: '2026-02-11' }, tokens.agent);
    expect(asOf.body.installment.paid_total).toBe('100.00');

    server.clock.set('2026-03-01');
    const state = (await installments(opId)).installments[0];
    // Eleven days from the moved due date, Wednesday 18 February (fourteen from Sunday 15 before).
    expect(state).toMatchObject({ overdue: true, days_late: 11, charges: { contract_interest: '0.00' } });
    const full = await call(server, 'servicing.pay', { id: opId, installment: first.id, idempotency_key: key(), amount: state.due_total, paid_on: '2026-03-01', method: 'pix' }, tokens.operator);
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.installment).toMatchObject({ status: 'paid', due_total: '0.00', paid_on: '2026-03-01', overdue: false, days_late: 0 });
    const split = full.body.transactions[2].split;
    expect(split.late_fee).toBe(state.charges.late_fee);
    expect(split.default_interest).toBe(state.charges.default_interest);
    books = await operationBalances(opId);
    expect(books.late_charge_income).toBe(new Decimal(state.charges.late_fee).plus(state.charges.default_interest).neg().toFixed(2));
    await expectBalancedBooks();
    const schedule = await server.database.rows<{ paid_on: string | null }>("SELECT paid_on::text FROM credit_operation_installments WHERE id = $1", [first.id]);
    expect(schedule[0].paid_on).toBe('2026-03-01');
    const logged = await server.database.rows<{ action: string }>("SELECT action FROM activity_log WHERE entity = 'installment' AND entity_id = $1 ORDER BY id", [first.id]);
    expect(logged.map((l) => l.action)).toEqual(['installment.payment', 'installment.reversal', 'installment.payment']);
  });

  it("the settlement day moves as a change of the operation: a payment that settles, a reversal that reopens (version, timeline, log)", async () => {
    const id = await disbursed();
    const [third] = (await installments(id)).installments.slice(2, 3);
    server.clock.set('2026-02-10');
    const state = async () => {
      const [op] = await server.database.rows<{ version: number; paid_on: string | null }>(
        'SELECT o.version, i.paid_on::text AS paid_on FROM credit_operations o JOIN credit_operation_installments i ON i.credit_operation_id = o.id WHERE o.id = $1 AND i.id = $2',
        [id, third.id],
      );
      const events = (await call(server, 'creditOperation.timeline', { id }, tokens.agent)).body as Array<{ kind: string; note: string | null }>;
      const logs = await server.database.rows<{ before: unknown; after: unknown }>(
        "SELECT before, after FROM activity_log WHERE entity = 'credit_operation' AND entity_id = $1 AND action = 'credit-operation.installment-settlement' ORDER BY id",
        [id],
      );
      return { ...op, notes: events.filter((e) => e.kind === 'installment_settlement').map((e) => e.note), logs };
    };
    const start = await state();
    expect(start).toMatchObject({ paid_on: null, notes: [], logs: [] });
    // A part leaves it open: nothing moves on the operation.
    const partArgs = { id, installment: third.id, amount: '100.00', paid_on: '2026-02-10', method: 'pix' };
    expect((await call(server, 'servicing.pay', { ...partArgs, idempotency_key: key() }, tokens.operator)).status).toBe(200);
    expect(await state()).toMatchObject({ version: start.version, paid_on: null, notes: [] });
    // The rest settles it: the day on the schedule, one version more, the timeline and the log say so.
    const rest = new Decimal(third.value).minus(100).toFixed(2);
    const settling = await call(server, 'servicing.pay', { ...partArgs, amount: rest, idempotency_key: key() }, tokens.operator);
    expect(settling.status, JSON.stringify(settling.body)).toBe(200);
    const settled = await state();
    expect(settled).toMatchObject({ version: start.version + 1, paid_on: '2026-02-10', notes: ['Parcela 3 quitada em 2026-02-10'] });
    expect(settled.logs).toEqual([{ before: { version: start.version, settlement_days: '3: —' }, after: { version: start.version + 1, settlement_days: '3: 2026-02-10' } }]);
    // Reversing the settling payment reopens it, as another change.
    const detailId = settling.body.transactions.at(-1).id;
    const reversal = await call(server, 'servicing.reverse', { id, installment: third.id, detailId, idempotency_key: key(), reason: 'Pix devolvido' }, tokens.operator);
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);
    const reopened = await state();
    expect(reopened).toMatchObject({ version: start.version + 2, paid_on: null, notes: ['Parcela 3 quitada em 2026-02-10', 'Parcela 3 reaberta'] });
    expect(reopened.logs[1]).toEqual({ before: { version: start.version + 1, settlement_days: '3: 2026-02-10' }, after: { version: start.version + 2, settlement_days: '3: —' } });
  });

  it('a payment dated before a later one re-allocates it, and the journal follows', async () => {
    const second = (await installments(opId)).installments[1];
    server.clock.set('2026-03-20');
    // Paid late on 20/03 (charges first), then an earlier payment on 10/03 is recorded.
    const later = await call(server, 'servicing.pay', { id: opId, installment: second.id, idempotency_key: key(), amount: '50.00', paid_on: '2026-03-20', method: 'pix' }, tokens.operator);
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const earlier = await call(server, 'servicing.pay', { id: opId, installment: second.id, idempotency_key: key(), amount: '200.00', paid_on: '2026-03-10', method: 'pix' }, tokens.operator);
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(200);
    const txs = earlier.body.transactions as Array<Record<string, any>>;
    const moved = txs[0];
    expect(moved.split).not.toEqual(moved.current_split);
    const reallocations = await server.database.rows<{ n: number }>("SELECT count(DISTINCT posting_id)::int AS n FROM journal_entries WHERE kind = 'reallocation' AND transaction_id = $1", [moved.id]);
    expect(reallocations[0].n).toBe(1);
    // The receivable carries exactly the principal not yet paid by the standing payments.
    const paidPrincipal = txs.filter((t) => t.current_split).reduce((s, t) => s.plus(t.current_split.principal), new Decimal(0));
    const books = await operationBalances(opId);
    const list = await installments(opId);
    const principalPaid = list.installments.reduce((s: Decimal, i: Record<string, any>) => s.plus(i.paid.principal), new Decimal(0));
    const financed = (await call(server, 'servicing.disbursement', { id: opId }, tokens.agent)).body.amounts.financed;
    expect(books.loans_receivable).toBe(new Decimal(financed).minus(principalPaid).toFixed(2));
    expect(paidPrincipal.gt(0)).toBe(true);
    await expectBalancedBooks();
    // The operation's journal shows the same: balanced postings, the receivable as above, the re-allocation linked.
    const journal = await call(server, 'servicing.journal', { id: opId }, tokens.agent);
    expect(journal.status).toBe(200);
    for (const posting of journal.body.postings as Array<{ lines: Array<{ side: string; amount: string }> }>) {
      const net = posting.lines.reduce((s, l) => (l.side === 'debit' ? s.plus(l.amount) : s.minus(l.amount)), new Decimal(0));
      expect(net.toFixed(2)).toBe('0.00');
    }
    expect(journal.body.postings[0].kind).toBe('disbursement');
    expect(journal.body.postings.some((p: { kind: string; transaction_id: number }) => p.kind === 'reallocation' && p.transaction_id === moved.id)).toBe(true);
    expect(journal.body.balances.find((b: { account: string }) => b.account === 'loans_receivable').balance).toBe(books.loans_receivable);
    expect((await call(server, 'servicing.journal', { id: 999999 }, tokens.agent)).status).toBe(404);
  });

  it('a reversal above the company’s limit waits for a second person, who posts or refuses it', async () => {
    server.clock.set('2026-03-20');
    const fourth = (await installments(opId)).installments[3];
    const payAndGet = async () => {
      const paid = await call(server, 'servicing.pay', { id: opId, installment: fourth.id, idempotency_key: key(), amount: '80.00', paid_on: '2026-03-20', method: 'ted' }, tokens.operator);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      return (paid.body.transactions as Array<{ id: number; kind: string }>).filter((t) => t.kind === 'payment').at(-1)!;
    };
    await server.database.rows('UPDATE company_parameters SET reversal_approval_above = 50 WHERE company_id = 1');
    try {
      const payment = await payAndGet();
      const reverseArgs = { id: opId, installment: fourth.id, detailId: payment.id, reason: 'Cliente pagou em duplicidade' };
      const asked = await call(server, 'servicing.reverse', { ...reverseArgs, idempotency_key: key() }, tokens.operator);
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(asked.body.installment.paid_total).toBe('80.00');
      const pendingRow = asked.body.transactions.find((t: { id: number }) => t.id === payment.id);
      expect(pendingRow.reversal_request_id).toEqual(expect.any(Number));
      expect(pendingRow.reversed_by).toBeNull();
      expect((await call(server, 'servicing.reverse', { ...reverseArgs, idempotency_key: key() }, tokens.operator)).status).toBe(409);

      const decide = (token: string, extra: Record<string, unknown>) =>
        call(server, 'servicing.decideReversal', { id: opId, installment: fourth.id, detailId: payment.id, idempotency_key: key(), ...extra }, token);
      const own = await decide(tokens.operator, { approve: true });
      expect(own.status).toBe(403);
      expect(own.body.code).toBe('four-eyes');
      expect((await decide(tokens.agent, { approve: true })).status).toBe(403);
      const noReason = await decide(tokens.admin, { approve: false, reason: '' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.field).toBe('reason');
      server.clock.set('2026-03-21');
      const approved = await decide(tokens.admin, { approve: true });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.installment.paid_total).toBe('0.00');
      const reversal = approved.body.transactions.find((t: { reverses_id: number | null }) => t.reverses_id === payment.id);
      expect(reversal).toMatchObject({ kind: 'reversal', reason: 'Cliente pagou em duplicidade', paid_on: '2026-03-21' });
      expect((await decide(tokens.admin, { approve: true })).status).toBe(409);

      // Refused: the request closes, the payment stands.
      const second = await payAndGet();
      await call(server, 'servicing.reverse', { ...reverseArgs, detailId: second.id, idempotency_key: key() }, tokens.operator);
      const refused = await call(server, 'servicing.decideReversal', { id: opId, installment: fourth.id, detailId: second.id, idempotency_key: key(), approve: false, reason: 'O crédito entrou na conta' }, tokens.admin);
      expect(refused.status, JSON.stringify(refused.body)).toBe(200);
      const stands = refused.body.transactions.find((t: { id: number }) => t.id === second.id);
      expect(stands).toMatchObject({ reversed_by: null, reversal_request_id: null });
      expect(refused.body.installment.paid_total).toBe('80.00');
      const requests = await server.database.rows<{ status: string }>("SELECT status FROM approval_requests WHERE kind = 'installment.reverse' AND entity_id IN ($1, $2) ORDER BY id", [payment.id, second.id]);
      expect(requests.map((r) => r.status)).toEqual(['approved', 'rejected']);
      await expectBalancedBooks();
    } finally {
      await server.database.rows('UPDATE company_parameters SET reversal_approval_above = 1000 WHERE company_id = 1');
    }
  });

  it('twenty concurrent payments on one installment never pass its balance', async () => {
    server.clock.set('2026-03-20');
    const third = (await installments(opId)).installments[2];
    const due = new Decimal(third.due_total);
    const each = due.div(3).toDecimalPlaces(2, Decimal.ROUND_UP);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(server, 'servicing.pay', { id: opId, installment: third.id, idempotency_key: key(), amount: each.toFixed(2), paid_on: '2026-03-20', method: 'pix' }, tokens.operator),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.body.field === 'amount'))).toBe(true);
    // As many as fit in the balance succeed; the rest are refused with the amount due.
    expect(ok).toBe(due.divToInt(each).toNumber());
    expect(ok).toBeGreaterThan(0);
    const after = (await installments(opId)).installments[2];
    expect(after.paid_total).toBe(each.mul(ok).toFixed(2));
    expect(new Decimal(after.paid_total).lte(due)).toBe(true);
    await expectBalancedBooks();
  });

  it('the database refuses to change or delete a transaction or a journal entry', async () => {
    await expect(server.owner.rows('UPDATE installment_transactions SET amount = 1 WHERE credit_operation_id = $1', [opId])).rejects.toThrow(/never changed/);
    await expect(server.owner.rows('DELETE FROM journal_entries WHERE credit_operation_id = $1', [opId])).rejects.toThrow(/never changed/);
  });
});
