/**
 * The assignee's statement (shared/contract/servicing-assignee-statement.ts
 * says what it answers). The ledger's postings are per operation and carry
 * no assignee, so each line comes from the record that caused it, joined to
 * the cession item that ties it to the assignee account; payments and their
 * reversals take their amount and day from their own journal lines on
 * `due_to_assignee` (which also says they were the assignee's money and took
 * effect), attributed to the latest cession in force of the installment dated
 * on or before the payment day.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { operationNumber } from '@shared/contract/credit-operations';
import { ASSIGNEE_STATEMENT_KINDS, type AssigneeStatement, type AssigneeStatementKind } from '@shared/contract/servicing-assignee-statement';
import type { Db } from '../../db/connect';
import { assignmentBankAccounts } from '../company/schema';
import { notFound } from '../../platform/http/errors';
import { cessionInForce, repurchaseInForce, repurchaseReversalInForce, reversalInForce, rowsOf } from '../servicing';

/** The back office serves one lender: its company (the credit simulation's default company too). */
const LENDER_COMPANY_ID = 1;

interface Row {
  day: string;
  kind: AssigneeStatementKind;
  credit_operation_id: number;
  installment_id: number;
  installment_number: number;
  cession_number: number;
  amount: string;
  seq: number;
}

/** Every line of the account up to `to`, in date order (then the order they were recorded). */
function linesUpTo(accountId: number, to: string) {
  return sql`
    WITH lines AS (
      SELECT c.cession_date AS day, 'cession' AS kind, ci.credit_operation_id, ci.installment_id, c.number AS cession_number,
             -ci.price AS amount, 1 AS rank, ci.id AS seq
        FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id
       WHERE c.assignment_account_id = ${accountId} AND ${cessionInForce(sql`c`)}
      UNION ALL
      SELECT r.reversed_on, 'cession_reversal', ci.credit_operation_id, ci.installment_id, c.number, ci.price, 2, ri.id
        FROM cession_reversal_items ri JOIN cession_reversals r ON r.id = ri.reversal_id
        JOIN cession_items ci ON ci.id = ri.cession_item_id JOIN cessions c ON c.id = ci.cession_id
       WHERE c.assignment_account_id = ${accountId} AND ${reversalInForce(sql`r`)}
      UNION ALL
      SELECT j.business_date, CASE WHEN t.kind = 'payment' THEN 'payment' ELSE 'payment_reversal' END, t.credit_operation_id, t.installment_id, held.number,
             CASE WHEN t.kind = 'payment' THEN j.amount ELSE -j.amount END, 3, t.id
        FROM (SELECT transaction_id, business_date, sum(amount) AS amount FROM journal_entries
               WHERE account = 'due_to_assignee' AND kind IN ('payment', 'reversal') AND transaction_id IS NOT NULL
               GROUP BY transaction_id, business_date) j
        JOIN installment_transactions t ON t.id = j.transaction_id
        LEFT JOIN installment_transactions paid ON paid.id = t.reverses_id
        CROSS JOIN LATERAL (
          SELECT c.number, c.assignment_account_id FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id
           WHERE ci.installment_id = t.installment_id AND c.cession_date <= COALESCE(paid.paid_on, t.paid_on) AND ${cessionInForce(sql`c`)}
           ORDER BY c.cession_date DESC, ci.id DESC LIMIT 1) held
       WHERE held.assignment_account_id = ${accountId}
      UNION ALL
      SELECT p.repurchased_on, 'repurchase', p.credit_operation_id, p.installment_id, c.number, p.amount, 4, p.id
        FROM repurchases p JOIN cession_items ci ON ci.id = p.cession_item_id JOIN cessions c ON c.id = ci.cession_id
       WHERE c.assignment_account_id = ${accountId} AND ${repurchaseInForce(sql`p`)}
      UNION ALL
      SELECT rr.reversed_on, 'repurchase_reversal', p.credit_operation_id, p.installment_id, c.number, -p.amount, 5, rr.id
        FROM repurchase_reversals rr JOIN repurchases p ON p.id = rr.repurchase_id
        JOIN cession_items ci ON ci.id = p.cession_item_id JOIN cessions c ON c.id = ci.cession_id
       WHERE c.assignment_account_id = ${accountId} AND ${repurchaseReversalInForce(sql`rr`)}
    )
    SELECT l.day::text AS day, l.kind, l.credit_operation_id, l.installment_id, i.number AS installment_number, l.cession_number,
           l.amount::numeric(14,2)::text AS amount, l.seq
      FROM lines l JOIN credit_operation_installments i ON i.id = l.installment_id
     WHERE l.day <= ${to}::date
     ORDER BY l.day, l.rank, l.seq`;
}

export async function assigneeStatement(db: Db, accountId: number, from: string, to: string): Promise<AssigneeStatement> {
  const [account] = await db
    .select({ id: assignmentBankAccounts.id, name: assignmentBankAccounts.assignee_name })
    .from(assignmentBankAccounts)
    .where(and(eq(assignmentBankAccounts.id, accountId), eq(assignmentBankAccounts.company_id, LENDER_COMPANY_ID)));
  if (!account) throw notFound('Conta de cessão não encontrada');
  const rows = await rowsOf<Row>(db, linesUpTo(accountId, to));
  let balance = new Decimal(0);
  let opening = new Decimal(0);
  const totals = new Map<AssigneeStatementKind, Decimal>(ASSIGNEE_STATEMENT_KINDS.map((k) => [k, new Decimal(0)]));
  const lines: AssigneeStatement['lines'] = [];
  for (const row of rows) {
    const amount = new Decimal(row.amount);
    balance = balance.plus(amount);
    if (row.day < from) {
      opening = balance;
      continue;
    }
    totals.set(row.kind, totals.get(row.kind)!.plus(amount));
    lines.push({
      date: row.day,
      kind: row.kind,
      credit_operation_id: row.credit_operation_id,
      operation_number: operationNumber(row.credit_operation_id),
      installment_id: row.installment_id,
      installment_number: row.installment_number,
      cession_number: row.cession_number,
      amount: amount.toFixed(2),
      balance: balance.toFixed(2),
    });
  }
  return {
    assignment_account_id: account.id,
    assignee_name: account.name,
    from,
    to,
    opening_balance: opening.toFixed(2),
    closing_balance: balance.toFixed(2),
    totals: Object.fromEntries(ASSIGNEE_STATEMENT_KINDS.map((k) => [k, totals.get(k)!.toFixed(2)])) as AssigneeStatement['totals'],
    lines,
  };
}
