/**
 * Comments on a solicitation (the spec's "Solicitation comment" entity: username, comment, createdAt). Anyone
 * on the panel reads and writes them; only the author deletes one (403 for
 * anyone else, administrators included: a comment is signed by its author).
 */
import { asc, eq } from 'drizzle-orm';
import type { SolicitationComment } from '../../shared/contract/index';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { solicitationComments } from '../db/schema-credit-intake';
import { forbidden, notFound } from '../http/errors';
import { requireAuth, type Handler } from '../http/handler';
import { logActivity } from '../services/activity';
import { findSolicitation } from '../services/solicitations';

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
  const id = await ctx.deps.db.transaction(async (tx) => {
    await findSolicitation(tx, solicitationId);
    const [row] = await tx.insert(c).values({ solicitation_id: solicitationId, author_id: user.id, comment }).returning({ id: c.id });
    await logActivity(tx, {
      actorId: user.id,
      action: 'solicitation.comment.create',
      entity: 'solicitation-comment',
      entityId: row.id,
      // The text stays out of the log: it may speak of the applicant, and the log outlives an LGPD erase.
      after: { solicitation_id: solicitationId, size: comment.length },
    });
    return row.id;
  });
  const [created] = await commentsOf(ctx.deps.db, { id });
  return created;
};

export const deleteComment: Handler<'comments.delete'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  await ctx.deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(c).where(eq(c.id, id)).for('update');
    if (!row) throw notFound('Comentário não encontrado.');
    await findSolicitation(tx, row.solicitation_id);
    if (row.author_id !== user.id) throw forbidden('Somente o autor pode excluir o próprio comentário.');
    await tx.delete(c).where(eq(c.id, id));
    await logActivity(tx, {
      actorId: user.id,
      action: 'solicitation.comment.delete',
      entity: 'solicitation-comment',
      entityId: id,
      before: { solicitation_id: row.solicitation_id, size: row.comment.length },
    });
  });
  return { ok: true as const };
};
