/**
 * One agreement over a borrower's overdue installments, the start the renegotiation suites share: the demo server
 * (its clock on 2026-01-10), the servicing parameters, a new borrower with one operation of twelve released, the
 * clock moved to `today`, the overdue installments simulated and agreed (Price, 1,50% a month, five installments from
 * `first_due_date`, IOF financed; each suite changes what it needs). Answers the server, every role's token, the
 * borrower, the operation, the first active bank account and the agreement as `renegotiation.agree` answered it.
 */
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

type Row = Record<string, any>;

export interface AgreedFixture {
  server: TestServer;
  tokens: Record<DemoRole, string>;
  borrowerId: number;
  operationId: number;
  bankAccount: number;
  agreement: Row;
}

export async function startWithAgreement(options: { borrower: string; today?: string; conditions?: Record<string, unknown> }): Promise<AgreedFixture> {
  const server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  const tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  const borrowerId = await insertBorrower(server, options.borrower, '529.982.247-25');
  const operationId = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set(options.today ?? '2026-05-20');
  const [account] = await server.database.rows<{ id: number }>('SELECT id FROM company_bank_accounts WHERE active ORDER BY id LIMIT 1');
  const list = await call(server, 'renegotiation.installments', { id: borrowerId, credit_operation_id: operationId }, tokens.operator);
  const args = {
    borrower_id: borrowerId,
    installment_ids: (list.body.items as Row[]).filter((i) => i.overdue).map((i) => i.installment_id),
    late_charges_discount_percent: '0',
    interest_discount_percent: '0',
    down_payment: '0.00',
    amortization: 'price',
    monthly_rate: '1.50',
    term: 5,
    first_due_date: '2026-06-20',
    finance_iof: true,
    ...options.conditions,
  };
  const s = await call(server, 'renegotiation.simulate', args, tokens.operator);
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  const expected = { renegotiated_balance: s.body.renegotiated_balance, discount: s.body.discount, principal: s.body.principal, iof_total: s.body.iof_total, total_payable: s.body.total_payable };
  const agreed = await call(server, 'renegotiation.agree', { ...args, idempotency_key: key(), expected }, tokens.operator);
  expect(agreed.body.status, JSON.stringify(agreed.body)).toBe('agreed');
  return { server, tokens, borrowerId, operationId, bankAccount: account.id, agreement: agreed.body };
}
