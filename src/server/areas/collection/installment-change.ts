/**
 * The one way an installment's status changes when payments do not change it
 * (renegotiation, write-off, its undoing; cessions, their reversal, repurchase), always in this
 * order: the operation's row lock (lockedServicing: every movement of one
 * operation runs one at a time, like payments), the workflow's rule
 * (src/shared/installment-status.ts: a refused move is a 409 naming both
 * statuses), the stored status, the activity-log entry with before and after.
 * There is no version to check: under the lock, the workflow's rule on the
 * status as it is now refuses a move made on a stale screen.
 *
 * The operation follows its installments (syncOperationStatus): when a
 * write-off leaves nothing to collect it moves to written_off, and undoing a
 * write-off brings it back to disbursed, through the operations area's
 * changeOperation (its workflow's WRITE_OFF_MOVES).
 */
import Decimal from 'decimal.js';
import { wasDisbursed, WRITE_OFF_MOVES, type CreditOperationStatus } from '@shared/credit-operation-status';
import { canBeOverdue, canMoveInstallment, installmentTransitionMessage, type InstallmentStatus } from '@shared/installment-status';
import type { ActivityAction } from '@shared/activity';
import type { Db } from '../../db/connect';
import { changeOperation, findOperation, statusOf, STATUS_PT, type OperationRow } from '../operations';
import { conflict } from '../../platform/http/errors';
import { logActivities, type ActivityEntry, type Snapshot } from '../../platform/activity';
import type { Replay } from '../../domain/servicing/allocation';
import { findInstallment, replayOf, scheduleOf, servicingContext, transactionsOf, type InstallmentRow, type ServicingContext } from './installments';
import type { InstallmentTransactionRow } from './schema';
import { currentStatus, isStoredStatus, storedStatusesOf, storeStatuses } from '../servicing';
import { assertCurrentInstallment } from './prepayment';

export const CHANGE_MESSAGES = {
  notCollecting: (status: string) => `A operação não está em cobrança (está ${status}): parcelas só mudam de situação depois da liberação.`,
} as const;

/** The operation locked for a movement; 409 naming status when its money has not left. */
export async function lockedServicing(tx: Db, operationId: number): Promise<ServicingContext> {
  const op = await findOperation(tx, operationId, true);
  const status = statusOf(op);
  if (!wasDisbursed(status)) throw conflict(CHANGE_MESSAGES.notCollecting(STATUS_PT[status]), 'status');
  return servicingContext(tx, op);
}

/** An installment as it stands on `today`: its transactions, their replay, and its status. */
export interface InstallmentTarget {
  ctx: ServicingContext;
  installment: InstallmentRow;
  rows: InstallmentTransactionRow[];
  replay: Replay;
  status: InstallmentStatus;
}

export async function loadTarget(db: Db, ctx: ServicingContext, installmentId: number, today: string): Promise<InstallmentTarget> {
  const installment = await findInstallment(db, ctx.op.id, installmentId);
  // A row a prepayment replaced is history: it takes no move, write-off or title.
  assertCurrentInstallment(installment);
  return targetOf(db, ctx, installment, today);
}

async function targetOf(db: Db, ctx: ServicingContext, installment: InstallmentRow, today: string): Promise<InstallmentTarget> {
  const rows = await transactionsOf(db, [installment.id]);
  const replay = replayOf(ctx, installment, rows, today);
  const stored = (await storedStatusesOf(db, [installment.id])).get(installment.id) ?? null;
  return { ctx, installment, rows, replay, status: currentStatus(stored, replay.state.status) };
}

/** Every installment of the operation as it stands on `today`, in schedule order. */
export async function loadTargets(db: Db, ctx: ServicingContext, today: string): Promise<InstallmentTarget[]> {
  const targets: InstallmentTarget[] = [];
  for (const installment of await scheduleOf(db, ctx.op.id)) targets.push(await targetOf(db, ctx, installment, today));
  return targets;
}

