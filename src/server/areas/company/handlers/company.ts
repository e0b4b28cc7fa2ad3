/** Company parameters and IOF rates by period (the spec's "Company" calls). */
import { desc } from 'drizzle-orm';
import { iofParameters } from '../schema';
import { isRoleId } from '@shared/roles';
import type { Actor } from '../../operations';
import { requireAuth, type Handler, type HandlerContext } from '../../../platform/http/handler';
import { toIofParameter } from '../company';
import { createIofPeriod, decideParametersChange, deleteIofPeriod, parametersView, requestParametersChange, updateIofPeriod } from '../company-parameters';

function actorOf(ctx: HandlerContext): Actor {
  const { user } = requireAuth(ctx);
  if (!isRoleId(user.role_id)) throw new Error(`user ${user.id} has no known role`);
  return { id: user.id, role: user.role_id };
}

export const getParameters: Handler<'company.parameters'> = async ({ id }, ctx) => parametersView(ctx.deps.db, id, actorOf(ctx));

/** Asks for a change: it applies only when another administrator approves it (four eyes). */
export const updateParameters: Handler<'company.updateParameters'> = async (args, ctx) => requestParametersChange(ctx.deps.db, actorOf(ctx), args);

export const decideParameters: Handler<'company.decideParameters'> = async (args, ctx) => decideParametersChange(ctx.deps.db, actorOf(ctx), args);

export const listIofParameters: Handler<'company.iofParameters'> = async (_args, { deps }) => {
  const rows = await deps.db.select().from(iofParameters).orderBy(desc(iofParameters.valid_from), iofParameters.person_type);
  return rows.map(toIofParameter);
};

export const createIofParameter: Handler<'company.createIofParameter'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  return createIofPeriod(ctx.deps.db, user.id, args);
};

export const updateIofParameter: Handler<'company.updateIofParameter'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  return updateIofPeriod(ctx.deps.db, user.id, args);
};

export const deleteIofParameter: Handler<'company.deleteIofParameter'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  return deleteIofPeriod(ctx.deps.db, user.id, { id });
};
