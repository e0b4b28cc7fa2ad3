/**
 * Money correctness of an agreement's payments, over HTTP on PGlite and PostgreSQL:
 * - a suspense item applied to an agreement installment, its payment reversed: the money goes back to suspense (the
 *   item open again with that amount, the move shown reversed), the bank untouched, the suspense list's total equal to
 *   the ledger's suspense account; a second reversal refused (409); above the company's reversal limit the reversal
 *   waits for another person and only their approval gives the money back;
 * - the company's settlement tolerance (R$ 1,00) on an agreement installment paid at the bank (a return line) or by
 *   Pix: short or over by at most the tolerance it closes and the difference goes to rounding differences (reversed,
 *   the rounding is swapped: the bank gives back what it credited); short by more, the rest stays open; over by more
 *   (a return line), what is due is paid and the excess goes to suspense.
 * The trial balance is zero after each.
 *
 * One operation of twelve released 2026-01-15; on 2026-05-20 its overdue installments are renegotiated with a down
 * payment of R$ 100,00 due 2026-05-25 and six monthly installments from 2026-06-20. Slips at the demo company's Itaú
 * account (0912 / 45021-7); return files written with the project's CNAB tables (tests/helpers/cnab-return-file.ts).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../helpers/server';
import { itauReturnFile, type ItauReturnMovement } from '../../helpers/cnab-return-file';
import { call, raw, type DemoRole } from './client';
import { expectBooksBalanced, key } from './servicing-fixtures';
import { startWithAgreement } from './renegotiation-fixtures';
import { sandboxPix, signedSandboxNotice } from '../../../src/server/areas/pix';

type Row = Record<string, any>;
let server: TestServer;
let tokens: Record<DemoRole, string>;
let agreement: Row;
let installments: Row[] = [];
let fileSequence = 40;
const sequences = new Map<number, string>();
const TODAY = '2026-05-20';
const ACCOUNT = { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' };
const now = () => Math.floor(Date.now() / 1000);


async function view(): Promise<Row> {
  const answer = await call(server, 'renegotiation.get', { id: agreement.id }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
const lineOf = (n: number, paid: string): ItauReturnMovement => ({ movement: '06', nossoNumero: sequences.get(installments[n].id)!, amount: paid, paid, fee: '1.90', occurredOn: TODAY, creditedOn: TODAY });
async function settle(lines: ItauReturnMovement[]): Promise<Row> {
  const content = itauReturnFile(ACCOUNT, lines, { generatedOn: TODAY, fileSequence: fileSequence++ });
  const answer = await call(server, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET341.ret', content, idempotency_key: key() }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The ledger's balance (debit − credit) of an account, all postings. */
async function balance(account: string): Promise<Decimal> {
  const [row] = await server.database.rows<{ b: string | null }>("SELECT sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END)::text AS b FROM journal_entries WHERE account = $1", [account]);
  return new Decimal(row.b ?? 0);
}

/** Books balanced, and the suspense list's open total is what the ledger's suspense account holds. */
async function expectSuspenseAgrees(): Promise<void> {
  await expectBooksBalanced(server, tokens.admin);
  const list = await call(server, 'suspense.list', { limit: 100, filter: { state: 'all' } }, tokens.operator);
  expect(list.status).toBe(200);
  expect((await balance('suspense')).neg().toFixed(2)).toBe(list.body.open_total);
}

/** A suspense item of nobody known (a return line naming no title), of `amount`; answers its id. */
async function creditSuspense(amount: string, nossoNumero: string): Promise<number> {
  const settled = await settle([{ movement: '06', nossoNumero, amount, paid: amount, fee: '0', occurredOn: TODAY, creditedOn: TODAY }]);
  expect(settled.lines[0].outcome).toBe('unmatched');
  const [item] = await server.database.rows<{ id: number }>("SELECT id FROM suspense_items WHERE reason = 'unknown_title' ORDER BY id DESC LIMIT 1");
  return item.id;
}

