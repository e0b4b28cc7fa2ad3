/**
 * Idempotency of the writes that create money records, so a retry or a double click never creates two: the
 * request carries a key drawn by the screen once per confirmed intent; the
 * first request with a key does the work and keeps its answer, any later one
 * with the same key gets that answer back instead of creating a second record.
 *
 * Runs inside the caller's transaction: the key row is inserted first, so a
 * concurrent request with the same key waits on the primary key until the
 * first commits (then replays) or rolls back (then does the work itself). A
 * key reused for another call, by another person or with other arguments is a
 * 409: that is a bug or a tampered request, never a replay.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { idempotencyKeys } from './schema';
import { conflict } from './http/errors';

export const IDEMPOTENCY_MESSAGES = {
  keyReused: 'Campo idempotency_key: esta chave já foi usada em outro pedido. Confirme a operação outra vez.',
} as const;

/** A stable digest of the request's arguments (keys sorted, the key itself left out). */
export function requestHash(args: Record<string, unknown>): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([k]) => k !== 'idempotency_key')
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, canonical(v)]),
      );
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(args))).digest('hex');
}

export interface IdempotentRequest {
  key: string;
  operation: string;
  userId: number;
  args: Record<string, unknown>;
}

/**
 * What the key row keeps of a large answer (a return file's settlement: every
 * line, megabytes) and how a replay rebuilds the same answer from it and what
 * the work stored, instead of the whole answer as jsonb.
 */
export interface KeptAnswer<T> {
  keep(value: T): unknown;
  replay(kept: unknown): Promise<T>;
}

/**
 * Runs `work` once per key (inside `tx`, which must be a transaction); answers
 * `{ value, replayed }`. `work`'s answer must be JSON (it is stored as jsonb),
 * or `kept` says what is stored and how the answer is given again.
 */
export async function once<T>(tx: Db, request: IdempotentRequest, work: () => Promise<T>, kept?: KeptAnswer<T>): Promise<{ value: T; replayed: boolean }> {
  const hash = requestHash(request.args);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ key: request.key, operation: request.operation, user_id: request.userId, request_hash: hash })
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [existing] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, request.key)).limit(1);
    if (!existing || existing.operation !== request.operation || existing.user_id !== request.userId || existing.request_hash !== hash || existing.response === null) {
      throw conflict(IDEMPOTENCY_MESSAGES.keyReused, 'idempotency_key');
    }
    return { value: kept ? await kept.replay(existing.response) : (existing.response as T), replayed: true };
  }
  const value = await work();
  await tx
    .update(idempotencyKeys)
    .set({ response: sql`${JSON.stringify(kept ? kept.keep(value) : value)}::jsonb` })
    .where(eq(idempotencyKeys.key, request.key));
  return { value, replayed: false };
}
