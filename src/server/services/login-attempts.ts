/** Sign-in throttling: 5 failures for an e-mail within 15 minutes lock it until the window passes. */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { loginAttempts } from '../db/schema';

export const MAX_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60 * 1000;

/** Failures since the last success inside the window. */
export async function isLocked(db: Db, email: string): Promise<boolean> {
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
  return failures >= MAX_FAILURES;
}

export async function recordAttempt(db: Db, email: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email: email.toLowerCase(), succeeded });
}
