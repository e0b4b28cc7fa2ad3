/**
 * Fixed-window counters kept in the database (table `rate_limits`, migration
 * 0006), so every server process sharing it counts together and a burst of
 * simultaneous requests cannot slip past a check-then-act race: taking a slot
 * is one INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING, which PostgreSQL
 * (and PGlite) apply atomically per key.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  used: integer('used').notNull(),
  window_started_at: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export interface RateLimit {
  /** how many slots a window holds */
  limit: number;
  windowMs: number;
}

/**
 * Takes one slot of `key` for the current window. False when the window's
 * slots are all taken (the caller answers 429 or the like). A window that has
 * passed starts again with this slot.
 */
export async function takeSlot(db: Db, key: string, { limit, windowMs }: RateLimit): Promise<boolean> {
  const seconds = Math.max(1, Math.round(windowMs / 1000));
  const expired = sql`${rateLimits.window_started_at} <= now() - make_interval(secs => ${seconds})`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, used: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        used: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.used} + 1 END`,
        window_started_at: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.window_started_at} END`,
      },
      setWhere: sql`${expired} OR ${rateLimits.used} < ${limit}`,
    })
    .returning({ used: rateLimits.used });
  return rows.length > 0;
}

/** Gives a slot back (the attempt it guarded turned out legitimate). */
export async function returnSlot(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ used: sql`greatest(${rateLimits.used} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** True while `key` has no slot left in its current window (without taking one). */
export async function isExhausted(db: Db, key: string, { limit, windowMs }: RateLimit): Promise<boolean> {
  const seconds = Math.max(1, Math.round(windowMs / 1000));
  const rows = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} AND ${rateLimits.used} >= ${limit} AND ${rateLimits.window_started_at} > now() - make_interval(secs => ${seconds})`,
    )
    .limit(1);
  return rows.length > 0;
}

/** Counters whose window ended more than a day ago say nothing any more (their keys may hold e-mails). */
export async function purgeStale(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.window_started_at} < now() - interval '1 day'`);
}

/** LGPD erase: the counters named after the person's e-mail. */
export async function eraseLimitsOf(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
