/**
 * What the servicing suites share: the operation they lend (a Price schedule of twelve, released before its first due
 * date) and a borrower with a payout account. Each suite seeds its own server; only the declarations are shared.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from '../../helpers/server';
import { call, type DemoRole } from './client';

/** The books of the whole server balance: the trial balance is zero and every posting balances on its own. */
export async function expectBooksBalanced(server: TestServer, token: string): Promise<void> {
  const tb = await call(server, 'ledger.trialBalance', {}, token);
  expect(tb.status).toBe(200);
  expect(tb.body.difference).toBe('0.00');
  const unbalanced = await server.database.rows(
    "SELECT posting_id FROM journal_entries GROUP BY posting_id HAVING sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) <> 0",
  );
  expect(unbalanced).toEqual([]);
}

/** Balances of one operation's entries (debit − credit), by account, with two places. */
export async function operationBalances(server: TestServer, operationId: number): Promise<Record<string, string>> {
  const rows = await server.database.rows<{ account: string; balance: string }>(
    "SELECT account, sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END)::numeric(14,2)::text AS balance FROM journal_entries WHERE credit_operation_id = $1 GROUP BY account",
    [operationId],
  );
  return Object.fromEntries(rows.map((r) => [r.account, r.balance]));
}

/** The operation's installments as the servicing call lists them today. */
export async function operationInstallments<T = Record<string, any>>(server: TestServer, token: string, operationId: number): Promise<T[]> {
  const answer = await call(server, 'servicing.installments', { id: operationId }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.installments as T[];
}

/** A fresh idempotency key for each money write. */
export const key = () => `test-${randomUUID()}`;

export const CONDITIONS = {
  product: 'working_capital',
  amortization: 'price',
  requested_amount: '3000.00',
  monthly_rate: '2.00',
  installments: 12,
  disbursement_date: '2026-01-15',
  first_due_date: '2026-02-15',
  finance_iof: false,
} as const;

/** A borrower (PF, Recife, with the address and CEP a boleto's payer block needs) with a payout account at Itaú. */
export async function insertBorrower(server: TestServer, name: string, document: string): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrowers (person_type, name, document, cep, address, address_number, neighborhood, city, state) VALUES ('PF', $1, $2, '50030-230', 'Rua do Bom Jesus', '125', 'Recife Antigo', 'Recife', 'PE') RETURNING id",
    [name, document],
  );
  await server.database.rows(
    "INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_digit, account_type, is_payout) VALUES ($1, '341', 'Itaú Unibanco', '1234', '56789', '0', 'checking', true)",
    [row.id],
  );
  return row.id;
}

/**
 * An operation of CONDITIONS for the borrower, built by an agent on 2026-01-10, approved by an operator and its CCB
 * issued (the server's clock is left on 2026-01-10). Answers its id and version.
 */
export async function issuedOperation(
  server: TestServer,
  tokens: Record<DemoRole, string>,
  borrowerId: number,
  // Other conditions than CONDITIONS' (amount, rate, dates…), and the day the agent builds it.
  conditions: Partial<Record<keyof typeof CONDITIONS, string | number | boolean>> = {},
  builtOn = '2026-01-10',
): Promise<{ id: number; version: number }> {
  server.clock.set(builtOn);
  const created = await call(server, 'creditOperation.create', { ...CONDITIONS, ...conditions, borrower_id: borrowerId, idempotency_key: key() }, tokens.agent);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.id as number;
  await call(server, 'creditOperation.updateComplement', { id, version: created.body.version, payment_method: 'boleto', analyst_opinion: 'Capacidade de pagamento compatível.' }, tokens.agent);
  let current = (await call(server, 'creditOperation.get', { id }, tokens.agent)).body;
  await call(server, 'creditOperation.decision', { id, action: 'send_to_analysis', version: current.version }, tokens.agent);
  current = (await call(server, 'creditOperation.get', { id }, tokens.agent)).body;
  const approved = await call(server, 'creditOperation.decision', { id, action: 'approve', version: current.version }, tokens.operator);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const issued = await call(server, 'creditOperation.issueCcb', { id, idempotency_key: key() }, tokens.operator);
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  current = (await call(server, 'creditOperation.get', { id }, tokens.agent)).body;
  return { id, version: current.version as number };
}

