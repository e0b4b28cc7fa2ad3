/**
 * What payments and reversals need to know about cessions, without the
 * cession service (which reads payments): whether an installment is held by
 * an assignee since a date, and whether a payment was posted as the
 * assignee's money. A cession or a reversal takes effect at once, or when its
 * four-eyes request is approved (the rows never change: the request says it).
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { REQUEST } from '../operations';
import { itemRepurchased } from './repurchase-reads';

export const CESSION_KIND = 'cession.assign' as const;
export const CESSION_REVERSAL_KIND = 'cession.reverse' as const;

/** The request statuses these reads ask about (the approvals' names). */
export { REQUEST };

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** SQL: the cession (alias given, e.g. sql`c`) has taken effect. */
export function cessionInForce(c: SQL): SQL {
  return sql`(NOT ${c}.needs_approval OR EXISTS (SELECT 1 FROM approval_requests a WHERE a.kind = ${CESSION_KIND} AND a.entity_id = ${c}.id AND a.status = ${REQUEST.approved}))`;
}

/** SQL: the reversal (alias given) has taken effect. */
export function reversalInForce(r: SQL): SQL {
  return sql`(NOT ${r}.needs_approval OR EXISTS (SELECT 1 FROM approval_requests a WHERE a.kind = ${CESSION_REVERSAL_KIND} AND a.entity_id = ${r}.id AND a.status = ${REQUEST.approved}))`;
}

/** SQL: the cession item (alias given) stands: its cession in force, no reversal of it in force, not bought back. */
export function itemStanding(ci: SQL): SQL {
  return sql`(EXISTS (SELECT 1 FROM cessions c WHERE c.id = ${ci}.cession_id AND ${cessionInForce(sql`c`)})
    AND NOT EXISTS (SELECT 1 FROM cession_reversal_items ri JOIN cession_reversals r ON r.id = ri.reversal_id
                     WHERE ri.cession_item_id = ${ci}.id AND ${reversalInForce(sql`r`)})
    AND NOT ${itemRepurchased(ci)})`;
}

/**
 * SQL, for other areas' reads (the reports): the operation (its id column
 * given) has a standing installment held by the assignee account: the same
 * rule as servicing's own (a cession awaiting approval is not in force yet, a
 * reversal awaiting approval has not undone it, a repurchase has).
 */
export function cededToAssignee(operationId: SQL | AnyColumn, assigneeAccountId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id
    WHERE ci.credit_operation_id = ${operationId} AND c.assignment_account_id = ${assigneeAccountId}::int AND ${itemStanding(sql`ci`)})`;
}

/** SQL: the names of the assignees holding a standing installment of the operation (its id column given), ', '-joined; null when none. */
export function assigneeNamesOf(operationId: SQL | AnyColumn): SQL<string | null> {
  return sql<string | null>`(SELECT string_agg(DISTINCT a.assignee_name, ', ' ORDER BY a.assignee_name)
    FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id JOIN assignment_bank_accounts a ON a.id = c.assignment_account_id
    WHERE ci.credit_operation_id = ${operationId} AND ${itemStanding(sql`ci`)})`;
}

/** SQL: the installment (its id column given) is in a cession awaiting its second person (other than `except`). */
export function heldByPendingCession(installmentId: SQL, except: number | null = null): SQL {
  return sql`EXISTS (SELECT 1 FROM cession_items ci JOIN approval_requests a ON a.kind = ${CESSION_KIND} AND a.entity_id = ci.cession_id AND a.status = ${REQUEST.pending}
    WHERE ci.installment_id = ${installmentId} AND ci.cession_id <> ${except ?? 0}::int)`;
}

/** The cession date of the standing cession of the installment, or null when no assignee holds it. */
export async function standingCessionDate(db: Db, installmentId: number): Promise<string | null> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`SELECT c.cession_date::text AS day FROM cession_items ci JOIN cessions c ON c.id = ci.cession_id
         WHERE ci.installment_id = ${installmentId} AND ${itemStanding(sql`ci`)} ORDER BY ci.id DESC LIMIT 1`,
  );
  return rows[0]?.day ?? null;
}

/** Whether the payment's posting made its money the assignee's. */
export async function postedToAssignee(db: Db, transactionId: number): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM journal_entries WHERE transaction_id = ${transactionId} AND account = 'due_to_assignee' AND side = 'credit'`,
  );
  return rows[0].n > 0;
}

/** Of these installments, those with a standing payment posted as the assignee's money. */
export async function withAssigneeMoney(db: Db, installmentIds: readonly number[]): Promise<Set<number>> {
  if (installmentIds.length === 0) return new Set();
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT DISTINCT t.installment_id AS id FROM installment_transactions t
          JOIN journal_entries j ON j.transaction_id = t.id AND j.account = 'due_to_assignee' AND j.side = 'credit'
         WHERE t.installment_id IN (${sql.join(installmentIds.map((id) => sql`${id}::int`), sql`, `)})
           AND t.kind = 'payment' AND NOT EXISTS (SELECT 1 FROM installment_transactions r WHERE r.reverses_id = t.id)`,
  );
  return new Set(rows.map((r) => r.id));
}
