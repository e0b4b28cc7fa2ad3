/**
 * Prepayment over HTTP: the quote (amortization-calc), the simulation both
 * ways, applying a partial prepayment (new schedule version, the old one
 * readable) and a full one (the operation settled), the list, the
 * authorization matrix and bad input; the trial balance is zero after each
 * money flow. One seeded server for the file; the business date moves with
 * the server's clock.
 *
 * The operations: R$ 3.000,00 at 2% a month, Price, 12 installments,
 * disbursed 2026-01-15, due on the 15th from 2026-02-15 (a Sunday before
 * Carnival: payable until Wednesday 2026-02-18).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, expectBooksBalanced, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;

const disbursed = () => disbursedOperation(server, tokens, borrowerId);

const expectBalancedBooks = () => expectBooksBalanced(server, tokens.operator);

/** One operation's balance on an account (other tests' operations share the books). */
async function balanceOf(operationId: number, account: string): Promise<string> {
  const [row] = await server.database.rows<{ balance: string | null }>(
    "SELECT sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END)::text AS balance FROM journal_entries WHERE credit_operation_id = $1 AND account = $2",
    [operationId, account],
  );
  return new Decimal(row?.balance ?? 0).toFixed(2);
}

type Installment = { id: number; number: number; due_date: string; value: string; principal: string; due_total: string; status: string };

const installments = (operationId: number) => operationInstallments<Installment>(server, tokens.agent, operationId);

async function payFirst(operationId: number): Promise<void> {
  const [first] = await installments(operationId);
  server.clock.set('2026-02-15');
  const paid = await call(server, 'servicing.pay', { id: operationId, installment: first.id, idempotency_key: key(), amount: first.value, paid_on: '2026-02-15', method: 'boleto' }, tokens.operator);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

const sum = (values: readonly string[]) => values.reduce((a, v) => a.plus(v), new Decimal(0));

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Lia Antecipa', '529.982.247-25');
});
afterAll(() => server?.close());

describe('authorization', () => {
  let opId = 0;
  beforeAll(async () => {
    opId = await disbursed();
    server.clock.set('2026-01-20');
  });
  const moneyMovers = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  const readers = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
  itAnswersTheMatrix(
    [['prepayment.apply', { id: 999999, idempotency_key: key(), kind: 'partial', mode: 'reduce_term', amount: '500.00', method: 'pix' }, moneyMovers]],
    () => ({ server, tokens }),
  );
  it('the quote, the simulation and the list: panel roles read, the registered role does not, no token 401', async () => {
    const cases = [
      ['prepayment.quote', { id: opId }],
      ['prepayment.simulate', { id: opId, amount: '500.00' }],
      ['prepayment.list', { id: opId }],
    ] as const;
    for (const [name, args] of cases) {
      for (const role of Object.keys(readers) as DemoRole[]) {
        const answer = await call(server, name, args, tokens[role]);
        expect({ name, role, status: answer.status }).toEqual({ name, role, status: readers[role] });
      }
      expect((await call(server, name, args)).status).toBe(401);
    }
  });
});

