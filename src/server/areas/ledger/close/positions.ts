/**
 * Reads of the monthly close for other areas (the SCR's Doc 3040, the risk
 * card, the collections list): the close in force of a month and its
 * positions, paged by operation id so 100,000 rows never sit in memory at once.
 */
import { and, asc, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { CLOSE_CLOSED } from '@shared/books/close';
import type { Db } from '../../../db/connect';
import { intArray } from '../../../db/batch-sql';
import { ledgerClosePositions, ledgerCloses, type LedgerClosePositionRow, type LedgerCloseRow } from '../schema-close';

export type { LedgerClosePositionRow as ClosePosition, LedgerCloseRow as CloseRecord };

/** The month's close in force ('closed', not undone), or null. */
export async function closeOf(db: Db, month: string): Promise<LedgerCloseRow | null> {
  const [row] = await db
    .select()
    .from(ledgerCloses)
    .where(and(eq(ledgerCloses.month, month), eq(ledgerCloses.status, CLOSE_CLOSED)))
    .limit(1);
  return row ?? null;
}

/** The latest close in force of any month, or null. */
export async function lastClose(db: Db): Promise<LedgerCloseRow | null> {
  const [row] = await db.select().from(ledgerCloses).where(eq(ledgerCloses.status, CLOSE_CLOSED)).orderBy(desc(ledgerCloses.month)).limit(1);
  return row ?? null;
}

/**
 * The positions of the month's close in force, by operation id, `pageSize`
 * rows a query (keyset paging). Nothing when the month has no close.
 */
export async function* closePositions(db: Db, month: string, pageSize = 5000): AsyncIterable<LedgerClosePositionRow> {
  const close = await closeOf(db, month);
  if (!close) return;
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(ledgerClosePositions)
      .where(and(eq(ledgerClosePositions.close_id, close.id), gt(ledgerClosePositions.credit_operation_id, after)))
      .orderBy(asc(ledgerClosePositions.credit_operation_id))
      .limit(pageSize);
    for (const row of page) yield row;
    if (page.length < pageSize) return;
    after = page[page.length - 1].credit_operation_id;
  }
}

/** A borrower of a close, in brief: its positions reported (a balance, or something written off) and what they weigh. */
export interface CloseBorrower {
  borrower_id: number;
  operations: number;
  /** the positions' balances (a negative one as 0) plus what stands written off, a decimal string */
  responsibility: string;
}

/**
 * The borrowers of close `closeId` with a position that owes or has something written off, by borrower id: one
 * aggregate over the close's positions (the SCR's Doc 3040 splits them by the individual threshold and pages them).
 */
export async function closeBorrowers(db: Db, closeId: number): Promise<CloseBorrower[]> {
  const result = await db.execute(sql`
    SELECT borrower_id, count(*)::int AS operations, sum(greatest(balance, 0) + written_off)::text AS responsibility
      FROM ledger_close_positions
     WHERE close_id = ${closeId} AND NOT (balance <= 0 AND written_off = 0)
     GROUP BY borrower_id
     ORDER BY borrower_id`);
  return (result as unknown as { rows: CloseBorrower[] }).rows.map((r) => ({ borrower_id: Number(r.borrower_id), operations: Number(r.operations), responsibility: r.responsibility }));
}

/** The positions of close `closeId` of these borrowers, by borrower then operation id (a page of whole clients). */
export async function closePositionsOfBorrowers(db: Db, closeId: number, borrowerIds: readonly number[]): Promise<LedgerClosePositionRow[]> {
  if (borrowerIds.length === 0) return [];
  return db
    .select()
    .from(ledgerClosePositions)
    .where(and(eq(ledgerClosePositions.close_id, closeId), sql`${ledgerClosePositions.borrower_id} = ANY(${intArray(borrowerIds)})`))
    .orderBy(asc(ledgerClosePositions.borrower_id), asc(ledgerClosePositions.credit_operation_id));
}

/** On the books at the close: a position with a balance, or with nothing written off (written off whole is off the books). */
const onBooks = or(ne(ledgerClosePositions.balance, '0'), eq(ledgerClosePositions.written_off, '0'));

/** The last close's positions of these operations on the books (risk card, collections list): by operation id. */
export async function lastClosePositionsOf(db: Db, operationIds: readonly number[]): Promise<{ close: LedgerCloseRow | null; positions: Map<number, LedgerClosePositionRow> }> {
  const close = await lastClose(db);
  const positions = new Map<number, LedgerClosePositionRow>();
  if (!close || operationIds.length === 0) return { close, positions };
  const rows = await db
    .select()
    .from(ledgerClosePositions)
    .where(and(eq(ledgerClosePositions.close_id, close.id), inArray(ledgerClosePositions.credit_operation_id, [...operationIds]), onBooks));
  for (const r of rows) positions.set(r.credit_operation_id, r);
  return { close, positions };
}

/** The last close's positions of a borrower's operations on the books. */
export async function lastClosePositionsOfBorrower(db: Db, borrowerId: number): Promise<{ close: LedgerCloseRow | null; positions: LedgerClosePositionRow[] }> {
  const close = await lastClose(db);
  if (!close) return { close, positions: [] };
  const positions = await db
    .select()
    .from(ledgerClosePositions)
    .where(and(eq(ledgerClosePositions.close_id, close.id), eq(ledgerClosePositions.borrower_id, borrowerId), onBooks))
    .orderBy(asc(ledgerClosePositions.credit_operation_id));
  return { close, positions };
}
