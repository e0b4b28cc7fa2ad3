/**
 * The installment's moves a person asks for (PATCH …/installments/:x with a
 * status), its title data (PUT …/title), and what the screens read of both
 * and of an operation's write-off. The rules are in
 * src/shared/contract/servicing-moves.ts (design) and
 * src/shared/installment-status.ts (workflow); the state change is
 * installment-change.ts's, the write-offs write-off.ts's.
 */
import { eq, inArray } from 'drizzle-orm';
import { titleAfterDue, type TitleAfterDue } from '../../domain/servicing/title-after-due';
import { isDisbursed, wasDisbursed } from '@shared/credit-operation-status';
import {
  canBeOverdue,
  INSTALLMENT_STATUS_LABELS_PT,
  MANUAL_INSTALLMENT_STATUSES,
  manualInstallmentMove,
  manualMoveMessage,
  type ManualInstallmentStatus,
} from '@shared/installment-status';
import type { InstallmentMoves, InstallmentTitle, OperationWriteOff } from '@shared/contract/servicing-moves';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { closeApproval, findOperation, pendingApproval, statusOf, type Actor } from '../operations';
import type { ApprovalRequestRow } from '../operations/schema-approvals';
import { conflict } from '../../platform/http/errors';
import { logActivity, type Snapshot } from '../../platform/activity';
import { changeInstallment, loadTarget, loadTargets, lockedServicing, principalText, type InstallmentTarget } from './installment-change';
import { servicingContext, stateView } from './installments';
import { installmentTitles, type InstallmentTitleRow } from './schema-moves';
import { storedStatusOf } from '../servicing';
import {
  OPERATION_WRITE_OFF_KIND,
  openPrincipal,
  requestInstallmentWriteOff,
  undoWriteOff,
  WRITE_OFF_KIND,
  writeOffCandidates,
  writeOffsOf,
  writtenOffPrincipal,
} from './write-off';

export const MOVE_MESSAGES = {
  renegotiatedCancels: 'A parcela foi renegociada antes da aprovação da baixa.',
  staleTitle: (version: number) => `Campo version: os dados do título foram alterados por outra pessoa (versão atual ${version}). Recarregue a tela.`,
} as const;

export interface StatusInput {
  id: number;
  installment: number;
  status: ManualInstallmentStatus;
  reason: string;
}

/**
 * A person's move of an installment (inside the caller's transaction):
 * renegotiated at once, a write-off asked of a second person, or the
 * write-off undone. A move the workflow refuses is a 409 naming both statuses.
 */
export async function setInstallmentStatus(tx: Db, actor: Actor, input: StatusInput, today: string): Promise<void> {
  const ctx = await lockedServicing(tx, input.id);
  const target = await loadTarget(tx, ctx, input.installment, today);
  const progress = target.replay.state.status;
  const move = manualInstallmentMove(target.status, input.status, progress);
  if (!move) throw conflict(manualMoveMessage(target.status, input.status, progress), 'status');
  if (move === 'write_off') {
    await requestInstallmentWriteOff(tx, actor, target, input.reason, today);
    return;
  }
  if (move === 'undo_write_off') {
    await undoWriteOff(tx, actor, target, input.status, input.reason, today);
    return;
  }
  // A renegotiated installment is final: a write-off still waiting for its second person has nothing left to decide.
  const pending = await pendingApproval(tx, WRITE_OFF_KIND, target.installment.id, true);
  if (pending) await closeApproval(tx, pending, { withdrawn: true, by: actor.id, reason: MOVE_MESSAGES.renegotiatedCancels, at: new Date() });
  await changeInstallment(tx, { target, to: 'renegotiated', reason: input.reason, actorId: actor.id, action: 'installment.status', at: new Date(), on: today });
}

export interface TitleInput {
  id: number;
  installment: number;
  version: number;
  document_number?: string | null;
  protest_days?: number | null;
  negativation_days?: number | null;
  note?: string | null;
}

function titleSnapshot(row: InstallmentTitleRow | null): Snapshot {
  return row
    ? { document_number: row.document_number, protest_days: row.protest_days, negativation_days: row.negativation_days, note: row.note, version: row.version }
    : { version: 0 };
}

/** Saves the installment's title data (inside the caller's transaction): an installment still collecting, the version seen. */
export async function saveTitle(tx: Db, actor: Actor, input: TitleInput, today: string): Promise<void> {
  const ctx = await lockedServicing(tx, input.id);
  const target = await loadTarget(tx, ctx, input.installment, today);
  if (!canBeOverdue(target.status)) {
    throw conflict(`A parcela está na situação "${INSTALLMENT_STATUS_LABELS_PT[target.status]}": o título não é mais cobrado.`, 'status');
  }
  const [before] = await tx.select().from(installmentTitles).where(eq(installmentTitles.installment_id, target.installment.id)).for('update');
  const current = before?.version ?? 0;
  if (input.version !== current) throw conflict(MOVE_MESSAGES.staleTitle(current), 'version');
  const values = {
    document_number: input.document_number ?? null,
    protest_days: input.protest_days ?? null,
    negativation_days: input.negativation_days ?? null,
    note: input.note ?? null,
    version: current + 1,
    actor_id: actor.id,
    updated_at: new Date(),
  };
  const [after] = await tx
    .insert(installmentTitles)
    .values({ installment_id: target.installment.id, credit_operation_id: ctx.op.id, ...values })
    .onConflictDoUpdate({ target: installmentTitles.installment_id, set: values })
    .returning();
  await logActivity(tx, { actorId: actor.id, action: 'installment.title', entity: 'installment', entityId: target.installment.id, before: titleSnapshot(before ?? null), after: titleSnapshot(after) });
}

