/**
 * What the servicing suites share: the operation they lend (a Price schedule of twelve, released before its first due
 * date) and a borrower with a payout account. Each suite seeds its own server; only the declarations are shared.
 */
import { randomUUID } from 'node:crypto';
import type { TestServer } from '../../helpers/server';

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

/** A borrower (PF, Recife) with a payout account at Itaú. */
export async function insertBorrower(server: TestServer, name: string, document: string): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrowers (person_type, name, document, city, state) VALUES ('PF', $1, $2, 'Recife', 'PE') RETURNING id",
    [name, document],
  );
  await server.database.rows(
    "INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_digit, account_type, is_payout) VALUES ($1, '341', 'Itaú Unibanco', '1234', '56789', '0', 'checking', true)",
    [row.id],
  );
  return row.id;
}
