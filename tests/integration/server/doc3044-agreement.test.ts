/**
 * Doc 3044 events of a renegotiation agreement's life (PGlite, and PostgreSQL with TEST_DATABASE_URL): each agreement
 * installment payment is a pagamento of the operation it pays (its share of the receivable), due five business days
 * after; its reversal, once the payment's record was sent, is an exclusão (acao 2) of that record and not of the other
 * payment of the same day; an agreement broken is an event of its own (no posting) worth the operation's receivable,
 * added once however many times the queue is refreshed.
 *
 * One operation of twelve (Price, 2% a month, first due 2026-02-15) released 2026-01-15; on 2026-05-20 its overdue
 * installments are renegotiated into five monthly installments from 2026-06-20 (break after 30 days late).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../helpers/server';
import { call, type DemoRole } from './client';
import { startWithAgreement } from './renegotiation-fixtures';
import { key } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let agreement: Row;
let operationId = 0;
let bankAccount = 0;

type Row = Record<string, any>;
const TODAY = '2026-05-20';

async function events(): Promise<Row[]> {
  const answer = await call(server, 'doc3044.list', { filter: { credit_operation_id: operationId }, limit: 100 }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items as Row[];
}

async function view(): Promise<Row> {
  const answer = await call(server, 'renegotiation.get', { id: agreement.id }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const pay = (installment: Row, amount: string, paidOn: string) =>
  call(server, 'renegotiation.pay', { id: agreement.id, idempotency_key: key(), installment_id: installment.id, amount, paid_on: paidOn, bank_account_id: bankAccount }, tokens.operator);

/** The operation's receivable (loans + accrued interest receivable) from the journal up to a day, in SQL. */
async function receivableOn(day: string): Promise<string> {
  const [row] = await server.database.rows<{ amount: string }>(
    "SELECT coalesce(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::numeric(14,2)::text AS amount FROM journal_entries WHERE credit_operation_id = $1 AND account IN ('loans_receivable', 'accrued_interest_receivable') AND business_date <= $2::date",
    [operationId, day],
  );
  return row.amount;
}

beforeAll(async () => {
  const fixture = await startWithAgreement({ borrower: 'Ana Acordo Evento' });
  ({ server, tokens } = fixture);
  operationId = fixture.operationId;
  bankAccount = fixture.bankAccount;
  agreement = fixture.agreement;
});
afterAll(() => server?.close());

describe('an agreement in the Doc 3044 queue', () => {
  let first: Row;
  let second: Row;

  it('agreed: one renegotiation event; each installment payment a pagamento of the operation, due five business days after', async () => {
    expect((await events()).filter((e) => e.kind === 'renegotiation')).toHaveLength(1);
    server.clock.set('2026-05-26');
    const installment = (await view()).collection.installments.find((i: Row) => i.number === 1);
    expect((await pay(installment, '50.00', '2026-05-26')).status).toBe(200);
    expect((await pay(installment, '30.00', '2026-05-26')).status).toBe(200);
    const payments = (await events()).filter((e) => e.kind === 'payment');
    expect(payments.map((e) => [e.amount, e.event_date, e.deadline, e.acao, e.status])).toEqual([
      ['50.00', '2026-05-26', '2026-06-02', 1, 'pending'],
      ['30.00', '2026-05-26', '2026-06-02', 1, 'pending'],
    ]);
    [first, second] = payments;
    // The balance after each: the operation's receivable after its posting (one operation: the agreement's).
    expect(second.balance_after).toBe(await receivableOn('2026-05-26'));
    expect(new Decimal(first.balance_after).minus(second.balance_after).toFixed(2)).not.toBe('0.00');
  });

  it('a payment reversed after its record was sent: an exclusão of that record only, due five business days after the reversal', async () => {
    const generated = await call(server, 'doc3044.generate', { idempotency_key: key() }, tokens.admin);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    expect((await call(server, 'doc3044.markSent', { idempotency_key: key(), file_id: generated.body.id }, tokens.admin)).status).toBe(200);
    server.clock.set('2026-05-27');
    const a = await view();
    const last = (a.collection.payments as Row[]).filter((p) => !p.reversed).at(-1)!;
    expect(last.amount).toBe('30.00');
    const reversed = await call(server, 'renegotiation.reversePayment', { id: agreement.id, payment_id: last.id, idempotency_key: key(), reason: 'Pix devolvido' }, tokens.operator);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const exclusions = (await events()).filter((e) => e.acao === 2);
    expect(exclusions).toHaveLength(1);
    expect(exclusions[0]).toMatchObject({ corrects_id: second.id, kind: 'payment', amount: '30.00', event_date: '2026-05-26', deadline: '2026-06-03', status: 'pending' });
    expect(exclusions[0].corrects_id).not.toBe(first.id);
    // Refreshed again: still one.
    expect((await events()).filter((e) => e.acao === 2)).toHaveLength(1);
  });

  it('broken: an event of its own, worth the operation’s receivable that falls due, due five business days after, once', async () => {
    // The first installment (due 2026-06-20, a Saturday: 2026-06-22; paid in part) is more than 30 days late on 2026-07-24.
    server.clock.set('2026-07-24');
    try {
      const run = await call(server, 'renegotiation.runBreaks', {}, tokens.operator);
      expect(run.status, JSON.stringify(run.body)).toBe(200);
      expect(run.body.broken).toContain(agreement.id);
      const broken = (await events()).filter((e) => e.kind === 'renegotiation_break');
      expect(broken).toHaveLength(1);
      const receivable = await receivableOn('2026-07-24');
      expect(broken[0]).toMatchObject({ posting_id: null, acao: 1, event_date: '2026-07-24', deadline: '2026-07-31', amount: receivable, balance_after: receivable, status: 'pending' });
      expect(new Decimal(receivable).gt(0)).toBe(true);
      expect((await events()).filter((e) => e.kind === 'renegotiation_break')).toHaveLength(1);
      // It goes out in the next remittance with the app's event name.
      const generated = await call(server, 'doc3044.generate', { idempotency_key: key() }, tokens.admin);
      expect(generated.status, JSON.stringify(generated.body)).toBe(200);
      const listed = (await events()).find((e) => e.kind === 'renegotiation_break')!;
      expect(listed.file_id).toBe(generated.body.id);
    } finally {
      server.clock.set(TODAY);
    }
  });
});
