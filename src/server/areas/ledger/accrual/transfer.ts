/**
 * The accrued interest follows the installment's owner (README "Competence basis", "Cessions"): installments ceded
 * to an assignee take their accrued interest off the lender's books, installments that come back bring it back.
 *
 * - Out (a cession; a repurchase undone): what the operation recognised (interest_accrual_positions.accrued) beyond
 *   what its installments still the lender's, less the ones leaving, earned up to the day recognised, at most what
 *   is unsettled, leaves as accrual_reversal: the cession's loss account ← accrued interest receivable (the accrued
 *   interest is sold with the installment: the carrying sold is principal plus accrued interest, so the cession's
 *   result absorbs it; income recognised stays income, it was earned while the lender's).
 * - In (a cession undone; a repurchase): what the installments still the lender's, with the ones coming back,
 *   earned up to the day recognised beyond what is recognised comes back as interest_accrual: accrued interest
 *   receivable ← the same loss account. A cession undone brings back at most what its take-outs took (its
 *   result as if never sold; what the installments earned meanwhile is income at the next run); a repurchase
 *   buys the accrued interest with the principal (its amount paid the interest), so all of it lowers the
 *   repurchase's loss. From then on the runs accrue the installment as before.
 * - Either way an interest_accruals row of kind 'transfer' (signed) and the position moved by it, in the caller's
 *   transaction, called before the installments' statuses change (the installments are named, not read from their
 *   status) and before the movement's own posting, under the accrual's lock taken first (a run takes that lock
 *   before the ledger's; so does this, so the two never wait on each other in opposite orders).
 * - An operation with no position, or recognised up to no day, has nothing to move.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { intArray, jsonRows } from '../../../db/batch-sql';
import { signedPosting } from '../../../domain/ledger/posting';
import type { LedgerAccount } from '@shared/ledger';
import { post } from '../journal';
import { accruedBalances } from './balances';
import { lockAccrual, readBatch, recognisedOf } from './run';

type Rows<T> = { rows: T[] };

export type AccrualDirection = 'out' | 'in';

export interface AccrualTransfer {
  /** the installments leaving the lender ('out') or coming back ('in') */
  installmentIds: readonly number[];
  direction: AccrualDirection;
  /** the movement's result account that absorbs it: cession_loss (cession and its reversal), repurchase_loss (repurchase and its reversal) */
  account: Extract<LedgerAccount, 'cession_loss' | 'repurchase_loss'>;
  /** the business date of the postings */
  date: string;
  /**
   * 'in' only: bring back at most what earlier transfers took out of the operation against `account` (a cession
   * undone restores its take-out; what its installments earned meanwhile is income, recognised by the next run).
   */
  upToTakenOut?: boolean;
}

/** What transfers took out of each operation against the account, net of what they brought back. */
async function takenOutOf(tx: Db, operationIds: readonly number[], account: AccrualTransfer['account']): Promise<Map<number, Decimal>> {
  const result = (await tx.execute(sql`
    SELECT credit_operation_id AS op, sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END)::text AS net
      FROM journal_entries
     WHERE account = ${account} AND kind IN ('accrual_reversal', 'interest_accrual') AND credit_operation_id = ANY(${intArray(operationIds)})
     GROUP BY credit_operation_id`)) as unknown as Rows<{ op: number; net: string }>;
  return new Map(result.rows.map((r) => [Number(r.op), Decimal.max(new Decimal(r.net), 0)]));
}

/** Moves the accrued interest of the named installments with them (see the file's comment); answers the amount per operation (positive). */
export async function transferAccrual(tx: Db, operationIds: readonly number[], transfer: AccrualTransfer): Promise<Map<number, Decimal>> {
  const moved = new Map<number, Decimal>();
  if (operationIds.length === 0 || transfer.installmentIds.length === 0) return moved;
  await lockAccrual(tx);
  const positions = ((await tx.execute(sql`
    SELECT credit_operation_id AS op, accrued::text AS accrued, accrued_to::text AS accrued_to
      FROM interest_accrual_positions
     WHERE credit_operation_id = ANY(${intArray([...new Set(operationIds)])}) AND accrued_to IS NOT NULL
     ORDER BY credit_operation_id`)) as unknown as Rows<{ op: number; accrued: string; accrued_to: string }>).rows;
  if (positions.length === 0) return moved;
  const named = new Set(transfer.installmentIds);
  const out = transfer.direction === 'out';
  const ops = positions.map((p) => Number(p.op));
  const open = out ? await accruedBalances(tx, ops) : new Map<number, Decimal>();
  const takenOut = !out && transfer.upToTakenOut ? await takenOutOf(tx, ops, transfer.account) : null;
  for (const day of new Set(positions.map((p) => p.accrued_to))) {
    const ids = positions.filter((p) => p.accrued_to === day).map((p) => Number(p.op));
    const rows = new Map((await readBatch(tx, day, 0, ids.length, ids)).map((r) => [r.id, r]));
    for (const p of positions.filter((q) => q.accrued_to === day)) {
      const row = rows.get(Number(p.op));
      if (!row) continue;
      // the installments as they will stand: the named ones leave (out) or are the lender's again (in)
      const after = { ...row, rows: row.rows.map((r) => (named.has(Number(r.n)) ? { ...r, x: out } : r)) };
      const gap = recognisedOf(after, day).minus(p.accrued);
      const amount = out ? Decimal.min(gap.neg(), open.get(Number(p.op)) ?? 0) : takenOut ? Decimal.min(gap, takenOut.get(Number(p.op)) ?? 0) : gap;
      if (amount.gt(0)) moved.set(Number(p.op), amount);
    }
  }
  if (moved.size === 0) return moved;
  const items = [...moved].map(([op, amount]) => ({
    posting: out
      ? signedPosting('accrual_reversal', [
          [transfer.account, amount],
          ['accrued_interest_receivable', amount.neg()],
        ])
      : signedPosting('interest_accrual', [
          ['accrued_interest_receivable', amount],
          [transfer.account, amount.neg()],
        ]),
    link: { operationId: op, businessDate: transfer.date },
  }));
  const postingIds = await post(tx, items);
  const rows = [...moved].map(([op, amount], k) => ({ op, amount: (out ? amount.neg() : amount).toFixed(2), posting: postingIds[k] }));
  await tx.execute(sql`
    INSERT INTO interest_accruals (credit_operation_id, accrual_date, kind, amount, posting_id)
    SELECT v.op, ${transfer.date}::date, 'transfer', v.amount, v.posting FROM json_to_recordset(${jsonRows(rows)}) AS v(op int, amount numeric, posting int)`);
  await tx.execute(sql`
    UPDATE interest_accrual_positions p SET accrued = p.accrued + v.amount, updated_at = now()
      FROM json_to_recordset(${jsonRows(rows)}) AS v(op int, amount numeric, posting int)
     WHERE p.credit_operation_id = v.op`);
  return moved;
}
