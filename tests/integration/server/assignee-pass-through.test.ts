/**
 * Money collected on assigned installments passed through to the assignee, over HTTP: a payment on an assigned
 * installment makes the open payable grow (and the ledger's due_to_assignee with it), a transfer with the fee the
 * agreement lets the lender keep makes it fall, its reversal brings it back; after each step the trial balance is zero
 * and the ledger's due_to_assignee equals the statements' open total. The cession price's receipts are listed in the
 * statement. Errors: above what is owed (409 naming it), a bank account not the company's, a date after today, a
 * reversal twice, a transfer of another account (404); the authorization matrix of both calls.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { assignAtRate, disbursedOperation, expectBooksBalanced, insertAssigneeAccount, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let account: number;
let other: number;
let opId: number;
let bankId: number;
let cessionId: number;
let list: Array<Record<string, any>> = [];
const prices = new Map<number, string>();

const FAR = { from: '2026-01-01', to: '2026-12-31' };
const statementOf = async (accountId: number, period = FAR) => {
  const answer = await call(server, 'assigneeStatement.get', { accountId, ...period }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, any>;
};
const transfer = (args: Record<string, unknown>, token = tokens.operator) =>
  call(server, 'assigneeStatement.transfer', { accountId: account, idempotency_key: key(), date: server.clock.today(), company_bank_account_id: bankId, ...args }, token);

/** The ledger's due_to_assignee (credit − debit) equals the sum of every assignee account's open payable; the books balance. */
async function expectPayableReconciles(): Promise<string> {
  const [{ payable }] = await server.database.rows<{ payable: string }>(
    "SELECT COALESCE(sum(CASE WHEN side = 'credit' THEN amount ELSE -amount END), 0)::numeric(14,2)::text AS payable FROM journal_entries WHERE account = 'due_to_assignee'",
  );
  const accounts = await server.database.rows<{ id: number }>('SELECT id FROM assignment_bank_accounts WHERE company_id = 1');
  let open = new Decimal(0);
  for (const { id } of accounts) open = open.plus((await statementOf(id)).pass_through.open_payable);
  expect(open.toFixed(2)).toBe(payable);
  await expectBooksBalanced(server, tokens.operator);
  return payable;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await server.database.rows("UPDATE company_parameters SET cession_approval_above = '100000.00' WHERE company_id = 1");
  const borrowerId = await insertBorrower(server, 'Rui Repasse', '529.982.247-25');
  account = await insertAssigneeAccount(server, 'Fundo Repasse FIDC');
  other = await insertAssigneeAccount(server, 'Fundo Outro FIDC');
  await server.database.rows('UPDATE assignment_bank_accounts SET pass_through_fee_rate = 2.5 WHERE id = $1', [account]);
  [{ id: bankId }] = await server.database.rows<{ id: number }>('SELECT id FROM company_bank_accounts WHERE company_id = 1 AND active ORDER BY id LIMIT 1');
  opId = await disbursedOperation(server, tokens, borrowerId);
  list = await operationInstallments(server, tokens.agent, opId);
  server.clock.set('2026-02-01');
  const cession = await assignAtRate(server, tokens.operator, opId, account, [list[0].id, list[1].id]);
  cessionId = cession.id as number;
  for (const item of cession.installments as Array<{ id: number; price: string }>) prices.set(item.id, item.price);
}, 180_000);
afterAll(() => server?.close());

describe('authorization', () => {
  const writers = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['assigneeStatement.transfer', { accountId: 999999, idempotency_key: key(), date: '2026-01-10', amount: '1.00', company_bank_account_id: 1 }, writers],
      ['assigneeStatement.reverseTransfer', { accountId: 999999, transfer: 1, idempotency_key: key(), reason: 'lançado por engano' }, writers],
    ],
    () => ({ server, tokens }),
  );
});

