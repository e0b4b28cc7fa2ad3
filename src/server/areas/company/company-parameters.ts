/**
 * Changes to the company's parameters and to the IOF rates by period, each in
 * one transaction with its activity-log entry. A change of the parameters
 * (all of them money: COMPANY_FOUR_EYES_PARAMETERS in the contract) needs a
 * second administrator: asking records a pending approval request (operations'
 * approvals.ts, kind 'company.parameters', entity the company: one at a time)
 * with the proposed values and those in force then (company_parameter_changes);
 * only its approval by another administrator applies them, under the
 * parameters' row lock. Two periods of one person type
 * never overlap: checked before writing, and the exclusion constraint refuses
 * the later of two written at the same time (a 409 naming it).
 */
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CompanyParameters, contract, IofPersonType } from '@shared/contract/index';
import { COMPANY_FOUR_EYES_PARAMETERS, FOUR_EYES_PARAMETER_NAMES, type FourEyesParameter, type ParameterKind, type ParameterValues } from '@shared/contract/company';
import type { Db } from '../../db/connect';
import { askSettingChange, decideSettingChange, describeApproval, pendingApproval, type Actor } from '../operations';
import type { ApprovalRequestRow } from '../operations/schema-approvals';
import { companyParameters, iofParameters } from './schema';
import { companyParameterChanges, type CompanyParameterChangeRow } from './schema-parameter-changes';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity, type Snapshot } from '../../platform/activity';
import { assertNoIofOverlap, COMPANY_MESSAGES, isIofOverlap, parametersOf, toCompanyParameters, toIofParameter } from './company';

type Args<K extends keyof typeof contract> = z.output<(typeof contract)[K]['args']>;

/**
 * IOF periods are written one at a time (a transaction-scoped advisory lock,
 * taken before the overlap check reads): concurrent inserts that each wait on
 * the other's uncommitted row under the exclusion constraint otherwise end in
 * a deadlock PostgreSQL breaks with a generic 409, instead of the overlap
 * message naming the period. Writes here are rare, so one lock for all types.
 */
