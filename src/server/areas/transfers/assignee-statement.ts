/**
 * The assignee's statement (shared/contract/servicing-assignee-statement.ts
 * says what it answers). The ledger's postings are per operation and carry
 * no assignee, so each line comes from the record that caused it, joined to
 * the cession item that ties it to the assignee account; payments and their
 * reversals take their amount and day from their own journal lines on
 * `due_to_assignee` (which also says they were the assignee's money and took
 * effect), attributed to the latest cession in force of the installment dated
 * on or before the payment day. The cession price's moves and the transfers
 * to the assignee (with the fee kept) are company-level lines read from their
 * own rows (cession_price_moves, assignee_transfers).
 *
 * Pass-through (Código Civil art. 286 ff.: after a cessão the credit is the
 * assignee's, so what the lender collects on it is the assignee's money, held
 * to be passed on; the cession agreement — the account's
 * `pass_through_fee_rate` — says what share the lender keeps as a collection
 * fee): the open payable is every line that moved `due_to_assignee`
 * (payments, repurchases, their reversals, transfers, fees kept).
 */
import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { operationNumber } from '@shared/contract/credit-operations';
import { ASSIGNEE_STATEMENT_KINDS, type AssigneeStatement, type AssigneeStatementKind } from '@shared/contract/servicing-assignee-statement';
import type { Db } from '../../db/connect';
import { assignmentBankAccounts } from '../company/schema';
import { notFound } from '../../platform/http/errors';
import { assigneeTransfers } from './schema-assignee-transfer';
import { cessionInForce, repurchaseInForce, repurchaseReversalInForce, reversalInForce, rowsOf } from '../servicing';

/** The back office serves one lender: its company (the credit simulation's default company too). */
export const LENDER_COMPANY_ID = 1;

/** The kinds that moved `due_to_assignee`: what the lender owes the assignee and has not paid. */
export const PAYABLE_KINDS: ReadonlySet<AssigneeStatementKind> = new Set(['payment', 'payment_reversal', 'repurchase', 'repurchase_reversal', 'transfer', 'transfer_fee', 'transfer_reversal']);

interface Row {
  day: string;
  kind: AssigneeStatementKind;
  credit_operation_id: number | null;
  installment_id: number | null;
  installment_number: number | null;
  cession_number: number | null;
  transfer_id: number | null;
  amount: string;
  seq: number;
}

/** Every line of the account up to `to`, in date order (then the order they were recorded). */
function linesUpTo(accountId: number, to: string) {
  return sql`
    WITH lines AS (
      SELECT c.cession_date AS day, 'cession' AS kind, ci.credit_operation_id, ci.installment_id, c.number AS cession_number,
             -ci.price AS amount, 1 AS rank, ci.id AS seq, NULL::integer AS transfer_id
        FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id
       WHERE c.assignment_account_id = ${accountId} AND ${cessionInForce(sql`c`)}
      UNION ALL
      SELECT r.reversed_on, 'cession_reversal', ci.credit_operation_id, ci.installment_id, c.number, COALESCE(ri.price, ci.price), 2, ri.id, NULL
        FROM cession_reversal_items ri JOIN cession_reversals r ON r.id = ri.reversal_id
        JOIN cession_items ci ON ci.id = ri.cession_item_id JOIN cessions c ON c.id = ci.cession_id
       WHERE c.assignment_account_id = ${accountId} AND ${reversalInForce(sql`r`)}
      UNION ALL
      SELECT j.business_date, CASE WHEN t.kind = 'payment' THEN 'payment' ELSE 'payment_reversal' END, t.credit_operation_id, t.installment_id, held.number,
             CASE WHEN t.kind = 'payment' THEN j.amount ELSE -j.amount END, 3, t.id, NULL
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
      SELECT p.repurchased_on, 'repurchase', p.credit_operation_id, p.installment_id, c.number, p.amount, 4, p.id, NULL
        FROM repurchases p JOIN cession_items ci ON ci.id = p.cession_item_id JOIN cessions c ON c.id = ci.cession_id
       WHERE c.assignment_account_id = ${accountId} AND ${repurchaseInForce(sql`p`)}
      UNION ALL
      SELECT rr.reversed_on, 'repurchase_reversal', p.credit_operation_id, p.installment_id, c.number, -p.amount, 5, rr.id, NULL
        FROM repurchase_reversals rr JOIN repurchases p ON p.id = rr.repurchase_id
        JOIN cession_items ci ON ci.id = p.cession_item_id JOIN cessions c ON c.id = ci.cession_id
       WHERE c.assignment_account_id = ${accountId} AND ${repurchaseReversalInForce(sql`rr`)}
      UNION ALL
      SELECT m.moved_on, CASE m.kind WHEN 'receipt' THEN 'price_receipt' WHEN 'receipt_reversal' THEN 'price_receipt_reversal' ELSE 'price_write_off' END,
             NULL, NULL, c.number, CASE WHEN m.kind = 'receipt_reversal' THEN -m.amount ELSE m.amount END, 6, m.id, NULL
        FROM cession_price_moves m JOIN cessions c ON c.id = m.cession_id
       WHERE c.assignment_account_id = ${accountId}
      UNION ALL
      SELECT t.moved_on, 'transfer', NULL, NULL, NULL, -t.amount, 7, t.id, t.id
        FROM assignee_transfers t WHERE t.assignment_account_id = ${accountId} AND t.kind = 'transfer'
      UNION ALL
      SELECT t.moved_on, 'transfer_fee', NULL, NULL, NULL, -t.fee, 8, t.id, t.id
        FROM assignee_transfers t WHERE t.assignment_account_id = ${accountId} AND t.kind = 'transfer' AND t.fee > 0
      UNION ALL
      SELECT t.moved_on, 'transfer_reversal', NULL, NULL, NULL, t.amount + t.fee, 9, t.id, t.reverses_id
        FROM assignee_transfers t WHERE t.assignment_account_id = ${accountId} AND t.kind = 'transfer_reversal'
    )
    SELECT l.day::text AS day, l.kind, l.credit_operation_id, l.installment_id, i.number AS installment_number, l.cession_number,
           l.amount::numeric(14,2)::text AS amount, l.seq, l.transfer_id
      FROM lines l LEFT JOIN credit_operation_installments i ON i.id = l.installment_id
     WHERE l.day <= ${to}::date
     ORDER BY l.day, l.rank, l.seq`;
}