describe('passing collected money through to the assignee', () => {
  let collected = '';
  let transferId = 0;

  it('a payment on an assigned installment makes the payable grow, with the fee the agreement lets the lender keep', async () => {
    expect(await expectPayableReconciles()).toBe('0.00');
    server.clock.set('2026-02-10');
    const pay = await call(server, 'servicing.pay', { id: opId, installment: list[0].id, idempotency_key: key(), amount: list[0].value, paid_on: '2026-02-10', method: 'pix' }, tokens.operator);
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    collected = pay.body.transactions[0].amount as string;
    expect(await expectPayableReconciles()).toBe(collected);
    const body = await statementOf(account, { from: '2026-02-01', to: '2026-02-28' });
    const fee = new Decimal(collected).times('0.025').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(body.pass_through).toEqual({
      fee_rate: '2.5',
      collected,
      fee_due: fee.toFixed(2),
      net_due: new Decimal(collected).minus(fee).toFixed(2),
      transferred: '0.00',
      fees_kept: '0.00',
      open_payable: collected,
    });
  });

  it('refuses a transfer above what is owed (naming it), from a bank account not the company, after today, and a negative fee', async () => {
    const above = await transfer({ amount: new Decimal(collected).plus('0.01').toFixed(2) });
    expect({ status: above.status, field: above.body.field }).toEqual({ status: 409, field: 'amount' });
    expect(above.body.message).toContain(collected.replace('.', ','));
    const withFee = await transfer({ amount: collected, fee: '0.01' });
    expect(withFee.status).toBe(409);
    const bank = await transfer({ amount: '1.00', company_bank_account_id: 999999 });
    expect({ status: bank.status, field: bank.body.field }).toEqual({ status: 409, field: 'company_bank_account_id' });
    const future = await transfer({ amount: '1.00', date: '2026-02-11' });
    expect({ status: future.status, field: future.body.field }).toEqual({ status: 400, field: 'date' });
    const negative = await transfer({ amount: '1.00', fee: '-1.00' });
    expect(negative.status).toBe(400);
    const missing = await transfer({ accountId: 999999, amount: '1.00' });
    expect(missing.status).toBe(404);
    expect(await expectPayableReconciles()).toBe(collected);
  });

  it('a transfer of the net due with the fee kept makes the payable fall to zero; entries due to assignee → bank and fee income', async () => {
    server.clock.set('2026-03-05');
    const before = await statementOf(account, { from: '2026-02-01', to: '2026-02-28' });
    const answer = await transfer({ amount: before.pass_through.net_due, fee: before.pass_through.fee_due });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'transfer', moved_on: '2026-03-05', amount: before.pass_through.net_due, fee: before.pass_through.fee_due, company_bank_account_id: bankId, reverses_id: null });
    transferId = answer.body.id as number;
    expect(await expectPayableReconciles()).toBe('0.00');
    const lines = await server.database.rows<{ account: string; side: string; amount: string }>(
      "SELECT account, side, amount::text FROM journal_entries WHERE kind = 'assignee_transfer' ORDER BY id",
    );
    expect(lines).toEqual([
      { account: 'due_to_assignee', side: 'debit', amount: collected },
      { account: 'bank', side: 'credit', amount: before.pass_through.net_due },
      { account: 'fee_income', side: 'credit', amount: before.pass_through.fee_due },
    ]);
    const march = await statementOf(account, { from: '2026-03-01', to: '2026-03-31' });
    expect(march.lines.map((l: any) => [l.kind, l.amount, l.transfer_id, l.reversed, l.installment_id])).toEqual([
      ['transfer', new Decimal(before.pass_through.net_due).neg().toFixed(2), transferId, false, null],
      ['transfer_fee', new Decimal(before.pass_through.fee_due).neg().toFixed(2), transferId, false, null],
    ]);
    expect(march.pass_through).toMatchObject({ collected: '0.00', transferred: before.pass_through.net_due, fees_kept: before.pass_through.fee_due, open_payable: '0.00' });
    const again = await transfer({ amount: '0.01' });
    expect(again.status).toBe(409);
  });

  it('a reversal brings the payable back, once; a transfer of another account is not found', async () => {
    server.clock.set('2026-03-06');
    const wrong = await call(server, 'assigneeStatement.reverseTransfer', { accountId: other, transfer: transferId, idempotency_key: key(), reason: 'lançado por engano' }, tokens.operator);
    expect(wrong.status).toBe(404);
    const short = await call(server, 'assigneeStatement.reverseTransfer', { accountId: account, transfer: transferId, idempotency_key: key(), reason: 'x' }, tokens.operator);
    expect({ status: short.status, field: short.body.field }).toEqual({ status: 400, field: 'reason' });
    const undone = await call(server, 'assigneeStatement.reverseTransfer', { accountId: account, transfer: transferId, idempotency_key: key(), reason: 'lançado por engano' }, tokens.operator);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ kind: 'transfer_reversal', moved_on: '2026-03-06', reverses_id: transferId, reason: 'lançado por engano' });
    expect(await expectPayableReconciles()).toBe(collected);
    const twice = await call(server, 'assigneeStatement.reverseTransfer', { accountId: account, transfer: transferId, idempotency_key: key(), reason: 'lançado por engano' }, tokens.operator);
    expect(twice.status).toBe(409);
    const march = await statementOf(account, { from: '2026-03-01', to: '2026-03-31' });
    expect(march.lines.map((l: any) => [l.kind, l.reversed])).toEqual([
      ['transfer', true],
      ['transfer_fee', true],
      ['transfer_reversal', false],
    ]);
    expect(march.pass_through).toMatchObject({ transferred: '0.00', fees_kept: '0.00', open_payable: collected });
  });

  it('lists the cession price received in the statement, company-level', async () => {
    const received = await call(server, 'cessionPrice.receive', { cession: cessionId, idempotency_key: key(), date: '2026-03-06', amount: '100.00', company_bank_account_id: bankId }, tokens.operator);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const march = await statementOf(account, { from: '2026-03-06', to: '2026-03-06' });
    expect(march.lines.find((l: any) => l.kind === 'price_receipt')).toMatchObject({ kind: 'price_receipt', amount: '100.00', credit_operation_id: null, operation_number: null, installment_number: null });
    expect(march.totals.price_receipt).toBe('100.00');
    expect(await expectPayableReconciles()).toBe(collected);
  });

  it('refuses a cession reversal that would leave the price received above the price in force, until the receipt is reversed', async () => {
    // 100.00 received; take the received up to installment 1's price + 1.00, then undoing installment 2 would leave less than that.
    const more = new Decimal(prices.get(list[0].id)!).minus('100.00').plus('1.00').toFixed(2);
    const second = await call(server, 'cessionPrice.receive', { cession: cessionId, idempotency_key: key(), date: '2026-03-06', amount: more, company_bank_account_id: bankId }, tokens.operator);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const refused = await call(server, 'cession.reverse', { id: opId, idempotency_key: key(), installments: [list[1].id], reason: 'Acordo com o fundo: parcela devolvida' }, tokens.operator);
    expect({ status: refused.status, field: refused.body.field }).toEqual({ status: 409, field: 'installments' });
    expect(refused.body.message).toContain('estorne o recebimento');
    const receipt = (second.body.moves as Array<{ id: number; kind: string; amount: string }>).find((m) => m.kind === 'receipt' && m.amount === more)!;
    const undone = await call(server, 'cessionPrice.reverseReceipt', { cession: cessionId, receipt: receipt.id, idempotency_key: key(), reason: 'recebido a mais' }, tokens.operator);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const allowed = await call(server, 'cession.reverse', { id: opId, idempotency_key: key(), installments: [list[1].id], reason: 'Acordo com o fundo: parcela devolvida' }, tokens.operator);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const price = await call(server, 'cessionPrice.get', { cession: cessionId }, tokens.operator);
    expect(new Decimal(price.body.owed).gte(0)).toBe(true);
    expect(await expectPayableReconciles()).toBe(collected);
  });
});
