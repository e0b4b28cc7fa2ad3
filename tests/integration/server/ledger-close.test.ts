/**
 * The monthly close over HTTP on the demo seed's books: every ended month
 * from the first posting's closed in order, each asked by one administrator
 * and approved by another (four eyes); after each close the balancete's
 * closing of loans receivable + accrued interest + the allowance (a credit
 * balance) equals the positions' balances less their provisions; the allowance
 * account equals the close's allowance. A month closed twice, a close approved
 * by its asker, an undo of a month that is not the latest, and the matrix.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { endedMonths } from './close-months';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let months: string[];

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  tokens = await signInEveryRole(server);
  months = await endedMonths(server);
});

afterAll(async () => {
  await server?.close();
});

async function closeMonth(month: string) {
  const asked = await call(server, 'ledger.closeAsk', { month }, tokens.admin);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const decided = await call(server, 'ledger.closeDecide', { month, approve: true }, tokens.superadmin);
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  return decided.body;
}

describe('the monthly close', () => {
  it('closes the demo month by month: the balancete agrees with the positions, the allowance with the close', async () => {
    expect(months.length).toBeGreaterThan(1);
    let previousAllowance = '0.00';
    for (const month of months) {
      const preview = await call(server, 'ledger.closePreview', { filter: { month } }, tokens.admin);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.refusal).toBeNull();
      expect(preview.body.totals.previous_allowance).toBe(previousAllowance);
      const close = await closeMonth(month);
      expect(close).toMatchObject({ month, status: 'closed', allowance: preview.body.totals.allowance, previous_allowance: previousAllowance });
      expect(close.requested_by_name).not.toBe(close.approved_by_name);
      previousAllowance = close.allowance;

      // An operation written off whole keeps a position with no balance (its Doc 3040 buckets): not among the operations provisioned.
      const [sums] = await server.database.rows<{ balance: string; provision: string; n: number }>(
        `SELECT coalesce(sum(p.balance), 0)::text AS balance, coalesce(sum(p.provision), 0)::text AS provision, count(*) FILTER (WHERE p.balance <> 0 OR p.written_off = 0)::int AS n
           FROM ledger_close_positions p JOIN ledger_closes c ON c.id = p.close_id WHERE c.month = $1 AND c.status = 'closed'`,
        [month],
      );
      expect(sums.n).toBe(close.operations);
      expect(new Decimal(sums.provision).toFixed(2)).toBe(close.allowance);
      const b = await call(server, 'ledger.balancete', { filter: { month } }, tokens.admin);
      const closing = (account: string) => new Decimal(b.body.accounts.find((a: { account: string }) => a.account === account).closing);
      const books = closing('loans_receivable').plus(closing('accrued_interest_receivable')).plus(closing('allowance_for_credit_losses'));
      expect(books.toFixed(2), month).toBe(new Decimal(sums.balance).minus(sums.provision).toFixed(2));
      expect(closing('allowance_for_credit_losses').neg().toFixed(2), month).toBe(close.allowance);
      expect(b.body.totals.difference).toBe('0.00');

      const recorded = await call(server, 'ledger.closeMonth', { filter: { month } }, tokens.superadmin);
      expect(recorded.status).toBe(200);
      expect(recorded.body.source).toBe('recorded');
      expect(recorded.body.totals.allowance).toBe(close.allowance);
    }
    const history = await call(server, 'ledger.closeHistory', {}, tokens.admin);
    expect(history.body.map((h: { month: string }) => h.month)).toEqual([...months].reverse());
  });

  it('refuses a second close of a month, in Portuguese, and a month before the latest', async () => {
    const last = months[months.length - 1];
    const again = await call(server, 'ledger.closeAsk', { month: last }, tokens.admin);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain(`O mês ${last} já está fechado`);
    if (months.length > 1) {
      const earlier = await call(server, 'ledger.closeAsk', { month: months[0] }, tokens.admin);
      expect(earlier.status).toBe(409);
    }
    const future = await call(server, 'ledger.closeAsk', { month: '2999-01' }, tokens.admin);
    expect(future.status).toBe(400);
  });

  it('undoes only the latest close, reversing its change; the month closes again', async () => {
    const last = months[months.length - 1];
    if (months.length > 1) {
      const notLatest = await call(server, 'ledger.closeUndo', { month: months[months.length - 2] }, tokens.admin);
      expect(notLatest.status).toBe(409);
    }
    const undone = await call(server, 'ledger.closeUndo', { month: last }, tokens.admin);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe('undone');
    const b = await call(server, 'ledger.balancete', { filter: { month: last } }, tokens.admin);
    const allowance = new Decimal(b.body.accounts.find((a: { account: string }) => a.account === 'allowance_for_credit_losses').closing).neg();
    expect(allowance.toFixed(2)).toBe(undone.body.previous_allowance);
    expect((await call(server, 'ledger.closeMonth', { filter: { month: last } }, tokens.admin)).status).toBe(404);
    const again = await closeMonth(last);
    expect(again.status).toBe('closed');
    const logs = await server.database.rows<{ action: string }>("SELECT action FROM activity_log WHERE entity = 'ledger_close' ORDER BY id");
    expect(logs.map((l) => l.action)).toContain('ledger-close.undo');
    expect(logs.filter((l) => l.action === 'ledger-close.run').length).toBe(months.length + 1);
  });

  it('four eyes: the asker may not approve; a refusal needs a reason; the asker may withdraw', async () => {
    const last = months[months.length - 1];
    expect((await call(server, 'ledger.closeUndo', { month: last }, tokens.admin)).status).toBe(200);
    expect((await call(server, 'ledger.closeAsk', { month: last }, tokens.admin)).status).toBe(200);
    expect((await call(server, 'ledger.closeAsk', { month: last }, tokens.superadmin)).status).toBe(409);
    const own = await call(server, 'ledger.closeDecide', { month: last, approve: true }, tokens.admin);
    expect(own.status).toBe(403);
    expect(JSON.stringify(own.body)).toContain('quatro olhos');
    expect((await call(server, 'ledger.closeDecide', { month: last, approve: false }, tokens.superadmin)).status).toBe(400);
    const inbox = await call(server, 'approvals.inbox', { filter: { kind: 'ledger.close' } }, tokens.superadmin);
    expect(inbox.status).toBe(200);
    expect(inbox.body.items).toHaveLength(1);
    expect(inbox.body.items[0].can_check).toBe(true);
    const withdrawn = await call(server, 'ledger.closeDecide', { month: last, approve: false }, tokens.admin);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toBeNull();
    expect((await call(server, 'ledger.closeDecide', { month: last, approve: true }, tokens.superadmin)).status).toBe(409);
    await closeMonth(last);
  });

  const admins = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 };
  const deny = { superadmin: 409, admin: 409, operator: 403, agent: 403, user: 403 };
  itAnswersTheMatrix(
    [
      ['ledger.closePreview', { filter: { month: '2020-01' } }, admins],
      ['ledger.closeHistory', {}, admins],
      ['ledger.closeMonth', { filter: { month: '2020-01' } }, { ...admins, superadmin: 404, admin: 404 }],
      ['ledger.closeAsk', { month: '2020-01' }, deny],
      ['ledger.closeDecide', { month: '2020-01', approve: true }, deny],
      ['ledger.closeUndo', { month: '2020-01' }, deny],
    ],
    () => ({ server, tokens }),
  );
});
