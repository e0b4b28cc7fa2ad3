/**
 * Changes to staff and entrepreneur accounts made by an administrator: create
 * (with a temporary password by e-mail), update, delete, activate or deactivate,
 * reset the password. Each checks that the actor manages the target's role and
 * writes its activity-log entry in the same transaction.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { contract } from '@shared/contract/index';
import { canManageRole, Role, type RoleId } from '@shared/roles';
import type { Db } from '../../db/connect';
import { users, type UserRow } from './schema';
import { hashPassword } from '../../domain/password';
import { generateTemporaryPassword } from '../../domain/temporary-password';
import { badRequest, conflict, forbidden, MESSAGES, notFound } from '../../platform/http/errors';
import type { ServerDeps } from '../../platform/http/handler';
import { logActivity, userSnapshot } from '../../platform/activity';
import { redactSecrets } from '../../platform/mailer';
import { revokeUserSessions } from './sessions';
import { assertEmailFree, findUser, isEmailUniqueViolation, toAdminUser } from './users';

type Args<K extends keyof typeof contract> = z.output<(typeof contract)[K]['args']>;

/** Admins may act on entrepreneurs; on staff only within the roles they manage (the spec's roles and permissions). */
export function assertCanManage(actor: UserRow, targetRole: number): void {
  if (targetRole === Role.USER) return;
  if (!canManageRole(actor.role_id as RoleId, targetRole as RoleId)) throw forbidden(MESSAGES.cannotManageRole, 'role-not-manageable');
}

export async function staffOr404(db: Db, id: number): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user || user.role_id === Role.USER) throw notFound();
  return user;
}

/** A race on the unique e-mail index becomes the same 409 the pre-check gives. */
export async function withEmailConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw conflict(MESSAGES.emailInUse, 'email');
    throw error;
  }
}

/**
 * How long a temporary password stays readable in an outbox without SMTP (the
 * sandbox's only mailbox); the forced change blanks it at once.
 */
export const TEMPORARY_PASSWORD_MAIL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

async function sendTemporaryPassword(deps: ServerDeps, db: Db, user: UserRow, password: string, reason: 'created' | 'reset') {
  const intro =
    reason === 'created'
      ? 'Uma conta foi criada para você no back-office.'
      : 'Um administrador redefiniu a sua senha do back-office.';
  await deps.mailer.enqueue(db, {
    to: user.email,
    userId: user.id,
    secret: { value: password, kind: 'temporary-password', expiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_MAIL_TTL_MS) },
    subject: reason === 'created' ? 'Sua conta no back-office' : 'Sua senha foi redefinida',
    body: `Olá, ${user.name}.\n\n${intro} Entre com a senha temporária abaixo; no primeiro acesso você vai escolher uma nova senha.\n\nSenha temporária: ${password}\n`,
  });
}

export async function createStaff(deps: ServerDeps, actor: UserRow, input: Args<'users.createAdmin'>) {
  assertCanManage(actor, input.role_id);
  if (input.role_id === Role.USER) throw forbidden(MESSAGES.cannotManageRole, 'role-not-manageable');
  const temporary = generateTemporaryPassword();
  const password_hash = await hashPassword(temporary);
  return withEmailConflict(() =>
    deps.db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      const [created] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          password_hash,
          role_id: input.role_id,
          active: input.active,
          two_factor: input.two_factor,
          force_senha: true,
          email_confirmed: false,
        })
        .returning();
      await sendTemporaryPassword(deps, tx, created, temporary, 'created');
      await logActivity(tx, { actorId: actor.id, action: 'user.create', entity: 'user', entityId: created.id, after: userSnapshot(created) });
      return toAdminUser(created);
    }),
  );
}

