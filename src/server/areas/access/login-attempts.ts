/**
 * Sign-in throttling: 5 failures for an e-mail within 15 minutes lock it until
 * the window passes.
 *
 * The check must hold under concurrency (many simultaneous wrong passwords,
 * possibly on several server processes sharing one PostgreSQL database), so an
 * attempt reserves its slot before the password is checked: under a
 * transaction-scoped advisory lock on the e-mail, the failures are counted and
 * the attempt is written as a failure at once. Only a right password turns its
 * row into a success afterwards. A burst therefore checks at most five
 * passwords; every other request of the burst is refused without a check.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { loginAttempts } from './schema';

export const MAX_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/** Failures since the last success inside the window (reserved, unfinished attempts count as failures). */
async function recentFailures(db: Db, email: string): Promise<number> {
  const since = new Date(Date.now() - LOCK_WINDOW_MS);
  const rows = await db
    .select({ succeeded: loginAttempts.succeeded })
    .from(loginAttempts)
    .where(and(eq(sql`lower(${loginAttempts.email})`, email.toLowerCase()), gt(loginAttempts.created_at, since)))
    .orderBy(desc(loginAttempts.id))
    .limit(MAX_FAILURES);
  let failures = 0;
  for (const row of rows) {
    if (row.succeeded) break;
    failures++;
  }
  return failures;
}

export async function isLocked(db: Db, email: string): Promise<boolean> {
  return (await recentFailures(db, email)) >= MAX_FAILURES;
}

/**
 * Reserves a sign-in attempt for `email`: the id of its row (recorded as a
 * failure until markSucceeded), or null when the e-mail is locked.
 */
export async function reserveAttempt(db: Db, email: string): Promise<number | null> {
  const key = `login:${email.toLowerCase()}`;
  return db.transaction(async (tx) => {
    // Serialises the count-and-insert per e-mail across connections and processes; released at commit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    if ((await recentFailures(tx, email)) >= MAX_FAILURES) return null;
    const [row] = await tx.insert(loginAttempts).values({ email: email.toLowerCase(), succeeded: false }).returning({ id: loginAttempts.id });
    return row.id;
  });
}

export async function markSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
}

/** LGPD erase: the sign-in attempts recorded under the person's e-mail. */
export async function eraseAttemptsOf(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(sql`lower(${loginAttempts.email})`, email.toLowerCase()));
}
