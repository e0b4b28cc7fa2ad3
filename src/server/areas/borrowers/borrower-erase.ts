/**
 * The borrowers' part of the LGPD erase (users.erase), run inside its
 * transaction: the borrowers registered for the erased person's account
 * (borrowers.user_id).
 *
 * The choice, and why:
 * - A borrower with NO credit operation goes entirely: the row and, by the
 *   foreign keys' ON DELETE CASCADE, its whole credit file (bank accounts,
 *   shareholders, attorneys, joint debtors, products, revenues, secured
 *   guarantees with their documents, other information, parameters). Nothing
 *   was lent, so no law asks the lender to keep it. The snapshots of its
 *   earlier log entries (the borrower's, its records' and its accounts') are
 *   cut down to the ids, so the log still says that something was done, not
 *   to whom.
 * - A borrower WITH a credit operation is kept as it is. The lender must keep
 *   the identification of the parties to its credit operations and their
 *   records: LGPD art. 16 I (retention to comply with a legal or regulatory
 *   obligation) and art. 7 VI (exercise of rights in legal proceedings: the CCB
 *   is a credit title the lender may have to enforce); Lei 9.613/1998 art. 10
 *   (customer identification and transaction records, at least five years);
 *   Res. CMN 4.966/2021 and 2.682/1999 (risk classification of the operations
 *   and its documentation) and the SCR reporting. The account itself is still
 *   anonymised by the erase; the borrower row keeps the data the contract was
 *   made with. Deleting or blanking it would leave operations whose debtor
 *   cannot be identified.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { redactSnapshotsTo } from '../../platform/activity';
import { borrowers, borrowerSecuredGuarantees } from './schema';

export interface BorrowerErasure {
  /** borrowers deleted with their credit file */
  removed: number;
  /** borrowers kept because they have credit operations (legal retention) */
  kept: number;
  /** disk names of the guarantee documents to remove once the transaction commits */
  files: string[];
}

/** Keys a scrubbed snapshot keeps: the ids only. */
const KEPT_KEYS = ['id', 'borrower_id', 'record_kind'];

export async function eraseBorrowersOf(tx: Db, userId: number): Promise<BorrowerErasure> {
  const rows = await tx
    .select({
      id: borrowers.id,
      operations: sql<number>`(SELECT count(*)::int FROM credit_operations co WHERE co.borrower_id = "borrowers"."id")`,
    })
    .from(borrowers)
    .where(eq(borrowers.user_id, userId))
    .for('update');
  const removable = rows.filter((r) => Number(r.operations) === 0).map((r) => r.id);
  const kept = rows.length - removable.length;
  if (!removable.length) return { removed: 0, kept, files: [] };
  const files = (
    await tx
      .select({ key: borrowerSecuredGuarantees.file_key })
      .from(borrowerSecuredGuarantees)
      .where(inArray(borrowerSecuredGuarantees.borrower_id, removable))
  )
    .map((r) => r.key)
    .filter((key): key is string => !!key);
  await tx.delete(borrowers).where(inArray(borrowers.id, removable));
  await redactSnapshotsTo(tx, KEPT_KEYS, [
    { entity: 'borrower', ids: removable },
    { entities: ['borrower_record', 'borrower_bank_account'], key: 'borrower_id', ids: removable },
  ]);
  return { removed: removable.length, kept, files };
}