const item = async (id: number): Promise<Row> => (await call(server, 'suspense.get', { item: id }, tokens.operator)).body;
const paymentRow = async (id: number) =>
  (await server.database.rows<{ amount: string; rounding_difference: string; from_suspense: boolean }>('SELECT amount::text, rounding_difference::text, from_suspense FROM renegotiation_payments WHERE id = $1', [id]))[0];
const reverse = (paymentId: number, token = tokens.operator) =>
  call(server, 'renegotiation.reversePayment', { id: agreement.id, payment_id: paymentId, idempotency_key: key(), reason: 'Aplicado à parcela errada' }, token);

beforeAll(async () => {
  // Six installments after a down payment of R$ 100,00 (renegotiation-fixtures.ts has the rest of the start).
  ({ server, tokens, agreement } = await startWithAgreement({
    borrower: 'Tânia Tolerância Acordo',
    today: TODAY,
    conditions: { down_payment: '100.00', down_payment_due_date: '2026-05-25', term: 6 },
  }));
  // The bank and Pix parts reverse alone; the four-eyes part lowers the limit for itself.
  await server.database.rows('UPDATE company_parameters SET reversal_approval_above = 100000000, second_approval_above = 100000000 WHERE company_id = 1');
  const [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  installments = (await view()).collection.installments;
  // Slips at the bank for installments 1 to 4 (the return lines); installment 5's comes with a Pix charge below.
  for (const i of installments.slice(1, 5)) expect((await call(server, 'boleto.agreementSlip', { x: i.id }, tokens.agent)).status).toBe(200);
  const slips = await server.database.rows<{ agreement_installment_id: number; sequence: string; bank_account_id: number }>(
    "SELECT agreement_installment_id, sequence::text AS sequence, bank_account_id FROM boleto_slips WHERE kind = 'agreement' ORDER BY id",
  );
  for (const slip of slips) {
    expect(slip.bank_account_id).toBe(itauId);
    sequences.set(slip.agreement_installment_id, slip.sequence.padStart(8, '0'));
  }
}, 600_000);
afterAll(() => server?.close());

describe('the settlement tolerance at the bank', () => {
  it('short by at most R$ 1,00: the installment closes, the payment is what was due and the difference is a rounding difference', async () => {
    const due = new Decimal(installments[1].due_total);
    const [bank, rounding] = [await balance('bank'), await balance('rounding_differences')];
    const settled = await settle([lineOf(1, due.minus('0.40').toFixed(2))]);
    expect(settled.lines[0]).toMatchObject({ outcome: 'settled', message: null });
    const a = await view();
    expect(a.collection.installments[1]).toMatchObject({ status: 'paid', due_total: '0.00' });
    const payment = (a.collection.payments as Row[]).at(-1)!;
    // The screen reads the rounding from the answer; the stored row says the same.
    expect(payment).toMatchObject({ number: 1, amount: due.toFixed(2), rounding_difference: '0.40', from_suspense: false });
    expect(await paymentRow(payment.id)).toEqual({ amount: due.toFixed(2), rounding_difference: '0.40', from_suspense: false });
    // The bank moved by what it credited (less its fee), the rounding expense by the 40 cents; nothing to suspense.
    expect((await balance('bank')).minus(bank).toFixed(2)).toBe(due.minus('0.40').minus('1.90').toFixed(2));
    expect((await balance('rounding_differences')).minus(rounding).toFixed(2)).toBe('0.40');
    expect(await server.database.rows("SELECT id FROM suspense_items WHERE reason = 'overpaid'")).toEqual([]);
    await expectSuspenseAgrees();
  });

  it('its reversal swaps the rounding too: the bank gives back exactly what it credited', async () => {
    const payment = ((await view()).collection.payments as Row[]).at(-1)!;
    const [bank, rounding] = [await balance('bank'), await balance('rounding_differences')];
    const answer = await reverse(payment.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.collection.installments[1].status).toBe('open');
    expect((await balance('bank')).minus(bank).toFixed(2)).toBe(new Decimal(payment.amount).minus('0.40').neg().toFixed(2));
    expect((await balance('rounding_differences')).minus(rounding).toFixed(2)).toBe('-0.40');
    await expectSuspenseAgrees();
  });

  it('short by more than the tolerance: recorded as paid, the rest stays open, no rounding', async () => {
    const due = new Decimal(installments[2].due_total);
    const rounding = await balance('rounding_differences');
    await settle([lineOf(2, due.minus('1.50').toFixed(2))]);
    const a = await view();
    expect(a.collection.installments[2]).toMatchObject({ status: 'partially_paid', due_total: '1.50' });
    expect((a.collection.payments as Row[]).at(-1)).toMatchObject({ number: 2, amount: due.minus('1.50').toFixed(2) });
    expect((await balance('rounding_differences')).minus(rounding).toFixed(2)).toBe('0.00');
    await expectSuspenseAgrees();
  });

  it('over by at most the tolerance: closes at what was due, the 30 cents to rounding (as an operation installment), nothing to suspense', async () => {
    const due = new Decimal(installments[3].due_total);
    const rounding = await balance('rounding_differences');
    const settled = await settle([lineOf(3, due.plus('0.30').toFixed(2))]);
    expect(settled.lines[0]).toMatchObject({ outcome: 'settled', message: null });
    const a = await view();
    expect(a.collection.installments[3].status).toBe('paid');
    expect((a.collection.payments as Row[]).at(-1)).toMatchObject({ number: 3, amount: due.toFixed(2) });
    expect((await balance('rounding_differences')).minus(rounding).toFixed(2)).toBe('-0.30');
    expect(await server.database.rows("SELECT id FROM suspense_items WHERE reason = 'overpaid'")).toEqual([]);
    await expectSuspenseAgrees();
  });

  it('over by more than the tolerance: pays what is due, the excess goes to suspense of the borrower', async () => {
    const due = new Decimal(installments[4].due_total);
    const rounding = await balance('rounding_differences');
    await settle([lineOf(4, due.plus('5.00').toFixed(2))]);
    expect((await view()).collection.installments[4].status).toBe('paid');
    const [excess] = await server.database.rows<{ amount: string; borrower_id: number }>("SELECT amount::text, borrower_id FROM suspense_items WHERE reason = 'overpaid'");
    expect(excess).toEqual({ amount: '5.00', borrower_id: agreement.borrower_id });
    expect((await balance('rounding_differences')).minus(rounding).toFixed(2)).toBe('0.00');
    await expectSuspenseAgrees();
  });
});

describe('the settlement tolerance by Pix', () => {
  it("a Pix of the charge's amount after 50 cents were paid by hand: within the tolerance, it closes the installment with a rounding difference", async () => {
    const chosen = await call(server, 'pix.saveSettings', { id: 1, provider: 'sandbox' }, tokens.admin);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const fifth = installments[5];
    expect((await call(server, 'boleto.agreementSlip', { x: fifth.id }, tokens.agent)).status).toBe(200);
    const [charge] = await server.database.rows<{ txid: string; amount: string }>('SELECT txid, amount::text FROM pix_charges WHERE agreement_installment_id = $1', [fifth.id]);
    expect(charge.amount).toBe(fifth.due_total);
    const [{ bank_account_id: account }] = await server.database.rows<{ bank_account_id: number }>('SELECT bank_account_id FROM boleto_slips WHERE agreement_installment_id = $1', [fifth.id]);
    const byHand = await call(server, 'renegotiation.pay', { id: agreement.id, idempotency_key: key(), installment_id: fifth.id, amount: '0.50', paid_on: TODAY, bank_account_id: account }, tokens.operator);
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200);
    const rounding = await balance('rounding_differences');
    const pix = sandboxPix({ txid: charge.txid, paidAt: '2026-05-20T10:00:00-03:00', endToEndId: 'E00000000202605201000TANIA00001' }, TODAY);
    expect(pix.valor).toBe(fifth.due_total);
    const answer = await raw(server, 'pix.webhook', { params: { company_id: 1 }, ...signedSandboxNotice(chosen.body.webhook_secret, [pix], now()) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ settled: 1, unmatched: 0 });
    const a = await view();
    expect(a.collection.installments[5].status).toBe('paid');
    expect((a.collection.payments as Row[]).at(-1)).toMatchObject({ number: 5, amount: new Decimal(fifth.due_total).minus('0.50').toFixed(2) });
    expect((await balance('rounding_differences')).minus(rounding).toFixed(2)).toBe('-0.50');
    await expectSuspenseAgrees();
  });
});

