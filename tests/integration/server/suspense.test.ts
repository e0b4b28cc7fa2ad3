/**
 * Valores a identificar (suspense): every real a return file credits is
 * booked. A line paying R$ 50,00 above its installment pays what is owed and
 * sends R$ 50,00 to suspense; five R$ 907,75 lines paying an installment
 * already paid are five items; a line repeated in one file is a credit of its
 * own; the same lines in another file are the same credits and book nothing.
 * After each, the ledger's bank account moved by what the bank credited (paid
 * − fee), the trial balance is zero and the suspense account equals the
 * list's open total. Then a person applies an item to an installment of the
 * same borrower (another borrower's is refused) and refunds one to the
 * borrower's bank account, a second person confirming above the reversal
 * limit; a credit naming no title of ours is booked with no operation and
 * identified by applying it; and the authorization matrix of the calls.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { itauReturnFile, type ItauReturnMovement } from '../../helpers/cnab-return-file';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let itauId: number;
let opId: number;
let otherOpId: number;
let borrowerId: number;
let installments: Array<{ id: number; number: number; value: string; due_date: string }>;
let otherInstallments: Array<{ id: number }>;
let sequences: string[];

const TODAY = '2026-01-20';
const ACCOUNT = { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' };
let fileSequence = 40;
const fileOf = (list: ItauReturnMovement[]) => itauReturnFile(ACCOUNT, list, { generatedOn: TODAY, fileSequence: fileSequence++ });

async function settle(content: string) {
  const answer = await call(server, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET341.ret', content, idempotency_key: key() }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function books(): Promise<{ bank: Decimal; suspense: Decimal; difference: string }> {
  const tb = await call(server, 'ledger.trialBalance', {}, tokens.operator);
  expect(tb.status).toBe(200);
  const balance = (account: string) => new Decimal(tb.body.accounts.find((a: { account: string }) => a.account === account).balance);
  return { bank: balance('bank'), suspense: balance('suspense'), difference: tb.body.difference };
}

async function openList(filter: Record<string, string> = {}) {
  const answer = await call(server, 'suspense.list', { filter, limit: 100 }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { items: Array<Record<string, any>>; open_total: string; meta: { totalItems: number } };
}

/** The books balance and the suspense account (a liability: its balance is credit) holds the list's open total. */
async function expectBooksAgree(): Promise<void> {
  const after = await books();
  expect(after.difference).toBe('0.00');
  expect(after.suspense.neg().toFixed(2)).toBe((await openList()).open_total);
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
  borrowerId = await insertBorrower(server, 'Sônia Suspensa', '111.444.777-35');
  opId = await disbursedOperation(server, tokens, borrowerId);
  installments = (await call(server, 'servicing.installments', { id: opId }, tokens.agent)).body.installments;
  server.clock.set('2026-01-10');
  otherOpId = await disbursedOperation(server, tokens, await insertBorrower(server, 'Outro Tomador', '529.982.247-25'));
  otherInstallments = (await call(server, 'servicing.installments', { id: otherOpId }, tokens.agent)).body.installments;
  for (const i of installments.slice(0, 3)) {
    const answer = await call(server, 'boleto.slip', { x: i.id }, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const slips = await server.database.rows<{ sequence: string }>(
    'SELECT s.sequence::text AS sequence FROM boleto_slips s WHERE s.bank_account_id = $1 AND s.installment_id = ANY($2::int[]) ORDER BY s.installment_id',
    [itauId, installments.slice(0, 3).map((i) => i.id)],
  );
  sequences = slips.map((s) => s.sequence.padStart(8, '0'));
  await server.database.rows(
    "INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_digit, account_type) VALUES ($1, '001', 'Banco do Brasil', '1234', '99887', '6', 'checking')",
    [borrowerId],
  );
  server.clock.set(TODAY);
});
afterAll(async () => {
  await server?.close();
});

describe('return lines the installment does not take go to suspense', () => {
  it('R$ 50,00 paid above the installment: what is owed pays it, R$ 50,00 to suspense; the bank moves by paid − fee', async () => {
    const [first] = installments;
    const paid = new Decimal(first.value).plus('50.00').toFixed(2);
    const before = await books();
    const body = await settle(fileOf([{ movement: '06', nossoNumero: sequences[0], amount: first.value, paid, fee: '1.90', occurredOn: '2026-01-19', creditedOn: '2026-01-20' }]));
    expect(body.lines[0]).toMatchObject({ outcome: 'settled', fee_posted: true });
    expect(body.lines[0].message).toContain('R$ 50,00 vão para valores a identificar');
    const schedule = (await call(server, 'servicing.installments', { id: opId }, tokens.agent)).body.installments as Array<{ id: number; status: string }>;
    expect(schedule.find((i) => i.id === first.id)?.status).toBe('paid');
    const list = await openList();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      amount: '50.00',
      open_amount: '50.00',
      state: 'open',
      reason: 'overpaid',
      source: 'return_line',
      return_file_id: body.file.id,
      return_line: 3,
      received_on: '2026-01-20',
      payer_name: 'Sônia Suspensa',
      borrower_id: borrowerId,
      credit_operation_id: opId,
      installment_id: first.id,
    });
    const after = await books();
    expect(after.bank.minus(before.bank).toFixed(2)).toBe(new Decimal(paid).minus('1.90').toFixed(2));
    await expectBooksAgree();
    expect(list.open_total).toBe('50.00');
  });

  it('five R$ 907,75 lines paying an installment already paid: five items, each fee posted, the bank moves by what it credited', async () => {
    const [first] = installments;
    const days = ['2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16', '2026-01-17'];
    const list: ItauReturnMovement[] = days.map((day) => ({ movement: '06', nossoNumero: sequences[0], amount: first.value, paid: '907.75', fee: '1.90', occurredOn: day, creditedOn: '2026-01-20' }));
    const before = await books();
    const body = await settle(fileOf(list));
    expect(body.lines.map((l: { outcome: string }) => l.outcome)).toEqual(Array(5).fill('already_paid'));
    expect(body.lines[0].message).toContain('valores a identificar');
    const items = (await openList()).items.filter((i) => i.reason === 'already_paid');
    expect(items.map((i) => [i.amount, i.return_file_id])).toEqual(Array(5).fill(['907.75', body.file.id]));
    const after = await books();
    expect(after.bank.minus(before.bank).toFixed(2)).toBe(new Decimal('907.75').minus('1.90').times(5).toFixed(2));
    await expectBooksAgree();
    expect((await openList()).open_total).toBe(new Decimal('907.75').times(5).plus(50).toFixed(2));
  });

  it('a line twice in one file is credited twice (one pays, the other to suspense, both fees); the same lines in another file book nothing', async () => {
    const second = installments[1];
    const line: ItauReturnMovement = { movement: '06', nossoNumero: sequences[1], amount: second.value, paid: second.value, fee: '1.90', occurredOn: '2026-01-19', creditedOn: '2026-01-20' };
    const before = await books();
    const body = await settle(fileOf([line, line]));
    expect(body.lines.map((l: { outcome: string; fee_posted: boolean }) => [l.outcome, l.fee_posted])).toEqual([
      ['settled', true],
      ['duplicate', true],
    ]);
    const repeated = (await openList()).items.filter((i) => i.reason === 'duplicate_line');
    expect(repeated.map((i) => i.amount)).toEqual([second.value]);
    const after = await books();
    expect(after.bank.minus(before.bank).toFixed(2)).toBe(new Decimal(second.value).minus('1.90').times(2).toFixed(2));
    await expectBooksAgree();

    // The same credits reported again in a later file (the overpaid, the already paid and the repeated lines): nothing moves.
    const count = (await openList({ state: 'all' })).meta.totalItems;
    const [first] = installments;
    const again = await settle(
      fileOf([
        line,
        line,
        { movement: '06', nossoNumero: sequences[0], amount: first.value, paid: '907.75', fee: '1.90', occurredOn: '2026-01-13', creditedOn: '2026-01-20' },
      ]),
    );
    expect(again.lines.map((l: { outcome: string; fee_posted: boolean }) => [l.outcome, l.fee_posted])).toEqual([
      ['duplicate', false],
      ['duplicate', false],
      ['duplicate', false],
    ]);
    expect((await openList({ state: 'all' })).meta.totalItems).toBe(count);
    expect((await books()).bank.toFixed(2)).toBe(after.bank.toFixed(2));
    await expectBooksAgree();
  });
});

