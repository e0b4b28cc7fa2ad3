/**
 * Changes to the company's parameters and to the IOF rates by period, each in
 * one transaction with its activity-log entry. Two periods of one person type
 * never overlap: checked before writing, and the exclusion constraint refuses
 * the later of two written at the same time (a 409 naming it).
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { contract, IofPersonType } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { companyParameters, iofParameters } from './schema';
import { conflict, notFound } from '../../platform/http/errors';
import { logActivity, type Snapshot } from '../../platform/activity';
import { assertNoIofOverlap, COMPANY_MESSAGES, isIofOverlap, parametersOf, toCompanyParameters, toIofParameter } from './company';

type Args<K extends keyof typeof contract> = z.output<(typeof contract)[K]['args']>;

/** A period written at the same time as an overlapping one: the exclusion constraint refuses the later (409 naming it). */
async function refusingRaces<T>(period: { person_type: IofPersonType; valid_from: string; valid_to?: string | null }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isIofOverlap(error)) throw conflict(COMPANY_MESSAGES.iofOverlapRace(period.person_type, period.valid_from, period.valid_to ?? null), 'valid_from');
    throw error;
  }
}

function iofSnapshot(row: typeof iofParameters.$inferSelect): Snapshot {
  const { created_at: _created, updated_at: _updated, ...rest } = row;
  return rest;
}

function parametersSnapshot(row: typeof companyParameters.$inferSelect): Snapshot {
  const { updated_at: _updated, other_fees, ...rest } = row;
  return { ...rest, other_fees: JSON.stringify(other_fees) };
}

export async function updateCompanyParameters(db: Db, actorId: number, args: Args<'company.updateParameters'>) {
  return db.transaction(async (tx) => {
    const before = await parametersOf(tx, args.company_id);
    const { company_id, ...values } = args;
    const [after] = await tx
      .update(companyParameters)
      .set({ ...values, updated_at: new Date() })
      .where(eq(companyParameters.company_id, company_id))
      .returning();
    await logActivity(tx, {
      actorId,
      action: 'company.parameters.update',
      entity: 'company',
      entityId: company_id,
      before: parametersSnapshot(before),
      after: parametersSnapshot(after),
    });
    return toCompanyParameters(after);
  });
}

export async function createIofPeriod(db: Db, actorId: number, args: Args<'company.createIofParameter'>) {
  return refusingRaces(args, () => db.transaction(async (tx) => {
    const validTo = args.valid_to ?? null;
    await assertNoIofOverlap(tx, args.person_type, args.valid_from, validTo);
    const [row] = await tx
      .insert(iofParameters)
      .values({ ...args, valid_to: validTo })
      .returning();
    await logActivity(tx, { actorId: actorId, action: 'iof-parameter.create', entity: 'iof_parameter', entityId: row.id, after: iofSnapshot(row) });
    return toIofParameter(row);
  }));
}

export async function updateIofPeriod(db: Db, actorId: number, args: Args<'company.updateIofParameter'>) {
  return refusingRaces(args, () => db.transaction(async (tx) => {
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
    await logActivity(tx, { actorId: actorId, action: 'iof-parameter.update', entity: 'iof_parameter', entityId: id, before: iofSnapshot(before), after: iofSnapshot(after) });
    return toIofParameter(after);
  }));
}

export async function deleteIofPeriod(db: Db, actorId: number, { id }: { id: number }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(iofParameters).where(eq(iofParameters.id, id)).returning();
    if (!before) throw notFound();
    await logActivity(tx, { actorId: actorId, action: 'iof-parameter.delete', entity: 'iof_parameter', entityId: id, before: iofSnapshot(before) });
    return { ok: true as const };
  });
}