describe('a suspense item applied to an agreement installment, its payment reversed', () => {
  let itemId = 0;
  let paymentId = 0;

  it('the reversal gives the money back to suspense: the item open again with that amount, the bank untouched', async () => {
    itemId = await creditSuspense('60.00', '99999970');
    const bank = await balance('bank');
    const applied = await call(server, 'suspense.applyAgreement', { item: itemId, agreement_installment_id: installments[6].id, amount: '40.00', idempotency_key: key() }, tokens.operator);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ state: 'open', open_amount: '20.00' });
    const payment = ((await view()).collection.payments as Row[]).at(-1)!;
    paymentId = payment.id;
    expect(payment).toMatchObject({ amount: '40.00', from_suspense: true, rounding_difference: '0.00' });
    expect(await paymentRow(paymentId)).toMatchObject({ amount: '40.00', from_suspense: true });
    await expectSuspenseAgrees();
    const answer = await reverse(paymentId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.collection.installments[6].status).toBe('open');
    const back = await item(itemId);
    expect(back).toMatchObject({ state: 'open', open_amount: '60.00' });
    expect(back.moves.map((m: Row) => [m.kind, m.amount, m.reversed])).toEqual([['applied', '40.00', true]]);
    // The money left suspense and came back there: the bank account never moved.
    expect((await balance('bank')).minus(bank).toFixed(2)).toBe('0.00');
    await expectSuspenseAgrees();
  });

  it('a second reversal of the same payment is refused (409), nothing moves', async () => {
    const suspense = await balance('suspense');
    const again = await reverse(paymentId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'payment_id', message: expect.stringMatching(/já foi estornado/) });
    expect((await balance('suspense')).toFixed(2)).toBe(suspense.toFixed(2));
    expect(await item(itemId)).toMatchObject({ state: 'open', open_amount: '60.00' });
  });

  it('the item, open again, can be applied again in full', async () => {
    const applied = await call(server, 'suspense.applyAgreement', { item: itemId, agreement_installment_id: installments[6].id, idempotency_key: key() }, tokens.operator);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ state: 'applied', open_amount: '0.00' });
    expect((await view()).collection.payments.at(-1)).toMatchObject({ number: 6, amount: '60.00' });
    await expectSuspenseAgrees();
  });

  it('above the reversal limit the reversal waits for another person; their approval gives the money back to suspense', async () => {
    await server.database.rows('UPDATE company_parameters SET reversal_approval_above = 30 WHERE company_id = 1');
    const payment = ((await view()).collection.payments as Row[]).at(-1)!;
    const asked = await reverse(payment.id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.collection.pending_reversal).toMatchObject({ payment_id: payment.id, amount: '60.00' });
    // Waiting: the payment stands, the item stays applied.
    expect(await item(itemId)).toMatchObject({ state: 'applied', open_amount: '0.00' });
    await expectSuspenseAgrees();
    const self = await call(server, 'renegotiation.decideReversal', { id: agreement.id, approve: true }, tokens.operator);
    expect(self.status).toBe(403);
    const approved = await call(server, 'renegotiation.decideReversal', { id: agreement.id, approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await item(itemId)).toMatchObject({ state: 'open', open_amount: '60.00' });
    expect((await view()).collection.installments[6].status).toBe('open');
    await expectSuspenseAgrees();
  });
});
