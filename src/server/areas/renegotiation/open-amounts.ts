/**
 * What the borrower's installments owe on the business date, read through the
 * collection area's index (the schedule, the payments' replay, the stored
 * status): never its tables. An installment may be renegotiated when the
 * workflow lets it move to renegotiated (open, partially paid, repurchased;
 * not one an assignee holds, nor one written off). One already due owes its
 * open principal, interest (scheduled and contract interest after the due
 * date) and late charges (multa and juros de mora); one not yet due owes its
 * open principal only — the new schedule charges its own interest.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { wasDisbursed } from '@shared/credit-operation-status';
import { canMoveInstallment } from '@shared/installment-status';
import type { Db } from '../../db/connect';
import { borrowers } from '../borrowers/schema';
import { loadTarget, lockedServicing, replayOf, scheduleOf, servicingContext, transactionsOf, type InstallmentTarget, type ServicingContext } from '../collection';
import { statusOf, type OperationRow } from '../operations';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import { currentStatus, storedStatusesOf } from '../servicing';
import { conflict, notFound } from '../../platform/http/errors';

export const OPEN_MESSAGES = {
  borrowerNotFound: 'Tomador não encontrado.',
  notBorrowers: 'Campo installment_ids: há parcela que não é deste tomador.',
  notRenegotiable: (number: number, operation: number) => `Campo installment_ids: a parcela ${number} da operação ${operation} não pode ser renegociada (paga, cedida, baixada ou já renegociada).`,
  unknownInstallment: 'Campo installment_ids: parcela não encontrada.',
  repeated: 'Campo installment_ids: a mesma parcela foi escolhida duas vezes.',
} as const;

export interface OpenInstallment {
  installmentId: number;
  operationId: number;
  number: number;
  dueDate: string;
  overdue: boolean;
  daysLate: number;
  principal: Decimal;
  interest: Decimal;
  lateCharges: Decimal;
  renegotiable: boolean;
}

/** What one installment owes on `today` (see the module's comment). */
export function openAmountsOf(target: Pick<InstallmentTarget, 'installment' | 'replay' | 'status'>, operationId: number, today: string): OpenInstallment {
  const { installment, replay, status } = target;
  const due = replay.state.due;
  const notYetDue = installment.due_date > today;
  return {
    installmentId: installment.id,
    operationId,
    number: installment.number,
    dueDate: installment.due_date,
    overdue: replay.state.overdue,
    daysLate: replay.state.daysLate,
    principal: due.principal,
    interest: notYetDue ? new Decimal(0) : due.interest,
    lateCharges: notYetDue ? new Decimal(0) : due.lateFee.plus(due.defaultInterest),
    renegotiable: canMoveInstallment(status, 'renegotiated') && replay.state.dueTotal.gt(0),
  };
}

export async function borrowerName(db: Db, borrowerId: number): Promise<string> {
  const [row] = await db.select({ name: borrowers.name }).from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!row) throw notFound(OPEN_MESSAGES.borrowerNotFound);
  return row.name;
}

/** The borrower's released operations (or the one asked), in id order. */
async function operationsOf(db: Db, borrowerId: number, operationId?: number): Promise<OperationRow[]> {
  const rows = await db
    .select()
    .from(creditOperations)
    .where(and(eq(creditOperations.borrower_id, borrowerId), operationId === undefined ? undefined : eq(creditOperations.id, operationId)))
    .orderBy(asc(creditOperations.id));
  return rows.filter((op) => wasDisbursed(statusOf(op)));
}

/** The installments that may be renegotiated, with what each owes on `today` (reads only, no locks). */
export async function renegotiableInstallments(db: Db, borrowerId: number, today: string, operationId?: number): Promise<OpenInstallment[]> {
  const out: OpenInstallment[] = [];
  for (const op of await operationsOf(db, borrowerId, operationId)) {
    const ctx = await servicingContext(db, op);
    const schedule = await scheduleOf(db, op.id);
    const ids = schedule.map((i) => i.id);
    const rows = await transactionsOf(db, ids);
    const stored = await storedStatusesOf(db, ids);
    for (const installment of schedule) {
      const replay = replayOf(ctx, installment, rows.filter((r) => r.installment_id === installment.id), today);
      const status = currentStatus(stored.get(installment.id) ?? null, replay.state.status);
      const open = openAmountsOf({ installment, replay, status }, op.id, today);
      if (open.renegotiable) out.push(open);
    }
  }
  return out;
}

export interface LockedPick {
  ctx: ServicingContext;
  target: InstallmentTarget;
  open: OpenInstallment;
}

/**
 * The picked installments under their operations' locks (id order, the one
 * lock order), each checked to be the borrower's and renegotiable now; 409
 * naming installment_ids otherwise.
 */
export async function lockPicked(tx: Db, borrowerId: number, installmentIds: readonly number[], today: string): Promise<LockedPick[]> {
  if (new Set(installmentIds).size !== installmentIds.length) throw conflict(OPEN_MESSAGES.repeated, 'installment_ids');
  const rows = await tx
    .select({ id: creditOperationInstallments.id, operation: creditOperationInstallments.credit_operation_id, borrower: creditOperations.borrower_id })
    .from(creditOperationInstallments)
    .innerJoin(creditOperations, eq(creditOperations.id, creditOperationInstallments.credit_operation_id))
    .where(inArray(creditOperationInstallments.id, [...installmentIds]));
  const found = new Map(rows.map((r) => [r.id, r]));
  const byOperation = new Map<number, number[]>();
  for (const id of installmentIds) {
    const row = found.get(id);
    if (!row) throw conflict(OPEN_MESSAGES.unknownInstallment, 'installment_ids');
    if (row.borrower !== borrowerId) throw conflict(OPEN_MESSAGES.notBorrowers, 'installment_ids');
    byOperation.set(row.operation, [...(byOperation.get(row.operation) ?? []), id]);
  }
  const picks: LockedPick[] = [];
  for (const operationId of [...byOperation.keys()].sort((a, b) => a - b)) {
    const ctx = await lockedServicing(tx, operationId);
    for (const installmentId of byOperation.get(operationId) ?? []) {
      const target = await loadTarget(tx, ctx, installmentId, today);
      const open = openAmountsOf(target, operationId, today);
      if (!open.renegotiable) throw conflict(OPEN_MESSAGES.notRenegotiable(open.number, operationId), 'installment_ids');
      picks.push({ ctx, target, open });
    }
  }
  return picks;
}
