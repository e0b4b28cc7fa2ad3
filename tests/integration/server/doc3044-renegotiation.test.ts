/**
 * Doc 3044: an agreement carried out is a renegotiation event for each of its operations (PGlite and PostgreSQL),
 * worth what the agreement now receives of that operation, due five business days after, and added once however
 * many times the queue is refreshed.
 *
 * One operation of twelve (Price, 2% a month, first due 2026-02-15) released 2026-01-15 and renegotiated on
 * 2026-05-20 (four installments overdue).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId = 0;
let operationId = 0;
const TODAY = '2026-05-20';

type Row = Record<string, any>;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Rui Renegocia Evento', '529.982.247-25');
  operationId = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set(TODAY);
});
afterAll(() => server?.close());

async function renegotiationEvents(): Promise<Row[]> {
  const answer = await call(server, 'doc3044.list', { filter: { credit_operation_id: operationId }, limit: 100 }, tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.items as Row[]).filter((e) => e.kind === 'renegotiation');
}

describe('a renegotiation in the Doc 3044 queue', () => {
  it('one event per operation, worth the agreement receivable, due five business days after, added once', async () => {
    expect(await renegotiationEvents()).toEqual([]);
    const listed = await call(server, 'renegotiation.installments', { id: borrowerId, credit_operation_id: operationId }, tokens.operator);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const ids = (listed.body.items as Row[]).filter((i) => i.overdue).map((i) => i.installment_id);
    expect(ids.length).toBeGreaterThan(0);
    const args = {
      borrower_id: borrowerId,
      installment_ids: ids,
      late_charges_discount_percent: '0',
      interest_discount_percent: '0',
      down_payment: '0.00',
      amortization: 'price',
      monthly_rate: '1.50',
      term: 6,
      first_due_date: '2026-06-20',
      finance_iof: true,
    };
    const s = await call(server, 'renegotiation.simulate', args, tokens.operator);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const expected = { renegotiated_balance: s.body.renegotiated_balance, discount: s.body.discount, principal: s.body.principal, iof_total: s.body.iof_total, total_payable: s.body.total_payable };
    const agreed = await call(server, 'renegotiation.agree', { ...args, idempotency_key: key(), expected }, tokens.operator);
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);

    const events = await renegotiationEvents();
    expect(events).toHaveLength(1);
    const [event] = events;
    // With one operation and no down payment, the agreement receives the whole new principal from it.
    expect(new Decimal(event.amount).toFixed(2)).toBe(new Decimal(s.body.principal).toFixed(2));
    expect(event.event_date).toBe(TODAY);
    expect(event.deadline).toBe('2026-05-27');
    expect(event.status).toBe('pending');
    // Refreshed again: still one.
    expect(await renegotiationEvents()).toHaveLength(1);
  });
});