describe('the quote (amortization-calc)', () => {
  let opId = 0;
  beforeAll(async () => {
    opId = await disbursed();
  });

  it('on the disbursement day the present value is the principal; later it grows pro rata and stays below the nominal sum', async () => {
    server.clock.set('2026-01-15');
    const onRelease = await call(server, 'prepayment.quote', { id: opId, startDate: '2026-01-15' }, tokens.agent);
    expect(onRelease.status, JSON.stringify(onRelease.body)).toBe(200);
    expect(onRelease.body.rows).toHaveLength(12);
    expect(new Decimal(onRelease.body.present_value).minus('3000.00').abs().lte('0.05')).toBe(true);
    expect(onRelease.body.principal).toBe('3000.00');
    expect(new Decimal(onRelease.body.present_value).lte(onRelease.body.nominal)).toBe(true);
    expect(onRelease.body.overdue).toEqual([]);
    expect(onRelease.body.schedule_version).toBe(1);

    server.clock.set('2026-02-05');
    const later = await call(server, 'prepayment.quote', { id: opId }, tokens.agent);
    expect(later.body.date).toBe('2026-02-05');
    // Counted back from the first due date (2026-02-15): 10 days short of a whole month, so the release's
    // balance grown by 20/30 of a month: 3 000 × 1.02^(2/3) = 3 039.87 (hand: ln 1.02 × 2/3 = 0.0132017; e^that = 1.0132893).
    expect(new Decimal(later.body.present_value).minus('3039.87').abs().lte('0.10')).toBe(true);
    expect(new Decimal(later.body.accrued_interest).gt(0)).toBe(true);
    expect(new Decimal(later.body.discount).eq(new Decimal(later.body.nominal).minus(later.body.present_value))).toBe(true);
  });

  it('lists an open installment due before the date apart, with its charges, not discounted', async () => {
    server.clock.set('2026-03-01');
    const quote = await call(server, 'prepayment.quote', { id: opId }, tokens.agent);
    expect(quote.status).toBe(200);
    expect(quote.body.overdue).toHaveLength(1);
    expect(quote.body.rows).toHaveLength(11);
    expect(new Decimal(quote.body.overdue_total).gt(quote.body.rows[0].payment)).toBe(true);
    expect(quote.body.settlement_total).toBe(new Decimal(quote.body.present_value).plus(quote.body.overdue_total).toFixed(2));
    const sim = await call(server, 'prepayment.simulate', { id: opId, amount: '500.00' }, tokens.agent);
    expect(sim.status).toBe(409);
    expect(sim.body.field).toBe('installments');
  });

  it('refuses dates before the disbursement or in the future, and malformed ones, naming the field', async () => {
    server.clock.set('2026-03-01');
    for (const startDate of ['2026-01-14', '2026-03-02', '2026-02-30', '01/03/2026']) {
      const answer = await call(server, 'prepayment.quote', { id: opId, startDate }, tokens.agent);
      expect({ startDate, status: answer.status, field: answer.body.field }).toEqual({ startDate, status: 400, field: 'startDate' });
    }
    expect((await call(server, 'prepayment.quote', { id: 999999 }, tokens.agent)).status).toBe(404);
  });
});

