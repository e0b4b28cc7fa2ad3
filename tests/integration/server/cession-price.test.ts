/**
 * A cession's price settled with the assignee over HTTP: who may read, record, reverse, ask and decide; receipts
 * partial then whole; the refusals (above what is owed naming the amount, before the cession, after today, a cession
 * pending or reversed, a bank account of nobody); a receipt reversed by a row of its own; the difference written off
 * behind four eyes (another administrator, not the asker); two receipts at once; the trial balance at zero after each.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { cededInstallmentsFixture, expectBooksBalanced, insertAssigneeAccount, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let accountId: number;
let bankId: number;
const DAY = '2026-02-01';

const price = async (cession: number) => {
  const answer = await call(server, 'cessionPrice.get', { cession }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, any>;
};
const receive = (cession: number, amount: string, extra: Record<string, unknown> = {}, token = tokens.operator) =>
  call(server, 'cessionPrice.receive', { cession, idempotency_key: key(), date: DAY, amount, company_bank_account_id: bankId, ...extra }, token);
const dueFromAssignee = async () => {
  const [row] = await server.database.rows<{ balance: string }>(
    "SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::numeric(14,2)::text AS balance FROM journal_entries WHERE account = 'due_from_assignee'",
  );
  return new Decimal(row.balance);
};
const booksBalanced = () => expectBooksBalanced(server, tokens.operator);

let borrowers = 0;
const DOCUMENTS = ['529.982.247-25', '111.444.777-35', '390.533.447-05', '123.456.789-09', '987.654.321-00'];
async function cession(positions: number[]): Promise<Awaited<ReturnType<typeof cededInstallmentsFixture>>> {
  const borrowerId = await insertBorrower(server, `Tomador Preço ${borrowers}`, DOCUMENTS[borrowers++]);
  return cededInstallmentsFixture(server, tokens, { borrowerId, assignmentAccountId: accountId, date: DAY, positions });
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = 100000.00 WHERE company_id = 1');
  accountId = await insertAssigneeAccount(server, 'Fundo Preço FIDC');
  [{ id: bankId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND active ORDER BY id LIMIT 1");
});
afterAll(() => server?.close());

describe('authorization', () => {
  const operators = { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['cessionPrice.list', {}, { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 }],
      ['cessionPrice.get', { cession: 999999 }, operators],
      ['cessionPrice.receive', { cession: 999999, idempotency_key: key(), date: '2026-01-10', amount: '10.00', company_bank_account_id: 1 }, operators],
      ['cessionPrice.reverseReceipt', { cession: 999999, receipt: 1, idempotency_key: key(), reason: 'Lançado em duplicidade' }, operators],
      ['cessionPrice.askWriteOff', { cession: 999999, idempotency_key: key(), reason: 'Diferença de arredondamento' }, operators],
      ['cessionPrice.decideWriteOff', { cession: 999999, idempotency_key: key(), approve: true }, { superadmin: 404, admin: 404, operator: 403, agent: 403, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
});

describe('bad input is a 400 naming the field, in Portuguese', () => {
  it('amount, date, bank account, reason', async () => {
    for (const [field, value] of [['amount', '0'], ['amount', '-1'], ['amount', '1.234'], ['date', '2026-02-30'], ['company_bank_account_id', 'x']] as const) {
      const answer = await call(server, 'cessionPrice.receive', { cession: 1, idempotency_key: key(), date: DAY, amount: '1.00', company_bank_account_id: 1, [field]: value }, tokens.operator);
      expect({ status: answer.status, field: answer.body.field }, `${field}=${value}`).toEqual({ status: 400, field });
      expect(answer.body.message).toMatch(new RegExp(`Campo ${field}`));
    }
    const owed = await call(server, 'cessionPrice.list', { owed: 'some' }, tokens.operator);
    expect({ status: owed.status, field: owed.body.field }).toEqual({ status: 400, field: 'owed' });
    const reason = await call(server, 'cessionPrice.askWriteOff', { cession: 1, idempotency_key: key(), reason: 'x' }, tokens.operator);
    expect({ status: reason.status, field: reason.body.field }).toEqual({ status: 400, field: 'reason' });
  });
});

describe('receipts, partial then whole, a reversal, the difference written off behind four eyes', () => {
  let ceded: Awaited<ReturnType<typeof cession>>;
  let total = new Decimal(0);
  let due = new Decimal(0);

  beforeAll(async () => {
    ceded = await cession([1, 2, 3]);
    const view = await price(ceded.cessionId);
    total = new Decimal(view.price);
    due = await dueFromAssignee();
    expect(view).toMatchObject({ received: '0.00', written_off: '0.00', owed: view.price, open: true, moves: [], write_off_request: null, cession_date: DAY });
    expect(total.gt(100)).toBe(true);
  });

  it('refuses above what is owed (naming it), before the cession, after today, a bank account of nobody', async () => {
    const above = await receive(ceded.cessionId, total.plus('0.01').toFixed(2));
    expect({ status: above.status, field: above.body.field }).toEqual({ status: 409, field: 'amount' });
    expect(above.body.message).toContain(total.toFixed(2).replace('.', ','));
    const before = await receive(ceded.cessionId, '10.00', { date: '2026-01-31' });
    expect({ status: before.status, field: before.body.field }).toEqual({ status: 409, field: 'date' });
    expect(before.body.message).toContain('01/02/2026');
    const future = await receive(ceded.cessionId, '10.00', { date: '2026-02-02' });
    expect({ status: future.status, field: future.body.field }).toEqual({ status: 400, field: 'date' });
    const bank = await receive(ceded.cessionId, '10.00', { company_bank_account_id: 999999 });
    expect({ status: bank.status, field: bank.body.field }).toEqual({ status: 409, field: 'company_bank_account_id' });
    expect((await price(ceded.cessionId)).moves).toEqual([]);
    await booksBalanced();
  });

  it('a partial receipt: bank against the assignee receivable; a replayed key records nothing more', async () => {
    const k = key();
    const answer = await receive(ceded.cessionId, '100.00', { idempotency_key: k });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ received: '100.00', owed: total.minus(100).toFixed(2) });
    expect(answer.body.moves).toMatchObject([{ kind: 'receipt', moved_on: DAY, amount: '100.00', company_bank_account_id: bankId, reversed: false }]);
    expect((await receive(ceded.cessionId, '100.00', { idempotency_key: k })).body.moves).toHaveLength(1);
    expect((await dueFromAssignee()).toFixed(2)).toBe(due.minus(100).toFixed(2));
    const lines = await server.database.rows<{ account: string; side: string; amount: string; credit_operation_id: number | null }>(
      "SELECT account, side, amount::text, credit_operation_id FROM journal_entries WHERE kind = 'cession_price_receipt' ORDER BY id",
    );
    expect(lines).toEqual([
      { account: 'bank', side: 'debit', amount: '100.00', credit_operation_id: null },
      { account: 'due_from_assignee', side: 'credit', amount: '100.00', credit_operation_id: null },
    ]);
    await booksBalanced();
  });

  it('a wrong receipt is undone by a reversal of its own with a reason, once; the rows are never changed', async () => {
    const receipt = (await price(ceded.cessionId)).moves[0].id;
    const args = { cession: ceded.cessionId, receipt, reason: 'Valor lançado na cessão errada' };
    const reversed = await call(server, 'cessionPrice.reverseReceipt', { ...args, idempotency_key: key() }, tokens.operator);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body).toMatchObject({ received: '0.00', owed: total.toFixed(2) });
    expect(reversed.body.moves).toMatchObject([
      { id: receipt, kind: 'receipt', reversed: true },
      { kind: 'receipt_reversal', reverses_id: receipt, amount: '100.00', reason: 'Valor lançado na cessão errada' },
    ]);
    const again = await call(server, 'cessionPrice.reverseReceipt', { ...args, idempotency_key: key() }, tokens.operator);
    expect({ status: again.status, field: again.body.field }).toEqual({ status: 409, field: 'receipt' });
    expect((await call(server, 'cessionPrice.reverseReceipt', { ...args, receipt: 999999, idempotency_key: key() }, tokens.operator)).status).toBe(404);
    await expect(server.owner.rows('UPDATE cession_price_moves SET amount = 1 WHERE id = $1', [receipt])).rejects.toThrow();
    await expect(server.owner.rows('DELETE FROM cession_price_moves WHERE id = $1', [receipt])).rejects.toThrow();
    expect((await dueFromAssignee()).toFixed(2)).toBe(due.toFixed(2));
    await booksBalanced();
  });

  it('two partial receipts; the assignee pays 0.05 less than the price', async () => {
    const half = total.div(2).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    expect((await receive(ceded.cessionId, half.toFixed(2))).status).toBe(200);
    await booksBalanced();
    const rest = total.minus(half).minus('0.05');
    const answer = await receive(ceded.cessionId, rest.toFixed(2));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ received: total.minus('0.05').toFixed(2), owed: '0.05' });
    const above = await receive(ceded.cessionId, '0.06');
    expect(above.status).toBe(409);
    expect(above.body.message).toContain('0,05');
    const list = await call(server, 'cessionPrice.list', { owed: 'open' }, tokens.operator);
    expect(list.body.find((l: any) => l.cession_id === ceded.cessionId)).toMatchObject({ price: total.toFixed(2), received: total.minus('0.05').toFixed(2), owed: '0.05', write_off_request_id: null });
    await booksBalanced();
  });

  it('the difference: an operator asks; not an operator nor the asker decide; another administrator approves', async () => {
    const asked = await call(server, 'cessionPrice.askWriteOff', { cession: ceded.cessionId, idempotency_key: key(), reason: 'Arredondamento do fundo' }, tokens.operator);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.write_off_request).toMatchObject({ amount: '0.05', reason: 'Arredondamento do fundo' });
    const twice = await call(server, 'cessionPrice.askWriteOff', { cession: ceded.cessionId, idempotency_key: key(), reason: 'Arredondamento do fundo' }, tokens.operator);
    expect(twice.status).toBe(409);
    expect((await call(server, 'cessionPrice.decideWriteOff', { cession: ceded.cessionId, idempotency_key: key(), approve: true }, tokens.operator)).status).toBe(403);
    const inbox = await call(server, 'approvals.inbox', { filter: { kind: 'cession.price_write_off' } }, tokens.admin);
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    const approved = await call(server, 'cessionPrice.decideWriteOff', { cession: ceded.cessionId, idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ written_off: '0.05', owed: '0.00', write_off_request: null });
    expect(approved.body.moves.at(-1)).toMatchObject({ kind: 'write_off', amount: '0.05', reason: 'Arredondamento do fundo' });
    const lines = await server.database.rows<{ account: string; side: string; amount: string }>("SELECT account, side, amount::text FROM journal_entries WHERE kind = 'cession_price_write_off' ORDER BY id");
    expect(lines).toEqual([
      { account: 'cession_loss', side: 'debit', amount: '0.05' },
      { account: 'due_from_assignee', side: 'credit', amount: '0.05' },
    ]);
    expect((await dueFromAssignee()).toFixed(2)).toBe(due.minus(total).toFixed(2));
    const open = await call(server, 'cessionPrice.list', { owed: 'open' }, tokens.operator);
    expect(open.body.map((l: any) => l.cession_id)).not.toContain(ceded.cessionId);
    const all = await call(server, 'cessionPrice.list', {}, tokens.operator);
    expect(all.body.find((l: any) => l.cession_id === ceded.cessionId)).toMatchObject({ owed: '0.00', written_off: '0.05' });
    const nothing = await receive(ceded.cessionId, '0.01');
    expect(nothing.status).toBe(409);
    const noDifference = await call(server, 'cessionPrice.askWriteOff', { cession: ceded.cessionId, idempotency_key: key(), reason: 'Nada mais a baixar' }, tokens.operator);
    expect(noDifference.status).toBe(409);
    await booksBalanced();
  });

  it('an administrator who asked may not approve; another refuses only with a reason; the asker may withdraw', async () => {
    const other = await cession([4]);
    const ask = () => call(server, 'cessionPrice.askWriteOff', { cession: other.cessionId, idempotency_key: key(), reason: 'Disputa com o fundo' }, tokens.admin);
    expect((await ask()).status).toBe(200);
    const own = await call(server, 'cessionPrice.decideWriteOff', { cession: other.cessionId, idempotency_key: key(), approve: true }, tokens.admin);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/quatro olhos/);
    const noReason = await call(server, 'cessionPrice.decideWriteOff', { cession: other.cessionId, idempotency_key: key(), approve: false }, tokens.superadmin);
    expect({ status: noReason.status, field: noReason.body.field }).toEqual({ status: 400, field: 'reason' });
    const refused = await call(server, 'cessionPrice.decideWriteOff', { cession: other.cessionId, idempotency_key: key(), approve: false, reason: 'O fundo vai pagar' }, tokens.superadmin);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ written_off: '0.00', write_off_request: null });
    expect((await ask()).status).toBe(200);
    const withdrawn = await call(server, 'cessionPrice.decideWriteOff', { cession: other.cessionId, idempotency_key: key(), approve: false, reason: 'Pedi por engano' }, tokens.admin);
    expect(withdrawn.status).toBe(200);
    const [request] = await server.database.rows<{ status: string }>("SELECT status FROM approval_requests WHERE kind = 'cession.price_write_off' AND entity_id = $1 ORDER BY id DESC LIMIT 1", [other.cessionId]);
    expect(request.status).toBe('cancelled');
    await booksBalanced();
  });
});

describe('cessions that take no receipt, and two receipts at once', () => {
  it('a cession reversed whole: 409', async () => {
    const ceded = await cession([1]);
    const reversed = await call(server, 'cession.reverse', { id: ceded.operationId, idempotency_key: key(), installments: ceded.installmentIds, reason: 'Acordo com o fundo: devolvida' }, tokens.operator);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect((await price(ceded.cessionId))).toMatchObject({ price: '0.00', open: false });
    const answer = await receive(ceded.cessionId, '1.00');
    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 409, field: 'cession' });
    expect(answer.body.message).toMatch(/desfeita/);
    await booksBalanced();
  });

  it('a cession waiting for its second person: 409', async () => {
    await server.database.rows('UPDATE company_parameters SET cession_approval_above = 1.00 WHERE company_id = 1');
    try {
      const ceded = await cession([2]);
      const answer = await receive(ceded.cessionId, '1.00');
      expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 409, field: 'cession' });
    } finally {
      await server.database.rows('UPDATE company_parameters SET cession_approval_above = 100000.00 WHERE company_id = 1');
    }
  });

  it('two receipts of the whole price at once: one is taken, the other refused naming what is owed', async () => {
    const ceded = await cession([5]);
    const whole = (await price(ceded.cessionId)).price as string;
    const answers = await Promise.all([receive(ceded.cessionId, whole), receive(ceded.cessionId, whole)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toContain('0,00');
    expect(await price(ceded.cessionId)).toMatchObject({ received: whole, owed: '0.00' });
    await booksBalanced();
  });
});
