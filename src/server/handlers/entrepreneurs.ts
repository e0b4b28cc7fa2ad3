/**
 * Entrepreneurs (the spec's entrepreneurs screens and "Users" calls): the list, one person with their
 * client info, the export, the staff's edit of the client info and the
 * administrators' edit of the account (e-mail, activation). Each edit is one
 * transaction with its activity-log entry.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ENTREPRENEUR_EXPORT_COLUMNS } from '../../shared/contract/index';
import { Role } from '../../shared/roles';
import type { Db } from '../db/connect';
import { users, type UserRow } from '../db/schema';
import { notFound } from '../http/errors';
import { requireAuth, type Handler } from '../http/handler';
import { logActivity } from '../services/activity';
import { clientSnapshot, entrepreneurDetail, masked, writeClientInfo } from '../services/entrepreneurs';
import { exportRows, listConditions, listOrder, type ListSpec } from '../services/list';
import { revokeUserSessions } from '../services/sessions';
import { assertEmailFree, findUser, toEntrepreneur } from '../services/users';
import { pagedUsers, withEmailConflict } from './users';

const entrepreneurListSpec: ListSpec = {
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

async function entrepreneurOr404(db: Db, id: number): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user || user.role_id !== Role.USER) throw notFound();
  return user;
}

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
  return withEmailConflict(() =>
    ctx.deps.db.transaction(async (tx) => {
      const target = await entrepreneurOr404(tx, input.id);
      if (input.email !== undefined) await assertEmailFree(tx, input.email, target.id);
      const before = await clientSnapshot(tx, target);
      const [updated] = await tx
        .update(users)
        .set({
          email: input.email ?? target.email,
          active: input.active ?? target.active,
          updated_at: new Date(),
        })
        .where(eq(users.id, target.id))
        .returning();
      if (target.active && !updated.active) await revokeUserSessions(tx, target.id);
      await logActivity(tx, {
        actorId: actor.id,
        action: 'entrepreneur.admin-update',
        entity: 'user',
        entityId: target.id,
        before,
        after: await clientSnapshot(tx, updated),
      });
      return toEntrepreneur(updated);
    }),
  );
};

export const updateEntrepreneur: Handler<'users.updateEntrepreneur'> = async (input, ctx) => {
  const { user: actor } = requireAuth(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    const target = await entrepreneurOr404(tx, input.id);
    const before = await clientSnapshot(tx, target);
    const [updated] = await tx
      .update(users)
      .set({
        name: input.name ?? target.name,
        phone: input.phone === undefined ? target.phone : input.phone || null,
        cpf: input.cpf === undefined ? target.cpf : masked.cpf(input.cpf),
        state: input.state === undefined ? target.state : input.state,
        city: input.city === undefined ? target.city : input.city || null,
        updated_at: new Date(),
      })
      .where(eq(users.id, target.id))
      .returning();
    await writeClientInfo(tx, target.id, input);
    await logActivity(tx, {
      actorId: actor.id,
      action: 'entrepreneur.update',
      entity: 'user',
      entityId: target.id,
      before,
      after: await clientSnapshot(tx, updated),
    });
    return entrepreneurDetail(tx, updated);
  });
};
