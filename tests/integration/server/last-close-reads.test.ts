/**
 * The last monthly close as other areas show it, over HTTP on the demo seed:
 * before any close the borrower's risk card answers last_close null ("sem
 * fechamento") and no expired installment carries a position; after the last
 * ended month is closed (asked by one administrator, approved by another), the
 * risk card answers that month, the worst stage of the borrower's operations
 * and the sum of their provisions, as the stored positions say; a borrower the
 * close did not hold answers the month with no stage and 0.00; each row of the
 * collections list carries its operation's stage, provision and days late at
 * that close. Who may read both calls.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';

let server: TestServer;
let tokens: Record<DemoRole, string>;

/** The month before the business date's (YYYY-MM), by text. */
function previousMonth(day: string): string {
  const [y, m] = day.slice(0, 7).split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

interface Row {
  id: number;
  credit_operation_id: number;
  at_last_close: { month: string; stage: string; provision: string; days_late: number } | null;
}

async function expiredPage(): Promise<{ items: Row[]; last_close: { month: string; as_of: string } | null }> {
  const answer = await call(server, 'collections.expiredInstallments', { page: 1, limit: 50 }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A borrower with an operation still collected (so the close holds it). */
async function collectedBorrower(): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    "SELECT o.borrower_id AS id FROM credit_operations o WHERE o.status = 'disbursed' ORDER BY o.id LIMIT 1",
  );
  expect(row).toBeDefined();
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  tokens = await signInEveryRole(server);
});
afterAll(() => server?.close());

describe('the last close on the risk card and the collections list', () => {
  it('before any close: last_close null on the risk card and the list, no row carries a position', async () => {
    const borrower = await collectedBorrower();
    const risk = await call(server, 'borrowers.classification', { id: borrower }, tokens.agent);
    expect(risk.status, JSON.stringify(risk.body)).toBe(200);
    expect(risk.body.last_close).toBeNull();
    const page = await expiredPage();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.last_close).toBeNull();
    expect(page.items.every((r) => r.at_last_close === null)).toBe(true);
  });

  it('after the close: the month, the worst stage and the provisions summed; each row its operation at the close', async () => {
    const month = previousMonth(server.clock.today());
    expect((await call(server, 'ledger.closeAsk', { month }, tokens.admin)).status).toBe(200);
    const decided = await call(server, 'ledger.closeDecide', { month, approve: true }, tokens.superadmin);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const closeId = decided.body.id as number;
    const asOf = decided.body.as_of as string;

    const positions = await server.database.rows<{ op: number; borrower: number; stage: string; provision: string; days_late: number }>(
      'SELECT credit_operation_id AS op, borrower_id AS borrower, stage, provision::text AS provision, days_late FROM ledger_close_positions WHERE close_id = $1',
      [closeId],
    );
    expect(positions.length).toBeGreaterThan(0);

    // Every borrower the close held: its worst stage and the sum of its provisions.
    const byBorrower = new Map<number, { stage: string; provision: Decimal; n: number }>();
    for (const p of positions) {
      const b = byBorrower.get(p.borrower) ?? { stage: '1', provision: new Decimal(0), n: 0 };
      byBorrower.set(p.borrower, { stage: p.stage > b.stage ? p.stage : b.stage, provision: b.provision.plus(p.provision), n: b.n + 1 });
    }
    // The borrowers with the most operations and the largest provision: a sum of several and a stage above 1 when the demo has one.
    const borrowers = [...byBorrower.entries()].sort((a, b) => b[1].n - a[1].n || b[1].provision.cmp(a[1].provision)).slice(0, 3);
    const worst = [...byBorrower.entries()].find(([, b]) => b.stage === '3') ?? [...byBorrower.entries()].find(([, b]) => b.stage === '2');
    if (worst) borrowers.push(worst);
    for (const [id, b] of borrowers) {
      const risk = await call(server, 'borrowers.classification', { id }, tokens.operator);
      expect(risk.status).toBe(200);
      expect(risk.body.last_close).toEqual({ month, as_of: asOf, stage: b.stage, provision: b.provision.toFixed(2), operations: b.n });
    }

    // A borrower the close did not hold: the month, no stage, nothing provisioned.
    const [outside] = await server.database.rows<{ id: number }>(
      'SELECT id FROM borrowers WHERE id NOT IN (SELECT borrower_id FROM ledger_close_positions WHERE close_id = $1) ORDER BY id LIMIT 1',
      [closeId],
    );
    if (outside) {
      const risk = await call(server, 'borrowers.classification', { id: outside.id }, tokens.agent);
      expect(risk.body.last_close).toEqual({ month, as_of: asOf, stage: null, provision: '0.00', operations: 0 });
    }

    const page = await expiredPage();
    expect(page.last_close).toEqual({ month, as_of: asOf });
    const byOp = new Map(positions.map((p) => [p.op, p]));
    let held = 0;
    for (const row of page.items) {
      const p = byOp.get(row.credit_operation_id);
      if (p) held += 1;
      expect(row.at_last_close, `installment ${row.id}`).toEqual(
        p ? { month, stage: p.stage, provision: new Decimal(p.provision).toFixed(2), days_late: p.days_late } : null,
      );
    }
    expect(held).toBeGreaterThan(0);
  });

  const panel = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
  itAnswersTheMatrix(
    [
      ['borrowers.classification', { id: 1 }, panel],
      ['collections.expiredInstallments', { page: 1, limit: 5 }, panel],
    ],
    () => ({ server, tokens }),
  );
});
