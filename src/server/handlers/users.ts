/** Staff accounts, entrepreneurs and the own profile (the spec's "Users" calls plus the generic status/reset calls). */
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { ADMIN_USER_EXPORT_COLUMNS, pageMeta } from '../../shared/contract/index';
import { ALL_ROLE_IDS, canManageRole, Role, type RoleId } from '../../shared/roles';
import type { Db } from '../db/connect';
import { activityLog, uploads, users, type UserRow } from '../db/schema';
import { maskEmail } from '../domain/mask';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../domain/password';
import { generateTemporaryPassword } from '../domain/temporary-password';
import { badRequest, conflict, forbidden, HttpError, MESSAGES, notFound } from '../http/errors';
import { requireAuth, type Handler, type ServerDeps } from '../http/handler';
import { logActivity, PERSONAL_SNAPSHOT_FIELDS, userSnapshot } from '../services/activity';
import { closeRequestsOnErase } from '../services/lgpd';
import { eraseAttemptsOf, markSucceeded, reserveAttempt } from '../services/login-attempts';
import { eraseLimitsOf } from '../services/rate-limit';
import { recoveryLimitKeys } from '../services/recovery';
import { eraseOutboxOf, redactSecrets } from '../services/mailer';
import { exportRows, listConditions, listOrder, type ListSpec } from '../services/list';
import { eraseFromBroadcasts } from '../services/messages-recipients';
import { eraseCreditIntakeOf } from '../services/intake-erase';
import { eraseBorrowersOf } from '../services/borrower-erase';
import { handOverSolicitationFiles } from '../services/solicitations-documents';
import { revokeUserSessions } from '../services/sessions';
import { removeFile } from '../services/storage';
import { assertEmailFree, findUser, isEmailUniqueViolation, toAdminUser, toSessionUser } from '../services/users';


const adminListSpec: ListSpec = {
  filters: {
    name: { kind: 'contains', column: users.name },
    email: { kind: 'contains', column: users.email },
    role_id: { kind: 'int-in', column: users.role_id, allowed: ALL_ROLE_IDS },
    active: { kind: 'boolean', column: users.active },
  },
  sorts: {
    id: users.id,
    name: users.name,
    email: users.email,
    role_id: users.role_id,
    active: users.active,
    created_at: users.created_at,
    updated_at: users.updated_at,
  },
  idColumn: users.id,
};

const isStaff = ne(users.role_id, Role.USER);
const live = isNull(users.deleted_at);

/** One page of accounts of a kind (staff, entrepreneurs) under a list declaration. */
export async function pagedUsers(db: Db, spec: ListSpec, base: ReturnType<typeof eq>, args: ListArgsOut) {
  const where = and(base, live, ...listConditions(spec, args.filter));
  const order = listOrder(spec, args.sort);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(args.limit)
    .offset((args.page - 1) * args.limit);
  return { rows, meta: pageMeta(args.page, args.limit, Number(count)) };
}

export interface ListArgsOut {
  page: number;
  limit: number;
  filter?: Record<string, unknown>;
  sort?: { field?: string | null; order?: string | null } | null;
}

/** Admins may act on entrepreneurs; on staff only within the roles they manage (the spec's roles and permissions). */
function assertCanManage(actor: UserRow, targetRole: number): void {
  if (targetRole === Role.USER) return;
  if (!canManageRole(actor.role_id as RoleId, targetRole as RoleId)) throw forbidden(MESSAGES.cannotManageRole, 'role-not-manageable');
}

