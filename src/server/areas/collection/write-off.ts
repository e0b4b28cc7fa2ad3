/**
 * Write-offs (baixa como perda) of an installment or of everything an
 * operation has left to collect, behind four eyes.
 *
 * - Every write-off waits for a second person, whatever the amount: the
 *   request (approvals.ts; kinds installment.write_off and
 *   credit_operation.write_off) keeps who asked, the open principal and the
 *   reason; another person of AllOperators approves it, or refuses it with a
 *   reason; the person who asked may withdraw it the same way (cancelled).
 *   When the person's write-offs on the operation within the company's window
 *   pass second_approval_above (operations' weighMove), an administrator
 *   confirms too (two checks).
 * - Approved, each installment is written off on the business date: its open
 *   principal goes from loans receivable to credit losses (writeOffPosting;
 *   interest and charges are never accrued ahead of receipt, so there is
 *   nothing else to take off the books), its stored status becomes
 *   written_off, and an installment_write_offs row keeps the posting, the
 *   request and the reason. The workflow is checked again at approval: an
 *   installment paid meanwhile is a 409 naming both statuses (refuse it).
 * - Undoing a write-off (PATCH back to what its payments say) is one
 *   person's move: its own row naming the write-off, the posting swapped.
 * - The operation follows (installment-change.ts: syncOperationStatus).
 * - The interest accrued on the competence basis for what is written off leaves
 *   with it: the ledger's reconcileAccrual undoes it (accrual_reversal, income ←
 *   accrued interest receivable): a loss is no income (Res. CMN 4.966/2021
 *   art. 17: no income not received on a problem asset).
 */
import Decimal from 'decimal.js';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { manualInstallmentMove, type InstallmentStatus } from '@shared/installment-status';
import type { Db } from '../../db/connect';
import { closeApproval, giveCheck, isPending, openMoveApproval, pendingApproval, pendingApprovalsOf, weighMove, type Actor } from '../operations';
import type { ApprovalRequestRow } from '../operations/schema-approvals';
import { badRequest, conflict } from '../../platform/http/errors';
import { reversalPosting, writeOffPosting } from '../../domain/servicing/postings';
import { post, reconcileAccrual } from '../ledger';
import { changeInstallment, loadTarget, loadTargets, lockedServicing, principalText, syncOperationStatus, type InstallmentTarget } from './installment-change';
import { installmentWriteOffs, type InstallmentWriteOffRow } from './schema-moves';

export const WRITE_OFF_KIND = 'installment.write_off' as const;
export const OPERATION_WRITE_OFF_KIND = 'credit_operation.write_off' as const;

export const WRITE_OFF_MESSAGES = {
  pending: 'A baixa desta parcela já aguarda a aprovação de outra pessoa.',
  operationPending: 'A baixa de toda a operação já aguarda a aprovação de outra pessoa.',
  installmentsPending: (numbers: readonly number[]) =>
    `A baixa ${numbers.length > 1 ? 'das parcelas' : 'da parcela'} ${numbers.join(', ')} já aguarda aprovação: decida-a antes de pedir a baixa da operação.`,
  noPending: 'Não há baixa desta parcela aguardando aprovação.',
  noOperationPending: 'Não há baixa desta operação aguardando aprovação.',
  nothingToWriteOff: 'Nada a baixar: nenhuma parcela desta operação está em aberto, paga parcialmente ou recomprada.',
  refusalReason: 'Campo reason: informe por que a baixa foi recusada.',
  noStandingWriteOff: 'Não há baixa em vigor nesta parcela.',
  cancelledBy: 'A parcela mudou de situação antes da aprovação.',
} as const;

/** The principal a write-off takes now: what is still open of the installment's principal. */
export function openPrincipal(target: InstallmentTarget): Decimal {
  return target.replay.state.due.principal;
}

/** The installments that may be written off now (open, partially paid, repurchased). */
export function writeOffCandidates(targets: readonly InstallmentTarget[]): InstallmentTarget[] {
  return targets.filter((t) => manualInstallmentMove(t.status, 'written_off', t.replay.state.status) === 'write_off');
}

/** The write-off in force on the installment (written off and not undone), if any. */
export async function standingWriteOff(db: Db, installmentId: number): Promise<InstallmentWriteOffRow | null> {
  const rows = await db.select().from(installmentWriteOffs).where(eq(installmentWriteOffs.installment_id, installmentId)).orderBy(desc(installmentWriteOffs.id));
  const undone = new Set(rows.map((r) => r.undoes_id).filter((v): v is number => v !== null));
  return rows.find((r) => r.undoes_id === null && !undone.has(r.id)) ?? null;
}

