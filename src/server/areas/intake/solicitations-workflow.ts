/**
 * Changes to a solicitation: status (with or without telling the applicant),
 * project, soft delete. Each one is a single transaction: the row (locked),
 * the status history, the activity log and the outbox e-mail are written
 * together or not at all.
 */
import { eq } from 'drizzle-orm';
import {
  canTransition,
  CONTRACT_ONLY_STATUSES,
  isSolicitationStatus,
  STATUSES_NEEDING_REASON,
  type SolicitationStatus,
} from '@shared/solicitation-status';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { projects } from '../catalogues/schema';
import { solicitations, solicitationStatusHistory } from './schema';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import type { Mailer } from '../../platform/mailer';
import { findSolicitation, STATUS_LABELS_PT } from './solicitations';

const WHAT_NEXT: Record<SolicitationStatus, string> = {
  pending: 'Ela aguarda a análise da nossa equipe.',
  in_review: 'Nossa equipe está analisando os seus dados e documentos.',
  documents_requested: 'Precisamos de documentos para continuar a análise: envie-os pelo aplicativo.',
  approved: 'Seu crédito foi aprovado. Em breve entraremos em contato para a contratação.',
  refused: 'Infelizmente não foi possível aprovar o crédito desta vez. Você pode fazer uma nova solicitação no futuro.',
  cancelled: 'A solicitação foi encerrada. Se quiser, você pode fazer uma nova solicitação.',
  contracted: 'O contrato do seu crédito foi formalizado.',
};

function label(status: string): string {
  return isSolicitationStatus(status) ? STATUS_LABELS_PT[status] : status;
}

export function transitionMessage(from: string, to: string): string {
  if (from === to) return `A solicitação já está na situação "${label(to)}".`;
  return `Não é possível passar a solicitação da situação "${label(from)}" para "${label(to)}".`;
}

export const REASON_REQUIRED = 'Campo reason: informe o motivo, que será registrado e comunicado ao solicitante';

export function statusEmail(s: { id: number; name: string }, to: SolicitationStatus, reason: string | null) {
  const lines = [
    `Olá, ${s.name}.`,
    '',
    `A situação da sua solicitação de crédito nº ${s.id} mudou para: ${STATUS_LABELS_PT[to]}.`,
  ];
  if (reason) lines.push(`Motivo: ${reason}`);
  lines.push('', WHAT_NEXT[to], '', 'Esta é uma mensagem automática; não é preciso respondê-la.');
  return { subject: `Solicitação de crédito nº ${s.id}: ${STATUS_LABELS_PT[to]}`, body: lines.join('\n') };
}

export interface StatusChange {
  id: number;
  status: SolicitationStatus;
  reason?: string;
  /** 'status' tells the applicant (when notify); 'status-only' never does */
  mode: 'status' | 'status-only';
  notify: boolean;
}

export const CONTRACTED_BY_CONTRACT =
  'Uma solicitação passa a "Contratada" somente pela emissão do contrato da sua operação de crédito (Operações de crédito › Análise › Contrato).';

export const CONTRACTED_NOT_ALLOWED = (id: number, from: string) =>
  `A solicitação de origem nº ${id} está "${label(from)}": ela não pode passar a "Contratada". Cancele a operação ou reabra a análise da solicitação.`;

type SolicitationRow = Awaited<ReturnType<typeof findSolicitation>>;

/**
 * The one way a solicitation's status moves, inside the caller's transaction
 * with the row already locked: the workflow's check, the row, the status
 * history and the activity log, and the applicant's e-mail when asked.
 */