/** The lender's assignee account, or 404. */
export async function assigneeAccountOr404(db: Db, accountId: number): Promise<{ id: number; name: string; feeRate: string }> {
  const [account] = await db
    .select({ id: assignmentBankAccounts.id, name: assignmentBankAccounts.assignee_name })
    .from(assignmentBankAccounts)
    .where(and(eq(assignmentBankAccounts.id, accountId), eq(assignmentBankAccounts.company_id, LENDER_COMPANY_ID)));
  if (!account) throw notFound('Conta de cessão não encontrada');
  const [{ rate }] = await rowsOf<{ rate: string }>(db, sql`SELECT pass_through_fee_rate::text AS rate FROM assignment_bank_accounts WHERE id = ${accountId}`);
  return { ...account, feeRate: new Decimal(rate).toString() };
}

/** What the lender owes the assignee of the account and has not paid, over everything recorded up to `to`. */
export async function openPayable(db: Db, accountId: number, to: string): Promise<Decimal> {
  const rows = await rowsOf<Row>(db, linesUpTo(accountId, to));
  return rows.filter((r) => PAYABLE_KINDS.has(r.kind)).reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
}

/** The fee the agreement lets the lender keep on `collected`: rate % of it, to the cent (half up); nothing on a negative period. */
export function passThroughFee(collected: Decimal.Value, ratePercent: Decimal.Value): Decimal {
  const base = new Decimal(collected);
  if (base.lte(0)) return new Decimal(0);
  return base.times(ratePercent).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export async function assigneeStatement(db: Db, accountId: number, from: string, to: string): Promise<AssigneeStatement> {
  const account = await assigneeAccountOr404(db, accountId);
  const rows = await rowsOf<Row>(db, linesUpTo(accountId, to));
  const transfers = await db.select().from(assigneeTransfers).where(eq(assigneeTransfers.assignment_account_id, accountId)).orderBy(asc(assigneeTransfers.id));
  const reversed = new Set(transfers.map((t) => t.reverses_id).filter((id): id is number => id !== null));
  let payable = new Decimal(0);
  let transferred = new Decimal(0);
  let feesKept = new Decimal(0);
  for (const t of transfers) {
    if (t.moved_on < from || t.moved_on > to) continue;
    const sign = t.kind === 'transfer' ? 1 : -1;
    transferred = transferred.plus(new Decimal(t.amount).times(sign));
    feesKept = feesKept.plus(new Decimal(t.fee).times(sign));
  }
  let balance = new Decimal(0);
  let opening = new Decimal(0);
  const totals = new Map<AssigneeStatementKind, Decimal>(ASSIGNEE_STATEMENT_KINDS.map((k) => [k, new Decimal(0)]));
  const lines: AssigneeStatement['lines'] = [];
  for (const row of rows) {
    const amount = new Decimal(row.amount);
    balance = balance.plus(amount);
    if (PAYABLE_KINDS.has(row.kind)) payable = payable.plus(amount);
    if (row.day < from) {
      opening = balance;
      continue;
    }
    totals.set(row.kind, totals.get(row.kind)!.plus(amount));
    lines.push({
      date: row.day,
      kind: row.kind,
      credit_operation_id: row.credit_operation_id,
      operation_number: row.credit_operation_id === null ? null : operationNumber(row.credit_operation_id),
      installment_id: row.installment_id,
      installment_number: row.installment_number,
      cession_number: row.cession_number,
      transfer_id: row.transfer_id,
      reversed: (row.kind === 'transfer' || row.kind === 'transfer_fee') && reversed.has(row.transfer_id!),
      amount: amount.toFixed(2),
      balance: balance.toFixed(2),
    });
  }
  const collected = totals.get('payment')!.plus(totals.get('payment_reversal')!);
  const feeDue = passThroughFee(collected, account.feeRate);
  return {
    assignment_account_id: account.id,
    assignee_name: account.name,
    from,
    to,
    opening_balance: opening.toFixed(2),
    closing_balance: balance.toFixed(2),
    totals: Object.fromEntries(ASSIGNEE_STATEMENT_KINDS.map((k) => [k, totals.get(k)!.toFixed(2)])) as AssigneeStatement['totals'],
    lines,
    pass_through: {
      fee_rate: account.feeRate,
      collected: collected.toFixed(2),
      fee_due: feeDue.toFixed(2),
      net_due: collected.minus(feeDue).toFixed(2),
      transferred: transferred.toFixed(2),
      fees_kept: feesKept.toFixed(2),
      open_payable: payable.toFixed(2),
    },
  };
}
