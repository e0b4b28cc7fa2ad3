/**
 * A property over random sequences of cession, payment (and its reversal), cession reversal (also after a partial
 * collection: every run starts with one, and it is a step of its own), repurchase (and its undoing) and transfers to
 * the assignee (and their reversal), on two assignee accounts and two operations of one
 * server: after every step, whatever each call answered (200, or a 409 the rules give), the ledger's due_to_assignee
 * equals the sum of the accounts' open payables in their statements, and the trial balance is zero. The clock moves
 * forward one to nine days a step (repurchases need the installment overdue, or go as `agreement` with a reason).
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, expectBooksBalanced, insertAssigneeAccount, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let accounts: number[] = [];
let operations: number[] = [];
let bankId: number;
const installments = new Map<number, Array<Record<string, any>>>();
const payments: Array<{ op: number; installment: number; id: number }> = [];
const transfers: Array<{ account: number; id: number }> = [];

type Step =
  | { kind: 'assign'; op: number; account: number; picks: number[] }
  | { kind: 'pay'; op: number; pick: number; percent: number }
  | { kind: 'unpay'; pick: number }
  | { kind: 'uncede'; op: number; pick: number }
  | { kind: 'partialUncede'; op: number; percent: number }
  | { kind: 'repurchase'; op: number; pick: number }
  | { kind: 'unrepurchase'; op: number; pick: number }
  | { kind: 'transfer'; account: number; percent: number; feePercent: number }
  | { kind: 'untransfer'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('assign' as const), op: fc.nat(1), account: fc.nat(1), picks: fc.array(fc.nat(11), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('pay' as const), op: fc.nat(1), pick: fc.nat(11), percent: fc.integer({ min: 10, max: 100 }) }),
  fc.record({ kind: fc.constant('unpay' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('uncede' as const), op: fc.nat(1), pick: fc.nat(11) }),
  fc.record({ kind: fc.constant('partialUncede' as const), op: fc.nat(1), percent: fc.integer({ min: 10, max: 90 }) }),
  fc.record({ kind: fc.constant('repurchase' as const), op: fc.nat(1), pick: fc.nat(11) }),
  fc.record({ kind: fc.constant('unrepurchase' as const), op: fc.nat(1), pick: fc.nat(11) }),
  fc.record({ kind: fc.constant('transfer' as const), account: fc.nat(1), percent: fc.integer({ min: 1, max: 100 }), feePercent: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('untransfer' as const), pick: fc.nat() }),
);

async function openPayable(accountId: number): Promise<string> {
  const answer = await call(server, 'assigneeStatement.get', { accountId, from: '2026-01-01', to: '2026-12-31' }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.pass_through.open_payable as string;
}

async function expectReconciled(): Promise<void> {
  const [{ payable }] = await server.database.rows<{ payable: string }>(
    "SELECT COALESCE(sum(CASE WHEN side = 'credit' THEN amount ELSE -amount END), 0)::numeric(14,2)::text AS payable FROM journal_entries WHERE account = 'due_to_assignee'",
  );
  let open = new Decimal(0);
  for (const id of accounts) open = open.plus(await openPayable(id));
  expect(open.toFixed(2)).toBe(payable);
  await expectBooksBalanced(server, tokens.operator);
}

function expectAllowed(answer: { status: number; body: any }): void {
  expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
}

/**
 * An installment the assignee holds (one is assigned first when none is) partly paid, then its cession reversed: the
 * reversal must go through, and loans receivable takes back exactly its open principal — the payment stays the
 * assignee's. Nothing to do when the operation has nothing left to assign or pay.
 */
async function partialUncede(op: number, percent: number): Promise<void> {
  const today = server.clock.today();
  const rows = async () => operationInstallments(server, tokens.agent, op);
  let held = (await rows()).find((i) => i.status === 'assigned' && new Decimal(i.due_total).gt('1.00'));
  if (!held) {
    const free = (await rows()).find((i) => i.status === 'open');
    if (!free) return;
    const assigned = await call(server, 'cession.assign', { id: op, idempotency_key: key(), assignment_account_id: accounts[0], installments: [free.id], date: today, monthly_rate: '1.5' }, tokens.operator);
    if (assigned.status !== 200) return;
    held = (await rows()).find((i) => i.id === free.id)!;
  }
  const amount = new Decimal(held.due_total).times(percent).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const paid = await call(server, 'servicing.pay', { id: op, installment: held.id, idempotency_key: key(), amount: Decimal.max(amount, '0.01').toFixed(2), paid_on: today, method: 'pix' }, tokens.operator);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  for (const t of paid.body.transactions as Array<{ id: number; kind: string }>) if (t.kind === 'payment') payments.push({ op, installment: held.id, id: t.id });
  const open = (await rows()).find((i) => i.id === held.id)!;
  const before = await loans(op);
  const payable = await loans(op, 'due_to_assignee');
  const reversed = await call(server, 'cession.reverse', { id: op, idempotency_key: key(), installments: [held.id], reason: 'Acordo com o fundo: saldo devolvido' }, tokens.operator);
  expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
  partialReversals++;
  expect(new Decimal(await loans(op)).minus(before).toFixed(2)).toBe(open.due.principal);
  expect(await loans(op, 'due_to_assignee')).toBe(payable);
}

let partialReversals = 0;

async function loans(op: number, account = 'loans_receivable'): Promise<string> {
  const [{ balance }] = await server.database.rows<{ balance: string }>(
    "SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::numeric(14,2)::text AS balance FROM journal_entries WHERE credit_operation_id = $1 AND account = $2",
    [op, account],
  );
  return balance;
}

