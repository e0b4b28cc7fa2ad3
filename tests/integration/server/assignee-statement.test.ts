/**
 * The assignee's statement over HTTP: one account's cessions, a cession reversal, a payment collected on an assigned
 * installment and its reversal, a repurchase, its undoing and another repurchase, with the running balance; the lines of
 * the two accounts together give the operation's ledger balances on due_from_assignee and due_to_assignee; the period
 * rules (400 naming the field), 404 for a missing account or one of another company, and the authorization matrix.
 * One seeded server for the file.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { assignAtRate, disbursedOperation, expectBooksBalanced, insertAssigneeAccount, insertBorrower, key, operationBalances, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let accountA: number;
let accountB: number;
let opId: number;
let list: Array<Record<string, any>> = [];
const prices = new Map<number, string>();
let paid = '';
const repurchased: string[] = [];

const statement = (args: Record<string, unknown>, token = tokens.agent) => call(server, 'assigneeStatement.get', args, token);

async function ok(args: Record<string, unknown>): Promise<Record<string, any>> {
  const answer = await statement(args);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, any>;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await server.database.rows("UPDATE company_parameters SET cession_approval_above = '100000.00' WHERE company_id = 1");
  const borrowerId = await insertBorrower(server, 'Sara Extrato', '529.982.247-25');
  accountA = await insertAssigneeAccount(server, 'Fundo Extrato FIDC');
  accountB = await insertAssigneeAccount(server, 'Fundo Outro FIDC');
  opId = await disbursedOperation(server, tokens, borrowerId);
  list = await operationInstallments(server, tokens.agent, opId);

  server.clock.set('2026-02-01');
  const cession = await assignAtRate(server, tokens.operator, opId, accountA, [list[0].id, list[1].id, list[2].id]);
  for (const item of cession.installments as Array<{ id: number; price: string }>) prices.set(item.id, item.price);
  await assignAtRate(server, tokens.operator, opId, accountB, [list[3].id]);

  server.clock.set('2026-02-10');
  const pay = await call(server, 'servicing.pay', { id: opId, installment: list[0].id, idempotency_key: key(), amount: list[0].value, paid_on: '2026-02-10', method: 'pix' }, tokens.operator);
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const payment = pay.body.transactions[0];
  paid = payment.amount as string;

  server.clock.set('2026-02-12');
  const reversed = await call(server, 'servicing.reverse', { id: opId, installment: list[0].id, detailId: payment.id, idempotency_key: key(), reason: 'Boleto devolvido pelo banco' }, tokens.operator);
  expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);

  server.clock.set('2026-02-20');
  const ceded = await call(server, 'cession.reverse', { id: opId, idempotency_key: key(), installments: [list[2].id], reason: 'Acordo com o fundo: parcela devolvida' }, tokens.operator);
  expect(ceded.status, JSON.stringify(ceded.body)).toBe(200);

  // 2026-04-20: installment 1 (due 02-15) is 64 days late, beyond the account's 30.
  server.clock.set('2026-04-20');
  const first = await call(server, 'repurchase.create', { id: opId, installment: list[0].id, idempotency_key: key() }, tokens.operator);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  repurchased.push(first.body.amount as string);
  server.clock.set('2026-04-21');
  const undone = await call(server, 'repurchase.reverse', { id: opId, installment: list[0].id, idempotency_key: key(), reason: 'Acordo com o fundo: recompra lançada por engano' }, tokens.operator);
  expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  server.clock.set('2026-04-22');
  const again = await call(server, 'repurchase.create', { id: opId, installment: list[0].id, idempotency_key: key() }, tokens.operator);
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  repurchased.push(again.body.amount as string);
});
afterAll(() => server?.close());

describe('authorization', () => {
  const readers = { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 };
  itAnswersTheMatrix([['assigneeStatement.get', { accountId: 999999, from: '2026-01-01', to: '2026-12-31' }, readers]], () => ({ server, tokens }));
});

describe('the statement of an assignee account', () => {
  it('lists the cessions, the cession reversal, the payment and its reversal, the repurchases and the undoing in date order with a running balance', async () => {
    const body = await ok({ accountId: accountA, from: '2026-01-01', to: '2026-12-31' });
    const priceOf = (k: number) => prices.get(list[k].id)!;
    const neg = (v: string) => new Decimal(v).neg().toFixed(2);
    expect(body).toMatchObject({ assignment_account_id: accountA, assignee_name: 'Fundo Extrato FIDC', from: '2026-01-01', to: '2026-12-31', opening_balance: '0.00' });
    expect(body.lines.map((l: any) => [l.date, l.kind, l.installment_number, l.amount])).toEqual([
      ['2026-02-01', 'cession', 1, neg(priceOf(0))],
      ['2026-02-01', 'cession', 2, neg(priceOf(1))],
      ['2026-02-01', 'cession', 3, neg(priceOf(2))],
      ['2026-02-10', 'payment', 1, paid],
      ['2026-02-12', 'payment_reversal', 1, neg(paid)],
      ['2026-02-20', 'cession_reversal', 3, priceOf(2)],
      ['2026-04-20', 'repurchase', 1, repurchased[0]],
      ['2026-04-21', 'repurchase_reversal', 1, neg(repurchased[0])],
      ['2026-04-22', 'repurchase', 1, repurchased[1]],
    ]);
    let running = new Decimal(0);
    for (const line of body.lines) {
      running = running.plus(line.amount);
      expect(line.balance).toBe(running.toFixed(2));
      expect(line).toMatchObject({ credit_operation_id: opId, cession_number: body.lines[0].cession_number });
      expect(line.operation_number).toMatch(/\S/);
    }
    expect(body.closing_balance).toBe(running.toFixed(2));
    expect(body.closing_balance).toBe(new Decimal(repurchased[1]).minus(priceOf(0)).minus(priceOf(1)).toFixed(2));
    expect(body.totals).toEqual({
      cession: new Decimal(priceOf(0)).plus(priceOf(1)).plus(priceOf(2)).neg().toFixed(2),
      cession_reversal: priceOf(2),
      payment: paid,
      payment_reversal: neg(paid),
      repurchase: new Decimal(repurchased[0]).plus(repurchased[1]).toFixed(2),
      repurchase_reversal: neg(repurchased[0]),
      price_receipt: '0.00',
      price_receipt_reversal: '0.00',
      price_write_off: '0.00',
      transfer: '0.00',
      transfer_fee: '0.00',
      transfer_reversal: '0.00',
    });
  });

  it("agrees with the ledger: both accounts' closing balances are the operation's due to and due from the assignee", async () => {
    const a = await ok({ accountId: accountA, from: '2026-01-01', to: '2026-12-31' });
    const b = await ok({ accountId: accountB, from: '2026-01-01', to: '2026-12-31' });
    expect(b.lines.map((l: any) => [l.kind, l.installment_number])).toEqual([['cession', 4]]);
    const books = await operationBalances(server, opId);
    // Ledger balances are debit − credit; the statement's balance is owed to the assignee − due from it.
    const ledger = new Decimal(books.due_to_assignee ?? 0).plus(books.due_from_assignee ?? 0).neg();
    expect(new Decimal(a.closing_balance).plus(b.closing_balance).toFixed(2)).toBe(ledger.toFixed(2));
    await expectBooksBalanced(server, tokens.operator);
  });

  it('opens a later period with everything before it and lists only the period', async () => {
    const all = await ok({ accountId: accountA, from: '2026-01-01', to: '2026-12-31' });
    const part = await ok({ accountId: accountA, from: '2026-02-11', to: '2026-04-20' });
    expect(part.opening_balance).toBe(all.lines[3].balance);
    expect(part.lines.map((l: any) => l.kind)).toEqual(['payment_reversal', 'cession_reversal', 'repurchase']);
    expect(part.lines.map((l: any) => l.balance)).toEqual(all.lines.slice(4, 7).map((l: any) => l.balance));
    expect(part.closing_balance).toBe(all.lines[6].balance);
    expect(part.totals.cession).toBe('0.00');
  });

  it('refuses a bad or too long period naming the field, and answers 404 for a missing account or one of another company', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ accountId: accountA, from: '2026-13-01', to: '2026-12-31' }, 'from'],
      [{ accountId: accountA, from: '2026-01-01', to: 'ontem' }, 'to'],
      [{ accountId: accountA, from: '2026-03-01', to: '2026-02-01' }, 'to'],
      [{ accountId: accountA, from: '2026-01-01', to: '2027-01-02' }, 'to'],
      [{ accountId: accountA, to: '2026-12-31' }, 'from'],
    ];
    for (const [args, field] of cases) {
      const answer = await statement(args);
      expect({ args, status: answer.status, field: answer.body.field }).toEqual({ args, status: 400, field });
    }
    // 366 days (a leap year's whole span) is allowed.
    expect((await statement({ accountId: accountA, from: '2026-01-01', to: '2027-01-01' })).status).toBe(200);
    const [{ id: other }] = await server.database.rows<{ id: number }>("INSERT INTO companies (legal_name) VALUES ('Outra Financeira') RETURNING id");
    const [{ id: foreign }] = await server.database.rows<{ id: number }>(
      "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account) VALUES ($1, 'Fundo Alheio FIDC', '11.222.333/0001-81', '341', 'Itaú Unibanco', '0001', '54321') RETURNING id",
      [other],
    );
    expect((await statement({ accountId: foreign, from: '2026-01-01', to: '2026-12-31' })).status).toBe(404);
    expect((await statement({ accountId: 999999, from: '2026-01-01', to: '2026-12-31' })).status).toBe(404);
  });
});