/** Every write-off row of these installments (write-offs and undoings), oldest first. */
export async function writeOffsOf(db: Db, installmentIds: readonly number[]): Promise<InstallmentWriteOffRow[]> {
  if (installmentIds.length === 0) return [];
  return db.select().from(installmentWriteOffs).where(inArray(installmentWriteOffs.installment_id, [...installmentIds])).orderBy(asc(installmentWriteOffs.id));
}

/** The principal of the operation's write-offs in force. */
export async function writtenOffPrincipal(db: Db, operationId: number): Promise<string> {
  const rows = await db.select().from(installmentWriteOffs).where(eq(installmentWriteOffs.credit_operation_id, operationId));
  const undone = new Set(rows.map((r) => r.undoes_id).filter((v): v is number => v !== null));
  return principalText(rows.filter((r) => r.undoes_id === null && !undone.has(r.id)).map((r) => new Decimal(r.principal)));
}

/** Asks a second person to write the installment off (inside the caller's transaction and lock); answers the request's id. */
export async function requestInstallmentWriteOff(tx: Db, actor: Actor, target: InstallmentTarget, reason: string, today: string): Promise<number> {
  if (await pendingApproval(tx, OPERATION_WRITE_OFF_KIND, target.ctx.op.id, true)) throw conflict(WRITE_OFF_MESSAGES.operationPending, 'status');
  if (await pendingApproval(tx, WRITE_OFF_KIND, target.installment.id, true)) throw conflict(WRITE_OFF_MESSAGES.pending, 'status');
  const principal = openPrincipal(target).toFixed(2);
  // Always a second person; two (the second an administrator) when the person's write-offs on the operation in the window pass the higher limit.
  const weighed = await weighMove(tx, { kind: WRITE_OFF_KIND, companyId: target.ctx.op.company_id, makerId: actor.id, businessDate: today, shares: [{ operationId: target.ctx.op.id, amount: principal }] });
  const request = await openMoveApproval(tx, weighed, {
    entityId: target.installment.id,
    amounts: { principal, due_total: target.replay.state.dueTotal.toFixed(2), reason, installment_number: String(target.installment.number) },
  });
  return request.id;
}

/** Writes the installment off now (the request approved): posting, row, stored status, log. */
async function performWriteOff(tx: Db, actor: Actor, target: InstallmentTarget, request: ApprovalRequestRow, reason: string, today: string): Promise<void> {
  const principal = openPrincipal(target);
  const postingId = principal.gt(0) ? (await post(tx, [{ posting: writeOffPosting(principal), link: { operationId: target.ctx.op.id, businessDate: today } }]))[0] : null;
  const [row] = await tx
    .insert(installmentWriteOffs)
    .values({
      installment_id: target.installment.id,
      credit_operation_id: target.ctx.op.id,
      principal: principal.toFixed(2),
      written_off_on: today,
      reason,
      approval_request_id: request.id,
      posting_id: postingId,
      actor_id: actor.id,
    })
    .returning();
  await changeInstallment(tx, {
    target,
    to: 'written_off',
    reason,
    actorId: actor.id,
    action: 'installment.write-off',
    at: new Date(),
    on: today,
    after: { principal: row.principal, write_off_id: row.id, approval_request_id: request.id, maker_id: request.maker_id, written_off_on: today },
  });
}

/** Refuses (a checker) or withdraws (the maker) a pending request: a reason is required; nothing moves. */
async function refuse(tx: Db, checker: Actor, request: ApprovalRequestRow, reason: string | null | undefined): Promise<void> {
  const why = reason?.trim() || null;
  if (!why) throw badRequest(WRITE_OFF_MESSAGES.refusalReason, 'reason');
  await closeApproval(tx, request, { withdrawn: request.maker_id === checker.id, by: checker.id, reason: why, at: new Date() });
}

export interface WriteOffDecision {
  id: number;
  approve: boolean;
  reason?: string | null;
}

/** The second person's answer to an installment's pending write-off. */
export async function decideInstallmentWriteOff(tx: Db, checker: Actor, input: WriteOffDecision & { installment: number }, today: string): Promise<void> {
  const ctx = await lockedServicing(tx, input.id);
  const target = await loadTarget(tx, ctx, input.installment, today);
  const request = await pendingApproval(tx, WRITE_OFF_KIND, target.installment.id, true);
  if (!request) throw conflict(WRITE_OFF_MESSAGES.noPending, 'installment');
  if (!input.approve) return refuse(tx, checker, request, input.reason);
  const approved = await giveCheck(tx, request, checker, new Date());
  // The first of two checks (above the company's higher limit) leaves it waiting for the second.
  if (isPending(approved)) return;
  await performWriteOff(tx, checker, target, approved, request.amounts.reason ?? '', today);
  await syncOperationStatus(tx, ctx.op.id, checker.id, request.amounts.reason ?? '', today);
  await reconcileAccrual(tx, [ctx.op.id], today);
}