export interface InstallmentChange {
  target: InstallmentTarget;
  to: InstallmentStatus;
  reason: string;
  actorId: number;
  action: ActivityAction;
  at: Date;
  /** the business date the status holds from */
  on: string;
  /** what else the log keeps (the write-off's principal, its request) */
  before?: Snapshot;
  after?: Snapshot;
}

/** Changes the installment's status inside the caller's transaction, which holds the operation's lock (lockedServicing). */
export async function changeInstallment(tx: Db, change: InstallmentChange): Promise<void> {
  await changeInstallments(tx, [change]);
}

/**
 * changeInstallment for many installments at once (a cession of hundreds, its
 * reversal), each at most once, under the locks of all their operations: every
 * move checked before anything is written (the first refused is the 409), then
 * the statuses, their history and the log entries each in one statement. The
 * rows are the same as one changeInstallment per installment in this order.
 */
export async function changeInstallments(tx: Db, changes: readonly InstallmentChange[]): Promise<void> {
  const seen = new Set<number>();
  for (const { target, to } of changes) {
    if (!canMoveInstallment(target.status, to)) throw conflict(installmentTransitionMessage(target.status, to), 'status');
    // One statement cannot upsert a row twice, and two moves of one installment at once would have no order.
    if (seen.has(target.installment.id)) throw new Error(`installment ${target.installment.id} named twice in one change`);
    seen.add(target.installment.id);
  }
  await storeStatuses(
    tx,
    changes.map((change) => ({
      installmentId: change.target.installment.id,
      operationId: change.target.ctx.op.id,
      status: isStoredStatus(change.to) ? change.to : null,
      reason: change.reason,
      actorId: change.actorId,
      at: change.at,
      on: change.on,
    })),
  );
  await logActivities(
    tx,
    changes.map((change): ActivityEntry => {
      const state = change.target.replay.state;
      return {
        actorId: change.actorId,
        action: change.action,
        entity: 'installment',
        entityId: change.target.installment.id,
        before: { status: change.target.status, due_total: state.dueTotal.toFixed(2), open_principal: state.due.principal.toFixed(2), ...change.before },
        after: { status: change.to, reason: change.reason, ...change.after },
      };
    }),
  );
}

const operationSnapshot = (row: OperationRow): Snapshot => ({ status: row.status, version: row.version });

/**
 * Moves the operation after a write-off or its undoing: to written_off when
 * nothing is left to collect and something was written off, back to
 * disbursed when an installment collects again. Nothing else moves it here.
 */
export async function syncOperationStatus(tx: Db, operationId: number, actorId: number, reason: string, today: string): Promise<void> {
  const op = await findOperation(tx, operationId, true);
  const ctx = await servicingContext(tx, op);
  const statuses = (await loadTargets(tx, ctx, today)).map((t) => t.status);
  const collecting = statuses.some((s) => canBeOverdue(s));
  const from = statusOf(op);
  const at = new Date();
  const movesFrom = (move: { from: readonly CreditOperationStatus[] }) => move.from.includes(from);
  if (movesFrom(WRITE_OFF_MOVES.writeOff) && !collecting && statuses.includes('written_off')) {
    await changeOperation(tx, {
      id: op.id,
      version: op.version,
      to: WRITE_OFF_MOVES.writeOff.to,
      event: { kind: 'written_off', note: reason, actorId, at },
      log: { action: 'credit-operation.written-off', before: operationSnapshot, after: operationSnapshot },
    });
  } else if (movesFrom(WRITE_OFF_MOVES.undo) && collecting) {
    await changeOperation(tx, {
      id: op.id,
      version: op.version,
      to: WRITE_OFF_MOVES.undo.to,
      event: { kind: 'write_off_undone', note: reason, actorId, at },
      log: { action: 'credit-operation.write-off-undone', before: operationSnapshot, after: operationSnapshot },
    });
  }
}

/** Decimal text of a sum of open principals. */
export function principalText(values: readonly Decimal[]): string {
  return values.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2);
}
