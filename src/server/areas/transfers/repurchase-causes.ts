/**
 * Repurchase causes beyond days late: marks on a disbursed operation (fraud,
 * the contract cancelled or rescinded) that make the agreement require the
 * buy-back of every installment of it an assignee holds. The rules are
 * described in shared/contract/servicing-repurchase.ts.
 *
 * - Rows only: setting and clearing each insert a row (migration 0031 refuses
 *   changes), and the mark in force is the latest row of its cause, so the
 *   table is its own history and nothing is lost when a mark is cleared.
 * - Writers lock the operation's row first (the order every servicing write
 *   takes its locks), so two people setting the same cause run one after the
 *   other: the second finds it in force and is refused (409).
 */
import { desc, eq } from 'drizzle-orm';
import { MONEY_RELEASED_STATUSES } from '@shared/credit-operation-status';
import { REPURCHASE_MARK_CAUSES, type RepurchaseMarkAction, type RepurchaseMarkCause } from '@shared/servicing';
import type { RepurchaseCauseMark, RepurchaseCauses } from '@shared/contract/servicing-repurchase';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { findOperation, type Actor, type OperationRow } from '../operations';
import { conflict } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { repurchaseCauseMarks, type RepurchaseCauseMarkRow } from './schema-repurchase-causes';

/** How a refusal names each cause (the screens label them through i18n). */
export const MARK_CAUSE_LABELS_PT: Readonly<Record<RepurchaseMarkCause, string>> = {
  fraud: 'fraude',
  contract_cancelled: 'contrato cancelado ou rescindido',
};

export const CAUSE_MESSAGES = {
  notDisbursed: 'A operação não foi liberada: só uma operação liberada tem parcelas cedidas a recomprar e pode ser marcada.',
  alreadySet: (cause: RepurchaseMarkCause) => `A operação já está marcada por ${MARK_CAUSE_LABELS_PT[cause]}: retire a marca antes de marcá-la de novo.`,
  notSet: (cause: RepurchaseMarkCause) => `A operação não está marcada por ${MARK_CAUSE_LABELS_PT[cause]}: não há marca a retirar.`,
} as const;

/** Only after the money left may an operation's installments have been assigned. */
const isMarkable = (op: OperationRow) => (MONEY_RELEASED_STATUSES as readonly string[]).includes(op.status);

/** Cause → the row that set it, for the causes in force on the operation. */
export async function marksInForce(db: Db, operationId: number): Promise<Map<RepurchaseMarkCause, RepurchaseCauseMarkRow>> {
  const latest = await db
    .selectDistinctOn([repurchaseCauseMarks.cause])
    .from(repurchaseCauseMarks)
    .where(eq(repurchaseCauseMarks.credit_operation_id, operationId))
    .orderBy(repurchaseCauseMarks.cause, desc(repurchaseCauseMarks.id));
  return new Map(latest.filter((row) => row.action === 'set').map((row) => [row.cause, row]));
}

/** The cause a mark gives the operation's assigned installments (fraud first), or null without one in force. */
export function markCauseOf(marks: ReadonlyMap<RepurchaseMarkCause, unknown>): RepurchaseMarkCause | null {
  return REPURCHASE_MARK_CAUSES.find((cause) => marks.has(cause)) ?? null;
}

export interface MarkInput {
  id: number;
  cause: RepurchaseMarkCause;
  reason: string;
}

async function writeMark(tx: Db, actor: Actor, op: OperationRow, input: MarkInput, action: RepurchaseMarkAction, today: string): Promise<void> {
  const [row] = await tx
    .insert(repurchaseCauseMarks)
    .values({ company_id: op.company_id, credit_operation_id: op.id, cause: input.cause, action, marked_on: today, reason: input.reason, actor_id: actor.id })
    .returning();
  await logActivity(tx, {
    actorId: actor.id,
    action: action === 'set' ? 'repurchase-cause.set' : 'repurchase-cause.clear',
    entity: 'repurchase_cause_mark',
    entityId: row.id,
    after: { credit_operation_id: op.id, cause: input.cause, reason: input.reason },
  });
}

/** Sets a cause on a disbursed operation (inside the caller's transaction). */
export async function setRepurchaseCause(tx: Db, actor: Actor, input: MarkInput, today: string): Promise<void> {
  const op = await findOperation(tx, input.id, true);
  if (!isMarkable(op)) throw conflict(CAUSE_MESSAGES.notDisbursed, 'id');
  if ((await marksInForce(tx, op.id)).has(input.cause)) throw conflict(CAUSE_MESSAGES.alreadySet(input.cause), 'cause');
  await writeMark(tx, actor, op, input, 'set', today);
}

/** Clears a cause in force on the operation (inside the caller's transaction). */
export async function clearRepurchaseCause(tx: Db, actor: Actor, input: MarkInput, today: string): Promise<void> {
  const op = await findOperation(tx, input.id, true);
  if (!(await marksInForce(tx, op.id)).has(input.cause)) throw conflict(CAUSE_MESSAGES.notSet(input.cause), 'cause');
  await writeMark(tx, actor, op, input, 'clear', today);
}

/** The operation's marks: those in force and every row, newest first. */
export async function repurchaseCausesOf(db: Db, operationId: number): Promise<RepurchaseCauses> {
  const op = await findOperation(db, operationId, false);
  const rows = await db
    .select({ mark: repurchaseCauseMarks, actor_name: users.name })
    .from(repurchaseCauseMarks)
    .leftJoin(users, eq(users.id, repurchaseCauseMarks.actor_id))
    .where(eq(repurchaseCauseMarks.credit_operation_id, op.id))
    .orderBy(desc(repurchaseCauseMarks.id));
  const history: RepurchaseCauseMark[] = rows.map(({ mark, actor_name }) => ({
    id: mark.id,
    cause: mark.cause,
    action: mark.action,
    marked_on: mark.marked_on,
    reason: mark.reason,
    actor_name,
    created_at: mark.created_at.toISOString(),
  }));
  // Newest first: the first row met of each cause is its latest.
  const latest = new Map<RepurchaseMarkCause, RepurchaseCauseMark>();
  for (const row of history) if (!latest.has(row.cause)) latest.set(row.cause, row);
  const inForce = REPURCHASE_MARK_CAUSES.flatMap((cause) => {
    const row = latest.get(cause);
    return row?.action === 'set' ? [row] : [];
  });
  return { credit_operation_id: op.id, markable: isMarkable(op), in_force: inForce, history };
}
