/**
 * Comments on a solicitation (the spec's "Solicitation comment" entity: username, comment, createdAt). Anyone
 * on the panel reads and writes them; only the author deletes one (403 for
 * anyone else, administrators included: a comment is signed by its author).
 */
import { asc, eq } from 'drizzle-orm';
import type { SolicitationComment } from '@shared/contract/index';
import type { Db } from '../../../db/connect';
import { users } from '../../access/schema';
import { solicitationComments } from '../schema';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { addComment, removeComment } from '../solicitation-comments';
import { findSolicitation } from '../solicitations';

const c = solicitationComments;

async function commentsOf(db: Db, where: { solicitationId?: number; id?: number }): Promise<SolicitationComment[]> {
  const rows = await db
    .select({ id: c.id, solicitation_id: c.solicitation_id, author_id: c.author_id, username: users.name, comment: c.comment, created_at: c.created_at })
    .from(c)
    .innerJoin(users, eq(users.id, c.author_id))
    .where(where.id !== undefined ? eq(c.id, where.id) : eq(c.solicitation_id, where.solicitationId ?? 0))
    .orderBy(asc(c.id));
  return rows.map(({ created_at, ...r }) => ({ ...r, createdAt: created_at.toISOString() }));
}

export const listComments: Handler<'comments.list'> = async ({ id }, ctx) => {
  requireAuth(ctx);
  await findSolicitation(ctx.deps.db, id);
  return commentsOf(ctx.deps.db, { solicitationId: id });
};

export const createComment: Handler<'comments.create'> = async ({ solicitationId, comment }, ctx) => {
  const { user } = requireAuth(ctx);
  const id = await addComment(ctx.deps.db, user.id, solicitationId, comment);
  const [created] = await commentsOf(ctx.deps.db, { id });
  return created;
};

export const deleteComment: Handler<'comments.delete'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  await removeComment(ctx.deps.db, user.id, id);
  return { ok: true as const };
};
