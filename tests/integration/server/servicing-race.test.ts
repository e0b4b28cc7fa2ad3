/**
 * A payment racing a move of the same installment on PostgreSQL: a cession, a write-off's
 * approval, a reversal of an earlier payment and a repurchase, each sent at the same moment as the payment, many
 * rounds (one installment a round), half of them with the payment sent first. Every money movement of an operation
 * runs under its row lock, so one of the two commits first and the other must see it: after each round the journal
 * says which (posting ids are drawn under the lock, so their order is the order the two ran in) and
 * - a payment that ran after a cession is owed to the assignee, one before it is the lender's;
 * - a payment that ran after a repurchase is the lender's, one before it the assignee's;
 * - a payment after the write-off's approval is refused (409 naming status), one before it is the lender's;
 * - a payment beside a reversal is the lender's, and both stand;
 * - (the same rule for a cession, which reads its installments before the lock to learn which operations to lock) a
 *   cession against a partial prepayment that replaces the installment: exactly one of the two stands;
 * and at the end loans receivable of each operation is the principal the lender still has open (never negative) and
 * the books balance.
 *
 * Needs PostgreSQL (PGlite is one connection: two requests never interleave there): skipped without
 * TEST_DATABASE_URL / DATABASE_URL; `npm test` provides a throwaway cluster.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type Answer, type DemoRole } from './client';
import { disbursedOperation, expectBooksBalanced, insertAssigneeAccount, insertBorrower, key, operationBalances, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

const baseUrl = testDatabaseUrl();
const WHY_SKIPPED = 'needs PostgreSQL: set TEST_DATABASE_URL (npm test starts a throwaway cluster)';
if (!baseUrl) console.warn(`servicing-race.test.ts skipped: ${WHY_SKIPPED}`);

/** Rounds per kind: one installment each, so one operation of twelve. */
const ROUNDS = 12;
/** The day the races run: after the release (01-15), before the first due date (02-15), so nothing is late. */
const TODAY = '2026-01-20';
const PAYMENT = '100.00';
/** Rounds of a cession against a prepayment (a cession that wins takes the next round to a new operation). */
const PREPAYMENT_ROUNDS = 8;

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
let assigneeAccount: number;

interface PostingRow {
  posting_id: number;
  kind: string;
  account: string;
  transaction_id: number | null;
}

interface Posting {
  id: number;
  kind: string;
  accounts: Set<string>;
  transactionId: number | null;
}

/** The operation's postings after `after` (by posting id, the order they ran in under the operation's lock). */
async function postingsAfter(operationId: number, after: number): Promise<Posting[]> {
  const rows = await server.database.rows<PostingRow>(
    'SELECT posting_id, kind, account, transaction_id FROM journal_entries WHERE credit_operation_id = $1 AND posting_id > $2 ORDER BY posting_id, id',
    [operationId, after],
  );
  const byId = new Map<number, Posting>();
  for (const r of rows) {
    const p = byId.get(r.posting_id) ?? { id: r.posting_id, kind: r.kind, accounts: new Set<string>(), transactionId: r.transaction_id };
    p.accounts.add(r.account);
    byId.set(r.posting_id, p);
  }
  return [...byId.values()];
}

async function lastPostingId(): Promise<number> {
  const [row] = await server.database.rows<{ id: number | null }>('SELECT max(posting_id) AS id FROM journal_entries');
  return row.id ?? 0;
}

/** Whose money the payment's posting says it is. */
function ownerOf(p: Posting): 'assignee' | 'lender' {
  if (p.accounts.has('due_to_assignee')) return 'assignee';
  expect(p.accounts.has('bank') && (p.accounts.has('loans_receivable') || p.accounts.has('interest_income')), `payment posting ${p.id}: ${[...p.accounts].join(', ')}`).toBe(true);
  return 'lender';
}

const pay = (operationId: number, installment: number) =>
  call(server, 'servicing.pay', { id: operationId, installment, idempotency_key: key(), amount: PAYMENT, paid_on: server.clock.today(), method: 'pix' }, tokens.operator);

/**
 * Sends the payment and the move at the same moment (the one listed first is sent first: the payment in even rounds,
 * the move in odd ones) and waits for both answers.
 */
async function race(round: number, payment: () => Promise<Answer>, move: () => Promise<Answer>): Promise<{ payment: Answer; move: Answer }> {
  if (round % 2 === 0) {
    const [p, m] = await Promise.all([payment(), move()]);
    return { payment: p, move: m };
  }
  const [m, p] = await Promise.all([move(), payment()]);
  return { payment: p, move: m };
}

/** The payment recorded on the installment in this round (the newest), or null. */
async function newestPaymentId(installmentId: number): Promise<number | null> {
  const [row] = await server.database.rows<{ id: number | null }>("SELECT max(id) AS id FROM installment_transactions WHERE installment_id = $1 AND kind = 'payment'", [installmentId]);
  return row.id ?? null;
}