async function lockIofPeriods(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('company.iof_parameters'))`);
}

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

/* ------------------------------------------- changes of the parameters (four eyes) */

export const PARAMETER_CHANGE_KIND = 'company.parameters' as const;

type ParametersRow = typeof companyParameters.$inferSelect;

/** One value the way it is stored (money at two places, rates at four), so two readings of the same value compare equal. */
function normalised(kind: ParameterKind, value: unknown): unknown {
  switch (kind) {
    case 'money':
      return new Decimal(value as string).toFixed(2);
    case 'percent':
      return new Decimal(value as string).toFixed(4);
    case 'fees':
      return (value as ParameterValues['other_fees']).map((f) => ({ name: f.name, amount: new Decimal(f.amount).toFixed(2) }));
    default:
      return value;
  }
}

/** The four-eyes parameters of a row (or of a row with a change laid over it). */
export function valuesOf(row: ParameterValues): ParameterValues {
  const out: Record<string, unknown> = {};
  for (const name of FOUR_EYES_PARAMETER_NAMES) out[name] = normalised(COMPANY_FOUR_EYES_PARAMETERS[name], row[name]);
  return out as ParameterValues;
}

/** The parameters whose value differs, in the contract's order. */
export function changedParameters(a: ParameterValues, b: ParameterValues): FourEyesParameter[] {
  return FOUR_EYES_PARAMETER_NAMES.filter((name) => JSON.stringify(a[name]) !== JSON.stringify(b[name]));
}

async function lockedParameters(tx: Db, companyId: number): Promise<ParametersRow> {
  const [row] = await tx.select().from(companyParameters).where(eq(companyParameters.company_id, companyId)).for('update');
  if (!row) throw notFound(COMPANY_MESSAGES.companyNotFound);
  return row;
}

async function changeOf(db: Db, request: ApprovalRequestRow): Promise<CompanyParameterChangeRow> {
  const [change] = await db.select().from(companyParameterChanges).where(eq(companyParameterChanges.approval_request_id, request.id));
  if (!change) throw new Error(`approval request ${request.id} has no parameter change`);
  return change;
}

/** The parameters in force as the screens read them, with the change waiting for another administrator (as `viewer` sees it). */
export async function parametersView(db: Db, companyId: number, viewer: Actor): Promise<CompanyParameters> {
  const row = await parametersOf(db, companyId);
  const request = await pendingApproval(db, PARAMETER_CHANGE_KIND, companyId);
  if (!request) return toCompanyParameters(row, null);
  const change = await changeOf(db, request);
  const before = change.before as ParameterValues;
  const proposed = change.proposed as ParameterValues;
  return toCompanyParameters(row, {
    request: await describeApproval(db, request, viewer),
    before,
    proposed,
    changed: changedParameters(before, proposed),
    asked_by_you: request.maker_id === viewer.id,
  });
}

/**
 * Asks for a change of the parameters: nothing changes yet; a pending request
 * holds the proposed values and those in force (the fields left out keep
 * theirs). Another administrator decides it (decideParametersChange).
 */
export async function requestParametersChange(db: Db, actor: Actor, args: Args<'company.updateParameters'>): Promise<CompanyParameters> {
  const { company_id, ...asked } = args;
  await db.transaction(async (tx) => {
    const row = await lockedParameters(tx, company_id);
    const before = valuesOf(row);
    const given = Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined));
    const proposed = valuesOf({ ...row, ...given });
    await askSettingChange(
      tx,
      { kind: PARAMETER_CHANGE_KIND, companyId: company_id, actor, messages: PARAMETER_CHANGE_MESSAGES },
      () => {
        if (changedParameters(before, proposed).length === 0) throw badRequest(COMPANY_MESSAGES.nothingChanged);
      },
      (requestId) => tx.insert(companyParameterChanges).values({ company_id, approval_request_id: requestId, before, proposed }),
    );
  });
  return parametersView(db, company_id, actor);
}

/** The four-eyes flow's refusals in this area's words. */
const PARAMETER_CHANGE_MESSAGES = {
  pending: COMPANY_MESSAGES.changePending,
  noPending: COMPANY_MESSAGES.noPendingChange,
  refusalReason: COMPANY_MESSAGES.refusalReason,
  changedSince: COMPANY_MESSAGES.changedSince,
  staleReason: COMPANY_MESSAGES.staleChangeReason,
};

/**
 * Another administrator's answer to the pending change: approved, the
 * proposed values apply whole (when the parameters are still those it was
 * asked against: otherwise it is cancelled and the answer is a 409); refused
 * (or withdrawn by the one who asked), nothing changes.
 */
export async function decideParametersChange(db: Db, checker: Actor, args: Args<'company.decideParameters'>): Promise<CompanyParameters> {
  await decideSettingChange(
    db,
    checker,
    { kind: PARAMETER_CHANGE_KIND, companyId: args.id, approve: args.approve, reason: args.reason, field: 'company_id', messages: PARAMETER_CHANGE_MESSAGES },
    {
      lock: (tx) => lockedParameters(tx, args.id),
      isStale: async (tx, row, request) => changedParameters(valuesOf(row), (await changeOf(tx, request)).before as ParameterValues).length > 0,
      apply: async (tx, row, request, now) => {
        const change = await changeOf(tx, request);
        const [after] = await tx
          .update(companyParameters)
          .set({ ...(change.proposed as ParameterValues), updated_at: now })
          .where(eq(companyParameters.company_id, args.id))
          .returning();
        await logActivity(tx, {
          actorId: checker.id,
          action: 'company.parameters.update',
          entity: 'company',
          entityId: args.id,
          before: parametersSnapshot(row),
          // The approver's note, if any, stays with the change it approved.
          after: { ...parametersSnapshot(after), approval_request_id: request.id, maker_id: request.maker_id, ...(args.reason ? { notes: args.reason } : {}) },
        });
      },
    },
  );
  return parametersView(db, args.id, checker);
}

export async function createIofPeriod(db: Db, actorId: number, args: Args<'company.createIofParameter'>) {
  return refusingRaces(args, () => db.transaction(async (tx) => {
    await lockIofPeriods(tx);
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
    await lockIofPeriods(tx);
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
