/**
 * What the other areas ask of the accrual: the accrued interest an operation has not yet settled (the balance of
 * accrued_interest_receivable in its journal lines: accruals less what payments settled and reversals undid), for
 * one operation, for a batch in one query, and for one payment; and the undoing of accrued interest that will
 * never be earned once the operation's schedule or installments change (reconcileAccrual).
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { intArray, jsonRows } from '../../../db/batch-sql';
import { signedPosting } from '../../../domain/ledger/posting';
import { post } from '../journal';
import { lockAccrual, readBatch, recognisedOf } from './run';

type Rows<T> = { rows: T[] };

/** The accrued interest not yet settled of each operation (absent: none), in one query. */
export async function accruedBalances(db: Db, operationIds: readonly number[]): Promise<Map<number, Decimal>> {
  if (operationIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    SELECT credit_operation_id AS op, sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END)::text AS balance
      FROM journal_entries
     WHERE account = 'accrued_interest_receivable' AND credit_operation_id = ANY(${intArray([...new Set(operationIds)])})
     GROUP BY credit_operation_id`)) as unknown as Rows<{ op: number; balance: string }>;
  return new Map(result.rows.map((r) => [Number(r.op), new Decimal(r.balance)]).filter(([, b]) => (b as Decimal).gt(0)) as Array<[number, Decimal]>);
}

/** The accrued interest the operation has not yet settled. */
export async function accruedInterestOf(db: Db, operationId: number): Promise<Decimal> {
  return (await accruedBalances(db, [operationId])).get(operationId) ?? new Decimal(0);
}

/** The accrued interest a payment (installment transaction) settles as it stands: its postings' credits to the receivable. */
export async function settledByPayment(db: Db, transactionId: number): Promise<Decimal> {
  const result = (await db.execute(sql`
    SELECT COALESCE(sum(CASE WHEN side = 'credit' THEN amount ELSE -amount END), 0)::text AS settled
      FROM journal_entries
     WHERE account = 'accrued_interest_receivable' AND transaction_id = ${transactionId} AND kind IN ('payment', 'reallocation')`)) as unknown as Rows<{ settled: string }>;
  return Decimal.max(new Decimal(result.rows[0]?.settled ?? 0), 0);
}

/**
 * After the operations' schedule or installments changed (a prepayment's discount, a write-off, a cession, a
 * settlement): the interest recognised that their installments still the lender's no longer earn up to the day
 * recognised (none when the operation no longer accrues) is undone — accrual_reversal, interest income ←
 * accrued interest receivable, at most what is still unsettled — dated `date`, with its interest_accruals row.
 * In the caller's transaction, after the change. Answers the amount undone per operation.
 */
export async function reconcileAccrual(tx: Db, operationIds: readonly number[], date: string): Promise<Map<number, Decimal>> {
  const undone = new Map<number, Decimal>();
  if (operationIds.length === 0) return undone;
  await lockAccrual(tx);
  const positions = ((await tx.execute(sql`
    SELECT credit_operation_id AS op, accrued::text AS accrued, accrued_to::text AS accrued_to
      FROM interest_accrual_positions
     WHERE credit_operation_id = ANY(${intArray([...new Set(operationIds)])}) AND accrued > 0 AND accrued_to IS NOT NULL`)) as unknown as Rows<{ op: number; accrued: string; accrued_to: string }>).rows;
  if (positions.length === 0) return undone;
  const open = await accruedBalances(tx, positions.map((p) => Number(p.op)));
  for (const day of new Set(positions.map((p) => p.accrued_to))) {
    const ids = positions.filter((p) => p.accrued_to === day).map((p) => Number(p.op));
    const rows = new Map((await readBatch(tx, day, 0, ids.length, ids)).map((r) => [r.id, r]));
    for (const p of positions.filter((q) => q.accrued_to === day)) {
      const row = rows.get(Number(p.op));
      const earned = row ? recognisedOf(row, day) : new Decimal(0);
      const excess = Decimal.min(new Decimal(p.accrued).minus(earned), open.get(Number(p.op)) ?? 0);
      if (excess.gt(0)) undone.set(Number(p.op), excess);
    }
  }
  if (undone.size === 0) return undone;
  const items = [...undone].map(([op, amount]) => ({
    posting: signedPosting('accrual_reversal', [
      ['interest_income', amount],
      ['accrued_interest_receivable', amount.neg()],
    ]),
    link: { operationId: op, businessDate: date },
  }));
  const ids = await post(tx, items);
  const rows = [...undone].map(([op, amount], k) => ({ op, amount: amount.neg().toFixed(2), posting: ids[k] }));
  await tx.execute(sql`
    INSERT INTO interest_accruals (credit_operation_id, accrual_date, kind, amount, posting_id)
    SELECT v.op, ${date}::date, 'reversal', v.amount, v.posting FROM json_to_recordset(${jsonRows(rows)}) AS v(op int, amount numeric, posting int)`);
  await tx.execute(sql`
    UPDATE interest_accrual_positions p SET accrued = p.accrued + v.amount, updated_at = now()
      FROM json_to_recordset(${jsonRows(rows)}) AS v(op int, amount numeric, posting int)
     WHERE p.credit_operation_id = v.op`);
  return undone;
}
