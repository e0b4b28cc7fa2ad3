/**
 * Collecting a renegotiation agreement over HTTP (PGlite and PostgreSQL): who may pay, reverse and run the break
 * rule (the matrix); an agreement installment paid in part and then whole (allocated interest then principal before
 * its due date), the overpayment and the back-dated payment refused, a reversal of only the last payment, a late
 * installment's charges by the original contract's terms, the trial balance "0.00" after each move and the value
 * paid + open = the agreement's total; the break after more than N days late (not at N), its reason, the balance
 * fallen due, nothing posted.
 *
 * One operation of twelve (Price, 2% a month, first due 2026-02-15) released 2026-01-15; on 2026-05-20 its four
 * overdue installments are renegotiated into five monthly installments from 2026-06-20.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../helpers/server';
import { call, changeParameters, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { startWithAgreement } from './renegotiation-fixtures';
import { expectBooksBalanced, key } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let agreement: Row;
let bankAccount = 0;

type Row = Record<string, any>;
const TODAY = '2026-05-20';

async function view(token = tokens.operator): Promise<Row> {
  const answer = await call(server, 'renegotiation.get', { id: agreement.id }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function pay(installment: Row, amount: string, paidOn: string, token = tokens.operator) {
  return call(server, 'renegotiation.pay', { id: agreement.id, idempotency_key: key(), installment_id: installment.id, amount, paid_on: paidOn, bank_account_id: bankAccount }, token);
}

/** value paid + value open = the agreement's total, to the cent; the books balance. */
async function expectWhole(a: Row): Promise<void> {
  expect(new Decimal(a.collection.value_paid).plus(a.collection.value_open).toFixed(2)).toBe(a.total_payable);
  await expectBooksBalanced(server, tokens.admin);
}

beforeAll(async () => {
  const fixture = await startWithAgreement({ borrower: 'Paula Paga Acordo', conditions: { late_charges_discount_percent: '10' } });
  ({ server, tokens } = fixture);
  bankAccount = fixture.bankAccount;
  agreement = fixture.agreement;
}, 300_000);
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix(
    [
      ['renegotiation.pay', { id: 999999, idempotency_key: key(), installment_id: 1, amount: '10.00', paid_on: TODAY, bank_account_id: 1 }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
      ['renegotiation.reversePayment', { id: 999999, payment_id: 1, idempotency_key: key(), reason: 'Teste de estorno' }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
    ],
    () => ({ server, tokens }),
  );

  it('runBreaks: operators and admins, agent and Usuário 403, no token 401', async () => {
    const expected: Record<DemoRole, number> = { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 };
    for (const role of Object.keys(expected) as DemoRole[]) {
      expect({ role, status: (await call(server, 'renegotiation.runBreaks', {}, tokens[role])).status }).toEqual({ role, status: expected[role] });
    }
    expect((await call(server, 'renegotiation.runBreaks', {})).status).toBe(401);
  });
});