function titleView(row: InstallmentTitleRow | undefined): InstallmentTitle {
  if (!row) return { document_number: null, protest_days: null, negativation_days: null, note: null, version: 0, updated_at: null };
  return {
    document_number: row.document_number,
    protest_days: row.protest_days,
    negativation_days: row.negativation_days,
    note: row.note,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
  };
}

async function namesOf(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u.name]));
}

async function requestView(db: Db, request: ApprovalRequestRow | null) {
  if (!request) return null;
  const names = await namesOf(db, [request.maker_id]);
  return { id: request.id, amount: request.amount, reason: request.amounts.reason ?? null, maker_name: names.get(request.maker_id) ?? null, made_at: request.made_at.toISOString() };
}

/** The installment's moves view on `today`. */
export async function loadInstallmentMoves(db: Db, operationId: number, installmentId: number, today: string): Promise<InstallmentMoves> {
  const op = await findOperation(db, operationId);
  const ctx = await servicingContext(db, op);
  const target: InstallmentTarget = await loadTarget(db, ctx, installmentId, today);
  const { installment, replay } = target;
  const request = await pendingApproval(db, WRITE_OFF_KIND, installment.id);
  const operationRequest = await pendingApproval(db, OPERATION_WRITE_OFF_KIND, op.id);
  const collecting = wasDisbursed(statusOf(op));
  const next = collecting
    ? MANUAL_INSTALLMENT_STATUSES.filter((to) => {
        const move = manualInstallmentMove(target.status, to, replay.state.status);
        return move !== null && !(move === 'write_off' && (request || operationRequest));
      })
    : [];
  const rows = await writeOffsOf(db, [installment.id]);
  const undoneBy = new Map(rows.filter((r) => r.undoes_id !== null).map((r) => [r.undoes_id!, r.id]));
  const names = await namesOf(db, rows.map((r) => r.actor_id));
  const [title] = await db.select().from(installmentTitles).where(eq(installmentTitles.installment_id, installment.id));
  return {
    credit_operation_id: op.id,
    operation_status: statusOf(op),
    as_of: today,
    installment: stateView(installment, replay, await storedStatusOf(db, installment.id)),
    next_statuses: [...next],
    write_off_request: await requestView(db, request),
    write_offs: rows.map((r) => ({
      id: r.id,
      principal: r.principal,
      written_off_on: r.written_off_on,
      reason: r.reason,
      undoes_id: r.undoes_id,
      undone_by: undoneBy.get(r.id) ?? null,
      approval_request_id: r.approval_request_id,
      actor_name: r.actor_id === null ? null : (names.get(r.actor_id) ?? null),
      created_at: r.created_at.toISOString(),
    })),
    title: titleView(title),
  };
}

/** What a write-off of the operation's balance would take on `today`, and its pending request. */
export async function loadOperationWriteOff(db: Db, operationId: number, today: string): Promise<OperationWriteOff> {
  const op = await findOperation(db, operationId);
  const ctx = await servicingContext(db, op);
  const candidates = isDisbursed(statusOf(op)) ? writeOffCandidates(await loadTargets(db, ctx, today)) : [];
  return {
    credit_operation_id: op.id,
    status: statusOf(op),
    as_of: today,
    installments: candidates.map((t) => ({
      id: t.installment.id,
      number: t.installment.number,
      status: t.status,
      open_principal: openPrincipal(t).toFixed(2),
      due_total: t.replay.state.dueTotal.toFixed(2),
    })),
    open_principal: principalText(candidates.map(openPrincipal)),
    written_off: await writtenOffPrincipal(db, op.id),
    request: await requestView(db, await pendingApproval(db, OPERATION_WRITE_OFF_KIND, op.id)),
  };
}

/** Each installment's choice after the due date (protest, negativação or neither), as its title data says. */
/** What the bank is told of each title: its protest or negativação and its document number (title-after-due.ts, title-document-number.ts). */
export interface TitleForBank {
  readonly afterDue: TitleAfterDue;
  readonly documentNumber: string | null;
}

export async function titlesForBank(db: Db, installmentIds: readonly number[]): Promise<Map<number, TitleForBank>> {
  if (installmentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: installmentTitles.installment_id, protest_days: installmentTitles.protest_days, negativation_days: installmentTitles.negativation_days, document_number: installmentTitles.document_number })
    .from(installmentTitles)
    .where(inArray(installmentTitles.installment_id, [...new Set(installmentIds)]));
  return new Map(rows.map((r) => [r.id, { afterDue: titleAfterDue(r), documentNumber: r.document_number }]));
}
