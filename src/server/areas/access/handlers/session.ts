/** Sign-in, two-factor step, token checks and renewal, sign-out, own password. */
import { hashPassword, verifyPassword } from '../../../domain/password';
import { badRequest, forbidden, HttpError, MESSAGES, unauthorized } from '../../../platform/http/errors';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { markSucceeded, reserveAttempt } from '../login-attempts';
import { findSession } from '../sessions';
import { challengeTwoFactor, completeTwoFactor, endSession, renewSession, replacePassword, signIn } from '../sign-in';
import { findUserByEmail, toSessionUser } from '../users';

// Verifying against this keeps an unknown e-mail as slow as a wrong password.
let dummyHash: Promise<string> | null = null;

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
    const hash = await challengeTwoFactor(deps, user);
    return { two_factor: true, hash, force_senha: user.force_senha };
  }
  return signIn(db, user);
};

export const verifyHash: Handler<'session.verifyHash'> = async ({ hash, code }, { deps }) => completeTwoFactor(deps.db, { hash, code });

export const auth: Handler<'session.auth'> = async ({ token }, { deps }) => {
  const found = await findSession(deps.db, token);
  return found ? { valid: true, user: toSessionUser(found.user) } : { valid: false };
};

export const refresh: Handler<'session.refresh'> = async (_args, ctx) => {
  const { user, sessionId } = requireAuth(ctx);
  return renewSession(ctx.deps.db, { userId: user.id, sessionId });
};

export const logged: Handler<'session.logged'> = async (_args, ctx) => ({ user: toSessionUser(requireAuth(ctx).user) });

export const me: Handler<'session.me'> = async (_args, ctx) => toSessionUser(requireAuth(ctx).user);

export const logout: Handler<'session.logout'> = async (_args, ctx) => {
  const { user, sessionId } = requireAuth(ctx);
  await endSession(ctx.deps.db, { userId: user.id, sessionId });
  return { ok: true as const };
};

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
