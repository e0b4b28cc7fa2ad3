/**
 * Four eyes on an agreement payment's reversal (PGlite and PostgreSQL), with the limit and the inbox the installment
 * payment's reversal uses: up to the company's reversal_approval_above it is posted at once; above it a request waits
 * (the payment standing, nothing posted), the approvals inbox lists it under the agreement and the borrower, the
 * installment takes no payment and the agreement no second reversal meanwhile; its maker may not approve it (403
 * saying why), another person's approval posts it (the books balanced), a refusal with a reason leaves the payment
 * standing, the maker may withdraw it; above second_approval_above it needs a second check by an administrator.
 * Who may call renegotiation.decideReversal (the matrix).
 *
 * The agreement: the same as renegotiation-collect's (four overdue installments of one operation renegotiated on
 * 2026-05-20 into five from 2026-06-20); the company's reversal limit lowered to R$ 30,00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../helpers/server';
import { call, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { startWithAgreement } from './renegotiation-fixtures';
import { expectBooksBalanced, key } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let agreement: Row;
let operationId = 0;
let bankAccount = 0;
let operatorId = 0;

type Row = Record<string, any>;
const KIND = 'renegotiation.reverse_payment';

async function view(token = tokens.operator): Promise<Row> {
  const answer = await call(server, 'renegotiation.get', { id: agreement.id }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function payFirst(amount: string, day: string): Promise<Row> {
  server.clock.set(day);
  const first = (await view()).collection.installments[0];
  const answer = await call(server, 'renegotiation.pay', { id: agreement.id, idempotency_key: key(), installment_id: first.id, amount, paid_on: day, bank_account_id: bankAccount }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.collection.payments as Row[]).at(-1)!;
}

function reverse(paymentId: number, token = tokens.operator, reason = 'Pagamento devolvido pelo banco') {
  return call(server, 'renegotiation.reversePayment', { id: agreement.id, payment_id: paymentId, idempotency_key: key(), reason }, token);
}

function decide(args: { approve: boolean; reason?: string }, token: string) {
  return call(server, 'renegotiation.decideReversal', { id: agreement.id, ...args }, token);
}

async function reversalPostings(): Promise<number> {
  const [row] = await server.database.rows<{ n: string }>("SELECT count(DISTINCT posting_id)::text AS n FROM journal_entries WHERE kind = 'renegotiation_payment_reversal'");
  return Number(row.n);
}

async function lastRequest(): Promise<Row> {
  const [row] = await server.database.rows<Row>('SELECT * FROM approval_requests WHERE kind = $1 AND entity_id = $2 ORDER BY id DESC LIMIT 1', [KIND, agreement.id]);
  return row;
}

beforeAll(async () => {
  const fixture = await startWithAgreement({ borrower: 'Paula Paga Acordo', conditions: { late_charges_discount_percent: '10' } });
  ({ server, tokens } = fixture);
  operationId = fixture.operationId;
  bankAccount = fixture.bankAccount;
  const [operator] = await server.database.rows<{ id: number }>("SELECT id FROM users WHERE email = 'operador@demo.local'");
  operatorId = operator.id;
  agreement = fixture.agreement;
  await server.database.rows('UPDATE company_parameters SET reversal_approval_above = 30 WHERE company_id = 1');
}, 300_000);
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix(
    [['renegotiation.decideReversal', { id: 999999, approve: true }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }]],
    () => ({ server, tokens }),
  );

  it('no token: 401; a refusal without its reason: 400 naming reason', async () => {
    expect((await call(server, 'renegotiation.decideReversal', { id: agreement.id, approve: true })).status).toBe(401);
    const answer = await decide({ approve: false }, tokens.admin);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('reason');
  });

  it('nothing waiting: 409 naming id', async () => {
    const answer = await decide({ approve: true }, tokens.admin);
    expect(answer.status).toBe(409);
    expect(answer.body.field).toBe('id');
  });
});

describe('a reversal up to the limit', () => {
  it('is posted at once, counted as the operator’s reversal on the operation', async () => {
    const payment = await payFirst('20.00', '2026-05-21');
    const before = await reversalPostings();
    const answer = await reverse(payment.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.collection.payments.find((p: Row) => p.id === payment.id).reversed).toBe(true);
    expect(answer.body.collection.pending_reversal).toBeNull();
    expect(await reversalPostings()).toBe(before + 1);
    const moves = await server.database.rows<Row>("SELECT * FROM limited_moves WHERE move = 'reversal' AND maker_id = $1 AND credit_operation_id = $2", [operatorId, operationId]);
    expect(moves.map((m) => [m.amount, m.approval_request_id])).toEqual([['20.00', null]]);
    await expectBooksBalanced(server, tokens.admin);
  });
});

describe('a reversal above the limit', () => {
  let payment: Row;

  it('waits for another person: the payment stands, nothing is posted, the view says who asked and why', async () => {
    payment = await payFirst('50.00', '2026-05-22');
    const before = await reversalPostings();
    const answer = await reverse(payment.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.collection.payments.find((p: Row) => p.id === payment.id).reversed).toBe(false);
    expect(answer.body.collection.pending_reversal).toMatchObject({
      payment_id: payment.id,
      installment_number: 1,
      amount: '50.00',
      paid_on: '2026-05-22',
      reason: 'Pagamento devolvido pelo banco',
      maker_id: operatorId,
      checker_id: null,
      required_checks: 1,
      checks_given: 0,
      next_check_roles: [3, 1, 5],
    });
    expect(await reversalPostings()).toBe(before);
    expect(await lastRequest()).toMatchObject({ status: 'pending', entity: 'renegotiation', amount: '50.00', limit_amount: '30.00' });
  });

  it('the approvals inbox lists it under the agreement and the borrower; its maker may not check it', async () => {
    const admin = await call(server, 'approvals.inbox', { page: 1, limit: 100, filter: { kind: KIND } }, tokens.admin);
    expect(admin.status).toBe(200);
    expect(admin.body.items).toHaveLength(1);
    expect(admin.body.items[0]).toMatchObject({ kind: KIND, entity_id: agreement.id, amount: '50.00', credit_operation_ids: [operationId], borrower_name: 'Paula Paga Acordo', can_check: true, asked_by_me: false });
    const mine = await call(server, 'approvals.inbox', { page: 1, limit: 100, filter: { kind: KIND } }, tokens.operator);
    expect(mine.body.items[0]).toMatchObject({ can_check: false, asked_by_me: true });
  });

  it('meanwhile the installment takes no payment and the agreement no second reversal', async () => {
    const first = (await view()).collection.installments[0];
    const paid = await call(server, 'renegotiation.pay', { id: agreement.id, idempotency_key: key(), installment_id: first.id, amount: '1.00', paid_on: '2026-05-22', bank_account_id: bankAccount }, tokens.operator);
    expect(paid.status).toBe(409);
    expect(paid.body.field).toBe('installment_id');
    const again = await reverse(payment.id, tokens.admin);
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('payment_id');
  });

  it('its maker may not approve it (403 saying why); the agent and Usuário may not call', async () => {
    const own = await decide({ approve: true }, tokens.operator);
    expect(own.status).toBe(403);
    expect(own.body.message).toContain('pediu este estorno de pagamento do acordo');
    expect((await decide({ approve: true }, tokens.agent)).status).toBe(403);
    expect((await decide({ approve: true }, tokens.user)).status).toBe(403);
    expect((await lastRequest()).status).toBe('pending');
  });

  it('another person’s approval posts it on the business date: reversed, the books balanced, the request approved', async () => {
    const before = await reversalPostings();
    const answer = await decide({ approve: true }, tokens.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const payments = answer.body.collection.payments as Row[];
    expect(payments.find((p) => p.id === payment.id)?.reversed).toBe(true);
    expect(payments.find((p) => p.reverses_id === payment.id)).toMatchObject({ kind: 'reversal', paid_on: '2026-05-22', amount: '50.00', reference: 'Pagamento devolvido pelo banco' });
    expect(answer.body.collection.pending_reversal).toBeNull();
    expect(await reversalPostings()).toBe(before + 1);
    expect(await lastRequest()).toMatchObject({ status: 'approved' });
    await expectBooksBalanced(server, tokens.admin);
    expect((await call(server, 'approvals.inbox', { page: 1, limit: 100, filter: { kind: KIND } }, tokens.admin)).body.items).toHaveLength(0);
  });
});

describe('refused, withdrawn, two checks', () => {
  it('refused with a reason: the payment stands, nothing posted; withdrawn by its maker: cancelled', async () => {
    const payment = await payFirst('50.00', '2026-05-23');
    const before = await reversalPostings();
    expect((await reverse(payment.id)).status).toBe(200);
    const refused = await decide({ approve: false, reason: 'O banco confirmou o crédito' }, tokens.admin);
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.collection.payments.find((p: Row) => p.id === payment.id).reversed).toBe(false);
    expect(refused.body.collection.pending_reversal).toBeNull();
    expect(await lastRequest()).toMatchObject({ status: 'rejected', reason: 'O banco confirmou o crédito' });
    expect((await reverse(payment.id)).status).toBe(200);
    const withdrawn = await decide({ approve: false, reason: 'Pedido por engano' }, tokens.operator);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(await lastRequest()).toMatchObject({ status: 'cancelled' });
    expect(await reversalPostings()).toBe(before);
    await expectBooksBalanced(server, tokens.admin);
  });

  it('above second_approval_above: a first check leaves it waiting, the second is an administrator’s (not the first checker)', async () => {
    await server.database.rows('UPDATE company_parameters SET second_approval_above = 40 WHERE company_id = 1');
    try {
      const payment = (await view()).collection.payments.filter((p: Row) => p.kind === 'payment' && !p.reversed).at(-1) as Row;
      expect((await reverse(payment.id)).status).toBe(200);
      expect((await view()).collection.pending_reversal).toMatchObject({ required_checks: 2, checks_given: 0 });
      const first = await decide({ approve: true }, tokens.admin);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.collection.pending_reversal).toMatchObject({ required_checks: 2, checks_given: 1, next_check_roles: [3, 1] });
      expect(first.body.collection.payments.find((p: Row) => p.id === payment.id).reversed).toBe(false);
      expect((await decide({ approve: true }, tokens.admin)).status).toBe(403);
      const second = await decide({ approve: true }, tokens.superadmin);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body.collection.payments.find((p: Row) => p.id === payment.id).reversed).toBe(true);
      expect(await lastRequest()).toMatchObject({ status: 'approved', required_checks: 2 });
      await expectBooksBalanced(server, tokens.admin);
    } finally {
      await server.database.rows('UPDATE company_parameters SET second_approval_above = 50000 WHERE company_id = 1');
    }
  });
});
