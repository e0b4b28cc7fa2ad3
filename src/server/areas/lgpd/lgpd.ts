/**
 * LGPD erasure requests: the table (migration 0003), its record shape, and
 * the step the erase (users.erase) takes to close the person's open request.
 */
import { and, eq } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LgpdChannel, LgpdRequest, LgpdStatus } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { logActivity } from '../../platform/activity';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const lgpdRequests = pgTable('lgpd_requests', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull(),
  subject_name: text('subject_name').notNull(),
  subject_email: text('subject_email'),
  channel: text('channel').notNull(),
  received_at: ts('received_at').notNull().defaultNow(),
  status: text('status').notNull(),
  outcome: text('outcome'),
  notes: text('notes'),
  created_by: integer('created_by'),
  handled_by: integer('handled_by'),
  closed_at: ts('closed_at'),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type LgpdRequestRow = typeof lgpdRequests.$inferSelect;

/** What the request keeps about the person once the data is erased. */
export const ERASED_SUBJECT_NAME = 'Titular anonimizado';

export function toLgpdRequest(row: LgpdRequestRow, handledByName: string | null): LgpdRequest {
  return {
    id: row.id,
    user_id: row.user_id,
    subject_name: row.subject_name,
    subject_email: row.subject_email,
    channel: row.channel as LgpdChannel,
    received_at: row.received_at.toISOString(),
    status: row.status as LgpdStatus,
    outcome: row.outcome,
    notes: row.notes,
    handled_by: row.handled_by,
    handled_by_name: handledByName,
    closed_at: row.closed_at ? row.closed_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Called inside the erase's transaction: the open request (if any) is closed
 * as done with the outcome, and every request of that person loses the
 * name/e-mail snapshot (the request itself is a record the law asks us to keep).
 */
export async function closeRequestsOnErase(tx: Db, userId: number, actorId: number, uploadsRemoved: number): Promise<void> {
  const now = new Date();
  const outcome = `Dados pessoais apagados/anonimizados; ${uploadsRemoved} arquivo(s) removido(s); registros de guarda legal mantidos anonimizados.`;
  const closed = await tx
    .update(lgpdRequests)
    .set({ status: 'concluido', outcome, handled_by: actorId, closed_at: now })
    .where(and(eq(lgpdRequests.user_id, userId), eq(lgpdRequests.status, 'aberto')))
    .returning({ id: lgpdRequests.id });
  await tx.update(lgpdRequests).set({ subject_name: ERASED_SUBJECT_NAME, subject_email: null, notes: null }).where(eq(lgpdRequests.user_id, userId));
  for (const { id } of closed) {
    await logActivity(tx, {
      actorId,
      action: 'lgpd.request.close',
      entity: 'lgpd_request',
      entityId: id,
      before: { status: 'aberto' },
      after: { status: 'concluido', uploads_removed: uploadsRemoved },
    });
  }
}
