/** Solicitation handlers (issue 8 §2). Placeholder until the services land: every call answers 404. */
import type { Handler, Handlers } from '../http/handler';
import { notFound } from '../http/errors';

type SolicitationOps = Extract<
  keyof Handlers,
  `solicitations.${string}` | `documents.${string}` | `comments.${string}` | `staffDocuments.${string}`
>;

const pending = (() => Promise.reject(notFound('Solicitações ainda não disponíveis neste servidor.'))) as Handler<never>;

export const solicitationHandlers = Object.fromEntries(
  (
    [
      'solicitations.list',
      'solicitations.allWithDocuments',
      'solicitations.reviewDocuments',
      'solicitations.review',
      'solicitations.complete',
      'solicitations.byUser',
      'solicitations.get',
      'solicitations.delete',
      'solicitations.export',
      'solicitations.setStatus',
      'solicitations.setStatusOnly',
      'solicitations.setProject',
      'solicitations.cancelledApproved',
      'solicitations.receita',
      'documents.approve',
      'documents.update',
      'documents.upload',
      'documents.signedUrl',
      'documents.signedFile',
      'comments.list',
      'comments.create',
      'comments.delete',
      'staffDocuments.list',
      'staffDocuments.upload',
      'staffDocuments.delete',
    ] satisfies SolicitationOps[]
  ).map((name) => [name, pending]),
) as unknown as { [N in SolicitationOps]: Handlers[N] };