describe('applying and refunding', () => {
  it("applies the R$ 50,00 to another installment of the same borrower through the payment path; another borrower's installment is refused", async () => {
    const item = (await openList()).items.find((i) => i.reason === 'overpaid')!;
    const third = installments[2];
    const refused = await call(server, 'suspense.apply', { item: item.id, installment_id: otherInstallments[0].id, idempotency_key: key() }, tokens.operator);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.field).toBe('installment_id');
    expect(refused.body.message).toContain('outro tomador');
    const tooMuch = await call(server, 'suspense.apply', { item: item.id, installment_id: third.id, amount: '50.01', idempotency_key: key() }, tokens.operator);
    expect(tooMuch.status).toBe(409);

    const before = await books();
    const answer = await call(server, 'suspense.apply', { item: item.id, installment_id: third.id, idempotency_key: key() }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ state: 'applied', open_amount: '0.00' });
    expect(answer.body.moves).toEqual([expect.objectContaining({ kind: 'applied', amount: '50.00', installment_id: third.id, moved_on: '2026-01-20' })]);
    const details = await call(server, 'servicing.installmentDetails', { id: opId, installment: third.id }, tokens.agent);
    expect(details.status).toBe(200);
    const payments = details.body.transactions.filter((t: { kind: string }) => t.kind === 'payment');
    expect(payments.map((t: { amount: string; paid_on: string }) => [t.amount, t.paid_on])).toEqual([['50.00', '2026-01-20']]);
    const after = await books();
    // The bank does not move: the money was credited when the line came; it goes from suspense to the installment.
    expect(after.bank.toFixed(2)).toBe(before.bank.toFixed(2));
    expect(after.suspense.minus(before.suspense).toFixed(2)).toBe('50.00');
    await expectBooksAgree();
    expect((await openList()).items.some((i) => i.id === item.id)).toBe(false);
    expect((await openList({ state: 'applied' })).items.map((i) => i.id)).toContain(item.id);
  });

  it('refunds an item to the borrower\'s account; above the reversal limit (the window\'s sum) a second person confirms it', async () => {
    const [account] = await server.database.rows<{ id: number }>('SELECT id FROM borrower_bank_accounts WHERE borrower_id = $1', [borrowerId]);
    const [otherAccount] = await server.database.rows<{ id: number }>(
      "INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_type) SELECT borrower_id, '104', 'Caixa', '0001', '1', 'checking' FROM credit_operations WHERE id = $1 RETURNING id",
      [otherOpId],
    );
    const [a, b] = (await openList()).items.filter((i) => i.reason === 'already_paid');
    const wrong = await call(server, 'suspense.refund', { item: a.id, borrower_bank_account_id: otherAccount.id, idempotency_key: key() }, tokens.operator);
    expect(wrong.status).toBe(409);
    expect(wrong.body.field).toBe('borrower_bank_account_id');

    const before = await books();
    // R$ 907,75 is under the company's R$ 1.000,00: taken alone.
    const alone = await call(server, 'suspense.refund', { item: a.id, borrower_bank_account_id: account.id, note: 'devolvido por TED', idempotency_key: key() }, tokens.operator);
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    expect(alone.body).toMatchObject({ state: 'refunded', open_amount: '0.00', pending_refund_id: null });
    expect((await books()).bank.minus(before.bank).toFixed(2)).toBe('-907.75');
    await expectBooksAgree();

    // A second one the same day by the same person adds up to R$ 1.815,50: it waits for another person.
    const waits = await call(server, 'suspense.refund', { item: b.id, borrower_bank_account_id: account.id, idempotency_key: key() }, tokens.operator);
    expect(waits.status, JSON.stringify(waits.body)).toBe(200);
    expect(waits.body).toMatchObject({ state: 'open', open_amount: '907.75' });
    expect(waits.body.pending_refund_id).toEqual(expect.any(Number));
    // The asker is told it is theirs to wait on (the screen hides "decide" from them); the second person is not.
    expect(waits.body.pending_refund_asked_by_me).toBe(true);
    const seenByAdmin = await call(server, 'suspense.get', { item: b.id }, tokens.admin);
    expect(seenByAdmin.body).toMatchObject({ pending_refund_id: waits.body.pending_refund_id, pending_refund_asked_by_me: false });
    const blocked = await call(server, 'suspense.apply', { item: b.id, installment_id: installments[3].id, idempotency_key: key() }, tokens.operator);
    expect(blocked.status).toBe(409);
    const own = await call(server, 'suspense.decideRefund', { item: b.id, approve: true, idempotency_key: key() }, tokens.operator);
    expect(own.status).toBe(403);
    await expectBooksAgree();
    const approved = await call(server, 'suspense.decideRefund', { item: b.id, approve: true, idempotency_key: key() }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ state: 'refunded', open_amount: '0.00', pending_refund_id: null });
    expect((await books()).bank.minus(before.bank).toFixed(2)).toBe('-1815.50');
    await expectBooksAgree();
  });

  it('a payment applied from suspense and reversed gives its money back to suspense, not to the bank; applied again, it pays once', async () => {
    const item = (await openList({ state: 'applied' })).items.find((i) => i.reason === 'overpaid')!;
    const third = installments[2];
    const [move] = item.moves as Array<{ transaction_id: number }>;
    const before = await books();
    const reversed = await call(
      server,
      'servicing.reverse',
      { id: opId, installment: third.id, detailId: move.transaction_id, reason: 'aplicado na parcela errada', idempotency_key: key() },
      tokens.operator,
    );
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const after = await books();
    // The bank never moved for it: the money is back where it waited, and the item is open again.
    expect(after.bank.toFixed(2)).toBe(before.bank.toFixed(2));
    expect(after.suspense.minus(before.suspense).toFixed(2)).toBe('-50.00');
    expect((await openList()).items.find((i) => i.id === item.id)).toMatchObject({ state: 'open', open_amount: '50.00' });
    // The history keeps the application, marked reversed (it no longer counts against what is open).
    const reopened = await call(server, 'suspense.get', { item: item.id }, tokens.operator);
    expect(reopened.body.moves).toEqual([expect.objectContaining({ kind: 'applied', amount: '50.00', transaction_id: move.transaction_id, installment_number: third.number, reversed: true })]);
    await expectBooksAgree();

    const again = await call(server, 'suspense.apply', { item: item.id, installment_id: third.id, idempotency_key: key() }, tokens.operator);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ state: 'applied', open_amount: '0.00' });
    expect(again.body.moves.map((m: { reversed: boolean }) => m.reversed)).toEqual([true, false]);
    expect((await books()).suspense.toFixed(2)).toBe(before.suspense.toFixed(2));
    await expectBooksAgree();
  });
});

