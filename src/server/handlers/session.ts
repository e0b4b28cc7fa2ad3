/** Sign-in, two-factor step, token checks and renewal, sign-out, own password. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ActivityAction } from '../../shared/activity';
import type { Db } from '../db/connect';
import { twoFactorChallenges, users, type UserRow } from '../db/schema';
import { hashPassword, verifyPassword } from '../domain/password';
import { generateNumericCode, generateToken, hashToken } from '../domain/tokens';
import { badRequest, forbidden, HttpError, MESSAGES, unauthorized } from '../http/errors';
import { requireAuth, type Handler, type ServerDeps } from '../http/handler';
import { logActivity } from '../services/activity';
import { markSucceeded, reserveAttempt } from '../services/login-attempts';
import { redactSecrets } from '../services/mailer';
import { findSession, issueSession, revokeSession, revokeUserSessions } from '../services/sessions';
import { findUser, findUserByEmail, toSessionUser } from '../services/users';

export const TWO_FACTOR_TTL_MS = 10 * 60 * 1000;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

// Verifying against this keeps an unknown e-mail as slow as a wrong password.
let dummyHash: Promise<string> | null = null;

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

export const login: Handler<'session.login'> = async ({ email, password }, { deps }) => {
  const { db } = deps;
  // The slot is taken (as a failure) before the password is checked, so a burst cannot outrun the lock.
  const attempt = await reserveAttempt(db, email);
  if (attempt === null) throw new HttpError(429, MESSAGES.tooManyAttempts, undefined, 'too-many-attempts');
  const user = await findUserByEmail(db, email);
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password-1');
    await verifyPassword(password, await dummyHash);
  }
  if (!user || !(await verifyPassword(password, user.password_hash))) throw unauthorized(MESSAGES.invalidCredentials);
  await markSucceeded(db, attempt);
  if (!user.active) throw forbidden(MESSAGES.inactiveAccount, 'inactive-account');
  if (user.two_factor) {
    const hash = await db.transaction((tx) => sendTwoFactorCode(deps, tx, user));
    return { two_factor: true, hash, force_senha: user.force_senha };
  }
  return db.transaction((tx) => startSession(tx, user));
};

export const verifyHash: Handler<'session.verifyHash'> = async ({ hash, code }, { deps }) => {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(twoFactorChallenges)
      .where(
        and(
          eq(twoFactorChallenges.hash, hashToken(hash)),
          isNull(twoFactorChallenges.consumed_at),
          gt(twoFactorChallenges.expires_at, new Date()),
        ),
      )
      .limit(1);
    const challenge = rows[0];
    if (!challenge || challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
      throw new HttpError(401, MESSAGES.expiredTwoFactor, 'hash', 'two-factor-expired');
    }
    if (hashToken(code) !== challenge.code_hash) {
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
};

export const auth: Handler<'session.auth'> = async ({ token }, { deps }) => {
  const found = await findSession(deps.db, token);
  return found ? { valid: true, user: toSessionUser(found.user) } : { valid: false };
};

export const refresh: Handler<'session.refresh'> = async (_args, ctx) => {
  const { user, sessionId } = requireAuth(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    return { token: await issueSession(tx, user.id) };
  });
};

export const logged: Handler<'session.logged'> = async (_args, ctx) => ({ user: toSessionUser(requireAuth(ctx).user) });

export const me: Handler<'session.me'> = async (_args, ctx) => toSessionUser(requireAuth(ctx).user);

export const logout: Handler<'session.logout'> = async (_args, ctx) => {
  const { user, sessionId } = requireAuth(ctx);
  await ctx.deps.db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    await logActivity(tx, { actorId: user.id, action: 'session.logout', entity: 'user', entityId: user.id });
  });
  return { ok: true as const };
};

/** Sets a new password, clears force_senha, revokes every token and issues a fresh one. */
async function replacePassword(db: Db, user: UserRow, newPassword: string, action: ActivityAction) {
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

export const changePassword: Handler<'session.changePassword'> = async ({ oldPassword, newPassword }, ctx) => {
  const { user } = requireAuth(ctx);
  // A temporary password becomes a chosen one only through the forced-change flow (users.newPassword).
  if (user.force_senha) throw forbidden(MESSAGES.useForcedPasswordChange, 'password-change-required');
  // 400, not 401: a wrong current password must not end the session.
  if (!(await verifyPassword(oldPassword, user.password_hash))) throw badRequest(`Campo oldPassword: ${MESSAGES.wrongOldPassword}`, 'oldPassword');
  if (await verifyPassword(newPassword, user.password_hash)) throw badRequest(`Campo newPassword: ${MESSAGES.samePassword}`, 'newPassword');
  return replacePassword(ctx.deps.db, user, newPassword, 'user.password.change');
};

export const newPassword: Handler<'users.newPassword'> = async ({ newPassword }, ctx) => {
  const { user } = requireAuth(ctx);
  if (!user.force_senha) throw badRequest(MESSAGES.noPasswordChangePending);
  if (await verifyPassword(newPassword, user.password_hash)) {
    throw badRequest('Campo newPassword: a nova senha deve ser diferente da senha temporária', 'newPassword');
  }
  return replacePassword(ctx.deps.db, user, newPassword, 'user.password.forced-change');
};
