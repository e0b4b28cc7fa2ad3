/**
 * The writes of signing in and out: a session with its log entry, a two-factor
 * challenge and its code by e-mail, a code's check (a wrong one is counted even
 * though the request fails), a token's renewal and a password's replacement.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ActivityAction } from '@shared/activity';
import type { Db } from '../../db/connect';
import { twoFactorChallenges, users, type UserRow } from './schema';
import { hashPassword } from '../../domain/password';
import { generateNumericCode, generateToken, hashToken } from '../../domain/tokens';
import { forbidden, HttpError, MESSAGES } from '../../platform/http/errors';
import type { ServerDeps } from '../../platform/http/handler';
import { logActivity } from '../../platform/activity';
import { redactSecrets } from '../../platform/mailer';
import { issueSession, revokeSession, revokeUserSessions } from './sessions';
import { findUser, toSessionUser } from './users';

export const TWO_FACTOR_TTL_MS = 10 * 60 * 1000;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

async function startSession(db: Db, user: UserRow) {
  const token = await issueSession(db, user.id);
  await logActivity(db, { actorId: user.id, action: 'session.login', entity: 'user', entityId: user.id });
  return { token, user: toSessionUser(user), force_senha: user.force_senha, two_factor: false };
}

async function sendTwoFactorCode(deps: ServerDeps, db: Db, user: UserRow): Promise<string> {
  const hash = generateToken();
  const code = generateNumericCode(6);
  await db.insert(twoFactorChallenges).values({
    hash: hashToken(hash),
    user_id: user.id,
    code_hash: hashToken(code),
    expires_at: new Date(Date.now() + TWO_FACTOR_TTL_MS),
  });
  await deps.mailer.enqueue(db, {
    to: user.email,
    userId: user.id,
    secret: { value: code, kind: 'two-factor', expiresAt: new Date(Date.now() + TWO_FACTOR_TTL_MS) },
    subject: 'Seu código de acesso',
    body: `Olá, ${user.name}.\n\nUse o código abaixo para concluir o acesso ao back-office. Ele vale por 10 minutos.\n\nCódigo: ${code}\n\nSe não foi você, ignore este e-mail.`,
  });
  return hash;
}

/** Opens a session for a user whose password was checked. */
export async function signIn(db: Db, user: UserRow) {
  return db.transaction((tx) => startSession(tx, user));
}

/** Stores a challenge and queues its code by e-mail; the challenge's handle is returned to the client. */
export async function challengeTwoFactor(deps: ServerDeps, user: UserRow): Promise<string> {
  return deps.db.transaction((tx) => sendTwoFactorCode(deps, tx, user));
}

/** Consumes a live challenge whose code matches and opens the session; a wrong code is counted, then refused. */
export async function completeTwoFactor(db: Db, input: { hash: string; code: string }) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(twoFactorChallenges)
      .where(
        and(
          eq(twoFactorChallenges.hash, hashToken(input.hash)),
          isNull(twoFactorChallenges.consumed_at),
          gt(twoFactorChallenges.expires_at, new Date()),
        ),
      )
      .limit(1);
    const challenge = rows[0];
    if (!challenge || challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
      throw new HttpError(401, MESSAGES.expiredTwoFactor, 'hash', 'two-factor-expired');
    }
    if (hashToken(input.code) !== challenge.code_hash) {
      await tx
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(eq(twoFactorChallenges.id, challenge.id));
      // The failed attempt must be counted even though this request fails.
      return { failed: true as const };
    }
    await tx.update(twoFactorChallenges).set({ consumed_at: new Date() }).where(eq(twoFactorChallenges.id, challenge.id));
    await redactSecrets(tx, challenge.user_id, 'two-factor');
    const user = await findUser(tx, challenge.user_id);
    if (!user || !user.active) throw forbidden(MESSAGES.inactiveAccount, 'inactive-account');
    return startSession(tx, user);
  }).then((result) => {
    if ('failed' in result) throw new HttpError(400, `Campo code: ${MESSAGES.invalidTwoFactor}`, 'code', 'two-factor-invalid');
    return result;
  });
}

export async function renewSession(db: Db, actor: { userId: number; sessionId: number }) {
  return db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    return { token: await issueSession(tx, actor.userId) };
  });
}

export async function endSession(db: Db, actor: { userId: number; sessionId: number }) {
  await db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    await logActivity(tx, { actorId: actor.userId, action: 'session.logout', entity: 'user', entityId: actor.userId });
  });
}

/** Sets a new password, clears force_senha, revokes every token and issues a fresh one. */
export async function replacePassword(db: Db, user: UserRow, newPassword: string, action: ActivityAction) {
  const password_hash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ password_hash, force_senha: false, updated_at: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await revokeUserSessions(tx, user.id);
    // A temporary password still readable in the outbox is spent now.
    await redactSecrets(tx, user.id, 'temporary-password');
    const token = await issueSession(tx, user.id);
    await logActivity(tx, {
      actorId: user.id,
      action,
      entity: 'user',
      entityId: user.id,
      before: { force_senha: user.force_senha },
      after: { force_senha: false, password_changed: true },
    });
    return { token, user: toSessionUser(updated) };
  });
}