describe('paying the agreement installments', () => {
  it('the new agreement: every installment open, nothing paid, the whole open', async () => {
    const a = await view();
    expect(a.collection.installments.map((i: Row) => i.status)).toEqual(['open', 'open', 'open', 'open', 'open']);
    expect(a.collection.value_paid).toBe('0.00');
    expect(a.collection.value_open).toBe(a.total_payable);
    expect(a.collection.broken).toBeNull();
  });

  it('partial then whole before the due date: interest first, then principal; entries balanced, the receivable credited', async () => {
    server.clock.set('2026-05-26');
    const first = (await view()).collection.installments[0];
    const before = await server.database.rows<{ n: string }>("SELECT count(*)::text AS n FROM journal_entries WHERE kind = 'renegotiation_payment'");
    const partial = await pay(first, '50.00', '2026-05-25');
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const one = partial.body.collection.installments[0];
    expect(one.status).toBe('partially_paid');
    const [p] = partial.body.collection.payments as Row[];
    expect(p).toMatchObject({ kind: 'payment', amount: '50.00', late_fee: '0.00', default_interest: '0.00', bank_account_id: bankAccount, reversed: false });
    expect(new Decimal(p.interest).eq(Decimal.min(50, first.interest))).toBe(true);
    await expectWhole(partial.body);
    const after = await server.database.rows<{ n: string }>("SELECT count(*)::text AS n FROM journal_entries WHERE kind = 'renegotiation_payment'");
    expect(Number(after[0].n)).toBeGreaterThan(Number(before[0].n));
    // More than is due is refused, naming amount with what is due.
    const over = await pay(first, new Decimal(one.due_total).plus('0.01').toFixed(2), '2026-05-26');
    expect(over.status).toBe(409);
    expect(over.body.field).toBe('amount');
    expect(over.body.message).toContain(`R$ ${one.due_total}`);
    // Dated before the installment's last payment: refused (reverse the later one first).
    const backDated = await pay(first, '1.00', '2026-05-21');
    expect(backDated.status).toBe(409);
    expect(backDated.body.field).toBe('paid_on');
    const whole = await pay(first, one.due_total, '2026-05-26');
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body.collection.installments[0].status).toBe('paid');
    expect(whole.body.collection.installments[0].paid).toBe(first.payment);
    await expectWhole(whole.body);
    const again = await pay(first, '1.00', '2026-05-26');
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('installment_id');
  });

  it('refuses a date after today or before the agreement, and an account not the company’s', async () => {
    server.clock.set(TODAY);
    const second = (await view()).collection.installments[1];
    expect((await pay(second, '1.00', '2026-05-21')).status).toBe(400);
    expect((await pay(second, '1.00', '2026-05-19')).status).toBe(400);
    const answer = await call(server, 'renegotiation.pay', { id: agreement.id, idempotency_key: key(), installment_id: second.id, amount: '1.00', paid_on: TODAY, bank_account_id: 999999 }, tokens.operator);
    expect(answer.status).toBe(409);
    expect(answer.body.field).toBe('bank_account_id');
  });

  it('reverses only the last payment of an installment; the reversal swaps the entries', async () => {
    server.clock.set('2026-05-27');
    const a = await view();
    const [firstPayment, secondPayment] = a.collection.payments as Row[];
    const notLast = await call(server, 'renegotiation.reversePayment', { id: agreement.id, payment_id: firstPayment.id, idempotency_key: key(), reason: 'Cheque devolvido' }, tokens.operator);
    expect(notLast.status).toBe(409);
    expect(notLast.body.field).toBe('payment_id');
    const reversed = await call(server, 'renegotiation.reversePayment', { id: agreement.id, payment_id: secondPayment.id, idempotency_key: key(), reason: 'Cheque devolvido' }, tokens.operator);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.collection.installments[0].status).toBe('partially_paid');
    expect(reversed.body.collection.payments.find((p: Row) => p.id === secondPayment.id).reversed).toBe(true);
    await expectWhole(reversed.body);
    const twice = await call(server, 'renegotiation.reversePayment', { id: agreement.id, payment_id: secondPayment.id, idempotency_key: key(), reason: 'De novo' }, tokens.operator);
    expect(twice.status).toBe(409);
    const journal = await server.database.rows<{ n: string }>("SELECT count(DISTINCT posting_id)::text AS n FROM journal_entries WHERE kind = 'renegotiation_payment_reversal'");
    expect(Number(journal[0].n)).toBeGreaterThan(0);
  });

  it('a late installment: late, with multa and mora by the original contract; paid whole, charges first', async () => {
    server.clock.set('2026-07-30');
    try {
      const a = await view();
      const second = a.collection.installments[1];
      expect(second.status).toBe('late');
      expect(second.days_late).toBeGreaterThan(0);
      expect(new Decimal(second.due_late_charges).gt(0)).toBe(true);
      const paid = await pay(second, second.due_total, '2026-07-30');
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const p = (paid.body.collection.payments as Row[]).at(-1)!;
      expect(new Decimal(p.late_fee).plus(p.default_interest).toFixed(2)).toBe(second.due_late_charges);
      expect(paid.body.collection.installments[1].status).toBe('paid');
      await expectWhole(paid.body);
    } finally {
      server.clock.set(TODAY);
    }
  });
});

