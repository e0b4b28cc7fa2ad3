/**
 * Entrepreneurs (the spec's entrepreneurs screens and "Users" calls): the list, one person with their
 * client info, the export, the staff's edit of the client info and the
 * administrators' edit of the account (e-mail, activation). Each edit is one
 * transaction with its activity-log entry.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ENTREPRENEUR_EXPORT_COLUMNS, type ENTREPRENEUR_FILTERS, type ENTREPRENEUR_SORTS } from '@shared/contract/index';
import { Role } from '@shared/roles';
import { users } from '../../access/schema';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { entrepreneurDetail, entrepreneurOr404, updateEntrepreneurAccount, updateEntrepreneurInfo } from '../entrepreneurs';
import { exportRows, listConditions, listOrder, type ListSpec } from '../../../platform/list';
import { toEntrepreneur } from '../../access';
import { pagedUsers, withEmailConflict } from '../../access';

const entrepreneurListSpec: ListSpec<(typeof ENTREPRENEUR_FILTERS)[number], (typeof ENTREPRENEUR_SORTS)[number]> = {
  filters: {
    name: { kind: 'contains', column: users.name },
    email: { kind: 'contains', column: users.email },
    cpf: { kind: 'digits', column: users.cpf },
    active: { kind: 'boolean', column: users.active },
    state: { kind: 'contains', column: users.state },
    city: { kind: 'contains', column: users.city },
  },
  sorts: { id: users.id, name: users.name, email: users.email, state: users.state, city: users.city, created_at: users.created_at },
  idColumn: users.id,
};

const isEntrepreneur = eq(users.role_id, Role.USER);

export const entrepreneurs: Handler<'users.entrepreneurs'> = async (args, { deps }) => {
  const { rows, meta } = await pagedUsers(deps.db, entrepreneurListSpec, isEntrepreneur, args);
  return { items: rows.map(toEntrepreneur), meta };
};

export const entrepreneur: Handler<'users.entrepreneur'> = async ({ id }, { deps }) =>
  entrepreneurDetail(deps.db, await entrepreneurOr404(deps.db, id));

export const exportEntrepreneurs: Handler<'users.exportEntrepreneurs'> = async ({ filter, sort }, { deps }) => {
  const rows = await deps.db
    .select()
    .from(users)
    .where(and(isEntrepreneur, isNull(users.deleted_at), ...listConditions(entrepreneurListSpec, filter)))
    .orderBy(...listOrder(entrepreneurListSpec, sort));
  return exportRows(rows, ENTREPRENEUR_EXPORT_COLUMNS, toEntrepreneur);
};

export const updateAdminEntrepreneurs: Handler<'users.updateAdminEntrepreneurs'> = async (input, ctx) => {
  const { user: actor } = requireAuth(ctx);
  return withEmailConflict(async () => toEntrepreneur(await updateEntrepreneurAccount(ctx.deps.db, actor.id, input)));
};

export const updateEntrepreneur: Handler<'users.updateEntrepreneur'> = async (input, ctx) => {
  const { user: actor } = requireAuth(ctx);
  return updateEntrepreneurInfo(ctx.deps.db, actor.id, input);
};
