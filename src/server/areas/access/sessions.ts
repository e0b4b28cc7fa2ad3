/** Session tokens: issued on sign-in, looked up by digest, revoked on sign-out, password change and deactivation. */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { sessions, users } from './schema';
import { generateToken, hashToken } from '../../domain/tokens';
import type { AuthInfo } from '../../platform/http/handler';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export async function issueSession(db: Db, userId: number): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** The live session of a token: not revoked, not expired, its account active and not deleted. */
export async function findSession(db: Db, token: string): Promise<AuthInfo | null> {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
        isNull(users.deleted_at),
        eq(users.active, true),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { user: row.user, sessionId: row.session.id } : null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const where = [eq(sessions.user_id, userId), isNull(sessions.revoked_at)];
  if (exceptSessionId !== undefined) where.push(ne(sessions.id, exceptSessionId));
  await db.update(sessions).set({ revoked_at: new Date() }).where(and(...where));
}