async function moveStatus(
  tx: Db,
  actorId: number,
  row: SolicitationRow,
  change: { to: SolicitationStatus; reason: string | null; mode: StatusChange['mode']; notify: boolean; mailer: Mailer | null; now: Date },
): Promise<void> {
  const from = row.status;
  if (!isSolicitationStatus(from) || !canTransition(from, change.to)) throw conflict(transitionMessage(from, change.to), 'status');
  await tx
    .update(solicitations)
    .set({ status: change.to, status_changed_at: change.now, updated_at: change.now })
    .where(eq(solicitations.id, row.id));
  await tx.insert(solicitationStatusHistory).values({
    solicitation_id: row.id,
    from_status: from,
    to_status: change.to,
    reason: change.reason,
    actor_id: actorId,
    created_at: change.now,
  });
  // An applicant whose data was erased (LGPD) has no address left to tell.
  const [person] = await tx.select({ anonymised_at: users.anonymised_at }).from(users).where(eq(users.id, row.user_id));
  const notified = change.mode === 'status' && change.notify && change.mailer !== null && !person?.anonymised_at;
  await logActivity(tx, {
    actorId,
    action: change.mode === 'status' ? 'solicitation.status' : 'solicitation.status-only',
    entity: 'solicitation',
    entityId: row.id,
    before: { status: from },
    after: { status: change.to, reason: change.reason, notified },
  });
  if (notified && change.mailer) {
    const mail = statusEmail(row, change.to, change.reason);
    await change.mailer.enqueue(tx, { to: row.email, subject: mail.subject, body: mail.body, userId: row.user_id });
  }
}

export async function changeStatus(db: Db, mailer: Mailer, actorId: number, change: StatusChange): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findSolicitation(tx, change.id, true);
    if (CONTRACT_ONLY_STATUSES.includes(change.status)) throw conflict(CONTRACTED_BY_CONTRACT, 'status');
    const from = row.status;
    if (!isSolicitationStatus(from) || !canTransition(from, change.status)) throw conflict(transitionMessage(from, change.status), 'status');
    const reason = change.reason?.trim() || null;
    if (!reason && STATUSES_NEEDING_REASON.includes(change.status)) throw badRequest(REASON_REQUIRED, 'reason');
    await moveStatus(tx, actorId, row, { to: change.status, reason, mode: change.mode, notify: change.notify, mailer, now: new Date() });
  });
}

/**
 * The solicitation's last step, taken only by issuing the contract of its
 * credit operation, inside that transaction: locked, checked against the
 * workflow (approved → contracted, else 409; one already contracted — a
 * contract issued again after a cancellation — stays as it is), with its
 * history and log entry. No e-mail: the applicant signs the contract itself.
 */
export async function markContracted(tx: Db, actorId: number, id: number, contractNumber: string, now: Date): Promise<void> {
  const [row] = await tx.select().from(solicitations).where(eq(solicitations.id, id)).for('update');
  // A solicitation deleted since (hidden everywhere) has no step left to show; the contract stands on the borrower.
  if (!row || row.deleted_at !== null || row.status === 'contracted') return;
  if (!isSolicitationStatus(row.status) || !canTransition(row.status, 'contracted')) throw conflict(CONTRACTED_NOT_ALLOWED(row.id, row.status));
  await moveStatus(tx, actorId, row, { to: 'contracted', reason: `Contrato ${contractNumber}`, mode: 'status-only', notify: false, mailer: null, now });
}

export async function changeProject(db: Db, actorId: number, id: number, projectId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findSolicitation(tx, id, true);
    if (projectId !== null) {
      const found = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
      if (!found[0]) throw badRequest('Campo project: projeto não encontrado', 'project');
    }
    if (row.project_id === projectId) return;
    await tx.update(solicitations).set({ project_id: projectId, updated_at: new Date() }).where(eq(solicitations.id, id));
    await logActivity(tx, {
      actorId,
      action: 'solicitation.project',
      entity: 'solicitation',
      entityId: id,
      before: { project_id: row.project_id },
      after: { project_id: projectId },
    });
  });
}

export const CONTRACTED_DELETE = 'Uma solicitação contratada não pode ser excluída: a operação de crédito depende dela.';

export async function deleteSolicitation(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findSolicitation(tx, id, true).catch(() => {
      throw notFound('Solicitação não encontrada.');
    });
    if (row.status === 'contracted') throw conflict(CONTRACTED_DELETE);
    const now = new Date();
    await tx.update(solicitations).set({ deleted_at: now, updated_at: now }).where(eq(solicitations.id, id));
    await logActivity(tx, {
      actorId,
      action: 'solicitation.delete',
      entity: 'solicitation',
      entityId: id,
      before: { status: row.status, user_id: row.user_id, deleted_at: null },
      after: { deleted_at: now.toISOString() },
    });
  });
}