describe('the confession of debt', () => {
  it('a PDF of the text frozen when the agreement was carried out, for every panel role; Usuário 403', async () => {
    const answer = await fetch(`${server.url}/api/renegotiation/${agreement.id}/document`, { headers: { authorization: `Bearer ${tokens.agent}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const [doc] = await server.database.rows<{ body: string; template: string }>('SELECT body, template FROM renegotiation_documents WHERE agreement_id = $1', [agreement.id]);
    expect(doc.template).toContain('{{devedor.nome}}');
    expect(doc.body).toContain('Paula Paga Acordo');
    expect(doc.body).toContain('mais de 30 dias');
    expect(doc.body).not.toContain('{{');
    expect((await call(server, 'renegotiation.document', { id: agreement.id }, tokens.user)).status).toBe(403);
    expect((await call(server, 'renegotiation.document', { id: 999999 }, tokens.operator)).status).toBe(404);
    await expect(server.database.rows('UPDATE renegotiation_documents SET body = body')).rejects.toThrow();
  });
});

describe('the break rule', () => {
  it('not at N days late; more than N: broken with its reason, the rest falls due, nothing posted', async () => {
    // The first (partially paid since its reversal) is settled first, so only the third is late.
    server.clock.set('2026-08-20');
    const first = (await view()).collection.installments[0];
    expect((await pay(first, first.due_total, '2026-08-20')).status).toBe(200);
    const a = await view();
    const third = a.collection.installments[2];
    const atLimit = new Date(`${third.due_date}T00:00:00Z`);
    atLimit.setUTCDate(atLimit.getUTCDate() + 30);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    server.clock.set(day(atLimit));
    try {
      const none = await call(server, 'renegotiation.runBreaks', {}, tokens.operator);
      expect(none.body.broken).not.toContain(agreement.id);
      atLimit.setUTCDate(atLimit.getUTCDate() + 1);
      server.clock.set(day(atLimit));
      const postingsBefore = await server.database.rows<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries');
      const run = await call(server, 'renegotiation.runBreaks', {}, tokens.operator);
      expect(run.status).toBe(200);
      expect(run.body.broken).toContain(agreement.id);
      const postingsAfter = await server.database.rows<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries');
      expect(postingsAfter[0].n).toBe(postingsBefore[0].n);
      const b = await view();
      expect(b.collection.broken).toMatchObject({ broken_on: day(atLimit), installment_number: 3, days_late: 31, break_days: 30 });
      expect(b.collection.broken.reason).toContain('31 dias de atraso');
      expect(b.collection.broken.remaining).toBe(b.collection.due_total);
      // The fifth, not yet due, falls due on the break day without its future interest.
      const fourth = b.collection.installments[4];
      expect(fourth.due_now).toBe(day(atLimit));
      expect(fourth.due_interest).toBe('0.00');
      expect(fourth.due_principal).toBe(fourth.amortization);
      // Run again: it stays broken once.
      expect((await call(server, 'renegotiation.runBreaks', {}, tokens.operator)).body.broken).not.toContain(agreement.id);
      // Still collectable: the fourth paid whole on the break day.
      const paid = await pay(fourth, fourth.due_total, day(atLimit));
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.collection.installments[4].status).toBe('paid');
      await expectBooksBalanced(server, tokens.admin);
    } finally {
      server.clock.set(TODAY);
    }
  });

  it("the days are the company's parameter, changed with four eyes (1 to 365)", async () => {
    const current = (await call(server, 'company.parameters', { id: 1 }, tokens.admin)).body;
    expect(current.renegotiation_break_days).toBe(30);
    expect((await changeParameters(server, { ...current, renegotiation_break_days: 0 }, tokens.admin, tokens.superadmin)).body.field).toBe('renegotiation_break_days');
    const changed = await changeParameters(server, { ...current, renegotiation_break_days: 45 }, tokens.admin, tokens.superadmin);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.renegotiation_break_days).toBe(45);
  });

  it('the payment and break rows are append-only', async () => {
    await expect(server.database.rows('UPDATE renegotiation_payments SET amount = 1')).rejects.toThrow();
    await expect(server.database.rows('DELETE FROM renegotiation_breaks')).rejects.toThrow();
  });
});