export async function updateStaff(db: Db, actor: UserRow, input: Args<'users.updateAdmin'>) {
  return withEmailConflict(() =>
    db.transaction(async (tx) => {
      const target = await staffOr404(tx, input.id);
      assertCanManage(actor, target.role_id);
      assertCanManage(actor, input.role_id);
      if (input.role_id === Role.USER) throw forbidden(MESSAGES.cannotManageRole, 'role-not-manageable');
      if (target.id === actor.id && input.role_id !== target.role_id) throw badRequest(MESSAGES.selfRoleChange, 'role_id');
      if (target.id === actor.id && !input.active) throw badRequest(MESSAGES.selfDeactivation, 'active');
      await assertEmailFree(tx, input.email, target.id);
      const emailChanged = input.email.toLowerCase() !== target.email.toLowerCase();
      const [updated] = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          role_id: input.role_id,
          active: input.active,
          two_factor: input.two_factor,
          email_confirmed: emailChanged ? false : target.email_confirmed,
          updated_at: new Date(),
        })
        .where(eq(users.id, target.id))
        .returning();
      if (target.active && !updated.active) await revokeUserSessions(tx, target.id);
      await logActivity(tx, {
        actorId: actor.id,
        action: 'user.update',
        entity: 'user',
        entityId: target.id,
        before: userSnapshot(target),
        after: userSnapshot(updated),
      });
      return toAdminUser(updated);
    }),
  );
}

/** Soft delete: the row stays for the records that point at it; its sessions end. */
export async function deleteAccount(db: Db, actor: UserRow, id: number) {
  await db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw notFound();
    if (target.id === actor.id) throw badRequest(MESSAGES.selfDelete);
    assertCanManage(actor, target.role_id);
    const [updated] = await tx
      .update(users)
      .set({ deleted_at: new Date(), active: false, updated_at: new Date() })
      .where(eq(users.id, target.id))
      .returning();
    await revokeUserSessions(tx, target.id);
    await logActivity(tx, {
      actorId: actor.id,
      action: 'user.delete',
      entity: 'user',
      entityId: target.id,
      before: userSnapshot(target),
      after: userSnapshot(updated),
    });
  });
}

export async function setAccountStatus(db: Db, actor: UserRow, input: { id: number; active: boolean }) {
  const { id, active } = input;
  await db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw notFound();
    assertCanManage(actor, target.role_id);
    if (target.id === actor.id && !active) throw badRequest(MESSAGES.selfDeactivation, 'active');
    const [updated] = await tx.update(users).set({ active, updated_at: new Date() }).where(eq(users.id, id)).returning();
    if (!active) await revokeUserSessions(tx, id);
    await logActivity(tx, {
      actorId: actor.id,
      action: active ? 'user.activate' : 'user.deactivate',
      entity: 'user',
      entityId: id,
      before: { active: target.active },
      after: { active: updated.active },
    });
  });
}

/**
 * A new temporary password by e-mail; the old one and every session stop
 * working. Not on one's own account (400, as removing or deactivating
 * oneself): one's own password changes in the profile, with the current one.
 */
export async function resetAccountPassword(deps: ServerDeps, actor: UserRow, id: number) {
  if (id === actor.id) throw badRequest(MESSAGES.selfPasswordReset);
  const temporary = generateTemporaryPassword();
  const password_hash = await hashPassword(temporary);
  await deps.db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw notFound();
    assertCanManage(actor, target.role_id);
    const [updated] = await tx
      .update(users)
      .set({ password_hash, force_senha: true, updated_at: new Date() })
      .where(eq(users.id, id))
      .returning();
    await revokeUserSessions(tx, id);
    // The previous temporary password no longer works: blank it where it was e-mailed.
    await redactSecrets(tx, id, 'temporary-password');
    await sendTemporaryPassword(deps, tx, updated, temporary, 'reset');
    await logActivity(tx, {
      actorId: actor.id,
      action: 'user.password.reset',
      entity: 'user',
      entityId: id,
      before: { force_senha: target.force_senha },
      after: { force_senha: true },
    });
  });
}