/** Undoes the write-off in force (inside the caller's transaction and lock): its own row, the posting swapped. */
export async function undoWriteOff(tx: Db, actor: Actor, target: InstallmentTarget, to: InstallmentStatus, reason: string, today: string): Promise<void> {
  const standing = await standingWriteOff(tx, target.installment.id);
  if (!standing) throw conflict(WRITE_OFF_MESSAGES.noStandingWriteOff, 'status');
  const principal = new Decimal(standing.principal);
  const postingId = principal.gt(0)
    ? (await post(tx, [{ posting: reversalPosting(writeOffPosting(principal)), link: { operationId: target.ctx.op.id, businessDate: today } }]))[0]
    : null;
  const [row] = await tx
    .insert(installmentWriteOffs)
    .values({
      installment_id: target.installment.id,
      credit_operation_id: target.ctx.op.id,
      principal: standing.principal,
      written_off_on: today,
      reason,
      undoes_id: standing.id,
      posting_id: postingId,
      actor_id: actor.id,
    })
    .returning();
  await changeInstallment(tx, {
    target,
    to,
    reason,
    actorId: actor.id,
    action: 'installment.write-off-undone',
    at: new Date(),
    on: today,
    before: { write_off_id: standing.id, principal: standing.principal },
    after: { undoes_id: standing.id, write_off_id: row.id, principal: row.principal },
  });
  await syncOperationStatus(tx, target.ctx.op.id, actor.id, reason, today);
}

/** Asks a second person to write off everything the operation has left to collect; answers the request's id. */
export async function requestOperationWriteOff(tx: Db, actor: Actor, input: { id: number; reason: string }, today: string): Promise<number> {
  const ctx = await lockedServicing(tx, input.id);
  const candidates = writeOffCandidates(await loadTargets(tx, ctx, today));
  if (candidates.length === 0) throw conflict(WRITE_OFF_MESSAGES.nothingToWriteOff, 'status');
  if (await pendingApproval(tx, OPERATION_WRITE_OFF_KIND, ctx.op.id, true)) throw conflict(WRITE_OFF_MESSAGES.operationPending, 'status');
  const pending = await pendingApprovalsOf(tx, WRITE_OFF_KIND, candidates.map((t) => t.installment.id));
  if (pending.size > 0) {
    throw conflict(WRITE_OFF_MESSAGES.installmentsPending(candidates.filter((t) => pending.has(t.installment.id)).map((t) => t.installment.number)), 'status');
  }
  const principal = principalText(candidates.map(openPrincipal));
  const weighed = await weighMove(tx, { kind: OPERATION_WRITE_OFF_KIND, companyId: ctx.op.company_id, makerId: actor.id, businessDate: today, shares: [{ operationId: ctx.op.id, amount: principal }] });
  const request = await openMoveApproval(tx, weighed, { entityId: ctx.op.id, amounts: { principal, installments: String(candidates.length), reason: input.reason } });
  return request.id;
}

/** The second person's answer to an operation's pending write-off: approved, every installment still to collect is written off. */
export async function decideOperationWriteOff(tx: Db, checker: Actor, input: WriteOffDecision, today: string): Promise<void> {
  const ctx = await lockedServicing(tx, input.id);
  const request = await pendingApproval(tx, OPERATION_WRITE_OFF_KIND, ctx.op.id, true);
  if (!request) throw conflict(WRITE_OFF_MESSAGES.noOperationPending, 'status');
  if (!input.approve) return refuse(tx, checker, request, input.reason);
  const approved = await giveCheck(tx, request, checker, new Date());
  if (isPending(approved)) return;
  const candidates = writeOffCandidates(await loadTargets(tx, ctx, today));
  if (candidates.length === 0) throw conflict(WRITE_OFF_MESSAGES.nothingToWriteOff, 'status');
  const reason = request.amounts.reason ?? '';
  for (const target of candidates) await performWriteOff(tx, checker, target, approved, reason, today);
  await syncOperationStatus(tx, ctx.op.id, checker.id, reason, today);
  await reconcileAccrual(tx, [ctx.op.id], today);
}

/** Pending write-off requests of these installments: installment id → request. */
export async function pendingWriteOffs(db: Db, installmentIds: readonly number[]): Promise<Map<number, number>> {
  return pendingApprovalsOf(db, WRITE_OFF_KIND, installmentIds);
}
