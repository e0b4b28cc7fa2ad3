/** The own profile: name, e-mail and two-factor, with the checks that a weaker way in demands. */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { contract } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { users, type UserRow } from './schema';
import { maskEmail } from '../../domain/mask';
import { verifyPassword } from '../../domain/password';
import { badRequest, HttpError, MESSAGES } from '../../platform/http/errors';
import type { ServerDeps } from '../../platform/http/handler';
import { logActivity, userSnapshot } from '../../platform/activity';
import { markSucceeded, reserveAttempt } from './login-attempts';
import { withEmailConflict } from './staff-accounts';
import { assertEmailFree, toSessionUser } from './users';

type Args<K extends keyof typeof contract> = z.output<(typeof contract)[K]['args']>;

/**
 * Changing the own e-mail or turning two-factor off weakens how the account is
 * reached, so it needs the current password (counted by the sign-in lock, so
 * a left-open session cannot be used to guess it), and the old address hears
 * of it.
 */
async function assertCurrentPassword(user: UserRow, currentPassword: string | undefined, db: Db): Promise<void> {
  if (!currentPassword) throw badRequest(`Campo currentPassword: ${MESSAGES.currentPasswordRequired}`, 'currentPassword');
  const attempt = await reserveAttempt(db, user.email);
  if (attempt === null) throw new HttpError(429, MESSAGES.tooManyAttempts, undefined, 'too-many-attempts');
  if (!(await verifyPassword(currentPassword, user.password_hash))) {
    throw badRequest(`Campo currentPassword: ${MESSAGES.wrongOldPassword}`, 'currentPassword');
  }
  await markSucceeded(db, attempt);
}

async function tellOldAddress(deps: ServerDeps, db: Db, before: UserRow, after: UserRow) {
  const changes: string[] = [];
  if (before.email.toLowerCase() !== after.email.toLowerCase()) {
    changes.push(`O e-mail de acesso da sua conta foi alterado para ${maskEmail(after.email)}.`);
  }
  if (before.two_factor && !after.two_factor) changes.push('A verificação em duas etapas da sua conta foi desativada.');
  if (changes.length === 0) return;
  await deps.mailer.enqueue(db, {
    to: before.email,
    userId: before.id,
    subject: 'Alteração na segurança da sua conta',
    body: `Olá, ${before.name}.\n\n${changes.join('\n')}\n\nSe não foi você, fale com um administrador do back-office imediatamente.`,
  });
}

export async function updateOwnProfile(deps: ServerDeps, user: UserRow, input: Args<'profiles.update'>) {
  const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged || (user.two_factor && !input.two_factor)) await assertCurrentPassword(user, input.currentPassword, deps.db);
  return withEmailConflict(() =>
    deps.db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email, user.id);
      const [updated] = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          two_factor: input.two_factor,
          email_confirmed: emailChanged ? false : user.email_confirmed,
          updated_at: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      await tellOldAddress(deps, tx, user, updated);
      await logActivity(tx, {
        actorId: user.id,
        action: 'profile.update',
        entity: 'user',
        entityId: user.id,
        before: userSnapshot(user),
        after: userSnapshot(updated),
      });
      return toSessionUser(updated);
    }),
  );
}
