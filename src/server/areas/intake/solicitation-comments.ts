/**
 * Writing and removing comments on a solicitation, each in one transaction
 * with its activity-log entry. Only the author removes a comment: it is
 * signed by them, so administrators do not either.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { solicitationComments as c } from './schema';
import { forbidden, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { findSolicitation } from './solicitations';

/** Adds the comment; answers its id. */
export async function addComment(db: Db, authorId: number, solicitationId: number, comment: string): Promise<number> {
  return db.transaction(async (tx) => {
    await findSolicitation(tx, solicitationId);
    const [row] = await tx.insert(c).values({ solicitation_id: solicitationId, author_id: authorId, comment }).returning({ id: c.id });
    await logActivity(tx, {
      actorId: authorId,
      action: 'solicitation.comment.create',
      entity: 'solicitation-comment',
      entityId: row.id,
      // The text stays out of the log: it may speak of the applicant, and the log outlives an LGPD erase.
      after: { solicitation_id: solicitationId, size: comment.length },
    });
    return row.id;
  });
}

/** Removes the comment when `actorId` wrote it (403 otherwise). */
export async function removeComment(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(c).where(eq(c.id, id)).for('update');
    if (!row) throw notFound('Comentário não encontrado.');
    await findSolicitation(tx, row.solicitation_id);
    if (row.author_id !== actorId) throw forbidden('Somente o autor pode excluir o próprio comentário.');
    await tx.delete(c).where(eq(c.id, id));
    await logActivity(tx, {
      actorId,
      action: 'solicitation.comment.delete',
      entity: 'solicitation-comment',
      entityId: id,
      before: { solicitation_id: row.solicitation_id, size: row.comment.length },
    });
  });
}
