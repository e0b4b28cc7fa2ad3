/**
 * Password recovery by a code sent by e-mail, self-registration and e-mail
 * confirmation: the anonymous calls. None of them may reveal whether an
 * e-mail has an account (same answer, and no sooner than ANONYMOUS_ANSWER_MS,
 * so the extra work for an existing account does not show in the timing),
 * and guessing is bounded by counters in the database (services/rate-limit).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recoveryCodes } from '../schema';
import { maskEmail } from '../../../domain/mask';
import { hashPassword } from '../../../domain/password';
import { hashToken, normaliseRecoveryCode } from '../../../domain/tokens';
import { badRequest, HttpError, MESSAGES, notFound } from '../../../platform/http/errors';
import type { Handler } from '../../../platform/http/handler';
import { returnSlot, takeSlot } from '../../../platform/rate-limit';
import {
  ANONYMOUS_ANSWER_MS,
  checkRecoveryCode,
  confirmEmailToken,
  RECOVERY_CODE_ONLY_TRIES,
  registerAccount,
  REGISTRATIONS_OVERALL,
  REGISTRATIONS_PER_CLIENT,
  replacePasswordByRecovery,
  requestRecovery,
  tooManyRecoveryTries,
} from '../recovery';
import { clientIp } from '../../../platform/request-context';
import { findUser } from '../users';

// The limits are the recovery service's; they stay importable from here, where the calls are.
export {
  ANONYMOUS_ANSWER_MS,
  CONFIRMATION_TTL_MS,
  RECOVERY_CODE_ONLY_TRIES,
  RECOVERY_REQUESTS_PER_EMAIL,
  RECOVERY_TRIES_PER_ACCOUNT,
  RECOVERY_TRIES_PER_CODE,
  RECOVERY_TTL_MS,
  REGISTRATIONS_OVERALL,
  REGISTRATIONS_PER_CLIENT,
} from '../recovery';

/** Runs `work` and answers (or fails) no sooner than `ms` after the start. */
async function noSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const until = Date.now() + ms;
  const wait = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())));
  try {
    const result = await work();
    await wait();
    return result;
  } catch (error) {
    await wait();
    throw error;
  }
}

export const recoverRequest: Handler<'recover.request'> = async ({ email }, { deps }) =>
  noSoonerThan(ANONYMOUS_ANSWER_MS, async () => {
    await requestRecovery(deps, email);
    return { ok: true as const };
  });

// The checks of a code do less work for an unknown e-mail: they answer no sooner than the floor either.
export const recoverVerifyHash: Handler<'recover.verifyHash'> = async ({ email, hash }, { deps }) =>
  noSoonerThan(ANONYMOUS_ANSWER_MS, async () => ({ valid: (await checkRecoveryCode(deps.db, email, hash)) !== null }));

export const recoverLookup: Handler<'recover.lookup'> = async ({ email, hash }, { deps }) =>
  noSoonerThan(ANONYMOUS_ANSWER_MS, async () => {
    const found = await checkRecoveryCode(deps.db, email, hash);
    if (!found) throw notFound(MESSAGES.invalidRecoveryCode);
    return { email: maskEmail(found.user.email), expiresAt: found.row.expires_at.toISOString() };
  });

/**
 * The spec's GET with the code in the path: it names no account, so its
 * failures share one overall budget. The app uses recover.lookup instead.
 */
export const recoverGet: Handler<'recover.get'> = async ({ hash }, { deps }) => {
  const key = 'recover-code-only';
  if (!(await takeSlot(deps.db, key, RECOVERY_CODE_ONLY_TRIES))) throw tooManyRecoveryTries();
  const rows = await deps.db
    .select()
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.code_hash, hashToken(normaliseRecoveryCode(hash))),
        isNull(recoveryCodes.used_at),
        gt(recoveryCodes.expires_at, new Date()),
      ),
    )
    .limit(1);
  const user = rows[0] ? await findUser(deps.db, rows[0].user_id) : null;
  if (!rows[0] || !user) throw notFound(MESSAGES.invalidRecoveryCode);
  await returnSlot(deps.db, key);
  return { email: maskEmail(user.email), expiresAt: rows[0].expires_at.toISOString() };
};

export const recoverChangePass: Handler<'recover.changePass'> = async ({ email, hash, password }, { deps }) => {
  const password_hash = await hashPassword(password);
  const found = await noSoonerThan(ANONYMOUS_ANSWER_MS, () => checkRecoveryCode(deps.db, email, hash));
  if (!found) throw badRequest(`Campo hash: ${MESSAGES.invalidRecoveryCode}`, 'hash');
  await replacePasswordByRecovery(deps.db, found, password_hash);
  return { ok: true as const };
};

export const register: Handler<'users.register'> = async ({ name, email, password }, { deps }) => {
  // Throttled before any work: each call may send an e-mail to an address the caller chose.
  if (!(await takeSlot(deps.db, `register-client:${clientIp()}`, REGISTRATIONS_PER_CLIENT))) {
    throw new HttpError(429, MESSAGES.tooManyRegistrations, undefined, 'too-many-registrations');
  }
  if (!(await takeSlot(deps.db, 'register-overall', REGISTRATIONS_OVERALL))) {
    throw new HttpError(429, MESSAGES.tooManyRegistrations, undefined, 'too-many-registrations');
  }
  return noSoonerThan(ANONYMOUS_ANSWER_MS, async () => {
    await registerAccount(deps, { name, email, password });
    return { email };
  });
};

export const confirmEmail: Handler<'users.confirmEmail'> = async ({ token }, { deps }) =>
  confirmEmailToken(deps.db, token);
