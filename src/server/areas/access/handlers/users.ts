/** Staff accounts, entrepreneurs and the own profile (the spec's "Users" calls plus the generic status/reset calls). */
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { ADMIN_USER_EXPORT_COLUMNS, type ADMIN_USER_FILTERS, type ADMIN_USER_SORTS } from '@shared/contract/index';
import { ALL_ROLE_IDS, Role } from '@shared/roles';
import { users } from '../schema';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { exportRows, listConditions, listOrder, type ListSpec } from '../../../platform/list';
import { pagedUsers } from '../user-lists';
import { updateOwnProfile } from '../profile';
import { createStaff, deleteAccount, resetAccountPassword, setAccountStatus, staffOr404, updateStaff } from '../staff-accounts';
import { eraseAccount } from '../user-erase';
import { toAdminUser } from '../users';


const adminListSpec: ListSpec<(typeof ADMIN_USER_FILTERS)[number], (typeof ADMIN_USER_SORTS)[number]> = {
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
  return createStaff(ctx.deps, actor, input);
};

export const updateAdmin: Handler<'users.updateAdmin'> = async (input, ctx) => {
  const { user: actor } = requireAuth(ctx);
  return updateStaff(ctx.deps.db, actor, input);
};

export const deleteUser: Handler<'users.delete'> = async ({ id }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  await deleteAccount(ctx.deps.db, actor, id);
  return { ok: true as const };
};

export const eraseUser: Handler<'users.erase'> = async ({ id }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  return eraseAccount(ctx.deps, actor, id);
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
  await setAccountStatus(ctx.deps.db, actor, { id, active });
  return { ok: true as const };
};

export const resetPassword: Handler<'users.resetPassword'> = async ({ id }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  await resetAccountPassword(ctx.deps, actor, id);
  return { ok: true as const };
};

export const updateProfile: Handler<'profiles.update'> = async (input, ctx) => {
  const { user } = requireAuth(ctx);
  return updateOwnProfile(ctx.deps, user, input);
};
