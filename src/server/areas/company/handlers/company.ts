/** Company parameters and IOF rates by period (the spec's "Company" calls). */
import { desc } from 'drizzle-orm';
import { iofParameters } from '../schema';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { parametersOf, toCompanyParameters, toIofParameter } from '../company';
import { createIofPeriod, deleteIofPeriod, updateCompanyParameters, updateIofPeriod } from '../company-parameters';

export const getParameters: Handler<'company.parameters'> = async ({ id }, { deps }) => toCompanyParameters(await parametersOf(deps.db, id));

export const updateParameters: Handler<'company.updateParameters'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  return updateCompanyParameters(ctx.deps.db, user.id, args);
};

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
