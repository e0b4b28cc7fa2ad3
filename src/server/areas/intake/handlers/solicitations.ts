/**
 * Solicitations: lists, the whole record, status/project changes,
 * delete, export, cancelled-approved and the Receita Federal lookup. Design
 * notes in shared/contract/solicitations.ts and the area's README.md.
 */
import { and, eq } from 'drizzle-orm';
import { isValidCnpj, isValidCpf, stripDocumentMask } from '@shared/documents';
import type { CancelledApprovedStatus } from '@shared/solicitation-status';
import { solicitations } from '../schema';
import { conflict } from '../../../platform/http/errors';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { lookupReceita, SandboxReceitaProvider } from '../receita';
import {
  allSolicitations,
  exportSolicitationRows,
  findSolicitation,
  listSolicitations,
  loadSolicitation,
  solicitationConditions,
  type ListScope,
} from '../solicitations';
import { changeProject, changeStatus, deleteSolicitation } from '../solicitations-workflow';

type ListOperation = 'solicitations.list' | 'solicitations.allWithDocuments' | 'solicitations.reviewDocuments' | 'solicitations.review' | 'solicitations.complete';

/** The five list variants share arguments and result; only the scope differs. */
function lister<N extends ListOperation>(scope: ListScope): Handler<N> {
  const handler: Handler<'solicitations.list'> = async (args, ctx) => {
    requireAuth(ctx);
    return listSolicitations(ctx.deps.db, scope, args);
  };
  return handler as unknown as Handler<N>;
}

export const listAll = lister<'solicitations.list'>({ kind: 'all' });
export const listWithDocuments = lister<'solicitations.allWithDocuments'>({ kind: 'with-documents' });
export const listDocumentsAwaiting = lister<'solicitations.reviewDocuments'>({ kind: 'documents-awaiting' });
export const listReview = lister<'solicitations.review'>({ kind: 'review' });
export const listComplete = lister<'solicitations.complete'>({ kind: 'complete' });

export const listByUser: Handler<'solicitations.byUser'> = async ({ id, ...args }, ctx) => {
  requireAuth(ctx);
  return listSolicitations(ctx.deps.db, { kind: 'user', userId: id }, args);
};

export const getSolicitation: Handler<'solicitations.get'> = async ({ id }, ctx) => {
  requireAuth(ctx);
  return loadSolicitation(ctx.deps.db, id);
};

export const removeSolicitation: Handler<'solicitations.delete'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  await deleteSolicitation(ctx.deps.db, user.id, id);
  return { ok: true as const };
};

export const exportSolicitations: Handler<'solicitations.export'> = async ({ filter, sort }, ctx) => {
  requireAuth(ctx);
  return { rows: await exportSolicitationRows(ctx.deps.db, filter, sort) };
};

export const setStatus: Handler<'solicitations.setStatus'> = async ({ id, status, reason, notify }, ctx) => {
  const { user } = requireAuth(ctx);
  await changeStatus(ctx.deps.db, ctx.deps.mailer, user.id, { id, status, reason, notify, mode: 'status' });
  return loadSolicitation(ctx.deps.db, id);
};

export const setStatusOnly: Handler<'solicitations.setStatusOnly'> = async ({ id, status, reason }, ctx) => {
  const { user } = requireAuth(ctx);
  await changeStatus(ctx.deps.db, ctx.deps.mailer, user.id, { id, status, reason, notify: false, mode: 'status-only' });
  return loadSolicitation(ctx.deps.db, id);
};

export const setProject: Handler<'solicitations.setProject'> = async ({ id, project }, ctx) => {
  const { user } = requireAuth(ctx);
  await changeProject(ctx.deps.db, user.id, id, project);
  return loadSolicitation(ctx.deps.db, id);
};

const LOWER: Record<CancelledApprovedStatus, 'cancelled' | 'approved'> = { CANCELLED: 'cancelled', APPROVED: 'approved' };

export const cancelledApproved: Handler<'solicitations.cancelledApproved'> = async ({ a, STATUS }, ctx) => {
  requireAuth(ctx);
  const conditions = solicitationConditions({ kind: 'user', userId: a }, undefined);
  conditions.push(and(eq(solicitations.status, LOWER[STATUS]))!);
  return allSolicitations(ctx.deps.db, conditions, null, 1000);
};

const sandboxReceita = new SandboxReceitaProvider();

export const receitaLookup: Handler<'solicitations.receita'> = async ({ id }, ctx) => {
  requireAuth(ctx);
  const row = await findSolicitation(ctx.deps.db, id);
  const kind = row.type_credit === 'PJ' ? 'CNPJ' : 'CPF';
  const raw = kind === 'CNPJ' ? row.cnpj : row.cpf;
  if (!raw) {
    throw conflict(kind === 'CNPJ' ? 'A solicitação não tem CNPJ para consultar na Receita Federal.' : 'A solicitação não tem CPF para consultar na Receita Federal.');
  }
  if (kind === 'CNPJ' ? !isValidCnpj(raw) : !isValidCpf(raw)) {
    throw conflict(`O ${kind} da solicitação não é válido; corrija-o antes de consultar a Receita Federal.`);
  }
  const document = stripDocumentMask(raw);
  const provider = ctx.deps.receita ?? sandboxReceita;
  const record = await lookupReceita(provider, kind, document);
  return { kind, document, ...record, provider: provider.name, checked_at: new Date().toISOString() };
};
