/** Password recovery by a code sent by e-mail, self-registration and e-mail confirmation. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Role } from '../../shared/roles';
import type { Db } from '../db/connect';
import { emailConfirmations, recoveryCodes, users } from '../db/schema';
import { maskEmail } from '../domain/mask';
import { hashPassword } from '../domain/password';
import { generateRecoveryCode, generateToken, hashToken, normaliseRecoveryCode } from '../domain/tokens';
import { badRequest, conflict, MESSAGES, notFound } from '../http/errors';
import type { Handler, ServerDeps } from '../http/handler';
import { logActivity, userSnapshot } from '../services/activity';
import { revokeUserSessions } from '../services/sessions';
import { assertEmailFree, findUser, findUserByEmail, isEmailUniqueViolation } from '../services/users';

export const RECOVERY_TTL_MS = 30 * 60 * 1000;
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;

async function liveRecoveryCode(db: Db, code: string) {
  const rows = await db
    .select()
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.code_hash, hashToken(normaliseRecoveryCode(code))),
        isNull(recoveryCodes.used_at),
        gt(recoveryCodes.expires_at, new Date()),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const user = await findUser(db, row.user_id);
  return user ? { row, user } : null;
}

export const recoverRequest: Handler<'recover.request'> = async ({ email }, { deps }) => {
  const user = await findUserByEmail(deps.db, email);
  // The answer is the same whether or not the e-mail exists, so it cannot be used to probe accounts.
  if (user && user.anonymised_at === null) {
    const code = generateRecoveryCode(8);
    await deps.db.transaction(async (tx) => {
      await tx.insert(recoveryCodes).values({
        code_hash: hashToken(code),
        user_id: user.id,
        expires_at: new Date(Date.now() + RECOVERY_TTL_MS),
      });
      await deps.mailer.enqueue(tx, {
        to: user.email,
        subject: 'Recuperação de senha',
        body: `Olá, ${user.name}.\n\nRecebemos um pedido para redefinir a sua senha. Informe o código abaixo no aplicativo; ele vale por 30 minutos e só pode ser usado uma vez.\n\nCódigo: ${code}\n\nSe não foi você, ignore este e-mail: sua senha continua a mesma.`,
      });
      await logActivity(tx, { actorId: null, action: 'user.password.recover-request', entity: 'user', entityId: user.id });
    });
  }
  return { ok: true as const };
};

export const recoverVerifyHash: Handler<'recover.verifyHash'> = async ({ hash }, { deps }) => ({
  valid: (await liveRecoveryCode(deps.db, hash)) !== null,
});

export const recoverGet: Handler<'recover.get'> = async ({ hash }, { deps }) => {
  const found = await liveRecoveryCode(deps.db, hash);
  if (!found) throw notFound(MESSAGES.invalidRecoveryCode);
  return { email: maskEmail(found.user.email), expiresAt: found.row.expires_at.toISOString() };
};

export const recoverChangePass: Handler<'recover.changePass'> = async ({ hash, password }, { deps }) => {
  const password_hash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const found = await liveRecoveryCode(tx, hash);
    if (!found) throw badRequest(`Campo hash: ${MESSAGES.invalidRecoveryCode}`, 'hash');
    await tx.update(recoveryCodes).set({ used_at: new Date() }).where(eq(recoveryCodes.user_id, found.user.id));
    await tx
      .update(users)
      .set({ password_hash, force_senha: false, updated_at: new Date() })
      .where(eq(users.id, found.user.id));
    await revokeUserSessions(tx, found.user.id);
    await logActivity(tx, {
      actorId: found.user.id,
      action: 'user.password.recover',
      entity: 'user',
      entityId: found.user.id,
      after: { password_changed: true },
    });
  });
  return { ok: true as const };
};

export async function sendConfirmation(deps: ServerDeps, db: Db, user: { id: number; name: string; email: string }) {
  const token = generateToken();
  await db.insert(emailConfirmations).values({
    token_hash: hashToken(token),
    user_id: user.id,
    email: user.email,
    expires_at: new Date(Date.now() + CONFIRMATION_TTL_MS),
  });
  await deps.mailer.enqueue(db, {
    to: user.email,
    subject: 'Confirme seu e-mail',
    body: `Olá, ${user.name}.\n\nConfirme o seu e-mail no aplicativo (Confirmar e-mail) com o código abaixo. Ele vale por 48 horas.\n\nToken: ${token}\n\nDepois da confirmação, um administrador precisa ativar a sua conta.`,
  });
}

export const register: Handler<'users.register'> = async ({ name, email, password }, { deps }) => {
  const password_hash = await hashPassword(password);
  try {
    return await deps.db.transaction(async (tx) => {
      await assertEmailFree(tx, email);
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
      return { id: user.id, email: user.email };
    });
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw conflict(MESSAGES.emailInUse, 'email');
    throw error;
  }
};

export const confirmEmail: Handler<'users.confirmEmail'> = async ({ token }, { deps }) =>
  deps.db.transaction(async (tx) => {
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
