/**
 * Creating a broadcast: its recipients are fixed at creation (queued rows
 * the sender works through), in one transaction with its activity-log entry.
 */
import type { z } from 'zod';
import type { contract } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { badRequest } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { resolveSelection } from './messages-recipients';
import { broadcastRecipients as R, broadcasts } from './messages-schema';

const INSERT_CHUNK = 500;
export const NO_RECIPIENTS = 'Nenhum destinatário válido para este canal.';

export type CreateBroadcastInput = z.output<(typeof contract)['messages.create']['args']>;

/** Creates the broadcast with its recipients; answers its id (the sender is woken by the caller). */
export async function createBroadcast(db: Db, actorId: number, input: CreateBroadcastInput): Promise<number> {
  return db.transaction(async (tx) => {
    const resolved = await resolveSelection(tx, input.channel, input.selection);
    if (resolved.recipients.length === 0) throw badRequest(NO_RECIPIENTS, 'selection');
    const [created] = await tx
      .insert(broadcasts)
      .values({
        channel: input.channel,
        subject: input.channel === 'email' ? (input.subject ?? null) : null,
        body: input.body,
        selection: input.selection,
        created_by: actorId,
      })
      .returning({ id: broadcasts.id });
    for (let i = 0; i < resolved.recipients.length; i += INSERT_CHUNK) {
      await tx.insert(R).values(
        resolved.recipients.slice(i, i + INSERT_CHUNK).map((r) => ({ broadcast_id: created.id, user_id: r.user_id, name: r.name, contact: r.contact, status: 'queued' })),
      );
    }
    await logActivity(tx, {
      actorId,
      action: 'broadcast.create',
      entity: 'broadcast',
      entityId: created.id,
      after: {
        id: created.id,
        channel: input.channel,
        subject: input.channel === 'email' ? (input.subject ?? null) : null,
        mode: input.selection.mode,
        recipients: resolved.recipients.length,
        left_out_invalid: resolved.invalid.length,
      },
    });
    return created.id;
  });
}
