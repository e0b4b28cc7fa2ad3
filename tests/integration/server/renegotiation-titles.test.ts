/**
 * An agreement's down payment and its titles over HTTP (PGlite and PostgreSQL): the down payment is the agreement's
 * installment 0, due on the day the operator picked (refused before the agreement or on/after the first due date),
 * paid and reversed like the others with balanced entries; an agreement installment's boleto (kind 'agreement' in
 * boleto_slips, the same nosso número on a reprint) and its Pix charge at the sandbox (kind 'agreement', txid AC…);
 * the sandbox-signed notice settles the agreement installment through renegotiation's own payment — once, the same
 * pix received again is a duplicate —, the trial balance "0.00"; a pix for an installment already paid goes to
 * suspense; the same pix in two deliveries at once settles once; an overdue installment's slip is updated to today
 * with its charges; who may ask for the slip (the matrix).
 *
 * One operation of twelve (Price, 2% a month, first due 2026-02-15) released 2026-01-15; on 2026-05-20 its overdue
 * installments are renegotiated with a down payment of R$ 100,00 due 2026-05-25 and four monthly installments from
 * 2026-06-20.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, expectBooksBalanced, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';
import { sandboxPix, signedSandboxNotice } from '../../../src/server/areas/pix';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let agreement: Row;
let args: Row;
let bankAccount = 0;
let secret = '';
/** simulations asked before the agreement (its installments are renegotiated after it) */
const before: Record<string, { status: number; body: Row }> = {};

type Row = Record<string, any>;
const TODAY = '2026-05-20';
const now = () => Math.floor(Date.now() / 1000);

async function view(): Promise<Row> {
  const answer = await call(server, 'renegotiation.get', { id: agreement.id }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const expectedOf = (s: Row) => ({ renegotiated_balance: s.renegotiated_balance, discount: s.discount, principal: s.principal, iof_total: s.iof_total, total_payable: s.total_payable });

/** value paid + value open = the schedule's total plus the down payment, to the cent; the books balance. */
async function expectWhole(a: Row): Promise<void> {
  expect(new Decimal(a.collection.value_paid).plus(a.collection.value_open).toFixed(2)).toBe(new Decimal(a.total_payable).plus(a.down_payment).toFixed(2));
  await expectBooksBalanced(server, tokens.admin);
}

const slipsOf = (agreementInstallmentId: number) =>
  server.database.rows<{ id: number; kind: string; installment_id: number | null; sequence: number; amount: string; due_date: string; bank_account_id: number }>(
    'SELECT id, kind, installment_id, sequence::int AS sequence, amount::text, due_date::text, bank_account_id FROM boleto_slips WHERE agreement_installment_id = $1 ORDER BY id',
    [agreementInstallmentId],
  );
const chargesOf = (agreementInstallmentId: number) =>
  server.database.rows<{ id: number; kind: string; txid: string; slip_id: number; amount: string; location: string | null }>(
    'SELECT id, kind, txid, slip_id, amount::text, location FROM pix_charges WHERE agreement_installment_id = $1 ORDER BY id',
    [agreementInstallmentId],
  );
const deliver = (notice: { body: string; headers: Record<string, string> }) => raw(server, 'pix.webhook', { params: { company_id: 1 }, body: notice.body, headers: notice.headers });

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  const borrowerId = await insertBorrower(server, 'Enzo Entrada Acordo', '390.533.447-05');
  const op = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set(TODAY);
  const [account] = await server.database.rows<{ id: number }>('SELECT id FROM company_bank_accounts WHERE active ORDER BY id LIMIT 1');
  bankAccount = account.id;
  const list = await call(server, 'renegotiation.installments', { id: borrowerId, credit_operation_id: op }, tokens.operator);
  args = {
    borrower_id: borrowerId,
    installment_ids: (list.body.items as Row[]).filter((i) => i.overdue).map((i) => i.installment_id),
    late_charges_discount_percent: '0',
    interest_discount_percent: '0',
    down_payment: '100.00',
    amortization: 'price',
    monthly_rate: '1.50',
    term: 4,
    first_due_date: '2026-06-20',
    finance_iof: true,
    down_payment_due_date: '2026-05-25',
  };
  for (const day of ['2026-05-19', '2026-06-20', '2026-07-01']) before[day] = await call(server, 'renegotiation.simulate', { ...args, down_payment_due_date: day }, tokens.operator);
  before.byDefault = await call(server, 'renegotiation.simulate', { ...args, down_payment_due_date: undefined }, tokens.operator);
  before.none = await call(server, 'renegotiation.simulate', { ...args, down_payment: '0.00' }, tokens.operator);
  const s = await call(server, 'renegotiation.simulate', args, tokens.operator);
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  const agreed = await call(server, 'renegotiation.agree', { ...args, idempotency_key: key(), expected: expectedOf(s.body) }, tokens.operator);
  expect(agreed.body.status, JSON.stringify(agreed.body)).toBe('agreed');
  agreement = agreed.body;
  const chosen = await call(server, 'pix.saveSettings', { id: 1, provider: 'sandbox' }, tokens.admin);
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  secret = chosen.body.webhook_secret;
}, 300_000);
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix(
    [['boleto.agreementSlip', { x: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }]],
    () => ({ server, tokens }),
  );
});