describe('partial prepayment', () => {
  it('simulates both ways, applies reduce_term as a new schedule version, keeps the old one readable, and is idempotent', async () => {
    const opId = await disbursed();
    await payFirst(opId);
    const oldRows = await installments(opId);
    const oldIds = oldRows.map((r) => r.id);
    await expectBalancedBooks();

    server.clock.set('2026-02-25');
    const sim = await call(server, 'prepayment.simulate', { id: opId, amount: '1000.00' }, tokens.agent);
    expect(sim.status, JSON.stringify(sim.body)).toBe(200);
    expect(sim.body.installments_before).toBe(11);
    const [term, smaller] = sim.body.modes as Array<{ mode: string; refusal: string | null; result: any }>;
    expect(term.mode).toBe('reduce_term');
    expect(smaller.mode).toBe('reduce_installment');
    // Same installment, fewer of them; same due dates, a smaller installment.
    expect(term.result.installments).toBeLessThan(11);
    expect(term.result.rows[0].payment).toBe(Decimal.max(...oldRows.slice(1).map((r) => r.value)).toFixed(2));
    expect(smaller.result.installments).toBe(11);
    expect(new Decimal(smaller.result.rows[0].payment).lt(oldRows[1].value)).toBe(true);
    for (const m of [term, smaller]) {
      expect(sum(m.result.rows.map((r: { amortization: string }) => r.amortization)).toFixed(2)).toBe(m.result.new_balance);
      expect(new Decimal(m.result.principal_paid).plus(m.result.interest_paid).toFixed(2)).toBe('1000.00');
    }
    // Shortening the term saves the borrower more interest than shrinking the installment.
    expect(new Decimal(term.result.savings).gt(smaller.result.savings)).toBe(true);

    for (const amount of ['-1.00', '0', '0.00', '10.001']) {
      const answer = await call(server, 'prepayment.simulate', { id: opId, amount }, tokens.agent);
      expect({ amount, status: answer.status, field: answer.body.field }).toEqual({ amount, status: 400, field: 'amount' });
    }
    const tooMuch = await call(server, 'prepayment.simulate', { id: opId, amount: '999999.00' }, tokens.agent);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.field).toBe('amount');
    const accruedOnly = await call(server, 'prepayment.simulate', { id: opId, amount: '0.01' }, tokens.agent);
    expect(accruedOnly.status).toBe(400);
    expect(accruedOnly.body.field).toBe('amount');
    for (const date of ['2026-01-14', '2026-02-26']) {
      const answer = await call(server, 'prepayment.simulate', { id: opId, amount: '1000.00', date }, tokens.agent);
      expect({ date, status: answer.status, field: answer.body.field }).toEqual({ date, status: 400, field: 'date' });
    }

    const base = { id: opId, kind: 'partial', mode: 'reduce_term', amount: '1000.00', method: 'pix', reference: 'E999' };
    const noMode = await call(server, 'prepayment.apply', { ...base, mode: undefined, idempotency_key: key() }, tokens.operator);
    expect(noMode.status).toBe(400);
    expect(noMode.body.field).toBe('mode');
    for (const amount of ['-1.00', '0.00', '1000.001']) {
      const answer = await call(server, 'prepayment.apply', { ...base, amount, idempotency_key: key() }, tokens.operator);
      expect({ amount, status: answer.status, field: answer.body.field }).toEqual({ amount, status: 400, field: 'amount' });
    }
    const beforeRelease = await call(server, 'prepayment.apply', { ...base, paid_on: '2026-01-10', idempotency_key: key() }, tokens.operator);
    expect(beforeRelease.status).toBe(400);
    expect(beforeRelease.body.field).toBe('paid_on');
    const underPayment = await call(server, 'prepayment.apply', { ...base, paid_on: '2026-02-10', idempotency_key: key() }, tokens.operator);
    expect(underPayment.status).toBe(409);
    expect(underPayment.body.field).toBe('paid_on');

    const bankBefore = await balanceOf(opId, 'bank');
    const args = { ...base, idempotency_key: key() };
    const applied = await call(server, 'prepayment.apply', args, tokens.operator);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.status).toBe('disbursed');
    expect(applied.body.schedule_version).toBe(2);
    const p = applied.body.prepayment;
    expect(p).toMatchObject({ kind: 'partial', mode: 'reduce_term', amount: '1000.00', paid_on: '2026-02-25', from_version: 1, to_version: 2, reference: 'E999' });
    expect(p.replaced.map((r: { id: number }) => r.id)).toEqual(oldIds.slice(1));
    expect(p.added).toHaveLength(term.result.installments);
    expect(p.added.map((r: { payment: string }) => r.payment)).toEqual(term.result.rows.map((r: { payment: string }) => r.payment));
    // New ids, never one of the old ones.
    expect(p.added.some((r: { id: number }) => oldIds.includes(r.id))).toBe(false);

    // A retry with the same key answers the same prepayment; the key with other arguments is refused.
    const retry = await call(server, 'prepayment.apply', args, tokens.operator);
    expect(retry.status).toBe(200);
    expect(retry.body.prepayment.id).toBe(p.id);
    const reused = await call(server, 'prepayment.apply', { ...args, amount: '900.00' }, tokens.operator);
    expect(reused.status).toBe(409);
    expect(reused.body.field).toBe('idempotency_key');
    const count = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM prepayments WHERE credit_operation_id = $1', [opId]);
    expect(count[0].n).toBe(1);

    // The current schedule: the paid first installment and the new rows; the receivable is their principal.
    const now = await installments(opId);
    expect(now.map((r) => r.id)).toEqual([oldIds[0], ...p.added.map((r: { id: number }) => r.id)]);
    expect(await balanceOf(opId, 'loans_receivable')).toBe(sum(p.added.map((r: { amortization: string }) => r.amortization)).toFixed(2));
    expect(new Decimal(await balanceOf(opId, 'bank')).minus(bankBefore).toFixed(2)).toBe('1000.00');
    await expectBalancedBooks();

    // The old schedule stays readable: its rows through the list and their details; they take no payment.
    const list = await call(server, 'prepayment.list', { id: opId }, tokens.agent);
    expect(list.status).toBe(200);
    expect(list.body.schedule_version).toBe(2);
    expect(list.body.prepayments[0].replaced.map((r: { due_date: string }) => r.due_date)).toEqual(oldRows.slice(1).map((r) => r.due_date));
    const v1 = await call(server, 'prepayment.scheduleVersion', { id: opId, version: 1 }, tokens.agent);
    expect(v1.status).toBe(200);
    expect(v1.body.current_version).toBe(2);
    expect(v1.body.installments.map((r: { id: number }) => r.id)).toEqual(oldIds);
    expect(v1.body.installments[5]).toMatchObject({ schedule_version: 1, superseded_in: 2, payment: oldRows[5].value });
    const v2 = await call(server, 'prepayment.scheduleVersion', { id: opId, version: 2 }, tokens.agent);
    expect(v2.body.installments.map((r: { id: number }) => r.id)).toEqual(now.map((r) => r.id));
    expect((await call(server, 'prepayment.scheduleVersion', { id: opId, version: 3 }, tokens.agent)).status).toBe(404);
    expect((await call(server, 'prepayment.scheduleVersion', { id: opId, version: 2 }, tokens.user)).status).toBe(403);
    const oldDetails = await call(server, 'servicing.installmentDetails', { id: opId, installment: oldIds[5] }, tokens.agent);
    expect(oldDetails.status).toBe(200);
    expect(oldDetails.body.installment.value).toBe(oldRows[5].value);
    const oldPay = await call(server, 'servicing.pay', { id: opId, installment: oldIds[5], idempotency_key: key(), amount: '10.00', paid_on: '2026-02-25', method: 'pix' }, tokens.operator);
    expect(oldPay.status).toBe(409);
    expect(oldPay.body.field).toBe('installment');
    const beforeItsSchedule = await call(server, 'servicing.pay', { id: opId, installment: p.added[0].id, idempotency_key: key(), amount: '10.00', paid_on: '2026-02-24', method: 'pix' }, tokens.operator);
    expect(beforeItsSchedule.status).toBe(400);
    expect(beforeItsSchedule.body.field).toBe('paid_on');
    const newPay = await call(server, 'servicing.pay', { id: opId, installment: p.added[0].id, idempotency_key: key(), amount: '10.00', paid_on: '2026-02-25', method: 'pix' }, tokens.operator);
    expect(newPay.status, JSON.stringify(newPay.body)).toBe(200);

    const log = await server.database.rows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      "SELECT before, after FROM activity_log WHERE action = 'installment.prepayment' AND entity_id = $1",
      [opId],
    );
    expect(log).toHaveLength(1);
    expect(log[0].before).toMatchObject({ schedule_version: 1, installments: 11 });
    expect(log[0].after).toMatchObject({ schedule_version: 2, prepayment_id: p.id, amount: '1000.00' });
    await expectBalancedBooks();
  });

  it('reduce_installment keeps every due date with a smaller installment; a second prepayment makes version 3', async () => {
    const opId = await disbursed();
    await payFirst(opId);
    const oldRows = await installments(opId);
    server.clock.set('2026-03-05');
    const quote = (await call(server, 'prepayment.quote', { id: opId }, tokens.agent)).body;
    const applied = await call(
      server,
      'prepayment.apply',
      { id: opId, idempotency_key: key(), kind: 'partial', mode: 'reduce_installment', amount: '800.00', method: 'ted' },
      tokens.admin,
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const p = applied.body.prepayment;
    expect(p.added.map((r: { due_date: string }) => r.due_date)).toEqual(oldRows.slice(1).map((r) => r.due_date));
    expect(new Decimal(p.added[0].payment).lt(oldRows[1].value)).toBe(true);
    expect(p.present_value).toBe(quote.present_value);
    expect(p.interest).toBe(quote.accrued_interest);
    expect(p.discount).toBe(quote.discount);
    expect(sum(p.added.map((r: { amortization: string }) => r.amortization)).toFixed(2)).toBe(new Decimal(quote.present_value).minus('800.00').toFixed(2));
    expect(await balanceOf(opId, 'loans_receivable')).toBe(sum(p.added.map((r: { amortization: string }) => r.amortization)).toFixed(2));
    await expectBalancedBooks();

    server.clock.set('2026-03-06');
    const second = await call(server, 'prepayment.apply', { id: opId, idempotency_key: key(), kind: 'partial', mode: 'reduce_term', amount: '300.00', method: 'pix' }, tokens.operator);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.prepayment).toMatchObject({ from_version: 2, to_version: 3 });
    expect(second.body.prepayment.replaced.map((r: { id: number }) => r.id)).toEqual(p.added.map((r: { id: number }) => r.id));
    const list = (await call(server, 'prepayment.list', { id: opId }, tokens.agent)).body;
    expect(list.prepayments).toHaveLength(2);
    expect(list.schedule_version).toBe(3);
    await expectBalancedBooks();
  });
});