async function staffOr404(db: Db, id: number): Promise<UserRow> {
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

export const admins: Handler<'users.admins'> = async (args, { deps }) => {
  const { rows, meta } = await pagedUsers(deps.db, adminListSpec, isStaff, args);
  return { items: rows.map(toAdminUser), meta };
};

export const byId: Handler<'users.byId'> = async ({ id }, { deps }) => toAdminUser(await staffOr404(deps.db, id));

export const exportUsers: Handler<'users.export'> = async ({ filter, sort }, { deps }) => {
  const rows = await deps.db
    .select()
    .from(users)
    .where(and(isStaff, live, ...listConditions(adminListSpec, filter)))
    .orderBy(...listOrder(adminListSpec, sort));
  return exportRows(rows, ADMIN_USER_EXPORT_COLUMNS, toAdminUser);
};

export const createAdmin: Handler<'users.createAdmin'> = async (input, ctx) => {
  const { user: actor } = requireAuth(ctx);
  assertCanManage(actor, input.role_id);
  if (input.role_id === Role.USER) throw forbidden(MESSAGES.cannotManageRole, 'role-not-manageable');
  const temporary = generateTemporaryPassword();
  const password_hash = await hashPassword(temporary);
  return withEmailConflict(() =>
    ctx.deps.db.transaction(async (tx) => {
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
      await sendTemporaryPassword(ctx.deps, tx, created, temporary, 'created');
      await logActivity(tx, { actorId: actor.id, action: 'user.create', entity: 'user', entityId: created.id, after: userSnapshot(created) });
      return toAdminUser(created);
    }),
  );
};

export const updateAdmin: Handler<'users.updateAdmin'> = async (input, ctx) => {
  const { user: actor } = requireAuth(ctx);
  return withEmailConflict(() =>
    ctx.deps.db.transaction(async (tx) => {
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
};

export const deleteUser: Handler<'users.delete'> = async ({ id }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  await ctx.deps.db.transaction(async (tx) => {
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
  return { ok: true as const };
};

/**
 * LGPD erase: personal data replaced, tokens revoked, uploads removed, and
 * the personal fields scrubbed from earlier log entries. The row itself stays
 * (anonymised) because other records the law requires point at it.
 */
export const eraseUser: Handler<'users.erase'> = async ({ id }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  const { db, uploadsDir } = ctx.deps;
  const result = await db.transaction(async (tx) => {
    const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    const target = rows[0];
    if (!target) throw notFound();
    if (target.anonymised_at) return { erased: true, alreadyErased: true, files: [] as string[] };
    if (target.id === actor.id) throw badRequest(MESSAGES.selfDelete);
    assertCanManage(actor, target.role_id);
    // Before the e-mail is replaced: the outbox rows are found by it too.
    const mailsRemoved = await eraseOutboxOf(tx, target);
    await eraseAttemptsOf(tx, target.email);
    await eraseLimitsOf(tx, recoveryLimitKeys(target.email));
    const now = new Date();
    await tx
      .update(users)
      .set({
        name: 'Titular anonimizado',
        email: `anonimizado-${target.id}@anonimizado.invalid`,
        cpf: null,
        phone: null,
        state: null,
        city: null,
        password_hash: unusablePasswordHash(),
        avatar_upload_id: null,
        active: false,
        two_factor: false,
        deleted_at: target.deleted_at ?? now,
        anonymised_at: now,
        updated_at: now,
      })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
    await eraseFromBroadcasts(tx, target);
    // The intake's rows point at their files, so they go first (services/intake-erase.ts says what stays).
    const intake = await eraseCreditIntakeOf(tx, target.id);
    // Borrowers without credit operations go; those with operations stay (legal retention: services/borrower-erase.ts).
    const borrowerErasure = await eraseBorrowersOf(tx, target.id);
    await handOverSolicitationFiles(tx, target.id);
    const files = await tx
      .delete(uploads)
      .where(intake.uploadIds.length ? or(eq(uploads.owner_id, target.id), inArray(uploads.id, intake.uploadIds)) : eq(uploads.owner_id, target.id))
      .returning({ path: uploads.storage_path });
    let scrub = sql`${activityLog.before}`;
    let scrubAfter = sql`${activityLog.after}`;
    for (const field of PERSONAL_SNAPSHOT_FIELDS) {
      scrub = sql`(${scrub}) - ${field}::text`;
      scrubAfter = sql`(${scrubAfter}) - ${field}::text`;
    }
    await tx
      .update(activityLog)
      .set({ before: scrub, after: scrubAfter })
      .where(and(eq(activityLog.entity, 'user'), eq(activityLog.entity_id, target.id)));
    await logActivity(tx, {
      actorId: actor.id,
      action: 'user.erase',
      entity: 'user',
      entityId: target.id,
      before: { role_id: target.role_id },
      after: {
        anonymised: true,
        uploads_removed: files.length,
        messages_removed: mailsRemoved,
        solicitations_anonymised: intake.solicitations,
        comments_removed: intake.comments,
        bureau_reports_removed: intake.bureauReports,
        borrowers_removed: borrowerErasure.removed,
        borrowers_kept: borrowerErasure.kept,
      },
    });
    await closeRequestsOnErase(tx, target.id, actor.id, files.length);
    return { erased: true, alreadyErased: false, files: [...files.map((f) => f.path), ...borrowerErasure.files] };
  });
  for (const file of result.files) await removeFile(uploadsDir, file);
  return { erased: result.erased, alreadyErased: result.alreadyErased };
};

export const creditOperators: Handler<'users.creditOperators'> = async (_args, { deps }) =>
  deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role_id, Role.AGENT), eq(users.active, true), live))
    .orderBy(asc(users.name), asc(users.id));

export const listActives: Handler<'users.listActives'> = async (_args, { deps }) =>
  deps.db
    .select({ id: users.id, name: users.name, role_id: users.role_id })
    .from(users)
    .where(and(isStaff, eq(users.active, true), live))
    .orderBy(asc(users.name), asc(users.id));

export const setStatus: Handler<'users.setStatus'> = async ({ id, active }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  await ctx.deps.db.transaction(async (tx) => {
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
  return { ok: true as const };
};

export const resetPassword: Handler<'users.resetPassword'> = async ({ id }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  const temporary = generateTemporaryPassword();
  const password_hash = await hashPassword(temporary);
  await ctx.deps.db.transaction(async (tx) => {
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
    await sendTemporaryPassword(ctx.deps, tx, updated, temporary, 'reset');
    await logActivity(tx, {
      actorId: actor.id,
      action: 'user.password.reset',
      entity: 'user',
      entityId: id,
      before: { force_senha: target.force_senha },
      after: { force_senha: true },
    });
  });
  return { ok: true as const };
};

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

export const updateProfile: Handler<'profiles.update'> = async (input, ctx) => {
  const { user } = requireAuth(ctx);
  const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged || (user.two_factor && !input.two_factor)) await assertCurrentPassword(user, input.currentPassword, ctx.deps.db);
  return withEmailConflict(() =>
    ctx.deps.db.transaction(async (tx) => {
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
      await tellOldAddress(ctx.deps, tx, user, updated);
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
};