describe('the down payment is installment 0', () => {
  it('due on the day picked, from the agreement date to before the first installment (409 naming the field otherwise)', async () => {
    for (const day of ['2026-05-19', '2026-06-20', '2026-07-01']) {
      expect(before[day].status, day).toBe(409);
      expect(before[day].body.field).toBe('down_payment_due_date');
    }
    expect(before.byDefault.body.down_payment_due_date).toBe(TODAY);
    expect(before.none.body.down_payment_due_date).toBeNull();

  });

  it('the agreement collects it like the others: open, its whole value principal; the schedule keeps its own rows', async () => {
    const a = await view();
    expect(a.down_payment_due_date).toBe('2026-05-25');
    expect(a.schedule.map((r: Row) => r.number)).toEqual([1, 2, 3, 4]);
    const entry = a.collection.installments[0];
    expect(entry).toMatchObject({ number: 0, due_date: '2026-05-25', payment: '100.00', interest: '0.00', amortization: '100.00', status: 'open', due_total: '100.00' });
    expect(a.collection.installments.map((i: Row) => i.number)).toEqual([0, 1, 2, 3, 4]);
    await expectWhole(a);
    const [doc] = await server.database.rows<{ body: string }>('SELECT body FROM renegotiation_documents WHERE agreement_id = $1', [agreement.id]);
    expect(doc.body).toContain('com vencimento em 25/05/2026');
    expect(doc.body).not.toContain('0ª parcela');
  });

  it('paid by hand and reversed with balanced entries against the receivable', async () => {
    const entry = (await view()).collection.installments[0];
    const paid = await call(server, 'renegotiation.pay', { id: agreement.id, idempotency_key: key(), installment_id: entry.id, amount: '100.00', paid_on: TODAY, bank_account_id: bankAccount }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.collection.installments[0].status).toBe('paid');
    expect(paid.body.collection.payments.at(-1)).toMatchObject({ number: 0, amount: '100.00', principal: '100.00', interest: '0.00', late_fee: '0.00' });
    await expectWhole(paid.body);
    const payment = paid.body.collection.payments.at(-1);
    const reversed = await call(server, 'renegotiation.reversePayment', { id: agreement.id, payment_id: payment.id, idempotency_key: key(), reason: 'Pago por engano' }, tokens.operator);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.collection.installments[0].status).toBe('open');
    await expectWhole(reversed.body);
  });
});

