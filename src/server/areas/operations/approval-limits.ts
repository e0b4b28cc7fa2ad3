/**
 * The four-eyes limits of servicing's money moves, counted so that splitting
 * does not get under them (the rule is written once, in
 * src/shared/contract/approvals.ts beside LIMITED_MOVES):
 *
 * - a move is weighed by the largest sum, over the operations it touches, of
 *   what its maker moved of the same kind on that operation within the
 *   company's approval_window_days (up to the business date), taken alone,
 *   approved or still waiting, plus this move's share there — and by the
 *   whole move (a cession of several operations);
 * - above the kind's one-check limit (none for write-offs: they always wait)
 *   it waits for another person; above the company's higher limit
 *   (second_approval_above) it waits whatever the one-check limit says, and
 *   asks for two checks, the second from the kind's secondCheckers;
 * - every move is recorded (limited_moves, one row per operation) with the
 *   request it waits for, or none when taken alone; a refused or withdrawn
 *   request's rows stop counting.
 *
 * Callers weigh and record inside the transaction that holds the row lock of
 * every operation the move touches (payments, cessions, repurchases and
 * write-offs all take it), so two moves of one person on one operation are
 * weighed one after the other and the second sees the first.
 */
import Decimal from 'decimal.js';
import { and, between, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { LIMITED_MOVES, type LimitedKind } from '@shared/contract/approvals';
import type { Db } from '../../db/connect';
import { parametersOf } from '../company';
import { addDays } from '../../domain/servicing/days';
import { approvalRequests, limitedMoves, type ApprovalRequestRow } from './schema-approvals';
import { openApproval } from './approvals';

export interface LimitedMoveInput {
  kind: LimitedKind;
  companyId: number;
  /** who asks for the move (the maker of its request, if it needs one) */
  makerId: number;
  /** the business date it is asked on */
  businessDate: string;
  /** its amount on each operation it touches (one share for all but a cession of several operations) */
  shares: ReadonlyArray<{ operationId: number; amount: Decimal.Value }>;
}

export interface WeighedMove {
  move: LimitedMoveInput;
  /** the whole move */
  amount: string;
  /** what met the limits: the largest operation's sum over the window with this move (at least the whole move) */
  windowTotal: string;
  needsApproval: boolean;
  requiredChecks: 1 | 2;
  /** the limit the request keeps: the higher one when it takes two checks, else the kind's one-check limit (null: none) */
  limit: string | null;
}

const COUNTED = ['pending', 'approved'] as const;

/** The kind's one-check limit in the company's parameters (null: every move of the kind waits). */
function oneCheckLimit(kind: LimitedKind, p: Awaited<ReturnType<typeof parametersOf>>): string | null {
  switch (LIMITED_MOVES[kind]) {
    case 'reversal':
    case 'suspense_refund':
      return p.reversal_approval_above;
    case 'write_off':
      return null;
    case 'cession':
    case 'cession_reversal':
    case 'repurchase':
    case 'repurchase_reversal':
      return p.cession_approval_above;
  }
}

/** What the maker moved of this kind on each operation within the window: operation id → sum. */
async function movedInWindow(db: Db, move: LimitedMoveInput, windowDays: number): Promise<Map<number, Decimal>> {
  const operations = [...new Set(move.shares.map((s) => s.operationId))];
  const rows = await db
    .select({ operation: limitedMoves.credit_operation_id, total: sql<string>`sum(${limitedMoves.amount})::text` })
    .from(limitedMoves)
    .leftJoin(approvalRequests, eq(approvalRequests.id, limitedMoves.approval_request_id))
    .where(
      and(
        eq(limitedMoves.maker_id, move.makerId),
        eq(limitedMoves.move, LIMITED_MOVES[move.kind]),
        inArray(limitedMoves.credit_operation_id, operations),
        between(limitedMoves.business_date, addDays(move.businessDate, 1 - windowDays), move.businessDate),
        or(isNull(limitedMoves.approval_request_id), inArray(approvalRequests.status, [...COUNTED])),
      ),
    )
    .groupBy(limitedMoves.credit_operation_id);
  return new Map(rows.map((r) => [r.operation, new Decimal(r.total ?? 0)]));
}

/** Weighs a move against the company's limits (inside the operations' locks). */
export async function weighMove(db: Db, move: LimitedMoveInput): Promise<WeighedMove> {
  const p = await parametersOf(db, move.companyId);
  const before = await movedInWindow(db, move, p.approval_window_days);
  const shares = new Map<number, Decimal>();
  for (const s of move.shares) shares.set(s.operationId, (shares.get(s.operationId) ?? new Decimal(0)).plus(s.amount));
  const amount = [...shares.values()].reduce((a, b) => a.plus(b), new Decimal(0));
  let total = amount;
  for (const [operation, share] of shares) total = Decimal.max(total, share.plus(before.get(operation) ?? 0));
  const oneCheck = oneCheckLimit(move.kind, p);
  const two = total.gt(p.second_approval_above);
  return {
    move,
    amount: amount.toFixed(2),
    windowTotal: total.toFixed(2),
    needsApproval: two || oneCheck === null || total.gt(oneCheck),
    requiredChecks: two ? 2 : 1,
    limit: two ? p.second_approval_above : oneCheck,
  };
}

/** Records the move's shares (the request it waits for, or null when taken alone). */
async function recordMove(tx: Db, weighed: WeighedMove, approvalRequestId: number | null): Promise<void> {
  const { move } = weighed;
  await tx.insert(limitedMoves).values(
    move.shares.map((s) => ({
      company_id: move.companyId,
      move: LIMITED_MOVES[move.kind],
      credit_operation_id: s.operationId,
      maker_id: move.makerId,
      business_date: move.businessDate,
      amount: new Decimal(s.amount).toFixed(2),
      approval_request_id: approvalRequestId,
    })),
  );
}

/** The move takes effect without a second person (it was weighed under its limits): it counts from now on. */
export async function recordMoveAlone(tx: Db, weighed: WeighedMove): Promise<void> {
  if (weighed.needsApproval) throw new Error(`a ${weighed.move.kind} of ${weighed.windowTotal} in the window needs approval`);
  await recordMove(tx, weighed, null);
}

/**
 * Opens the request a weighed move waits for (its checks and limit as
 * weighed; `amounts` gains `window_total`, what met the limits) and records
 * the move against it.
 */
export async function openMoveApproval(
  tx: Db,
  weighed: WeighedMove,
  opening: { entityId: number; amounts: Record<string, string>; at?: Date },
): Promise<ApprovalRequestRow> {
  const at = opening.at ?? new Date();
  const { move } = weighed;
  const request = await openApproval(tx, {
    kind: move.kind,
    entityId: opening.entityId,
    companyId: move.companyId,
    makerId: move.makerId,
    madeAt: at,
    amount: weighed.amount,
    limit: weighed.limit,
    amounts: { ...opening.amounts, window_total: weighed.windowTotal },
    requiredChecks: weighed.requiredChecks,
    actorId: move.makerId,
    at,
  });
  await recordMove(tx, weighed, request.id);
  return request;
}
