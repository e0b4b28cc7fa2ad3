/**
 * The accrual through the server, over an operation's life: the calls' authorization matrix (AllAdmins) and their
 * refusals; paid on time, with an accrual run at every due date, the interest income equals the schedule's interest
 * and every payment's interest settled what was accrued (the receivable ends at zero); paid late, interest income +
 * late charges = what was received − principal, and the receivable ends at zero; the activity log; the books balance.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, expectBooksBalanced, insertBorrower, key, operationBalances, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Ana Competência', '529.982.247-25');
});
afterAll(() => server?.close());

type Row = { id: number; due_date: string; value: string; interest: string; due_total: string };

async function accrue(date: string): Promise<Record<string, unknown>> {
  const answer = await call(server, 'ledgerAccrual.run', { date }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, unknown>;
}

describe('authorization', () => {
  const admins = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['ledgerAccrual.run', { date: '2026-01-10' }, admins],
      ['ledgerAccrual.status', {}, admins],
    ],
    () => ({ server, tokens }),
  );

  it('refuses a date after the business date (409 naming date) and a malformed one (400)', async () => {
    server.clock.set('2026-01-10');
    const future = await call(server, 'ledgerAccrual.run', { date: '2026-01-11' }, tokens.admin);
    expect(future.status).toBe(409);
    expect(future.body.field).toBe('date');
    expect((await call(server, 'ledgerAccrual.run', { date: '10/01/2026' }, tokens.admin)).status).toBe(400);
  });
});

describe("over an operation's life", () => {
  it('paid on time, with a run at each due date: interest income = the schedule interest, the receivable ends at zero', async () => {
    const opId = await disbursedOperation(server, tokens, borrowerId);
    const rows = await operationInstallments<Row>(server, tokens.agent, opId);
    const scheduleInterest = rows.reduce((s, r) => s.plus(r.interest), new Decimal(0));
    for (const r of rows) {
      server.clock.set(r.due_date);
      await accrue(r.due_date);
      expect((await operationBalances(server, opId)).accrued_interest_receivable).toBe(new Decimal(r.interest).toFixed(2));
      const paid = await call(server, 'servicing.pay', { id: opId, installment: r.id, idempotency_key: key(), amount: r.value, paid_on: r.due_date, method: 'pix' }, tokens.operator);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect((await operationBalances(server, opId)).accrued_interest_receivable ?? '0.00').toBe('0.00');
    }
    const balances = await operationBalances(server, opId);
    expect(new Decimal(balances.interest_income).neg().toFixed(2)).toBe(scheduleInterest.toFixed(2));
    const [{ n }] = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM journal_entries WHERE credit_operation_id = $1 AND kind = 'payment' AND account = 'interest_income'", [opId]);
    expect(n).toBe(0); // every payment's interest settled what was accrued
    await expectBooksBalanced(server, tokens.admin);
    const status = await call(server, 'ledgerAccrual.status', {}, tokens.admin);
    expect(status.body.last_run.up_to).toBe(rows.at(-1)!.due_date);
    const logged = await server.database.rows("SELECT 1 FROM activity_log WHERE action = 'ledger.accrual-run'");
    expect(logged.length).toBeGreaterThanOrEqual(rows.length);
  });

  it('paid late: interest income + late charges = received − principal; a reversal puts the settlement back', async () => {
    const opId = await disbursedOperation(server, tokens, borrowerId);
    const rows = await operationInstallments<Row>(server, tokens.agent, opId);
    let received = new Decimal(0);
    for (const [k, r] of rows.entries()) {
      const day = new Date(Date.parse(`${r.due_date}T00:00:00Z`) + (k % 3) * 12 * 86_400_000).toISOString().slice(0, 10);
      server.clock.set(day);
      await accrue(day);
      const now = (await operationInstallments<Row>(server, tokens.agent, opId)).find((x) => x.id === r.id)!;
      const paid = await call(server, 'servicing.pay', { id: opId, installment: r.id, idempotency_key: key(), amount: now.due_total, paid_on: day, method: 'pix' }, tokens.operator);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      received = received.plus(now.due_total);
      if (k === 0) {
        // a reversal swaps the payment's lines as they stand (the accrued interest comes back), then it is paid again
        const [detail] = await server.database.rows<{ id: number }>("SELECT id FROM installment_transactions WHERE installment_id = $1 AND kind = 'payment' ORDER BY id DESC LIMIT 1", [r.id]);
        const reversed = await call(server, 'servicing.reverse', { id: opId, installment: r.id, detailId: detail.id, idempotency_key: key(), reason: 'Pagamento em duplicidade' }, tokens.operator);
        expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
        expect((await operationBalances(server, opId)).accrued_interest_receivable).toBe(new Decimal(r.interest).toFixed(2));
        const again = await call(server, 'servicing.pay', { id: opId, installment: r.id, idempotency_key: key(), amount: now.due_total, paid_on: day, method: 'pix' }, tokens.operator);
        expect(again.status, JSON.stringify(again.body)).toBe(200);
      }
    }
    const b = await operationBalances(server, opId);
    expect(b.accrued_interest_receivable ?? '0.00').toBe('0.00');
    const income = new Decimal(b.interest_income).neg().plus(new Decimal(b.late_charge_income ?? 0).neg());
    const [{ principal }] = await server.database.rows<{ principal: string }>('SELECT principal::text FROM credit_operations WHERE id = $1', [opId]);
    expect(income.toFixed(2)).toBe(received.minus(principal).toFixed(2));
    await expectBooksBalanced(server, tokens.admin);
  });
});