describe('a boleto and a Pix charge for an agreement installment', () => {
  let entryId = 0;
  let txid = '';

  it("the down payment's slip: recorded as the agreement's, its cobv at the sandbox; a reprint gives the same title and calls nobody", async () => {
    server.clock.set('2026-05-21');
    entryId = (await view()).collection.installments[0].id;
    const slip = await call(server, 'boleto.agreementSlip', { x: entryId }, tokens.agent);
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    expect(Buffer.from(slip.body).subarray(0, 5).toString()).toBe('%PDF-');
    const [recorded] = await slipsOf(entryId);
    expect(recorded).toMatchObject({ kind: 'agreement', installment_id: null, amount: '100.00', due_date: '2026-05-25' });
    const [charge] = await chargesOf(entryId);
    expect(charge).toMatchObject({ kind: 'agreement', slip_id: recorded.id, amount: '100.00' });
    expect(charge.txid).toMatch(/^AC\d{8}P\d{8}S\d{10}$/);
    expect(charge.location).toBe(`pix.sandbox.local/v2/cobv/${charge.txid}`);
    txid = charge.txid;
    expect((await call(server, 'boleto.agreementSlip', { x: entryId }, tokens.operator)).status).toBe(200);
    expect(await slipsOf(entryId)).toHaveLength(1);
    expect(await chargesOf(entryId)).toHaveLength(1);
    // The nosso número came from the collecting account's sequence: an operation's slip after it takes the next one.
    const [{ max }] = await server.database.rows<{ max: number }>('SELECT max(sequence)::int AS max FROM boleto_slips WHERE bank_account_id = $1', [recorded.bank_account_id]);
    expect(max).toBe(recorded.sequence);
  });

  it('the signed notice settles the down payment through the agreement payment, once even received twice; books balanced', async () => {
    const pix = sandboxPix({ txid, paidAt: '2026-05-21T10:15:00-03:00', endToEndId: 'E00000000202605211015ENZO000001' }, '2026-05-21');
    expect(pix.valor).toBe('100.00');
    const notice = signedSandboxNotice(secret, [pix], now());
    const answer = await deliver(notice);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ received: 1, settled: 1, unmatched: 0, duplicates: 0 });
    const a = await view();
    expect(a.collection.installments[0].status).toBe('paid');
    const standing = (a.collection.payments as Row[]).filter((p) => p.kind === 'payment' && !p.reversed);
    expect(standing).toEqual([expect.objectContaining({ number: 0, amount: '100.00', reference: 'E00000000202605211015ENZO000001', bank_account_id: (await slipsOf(entryId))[0].bank_account_id })]);
    const [stored] = await server.database.rows<{ status: string; transaction_id: number | null; agreement_payment_id: number | null }>(
      "SELECT status, transaction_id, agreement_payment_id FROM pix_notices WHERE end_to_end_id = 'E00000000202605211015ENZO000001'",
    );
    expect(stored).toMatchObject({ status: 'settled', transaction_id: null, agreement_payment_id: standing[0].id });
    await expectWhole(a);
    // The provider retries: the same pix, signed anew, is a duplicate and changes nothing.
    const again = await deliver(signedSandboxNotice(secret, [pix], now() + 1));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: 1, settled: 0, unmatched: 0, duplicates: 1 });
    expect(((await view()).collection.payments as Row[]).filter((p) => p.kind === 'payment' && !p.reversed)).toHaveLength(1);
    await expectBooksBalanced(server, tokens.admin);
  });

  it('a second pix for the paid down payment settles nothing: unmatched, refused, in suspense; its slip is refused (409 status)', async () => {
    const pix = sandboxPix({ txid, paidAt: '2026-05-21T11:00:00-03:00', endToEndId: 'E00000000202605211100ENZO000002' }, '2026-05-21');
    const answer = await deliver(signedSandboxNotice(secret, [pix], now()));
    expect(answer.body).toEqual({ received: 1, settled: 0, unmatched: 1, duplicates: 0 });
    const [stored] = await server.database.rows<{ status: string; reason: string }>("SELECT status, reason FROM pix_notices WHERE end_to_end_id = 'E00000000202605211100ENZO000002'");
    expect(stored.status).toBe('unmatched');
    expect(stored.reason).toMatch(/^refused: /);
    const suspense = await server.database.rows<{ amount: string }>("SELECT amount::text FROM suspense_items WHERE source_reference = 'E00000000202605211100ENZO000002'");
    expect(suspense).toEqual([{ amount: '100.00' }]);
    await expectBooksBalanced(server, tokens.admin);
    const slip = await call(server, 'boleto.agreementSlip', { x: entryId }, tokens.agent);
    expect(slip.status).toBe(409);
    expect(slip.body.field).toBe('status');
  });

  it("an installment not yet due: its value on its due date; overdue: updated to today with its charges, a new title", async () => {
    const first = (await view()).collection.installments[1];
    expect((await call(server, 'boleto.agreementSlip', { x: first.id }, tokens.agent)).status).toBe(200);
    expect(await slipsOf(first.id)).toEqual([expect.objectContaining({ amount: first.payment, due_date: first.due_date })]);
    server.clock.set('2026-07-10');
    try {
      const late = (await view()).collection.installments[1];
      expect(late.status).toBe('late');
      const updated = await call(server, 'boleto.agreementSlip', { x: first.id }, tokens.agent);
      expect(updated.status).toBe(200);
      const slips = await slipsOf(first.id);
      expect(slips).toHaveLength(2);
      expect(slips[1]).toMatchObject({ amount: late.due_total, due_date: '2026-07-10' });
      expect(new Decimal(slips[1].amount).gt(first.payment)).toBe(true);
      expect(slips[1].sequence).not.toBe(slips[0].sequence);
      // Its charge (multa in the amount) paid by Pix that day settles the installment whole.
      const [, charge] = await chargesOf(first.id);
      const pix = sandboxPix({ txid: charge.txid, paidAt: '2026-07-10T09:00:00-03:00', endToEndId: 'E00000000202607100900ENZO000003' }, '2026-07-10');
      expect(pix.valor).toBe(late.due_total);
      expect((await deliver(signedSandboxNotice(secret, [pix], now()))).body).toEqual({ received: 1, settled: 1, unmatched: 0, duplicates: 0 });
      const after = await view();
      expect(after.collection.installments[1].status).toBe('paid');
      await expectWhole(after);
    } finally {
      server.clock.set(TODAY);
    }
  });

  it('the same pix in two deliveries at once (a provider retrying while the first is in flight): settled once', async () => {
    const second = (await view()).collection.installments[2];
    expect((await call(server, 'boleto.agreementSlip', { x: second.id }, tokens.agent)).status).toBe(200);
    const [charge] = await chargesOf(second.id);
    const pix = sandboxPix({ txid: charge.txid, paidAt: '2026-05-20T16:00:00-03:00', endToEndId: 'E00000000202605201600ENZO000004' }, TODAY);
    const answers = await Promise.all([deliver(signedSandboxNotice(secret, [pix], now())), deliver(signedSandboxNotice(secret, [pix], now() + 1))]);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.filter((a) => a.status === 200 && a.body.settled === 1)).toHaveLength(1);
    const payments = ((await view()).collection.payments as Row[]).filter((p) => p.installment_id === second.id && p.kind === 'payment');
    expect(payments).toHaveLength(1);
    expect((await view()).collection.installments[2].status).toBe('paid');
    await expectBooksBalanced(server, tokens.admin);
  });

  it("an operation installment's slips and charges are unchanged (kind 'installment')", async () => {
    const rows = await server.database.rows<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM boleto_slips WHERE installment_id IS NOT NULL GROUP BY kind');
    for (const r of rows) expect(r.kind).toBe('installment');
  });
});
