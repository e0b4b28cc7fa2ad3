/**
 * Requests to erase a person's data (LGPD): opening one (one open request per
 * person; none for a person already erased) and refusing it, each in one
 * transaction with its activity-log entry. Carrying one out is the erase
 * (users.erase), which closes the open request itself.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { contract } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { lgpdRequests, toLgpdRequest, type LgpdRequestRow } from './lgpd';

export const LGPD_MESSAGES = {
  alreadyOpen: 'Esta pessoa já tem um pedido de exclusão em aberto.',
  alreadyErased: 'Os dados desta pessoa já foram apagados.',
  notOpen: 'Este pedido já foi encerrado.',
  personNotFound: 'Pessoa não encontrada.',
} as const;

export type LgpdRequestInput = z.output<(typeof contract)['lgpd.create']['args']>;

export async function requestOr404(db: Db, id: number): Promise<LgpdRequestRow> {
  const rows = await db.select().from(lgpdRequests).where(eq(lgpdRequests.id, id)).limit(1);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function createLgpdRequest(db: Db, actorId: number, input: LgpdRequestInput) {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(users).where(eq(users.id, input.user_id)).limit(1);
    const person = rows[0];
    if (!person) throw badRequest(LGPD_MESSAGES.personNotFound, 'user_id');
    if (person.anonymised_at) throw conflict(LGPD_MESSAGES.alreadyErased, 'user_id');
    const open = await tx
      .select({ id: lgpdRequests.id })
      .from(lgpdRequests)
      .where(and(eq(lgpdRequests.user_id, person.id), eq(lgpdRequests.status, 'aberto')))
      .limit(1);
    if (open[0]) throw conflict(LGPD_MESSAGES.alreadyOpen, 'user_id');
    const [created] = await tx
      .insert(lgpdRequests)
      .values({
        user_id: person.id,
        subject_name: person.name,
        subject_email: person.email,
        channel: input.channel,
        received_at: input.received_at ? new Date(input.received_at) : new Date(),
        status: 'aberto',
        notes: input.notes || null,
        created_by: actorId,
      })
      .returning();
    // No name or e-mail in the log: the erase must not have to hunt for them here.
    await logActivity(tx, {
      actorId,
      action: 'lgpd.request.create',
      entity: 'lgpd_request',
      entityId: created.id,
      after: { user_id: person.id, channel: created.channel, status: created.status, received_at: created.received_at.toISOString() },
    });
    return toLgpdRequest(created, null);
  });
}

/** Refuses an open request with its outcome; `actor.name` is the handler's name on the answer. */
export async function refuseLgpdRequest(db: Db, actor: { id: number; name: string }, id: number, outcome: string) {
  return db.transaction(async (tx) => {
    const request = await requestOr404(tx, id);
    if (request.status !== 'aberto') throw conflict(LGPD_MESSAGES.notOpen);
    const [updated] = await tx
      .update(lgpdRequests)
      .set({ status: 'recusado', outcome, handled_by: actor.id, closed_at: new Date() })
      .where(eq(lgpdRequests.id, id))
      .returning();
    await logActivity(tx, {
      actorId: actor.id,
      action: 'lgpd.request.refuse',
      entity: 'lgpd_request',
      entityId: id,
      before: { status: request.status },
      after: { status: updated.status, outcome },
    });
    return toLgpdRequest(updated, actor.name);
  });
}