/**
 * Loans receivable of the operation equals the principal the lender still has open (installments neither assigned
 * nor written off), and is never negative.
 */
async function expectReceivableOfLender(operationId: number): Promise<void> {
  const receivable = new Decimal((await operationBalances(server, operationId)).loans_receivable ?? 0);
  const list = await operationInstallments<{ status: string; due: { principal: string } }>(server, tokens.agent, operationId);
  const open = list.filter((i) => i.status !== 'assigned' && i.status !== 'written_off').reduce((s, i) => s.plus(i.due.principal), new Decimal(0));
  expect(receivable.gte(0), `loans receivable of operation ${operationId}: ${receivable.toFixed(2)}`).toBe(true);
  expect(receivable.toFixed(2), `loans receivable of operation ${operationId}`).toBe(open.toFixed(2));
}

/** A disbursed operation of twelve installments, the clock on TODAY; answers it and its installments' ids in order. */
async function freshOperation(): Promise<{ id: number; installments: number[] }> {
  const id = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set(TODAY);
  const list = await operationInstallments<{ id: number }>(server, tokens.agent, id);
  expect(list).toHaveLength(ROUNDS);
  return { id, installments: list.map((i) => i.id) };
}

describe.skipIf(!baseUrl)(`a payment racing a move of the same installment on PostgreSQL${baseUrl ? '' : ` (skipped: ${WHY_SKIPPED})`}`, () => {
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
    tokens = await signInEveryRole(server);
    await server.database.rows(SERVICING_PARAMETERS_SQL);
    // Every move takes effect at once (no four eyes but the write-off's, which always asks for them).
    await server.database.rows("UPDATE company_parameters SET cession_approval_above = 1000000, reversal_approval_above = 1000000 WHERE company_id = 1");
    borrowerId = await insertBorrower(server, 'Renata Corrida', '111.444.777-35');
    assigneeAccount = await insertAssigneeAccount(server, 'Fundo Corrida FIDC');
  });
  afterAll(() => server?.close());

  it('against a cession: a payment after it is owed to the assignee, one before it is the lender’s', async () => {
    const op = await freshOperation();
    const wrong: string[] = [];
    for (const [round, installment] of op.installments.entries()) {
      const from = await lastPostingId();
      const cede = () =>
        call(
          server,
          'cession.assign',
          { id: op.id, idempotency_key: key(), assignment_account_id: assigneeAccount, installments: [installment], date: TODAY, monthly_rate: '1.5' },
          tokens.operator,
        );
      const answers = await race(round, () => pay(op.id, installment), cede);
      expect(answers.payment.status, JSON.stringify(answers.payment.body)).toBe(200);
      expect(answers.move.status, JSON.stringify(answers.move.body)).toBe(200);
      const paymentId = await newestPaymentId(installment);
      const postings = await postingsAfter(op.id, from);
      const cession = postings.findIndex((p) => p.kind === 'cession');
      const payment = postings.findIndex((p) => p.kind === 'payment' && p.transactionId === paymentId);
      expect(cession, 'the cession posted').toBeGreaterThanOrEqual(0);
      expect(payment, 'the payment posted').toBeGreaterThanOrEqual(0);
      const expected = payment > cession ? 'assignee' : 'lender';
      const booked = ownerOf(postings[payment]);
      if (booked !== expected) wrong.push(`round ${round}: a payment that ran ${payment > cession ? 'after' : 'before'} the cession was booked as the ${booked}'s`);
    }
    expect(wrong).toEqual([]);
    await expectReceivableOfLender(op.id);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('against a write-off’s approval: a payment after it is refused, one before it is the lender’s', async () => {
    const op = await freshOperation();
    const wrong: string[] = [];
    for (const [round, installment] of op.installments.entries()) {
      const asked = await call(server, 'servicingMoves.setStatus', { id: op.id, installment, status: 'written_off', reason: 'Devedor sem bens localizáveis', idempotency_key: key() }, tokens.operator);
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const from = await lastPostingId();
      const approve = () => call(server, 'servicingMoves.decideWriteOff', { id: op.id, installment, idempotency_key: key(), approve: true }, tokens.admin);
      const answers = await race(round, () => pay(op.id, installment), approve);
      expect(answers.move.status, JSON.stringify(answers.move.body)).toBe(200);
      const postings = await postingsAfter(op.id, from);
      const writeOff = postings.findIndex((p) => p.kind === 'write_off');
      expect(writeOff, 'the write-off posted').toBeGreaterThanOrEqual(0);
      const payment = postings.findIndex((p) => p.kind === 'payment');
      if (answers.payment.status === 200) {
        expect(payment, 'the payment posted').toBeGreaterThanOrEqual(0);
        if (payment > writeOff) wrong.push(`round ${round}: a payment was accepted after the write-off was approved`);
        expect(ownerOf(postings[payment])).toBe('lender');
      } else {
        expect({ status: answers.payment.status, field: answers.payment.body.field }).toEqual({ status: 409, field: 'status' });
        expect(payment, 'a refused payment posts nothing').toBe(-1);
      }
    }
    expect(wrong).toEqual([]);
    await expectReceivableOfLender(op.id);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('against a reversal of an earlier payment: both stand, the lender’s', async () => {
    const op = await freshOperation();
    for (const [round, installment] of op.installments.entries()) {
      expect((await pay(op.id, installment)).status).toBe(200);
      const first = (await newestPaymentId(installment))!;
      const from = await lastPostingId();
      const reverse = () => call(server, 'servicing.reverse', { id: op.id, installment, detailId: first, idempotency_key: key(), reason: 'Pix devolvido pelo banco' }, tokens.operator);
      const answers = await race(round, () => pay(op.id, installment), reverse);
      expect(answers.payment.status, JSON.stringify(answers.payment.body)).toBe(200);
      expect(answers.move.status, JSON.stringify(answers.move.body)).toBe(200);
      const paymentId = await newestPaymentId(installment);
      const postings = await postingsAfter(op.id, from);
      expect(postings.filter((p) => p.kind === 'reversal')).toHaveLength(1);
      const payment = postings.find((p) => p.kind === 'payment' && p.transactionId === paymentId);
      expect(payment, 'the payment posted').toBeDefined();
      expect(ownerOf(payment!)).toBe('lender');
    }
    await expectReceivableOfLender(op.id);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('against a repurchase: a payment after it is the lender’s, one before it the assignee’s', async () => {
    const op = await freshOperation();
    const ceded = await call(
      server,
      'cession.assign',
      { id: op.id, idempotency_key: key(), assignment_account_id: assigneeAccount, installments: op.installments, date: TODAY, monthly_rate: '1.5' },
      tokens.operator,
    );
    expect(ceded.status, JSON.stringify(ceded.body)).toBe(200);
    const wrong: string[] = [];
    for (const [round, installment] of op.installments.entries()) {
      const from = await lastPostingId();
      const buyBack = () => call(server, 'repurchase.create', { id: op.id, installment, idempotency_key: key(), reason: 'Contrato com vício apontado pelo fundo' }, tokens.operator);
      const answers = await race(round, () => pay(op.id, installment), buyBack);
      expect(answers.payment.status, JSON.stringify(answers.payment.body)).toBe(200);
      expect(answers.move.status, JSON.stringify(answers.move.body)).toBe(200);
      const paymentId = await newestPaymentId(installment);
      const postings = await postingsAfter(op.id, from);
      const repurchase = postings.findIndex((p) => p.kind === 'repurchase');
      const payment = postings.findIndex((p) => p.kind === 'payment' && p.transactionId === paymentId);
      expect(repurchase, 'the repurchase posted').toBeGreaterThanOrEqual(0);
      expect(payment, 'the payment posted').toBeGreaterThanOrEqual(0);
      const expected = payment > repurchase ? 'lender' : 'assignee';
      const booked = ownerOf(postings[payment]);
      if (booked !== expected) wrong.push(`round ${round}: a payment that ran ${payment > repurchase ? 'after' : 'before'} the repurchase was booked as the ${booked}'s`);
    }
    expect(wrong).toEqual([]);
    await expectReceivableOfLender(op.id);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('a cession against a partial prepayment that replaces the installment: exactly one of the two stands', async () => {
    const used: number[] = [];
    let op: { id: number; installments: number[] } | null = null;
    const wrong: string[] = [];
    for (let round = 0; round < PREPAYMENT_ROUNDS; round++) {
      // A cession that won leaves an assigned installment, which no prepayment replaces: the next round takes a new operation.
      if (op === null) {
        op = await freshOperation();
        used.push(op.id);
      }
      const { id } = op;
      const installment = (await operationInstallments<{ id: number }>(server, tokens.agent, id))[0].id;
      const prepay = () =>
        call(server, 'prepayment.apply', { id, idempotency_key: key(), kind: 'partial', mode: 'reduce_installment', amount: '200.00', method: 'pix' }, tokens.operator);
      const cede = () =>
        call(server, 'cession.assign', { id, idempotency_key: key(), assignment_account_id: assigneeAccount, installments: [installment], date: TODAY, monthly_rate: '1.5' }, tokens.operator);
      const answers = await race(round, prepay, cede);
      const statuses = [answers.payment.status, answers.move.status];
      if (statuses.every((s) => s === 200)) wrong.push(`round ${round}: both stood (the installment ceded was replaced by the prepayment)`);
      else expect(statuses.sort(), JSON.stringify([answers.payment.body, answers.move.body])).toEqual([200, 409]);
      if (answers.move.status === 200) op = null;
    }
    expect(wrong).toEqual([]);
    for (const id of used) await expectReceivableOfLender(id);
    await expectBooksBalanced(server, tokens.operator);
  });
});