describe('a credit naming no title of ours', () => {
  it('is booked with no operation, cannot be refunded to nobody, and is identified by applying it to an installment', async () => {
    const before = await books();
    const unknownLine: ItauReturnMovement = { movement: '06', nossoNumero: '99999990', amount: '25.00', paid: '25.00', fee: '1.90', occurredOn: '2026-01-19', creditedOn: '2026-01-20' };
    const body = await settle(fileOf([unknownLine]));
    expect(body.lines[0]).toMatchObject({ outcome: 'unmatched', fee_posted: true });
    const item = (await openList()).items.find((i) => i.reason === 'unknown_title')!;
    expect(item).toMatchObject({ amount: '25.00', borrower_id: null, credit_operation_id: null, payer_name: null });
    expect((await books()).bank.minus(before.bank).toFixed(2)).toBe('23.10');
    await expectBooksAgree();
    // The same line in a later file: booked already, neither its fee nor its money again.
    const count = (await openList({ state: 'all' })).meta.totalItems;
    const again = await settle(fileOf([unknownLine]));
    expect(again.lines[0]).toMatchObject({ outcome: 'unmatched', fee_posted: false });
    expect((await openList({ state: 'all' })).meta.totalItems).toBe(count);
    expect((await books()).bank.minus(before.bank).toFixed(2)).toBe('23.10');
    // Its postings belong to no operation: the operation's journal does not show them.
    const journal = await call(server, 'servicing.journal', { id: opId }, tokens.operator);
    expect(journal.status).toBe(200);
    const [{ posting_id: postingId }] = await server.database.rows<{ posting_id: number }>('SELECT posting_id FROM suspense_items WHERE id = $1', [item.id]);
    expect(journal.body.postings.map((p: { posting_id: number }) => p.posting_id)).not.toContain(postingId);

    const [account] = await server.database.rows<{ id: number }>('SELECT id FROM borrower_bank_accounts WHERE borrower_id = $1 LIMIT 1', [borrowerId]);
    const refund = await call(server, 'suspense.refund', { item: item.id, borrower_bank_account_id: account.id, idempotency_key: key() }, tokens.operator);
    expect(refund.status).toBe(409);
    const applied = await call(server, 'suspense.apply', { item: item.id, installment_id: installments[4].id, idempotency_key: key() }, tokens.operator);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ state: 'applied', open_amount: '0.00' });
    await expectBooksAgree();
    // Every item, smallest first; the state filter names what it takes.
    const all = await call(server, 'suspense.list', { filter: { state: 'all' }, sort: { field: 'amount', order: 'asc' }, limit: 100 }, tokens.operator);
    const amounts = (all.body.items as Array<{ amount: string }>).map((i) => Number(i.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts).toHaveLength(8);
    const wrong = await call(server, 'suspense.list', { filter: { state: 'closed' } }, tokens.operator);
    expect(wrong.status).toBe(400);
  });
});

describe('authorization', () => {
  const operators = { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 };
  const moves = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['suspense.list', {}, operators],
      ['suspense.get', { item: 999999 }, moves],
      ['suspense.apply', { item: 999999, installment_id: 1, idempotency_key: 'matrix-key-0000000001' }, moves],
      ['suspense.refund', { item: 999999, borrower_bank_account_id: 1, idempotency_key: 'matrix-key-0000000002' }, moves],
      ['suspense.decideRefund', { item: 999999, approve: true, idempotency_key: 'matrix-key-0000000003' }, moves],
    ],
    () => ({ server, tokens }),
  );
});
