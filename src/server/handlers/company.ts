/** Company parameters and IOF rates by period (the spec's "Company" calls). */
import { desc, eq } from 'drizzle-orm';
import type { IofPersonType } from '../../shared/contract/index';
import { companyParameters, iofParameters } from '../db/schema-company';
import { conflict, notFound } from '../http/errors';
import { requireAuth, type Handler } from '../http/handler';
import { logActivity, type Snapshot } from '../services/activity';
import { assertNoIofOverlap, COMPANY_MESSAGES, isIofOverlap, parametersOf, toCompanyParameters, toIofParameter } from '../services/company';

function parametersSnapshot(row: typeof companyParameters.$inferSelect): Snapshot {
  const { updated_at: _updated, other_fees, ...rest } = row;
  return { ...rest, other_fees: JSON.stringify(other_fees) };
}

function iofSnapshot(row: typeof iofParameters.$inferSelect): Snapshot {
  const { created_at: _created, updated_at: _updated, ...rest } = row;
  return rest;
}

export const getParameters: Handler<'company.parameters'> = async ({ id }, { deps }) => toCompanyParameters(await parametersOf(deps.db, id));

export const updateParameters: Handler<'company.updateParameters'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    const before = await parametersOf(tx, args.company_id);
    const { company_id, ...values } = args;
    const [after] = await tx
      .update(companyParameters)
      .set({ ...values, updated_at: new Date() })
      .where(eq(companyParameters.company_id, company_id))
      .returning();
    await logActivity(tx, {
      actorId: user.id,
      action: 'company.parameters.update',
      entity: 'company',
      entityId: company_id,
      before: parametersSnapshot(before),
      after: parametersSnapshot(after),
    });
    return toCompanyParameters(after);
  });
};

export const listIofParameters: Handler<'company.iofParameters'> = async (_args, { deps }) => {
  const rows = await deps.db.select().from(iofParameters).orderBy(desc(iofParameters.valid_from), iofParameters.person_type);
  return rows.map(toIofParameter);
};

/** A period written at the same time as an overlapping one: the exclusion constraint refuses the later (409 naming it). */
async function refusingRaces<T>(period: { person_type: IofPersonType; valid_from: string; valid_to?: string | null }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isIofOverlap(error)) throw conflict(COMPANY_MESSAGES.iofOverlapRace(period.person_type, period.valid_from, period.valid_to ?? null), 'valid_from');
    throw error;
  }
}

export const createIofParameter: Handler<'company.createIofParameter'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  return refusingRaces(args, () => ctx.deps.db.transaction(async (tx) => {
    const validTo = args.valid_to ?? null;
    await assertNoIofOverlap(tx, args.person_type, args.valid_from, validTo);
    const [row] = await tx
      .insert(iofParameters)
      .values({ ...args, valid_to: validTo })
      .returning();
    await logActivity(tx, { actorId: user.id, action: 'iof-parameter.create', entity: 'iof_parameter', entityId: row.id, after: iofSnapshot(row) });
    return toIofParameter(row);
  }));
};

export const updateIofParameter: Handler<'company.updateIofParameter'> = async (args, ctx) => {
  const { user } = requireAuth(ctx);
  return refusingRaces(args, () => ctx.deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(iofParameters).where(eq(iofParameters.id, args.id)).limit(1);
    if (!before) throw notFound();
    const validTo = args.valid_to ?? null;
    await assertNoIofOverlap(tx, args.person_type, args.valid_from, validTo, args.id);
    const { id, ...values } = args;
    const [after] = await tx
      .update(iofParameters)
      .set({ ...values, valid_to: validTo, legal_basis: args.legal_basis ?? before.legal_basis, updated_at: new Date() })
      .where(eq(iofParameters.id, id))
      .returning();
    await logActivity(tx, { actorId: user.id, action: 'iof-parameter.update', entity: 'iof_parameter', entityId: id, before: iofSnapshot(before), after: iofSnapshot(after) });
    return toIofParameter(after);
  }));
};

export const deleteIofParameter: Handler<'company.deleteIofParameter'> = async ({ id }, ctx) => {
  const { user } = requireAuth(ctx);
  return ctx.deps.db.transaction(async (tx) => {
    const [before] = await tx.delete(iofParameters).where(eq(iofParameters.id, id)).returning();
    if (!before) throw notFound();
    await logActivity(tx, { actorId: user.id, action: 'iof-parameter.delete', entity: 'iof_parameter', entityId: id, before: iofSnapshot(before) });
    return { ok: true as const };
  });
};