async function run(s: Step): Promise<void> {
  const op = operations[(s as { op?: number }).op ?? 0];
  const list = installments.get(op)!;
  const today = server.clock.today();
  if (s.kind === 'assign') {
    const ids = [...new Set(s.picks.map((k) => list[k].id))];
    expectAllowed(await call(server, 'cession.assign', { id: op, idempotency_key: key(), assignment_account_id: accounts[s.account], installments: ids, date: today, monthly_rate: '1.5' }, tokens.operator));
  } else if (s.kind === 'pay') {
    const row = (await operationInstallments(server, tokens.agent, op))[s.pick];
    const open = new Decimal(row.due_total);
    if (open.lte(0)) return;
    const amount = Decimal.max(open.times(s.percent).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN), '0.01').toFixed(2);
    const paid = await call(server, 'servicing.pay', { id: op, installment: row.id, idempotency_key: key(), amount, paid_on: today, method: 'pix' }, tokens.operator);
    expect([200, 400, 409], JSON.stringify(paid.body)).toContain(paid.status);
    if (paid.status === 200) for (const t of paid.body.transactions as Array<{ id: number; kind: string }>) if (t.kind === 'payment') payments.push({ op, installment: row.id, id: t.id });
  } else if (s.kind === 'unpay') {
    if (payments.length === 0) return;
    const p = payments[s.pick % payments.length];
    expectAllowed(await call(server, 'servicing.reverse', { id: p.op, installment: p.installment, detailId: p.id, idempotency_key: key(), reason: 'Pagamento devolvido pelo banco' }, tokens.operator));
  } else if (s.kind === 'uncede') {
    expectAllowed(await call(server, 'cession.reverse', { id: op, idempotency_key: key(), installments: [list[s.pick].id], reason: 'Acordo com o fundo: parcela devolvida' }, tokens.operator));
  } else if (s.kind === 'partialUncede') {
    await partialUncede(op, s.percent);
  } else if (s.kind === 'repurchase') {
    expectAllowed(await call(server, 'repurchase.create', { id: op, installment: list[s.pick].id, idempotency_key: key(), reason: 'Acordo com o fundo: recompra' }, tokens.operator));
  } else if (s.kind === 'unrepurchase') {
    const answer = await call(server, 'repurchase.reverse', { id: op, installment: list[s.pick].id, idempotency_key: key(), reason: 'Acordo com o fundo: recompra desfeita' }, tokens.operator);
    expect([200, 404, 409], JSON.stringify(answer.body)).toContain(answer.status);
  } else if (s.kind === 'transfer') {
    const account = accounts[s.account];
    const open = new Decimal(await openPayable(account));
    if (open.lte('0.01')) return;
    const fee = open.times(s.feePercent).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const amount = Decimal.max(open.minus(fee).times(s.percent).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN), '0.01');
    const answer = await call(
      server,
      'assigneeStatement.transfer',
      { accountId: account, idempotency_key: key(), date: today, amount: amount.toFixed(2), fee: fee.toFixed(2), company_bank_account_id: bankId },
      tokens.operator,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    transfers.push({ account, id: answer.body.id as number });
  } else {
    if (transfers.length === 0) return;
    const t = transfers[s.pick % transfers.length];
    expectAllowed(await call(server, 'assigneeStatement.reverseTransfer', { accountId: t.account, transfer: t.id, idempotency_key: key(), reason: 'Repasse lançado por engano' }, tokens.operator));
  }
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await server.database.rows("UPDATE company_parameters SET cession_approval_above = '100000.00', cession_max_days_overdue = 60 WHERE company_id = 1");
  const borrowerId = await insertBorrower(server, 'Paula Propriedade', '529.982.247-25');
  accounts = [await insertAssigneeAccount(server, 'Fundo Alfa FIDC'), await insertAssigneeAccount(server, 'Fundo Beta FIDC', { afterDays: 5 })];
  await server.database.rows('UPDATE assignment_bank_accounts SET pass_through_fee_rate = 1.25 WHERE id = $1', [accounts[0]]);
  [{ id: bankId }] = await server.database.rows<{ id: number }>('SELECT id FROM company_bank_accounts WHERE company_id = 1 AND active ORDER BY id LIMIT 1');
  operations = [await disbursedOperation(server, tokens, borrowerId), await disbursedOperation(server, tokens, borrowerId)];
  for (const op of operations) installments.set(op, await operationInstallments(server, tokens.agent, op));
  server.clock.set('2026-02-01');
}, 240_000);
afterAll(() => server?.close());

describe('the assignee payable reconciles with the statements', () => {
  it('after every step of random sequences of cession, payment, reversal (also after a partial collection), repurchase and transfer', async () => {
    let day = new Date(Date.UTC(2026, 1, 1));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(step, fc.integer({ min: 1, max: 9 })), { minLength: 4, maxLength: 8 }), fc.nat(1), async (rest, op) => {
        const steps: Array<[Step, number]> = [[{ kind: 'partialUncede', op, percent: 40 }, 1], ...rest];
        for (const [s, days] of steps) {
          day = new Date(day.getTime() + days * 86_400_000);
          server.clock.set(day.toISOString().slice(0, 10));
          await run(s);
          await expectReconciled();
        }
      }),
      { numRuns: 4 },
    );
    expect(partialReversals).toBeGreaterThan(0);
  }, 900_000);
});
