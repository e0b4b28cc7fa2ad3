/**
 * The servicing benches' bulk fixture, by SQL: disbursed operations of twelve
 * monthly installments (price, 2.49 % a month) for given borrowers, and
 * boleto slips on a collecting account for their installments, as a carnê
 * issues them. Shared by (o3) and (p) so both measure over the same shape.
 */

import { completeCpf } from '../../src/shared/documents';

type Rows = { rows<T>(query: string, params?: unknown[]): Promise<T[]> };

const INDIVIDUALS_SQL = `
INSERT INTO borrowers (person_type, name, document, city, state)
SELECT 'PF', $2 || ' ' || d.n, d.doc, 'Recife', 'PE' FROM unnest($1::text[]) WITH ORDINALITY AS d(doc, n)
RETURNING id`;

/** `count` individuals named `name n` with valid CPFs from `firstBase` on (a base of nine digits each, 7 apart); answers their ids. */
export async function insertIndividuals(database: Rows, count: number, name: string, firstBase: number): Promise<number[]> {
  const documents = Array.from({ length: count }, (_, i) => completeCpf(String(firstBase + i * 7)));
  return (await database.rows<{ id: number }>(INDIVIDUALS_SQL, [documents, name])).map((r) => r.id);
}

/** Installments per operation. */
export const SCHEDULE = 12;
/** The operations' disbursement date (their first installment falls due 31 days later). */
export const RELEASED_ON = '2026-01-05';

const OPERATIONS_SQL = `
INSERT INTO credit_operations (borrower_id, status, status_changed_at, product, contract_kind, amortization, requested_amount, principal,
  monthly_rate, installments_count, disbursement_date, first_due_date, finance_iof, fees, fees_total, iof_daily, iof_additional,
  iof_total, iof_rates, cet_monthly, cet_yearly, total_interest, total_payable, released, created_at, updated_at)
SELECT b, 'disbursed', now(), 'working_capital', 'CCB', 'price', x.amount, x.amount, 2.49, ${SCHEDULE}, $2::date, $2::date + 31,
       false, '[]'::jsonb, 0, 10, 3.8, 13.8,
       '{"personType":"PF","dailyPercent":"0.0082","additionalPercent":"0.38","legalBasis":"bench"}'::jsonb,
       2.9, 41.0, 500, 1500, x.amount, now(), now()
  FROM unnest($1::int[]) b
 CROSS JOIN LATERAL (SELECT (1200 + (b * 37) % 24000)::numeric(14,2) AS amount) x
RETURNING id`;

const INSTALLMENTS_SQL = `
INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance, schedule_version)
SELECT o.id, n, (o.first_due_date + (n - 1) * interval '1 month')::date, d.amortization + d.interest, d.interest, d.amortization, 0, 1
  FROM credit_operations o
 CROSS JOIN generate_series(1, ${SCHEDULE}) n
 CROSS JOIN LATERAL (SELECT round(o.principal / ${SCHEDULE}, 2) AS amortization, round(o.principal / ${SCHEDULE} * 0.025, 2) AS interest) d
 WHERE o.id = ANY($1::int[])`;

/** A disbursement (Pix to a fixed account, no IOF or fees) for each operation the WHERE names; shared with (m)'s bench. */
export function disbursementsSql(where: string): string {
  return `
INSERT INTO disbursements (credit_operation_id, disbursed_on, financed, released, iof, fees, method, payout_account,
  late_fee_percent, default_interest_monthly_percent, contract_monthly_percent)
SELECT id, disbursement_date, principal, principal, 0, 0, 'pix',
       '{"bank_code":"341","bank_name":"Itaú","agency":"1","agency_digit":null,"account":"1","account_digit":"0","account_type":"checking","pix_key":null}'::jsonb,
       2, 1, monthly_rate
  FROM credit_operations WHERE ${where}`;
}

const DISBURSEMENTS_SQL = disbursementsSql('id = ANY($1::int[])');

/** One disbursed operation per borrower, with its installments and disbursement; answers the operations' ids. */
export async function insertDisbursedOperations(database: Rows, borrowerIds: readonly number[]): Promise<number[]> {
  const ops = (await database.rows<{ id: number }>(OPERATIONS_SQL, [borrowerIds, RELEASED_ON])).map((r) => r.id);
  await database.rows(INSTALLMENTS_SQL, [ops]);
  await database.rows(DISBURSEMENTS_SQL, [ops]);
  return ops;
}

/**
 * Slips on account `accountId` for the installments of `operationIds` (at most
 * `limit`, in installment order, numbered on from the account's last), issued
 * the day before `issuedBefore`, never sent; only installments numbered up to
 * `perOperation` when given.
 */
export async function insertSlips<T = { sequence: string; amount: string }>(
  database: Rows,
  options: { operationIds: readonly number[]; accountId: number; issuedBefore: string; limit: number; perOperation?: number },
): Promise<T[]> {
  return database.rows<T>(
    `INSERT INTO boleto_slips (installment_id, credit_operation_id, bank_account_id, sequence, our_number, amount, due_date, barcode, digitable_line, issued_on)
     SELECT i.id, i.credit_operation_id, $2, (SELECT COALESCE(max(sequence), 0) FROM boleto_slips WHERE bank_account_id = $2) + row_number() OVER (ORDER BY i.id),
            'bench', i.payment, i.due_date, repeat('0', 44), repeat('0', 47), $3::date - 1
       FROM credit_operation_installments i
      WHERE i.credit_operation_id = ANY($1::int[]) AND i.number <= $5::int
      ORDER BY i.id
      LIMIT $4
     RETURNING sequence::text AS sequence, amount::text AS amount`,
    [options.operationIds, options.accountId, options.issuedBefore, options.limit, options.perOperation ?? SCHEDULE],
  );
}