/** issuedOperation, then released by PIX on 2026-01-15 (the server's clock is left there). Answers its id. */
export async function disbursedOperation(server: TestServer, tokens: Record<DemoRole, string>, borrowerId: number): Promise<number> {
  const op = await issuedOperation(server, tokens, borrowerId);
  server.clock.set('2026-01-15');
  const answer = await call(server, 'servicing.disburse', { id: op.id, version: op.version, idempotency_key: key(), method: 'pix', transfer_reference: 'E1234' }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return op.id;
}

/** The company parameters the servicing suites lend under (wide limits, no fees, 2% late fee, 1% a month default interest). */
export const SERVICING_PARAMETERS_SQL =
  "UPDATE company_parameters SET min_monthly_rate = 0, max_monthly_rate = 15, min_installments = 1, max_installments = 360, min_value = 100, max_value = 1000000, tac = 0, other_fees = '[]', late_fee_percent = 2, default_interest_monthly_percent = 1 WHERE company_id = 1";

/** An assignee account of company 1 (a receivables fund at Itaú) with its repurchase terms. Answers its id. */
export async function insertAssigneeAccount(
  server: TestServer,
  name: string,
  terms: { rule?: 'face_plus_charges' | 'present_value'; afterDays?: number } = {},
): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account, repurchase_rule, repurchase_after_days) VALUES (1, $1, '11.222.333/0001-81', '341', 'Itaú Unibanco', '0001', '12345', $2, $3) RETURNING id",
    [name, terms.rule ?? 'face_plus_charges', terms.afterDays ?? 30],
  );
  return row.id;
}

/** Assigns installments of the operation to the account on the server's today at 1.5% a month; answers the cession. */
export async function assignAtRate(server: TestServer, token: string, operationId: number, accountId: number, installmentIds: number[]): Promise<Record<string, unknown>> {
  const answer = await call(
    server,
    'cession.assign',
    { id: operationId, idempotency_key: key(), assignment_account_id: accountId, installments: installmentIds, date: server.clock.today(), monthly_rate: '1.5' },
    token,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, unknown>;
}

// ---------------------------------------------------------------------------
// Assignment remittances: installments ceded on a day (a cession at a rate, in force at once under the suites' limit).

/**
 * A disbursed operation of CONDITIONS for the borrower whose installments at `positions` (0-based) are assigned to the
 * assignee account on `date` at 1.5% a month by an operator; the server's clock is left on `date`. Answers the
 * operation, the cession and the installments' ids.
 */
export async function cededInstallmentsFixture(
  server: TestServer,
  tokens: Record<DemoRole, string>,
  options: { borrowerId: number; assignmentAccountId: number; date: string; positions: readonly number[] },
): Promise<{ operationId: number; cessionId: number; cessionNumber: number; installmentIds: number[] }> {
  const operationId = await disbursedOperation(server, tokens, options.borrowerId);
  server.clock.set(options.date);
  const listed = await call(server, 'servicing.installments', { id: operationId }, tokens.agent);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  const all = listed.body.installments as Array<{ id: number }>;
  const installmentIds = options.positions.map((k) => all[k].id);
  const assigned = await call(
    server,
    'cession.assign',
    { id: operationId, idempotency_key: key(), assignment_account_id: options.assignmentAccountId, installments: installmentIds, date: options.date, monthly_rate: '1.5' },
    tokens.operator,
  );
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return { operationId, cessionId: assigned.body.id as number, cessionNumber: assigned.body.number as number, installmentIds };
}
