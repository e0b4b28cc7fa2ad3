/** Reading accounts and shaping them into the contract's records. */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AdminUser, Entrepreneur, SessionUser } from '@shared/contract/index';
import { isRoleId, type RoleId } from '@shared/roles';
import type { Db } from '../../db/connect';
import { users, type UserRow } from './schema';
import { conflict, MESSAGES } from '../../platform/http/errors';
import { revokeUserSessions } from './sessions';

function roleOf(user: UserRow): RoleId {
  // The database only ever receives role ids validated by the contract.
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has unknown role ${user.role_id}`);
  return user.role_id;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role_id: roleOf(user),
    active: user.active,
    two_factor: user.two_factor,
    force_senha: user.force_senha,
    updated_at: user.updated_at.toISOString(),
  };
}

export function toAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role_id: roleOf(user),
    active: user.active,
    two_factor: user.two_factor,
    force_senha: user.force_senha,
    email_confirmed: user.email_confirmed,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}

export function toEntrepreneur(user: UserRow): Entrepreneur {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cpf: user.cpf,
    phone: user.phone,
    state: user.state,
    city: user.city,
    active: user.active,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}

/** A live (not deleted) account by id. */
export async function findUser(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deleted_at))).limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deleted_at)))
    .limit(1);
  return rows[0] ?? null;
}

/** 409 when another live account already uses the e-mail (checked before the unique index would fail). */
export async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const where = [eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deleted_at)];
  if (exceptId !== undefined) where.push(ne(users.id, exceptId));
  const rows = await db.select({ id: users.id }).from(users).where(and(...where)).limit(1);
  if (rows.length > 0) throw conflict(MESSAGES.emailInUse, 'email');
}

/** True when the error is the unique-e-mail index firing (a race the pre-check could not see). */
export function isEmailUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The fields of an account that another area's screens edit (the entrepreneur screens of intake). */
export type AccountFields = Partial<Pick<typeof users.$inferInsert, 'name' | 'email' | 'phone' | 'cpf' | 'state' | 'city' | 'active'>>;

/**
 * Writes `fields` on `target`'s account for another area (which has checked
 * them, e-mail included, and logs its own action), stamps updated_at and
 * answers the row after; a deactivation ends the person's sessions, as every
 * deactivation here does.
 */
export async function changeAccount(tx: Db, target: UserRow, fields: AccountFields): Promise<UserRow> {
  const [updated] = await tx
    .update(users)
    .set({ ...fields, updated_at: new Date() })
    .where(eq(users.id, target.id))
    .returning();
  if (target.active && !updated.active) await revokeUserSessions(tx, target.id);
  return updated;
}

/** Makes a stored file the account's picture (uploads records it, in the same transaction). */
export async function setAvatar(tx: Db, userId: number, uploadId: number): Promise<void> {
  await tx.update(users).set({ avatar_upload_id: uploadId, updated_at: new Date() }).where(eq(users.id, userId));
}

/** Drops a removed file from any account that has it as its picture. */
export async function forgetAvatar(tx: Db, uploadId: number): Promise<void> {
  await tx.update(users).set({ avatar_upload_id: null }).where(eq(users.avatar_upload_id, uploadId));
}
