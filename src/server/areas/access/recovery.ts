/**
 * The writes of the anonymous account calls: a recovery code sent (voiding the
 * previous one), a code checked against its account with its tries counted, a
 * password replaced by a code, a self-registration (or a note to the owner of
 * an address already in use) and an e-mail confirmed. Guessing is bounded by
 * counters in the database (services/rate-limit).
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { Role } from '@shared/roles';
import type { Db } from '../../db/connect';
import { emailConfirmations, recoveryCodes, users, type UserRow } from './schema';
import { hashPassword } from '../../domain/password';
import { generateRecoveryCode, generateToken, hashToken, normaliseRecoveryCode } from '../../domain/tokens';
import { badRequest, HttpError, MESSAGES } from '../../platform/http/errors';
import type { ServerDeps } from '../../platform/http/handler';
import { logActivity, userSnapshot } from '../../platform/activity';
import { redactSecrets } from '../../platform/mailer';
import { purgeStale, returnSlot, takeSlot, type RateLimit } from '../../platform/rate-limit';
import { revokeUserSessions } from './sessions';
import { findUser, findUserByEmail, isEmailUniqueViolation } from './users';

export const RECOVERY_TTL_MS = 30 * 60 * 1000;
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
/** Wrong tries one recovery code survives; then it is dead and a new one must be requested. */
export const RECOVERY_TRIES_PER_CODE: RateLimit = { limit: 5, windowMs: RECOVERY_TTL_MS };
/** Wrong tries per e-mail across its codes (new requests do not restore them). */
export const RECOVERY_TRIES_PER_ACCOUNT: RateLimit = { limit: 10, windowMs: HOUR_MS };
/** Wrong tries of the spec's code-only lookup (GET /api/recover-pass/:hash), which names no account. */
export const RECOVERY_CODE_ONLY_TRIES: RateLimit = { limit: 30, windowMs: 15 * 60 * 1000 };
/** Recovery e-mails per address: more requests answer the same but send nothing. */
export const RECOVERY_REQUESTS_PER_EMAIL: RateLimit = { limit: 5, windowMs: HOUR_MS };
/** Self-registrations send e-mail to any address: per client address and overall. */
export const REGISTRATIONS_PER_CLIENT: RateLimit = { limit: 5, windowMs: HOUR_MS };
export const REGISTRATIONS_OVERALL: RateLimit = { limit: 100, windowMs: HOUR_MS };
/** Anonymous answers take at least this long, whatever work the e-mail caused. */
export const ANONYMOUS_ANSWER_MS = 400;

const accountKey = (email: string) => `recover-account:${email.trim().toLowerCase()}`;
const requestKey = (email: string) => `recover-request:${email.trim().toLowerCase()}`;

/** The counters named after an e-mail (the LGPD erase removes them). */
export const recoveryLimitKeys = (email: string) => [accountKey(email), requestKey(email)];

export const tooManyRecoveryTries = () => new HttpError(429, MESSAGES.tooManyRecoveryAttempts, undefined, 'too-many-attempts');