describe('full prepayment', () => {
  it('settles the remaining installments at their present value and the operation becomes settled', async () => {
    const opId = await disbursed();
    await payFirst(opId);
    server.clock.set('2026-04-02');
    // the second installment (due 2026-03-15) was not paid: it is overdue and must be received first
    const blocked = await call(server, 'prepayment.apply', { id: opId, idempotency_key: key(), kind: 'full', amount: '2500.00', method: 'pix' }, tokens.operator);
    expect(blocked.status).toBe(409);
    expect(blocked.body.field).toBe('installments');
    const rows = await installments(opId);
    const second = rows[1];
    const paid = await call(server, 'servicing.pay', { id: opId, installment: second.id, idempotency_key: key(), amount: second.due_total, paid_on: '2026-04-02', method: 'pix' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const quote = (await call(server, 'prepayment.quote', { id: opId }, tokens.agent)).body;
    expect(quote.overdue).toEqual([]);
    const wrong = await call(
      server,
      'prepayment.apply',
      { id: opId, idempotency_key: key(), kind: 'full', amount: new Decimal(quote.present_value).minus('0.01').toFixed(2), method: 'pix' },
      tokens.operator,
    );
    expect(wrong.status).toBe(409);
    expect(wrong.body.field).toBe('amount');
    expect(wrong.body.message).toContain(`Valor devido: ${quote.present_value}`);
    const withMode = await call(server, 'prepayment.apply', { id: opId, idempotency_key: key(), kind: 'full', mode: 'reduce_term', amount: quote.present_value, method: 'pix' }, tokens.operator);
    expect(withMode.status).toBe(400);
    expect(withMode.body.field).toBe('mode');

    const settled = await call(server, 'prepayment.apply', { id: opId, idempotency_key: key(), kind: 'full', amount: quote.present_value, method: 'pix' }, tokens.operator);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.status).toBe('settled');
    expect(settled.body.prepayment).toMatchObject({ kind: 'full', mode: null, amount: quote.present_value, principal: quote.principal, interest: quote.accrued_interest, discount: quote.discount });
    expect(settled.body.prepayment.added).toEqual([]);
    expect(settled.body.prepayment.replaced).toHaveLength(10);
    expect(await balanceOf(opId, 'loans_receivable')).toBe('0.00');
    await expectBalancedBooks();

    const operation = await call(server, 'creditOperation.get', { id: opId }, tokens.agent);
    expect(operation.body.status).toBe('settled');
    const current = await installments(opId);
    expect(current.map((r) => r.number)).toEqual([1, 2]);
    expect(current.every((r) => r.status === 'paid')).toBe(true);
    const events = await server.database.rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM credit_operation_events WHERE credit_operation_id = $1 AND kind = 'settled' AND to_status = 'settled'",
      [opId],
    );
    expect(events[0].n).toBe(1);

    const again = await call(server, 'prepayment.quote', { id: opId }, tokens.agent);
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('status');
    const payAfter = await call(server, 'servicing.pay', { id: opId, installment: current[1].id, idempotency_key: key(), amount: '1.00', paid_on: '2026-04-02', method: 'pix' }, tokens.operator);
    expect(payAfter.status).toBe(409);
    await expectBalancedBooks();
  });
});

describe('concurrency', () => {
  it('five simultaneous settlements of one operation: one settles it, the others 409, the books balance', async () => {
    const opId = await disbursed();
    server.clock.set('2026-02-01');
    const quote = (await call(server, 'prepayment.quote', { id: opId }, tokens.agent)).body;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(server, 'prepayment.apply', { id: opId, idempotency_key: key(), kind: 'full', amount: quote.present_value, method: 'ted' }, tokens.operator),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.field).toBe('status');
    const rows = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM prepayments WHERE credit_operation_id = $1', [opId]);
    expect(rows[0].n).toBe(1);
    expect(await balanceOf(opId, 'loans_receivable')).toBe('0.00');
    await expectBalancedBooks();
  });
});