/** The account's newest live code (older ones are invalidated by each request). */
async function liveCodeOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at), gt(recoveryCodes.expires_at, new Date())))
    .orderBy(desc(recoveryCodes.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Checks `code` against the live code of the account of `email`. Every try
 * takes a slot of the account and of the code before the comparison (so
 * simultaneous guesses are counted too); a right code gives them back. A
 * code out of tries is dead. 429 when the account is out of tries, null for
 * a wrong, dead or unknown code, whether or not the e-mail has an account.
 */
export async function checkRecoveryCode(db: Db, email: string, code: string) {
  if (!(await takeSlot(db, accountKey(email), RECOVERY_TRIES_PER_ACCOUNT))) throw tooManyRecoveryTries();
  const user = await findUserByEmail(db, email);
  if (!user || user.anonymised_at) return null;
  const row = await liveCodeOf(db, user.id);
  if (!row) return null;
  const codeKey = `recover-code:${row.id}`;
  if (!(await takeSlot(db, codeKey, RECOVERY_TRIES_PER_CODE))) {
    await db.update(recoveryCodes).set({ used_at: new Date() }).where(eq(recoveryCodes.id, row.id));
    return null;
  }
  if (hashToken(normaliseRecoveryCode(code)) !== row.code_hash) return null;
  await returnSlot(db, codeKey);
  await returnSlot(db, accountKey(email));
  return { row, user };
}

/** Sends a new code to a live account of `email`, within its budget of requests; nothing at all otherwise. */
export async function requestRecovery(deps: ServerDeps, email: string) {
  // Counted for every address, known or not, so the work done does not tell them apart.
  const allowed = await takeSlot(deps.db, requestKey(email), RECOVERY_REQUESTS_PER_EMAIL);
  await purgeStale(deps.db);
  const user = await findUserByEmail(deps.db, email);
  if (allowed && user && user.anonymised_at === null) await sendRecoveryCode(deps, user);
}

async function sendRecoveryCode(deps: ServerDeps, user: UserRow) {
  const code = generateRecoveryCode(8);
  const expiresAt = new Date(Date.now() + RECOVERY_TTL_MS);
  await deps.db.transaction(async (tx) => {
    // A new request invalidates the previous code, here and in the outbox.
    await tx
      .update(recoveryCodes)
      .set({ used_at: new Date() })
      .where(and(eq(recoveryCodes.user_id, user.id), isNull(recoveryCodes.used_at)));
    await redactSecrets(tx, user.id, 'recovery');
    await tx.insert(recoveryCodes).values({ code_hash: hashToken(code), user_id: user.id, expires_at: expiresAt });
    await deps.mailer.enqueue(tx, {
      to: user.email,
      userId: user.id,
      secret: { value: code, kind: 'recovery', expiresAt },
      subject: 'Recuperação de senha',
      body: `Olá, ${user.name}.\n\nRecebemos um pedido para redefinir a sua senha. Informe o código abaixo no aplicativo; ele vale por 30 minutos e só pode ser usado uma vez.\n\nCódigo: ${code}\n\nSe não foi você, ignore este e-mail: sua senha continua a mesma.`,
    });
    await logActivity(tx, { actorId: null, action: 'user.password.recover-request', entity: 'user', entityId: user.id });
  });
}

/** Spends the checked code (and any other live one) and sets the password; every session of the account ends. */
export async function replacePasswordByRecovery(db: Db, found: { row: { id: number }; user: UserRow }, password_hash: string) {
  await db.transaction(async (tx) => {
    // Consumed only if still live: two simultaneous changes with one code set one password.
    const consumed = await tx
      .update(recoveryCodes)
      .set({ used_at: new Date() })
      .where(and(eq(recoveryCodes.id, found.row.id), isNull(recoveryCodes.used_at)))
      .returning({ id: recoveryCodes.id });
    if (consumed.length === 0) throw badRequest(`Campo hash: ${MESSAGES.invalidRecoveryCode}`, 'hash');
    await tx.update(recoveryCodes).set({ used_at: new Date() }).where(and(eq(recoveryCodes.user_id, found.user.id), isNull(recoveryCodes.used_at)));
    await redactSecrets(tx, found.user.id, 'recovery');
    await tx
      .update(users)
      .set({ password_hash, force_senha: false, updated_at: new Date() })
      .where(eq(users.id, found.user.id));
    await revokeUserSessions(tx, found.user.id);
    // A temporary password e-mailed earlier is no longer the password.
    await redactSecrets(tx, found.user.id, 'temporary-password');
    await logActivity(tx, {
      actorId: found.user.id,
      action: 'user.password.recover',
      entity: 'user',
      entityId: found.user.id,
      after: { password_changed: true },
    });
  });
}

export async function sendConfirmation(deps: ServerDeps, db: Db, user: { id: number; name: string; email: string }) {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  await db.insert(emailConfirmations).values({
    token_hash: hashToken(token),
    user_id: user.id,
    email: user.email,
    expires_at: expiresAt,
  });
  await deps.mailer.enqueue(db, {
    to: user.email,
    userId: user.id,
    secret: { value: token, kind: 'confirmation', expiresAt },
    subject: 'Confirme seu e-mail',
    body: `Olá, ${user.name}.\n\nConfirme o seu e-mail no aplicativo (Confirmar e-mail) com o código abaixo. Ele vale por 48 horas.\n\nToken: ${token}\n\nDepois da confirmação, um administrador precisa ativar a sua conta.`,
  });
}

/** The owner of an e-mail someone tried to register again hears of it; the caller gets the usual answer. */
async function tellOwnerOfRegistration(deps: ServerDeps, db: Db, owner: UserRow) {
  await deps.mailer.enqueue(db, {
    to: owner.email,
    userId: owner.id,
    subject: 'Tentativa de cadastro com o seu e-mail',
    body: `Olá, ${owner.name}.\n\nAlguém tentou criar uma conta no back-office com este e-mail, que já tem uma conta. Nenhuma conta nova foi criada.\n\nSe foi você, entre com a sua senha ou use "Esqueci minha senha". Se não foi, ignore este e-mail.`,
  });
  await logActivity(db, { actorId: null, action: 'user.register.duplicate', entity: 'user', entityId: owner.id });
}

/** Creates an inactive agent awaiting confirmation, or tells the owner of an address already in use; the caller's answer is the same. */
export async function registerAccount(deps: ServerDeps, input: { name: string; email: string; password: string }) {
  const { name, email, password } = input;
  const password_hash = await hashPassword(password);
  try {
    await deps.db.transaction(async (tx) => {
      const owner = await findUserByEmail(tx, email);
      if (owner) {
        await tellOwnerOfRegistration(deps, tx, owner);
        return;
      }
      const [user] = await tx
        .insert(users)
        .values({
          name,
          email,
          password_hash,
          // Least privilege: a self-registered account is an inactive agent until an administrator decides.
          role_id: Role.AGENT,
          active: false,
          two_factor: false,
          force_senha: false,
          email_confirmed: false,
        })
        .returning();
      await sendConfirmation(deps, tx, user);
      await logActivity(tx, { actorId: null, action: 'user.register', entity: 'user', entityId: user.id, after: userSnapshot(user) });
    });
  } catch (error) {
    // The same address registered at the same moment: that one won, this one is the duplicate.
    if (!isEmailUniqueViolation(error)) throw error;
    const owner = await findUserByEmail(deps.db, email);
    if (owner) await tellOwnerOfRegistration(deps, deps.db, owner);
  }
}

/** Marks the account's e-mail confirmed by a live token sent to that same address. */
export async function confirmEmailToken(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(emailConfirmations)
      .where(
        and(
          eq(emailConfirmations.token_hash, hashToken(token)),
          isNull(emailConfirmations.used_at),
          gt(emailConfirmations.expires_at, new Date()),
        ),
      )
      .limit(1);
    const confirmation = rows[0];
    const user = confirmation ? await findUser(tx, confirmation.user_id) : null;
    // A confirmation only counts for the address it was sent to.
    if (!confirmation || !user || user.email.toLowerCase() !== confirmation.email.toLowerCase()) {
      throw badRequest(`Campo token: ${MESSAGES.invalidConfirmation}`, 'token');
    }
    await tx.update(emailConfirmations).set({ used_at: new Date() }).where(eq(emailConfirmations.id, confirmation.id));
    await redactSecrets(tx, user.id, 'confirmation');
    await tx.update(users).set({ email_confirmed: true, updated_at: new Date() }).where(eq(users.id, user.id));
    await logActivity(tx, {
      actorId: user.id,
      action: 'user.email.confirm',
      entity: 'user',
      entityId: user.id,
      before: { email_confirmed: user.email_confirmed },
      after: { email_confirmed: true },
    });
    return { email: user.email };
  });
}
