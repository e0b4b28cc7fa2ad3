/**
 * Simulations (the spec's validation rules and calls): the list with its filters (the person's name,
 * the value range, the period) and sorts, one person's simulations, the
 * soft delete and the export rows. List, count and export read the same
 * conditions, so an export is exactly what the list shows.
 */
import { and, asc, desc, eq, gte, ilike, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  isCalendarDay,
  pageMeta,
  SIMULATION_EXPORT_COLUMNS,
  SIMULATION_EXPORT_MAX,
  SIMULATION_FILTERS,
  type Simulation,
} from '@shared/contract/index';
import { ownValue } from '@shared/query';
import { Role } from '@shared/roles';
import type { Db } from '../../../db/connect';
import { users } from '../../access/schema';
import { simulations } from '../schema';
import { containsPattern } from '../../../domain/like';
import { badRequest, MESSAGES, notFound } from '../../../platform/http/errors';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { deleteSimulation as removeSimulation } from '../simulations';
import { findUser } from '../../access';
import { exportRows } from '../../../platform/list';

type SortInput = { field?: string | null; order?: string | null } | null | undefined;

/** Brazil has had no daylight saving since 2019: a calendar day starts at 00:00 in UTC-3. */
const BR_OFFSET = '-03:00';
const DAY_MS = 86_400_000;
/** Amounts as the contract carries them: decimal text with at most two places, below numeric(14,2)'s limit. */
const AMOUNT = /^\d{1,12}(?:\.\d{1,2})?$/;

const SORT_COLUMNS = {
  created_at: simulations.created_at,
  name: users.name,
  value: simulations.value,
  plots: simulations.plots,
  monthly_rate: simulations.monthly_rate,
  installment: simulations.installment,
} as const;

const columns = {
  id: simulations.id,
  user_id: simulations.user_id,
  name: users.name,
  solicitation_id: simulations.solicitation_id,
  value: simulations.value,
  plots: simulations.plots,
  monthly_rate: simulations.monthly_rate,
  installment: simulations.installment,
  created_at: simulations.created_at,
};

type Row = Omit<Simulation, 'created_at'> & { created_at: Date };

function toSimulation(row: Row): Simulation {
  return { ...row, created_at: row.created_at.toISOString() };
}

function single(name: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value) || typeof value === 'object') throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
  const text = String(value).trim();
  return text === '' ? null : text;
}

function dayStart(name: string, text: string): Date {
  if (!isCalendarDay(text)) throw badRequest(`Campo filter.${name}: data inválida: use AAAA-MM-DD`, `filter.${name}`);
  return new Date(Date.parse(`${text}T00:00:00${BR_OFFSET}`));
}

function amount(name: string, text: string): string {
  if (!AMOUNT.test(text)) throw badRequest(`Campo filter.${name}: informe um valor em reais com até duas casas decimais (ex.: 1500.50)`, `filter.${name}`);
  return text;
}

export function simulationConditions(filter: Record<string, unknown> | undefined): SQL[] {
  const out: SQL[] = [isNull(simulations.deleted_at)];
  for (const [name, value] of Object.entries(filter ?? {})) {
    if (!(SIMULATION_FILTERS as readonly string[]).includes(name)) throw badRequest(MESSAGES.unknownFilter(name), `filter.${name}`);
    const text = single(name, value);
    if (text === null) continue;
    switch (name) {
      case 'name':
        if (text.length > 200) throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
        out.push(ilike(users.name, containsPattern(text)));
        break;
      case 'valueStart':
        out.push(sql`${simulations.value} >= ${amount(name, text)}::numeric`);
        break;
      case 'valueEnd':
        out.push(sql`${simulations.value} <= ${amount(name, text)}::numeric`);
        break;
      case 'from':
        out.push(gte(simulations.created_at, dayStart(name, text)));
        break;
      case 'to':
        // The whole last day is included.
        out.push(lt(simulations.created_at, new Date(dayStart(name, text).getTime() + DAY_MS)));
        break;
    }
  }
  return out;
}

/** Newest first by default; any sort ends in (created_at, id) so pages never overlap. */
export function simulationOrder(sort: SortInput): SQL[] {
  if (!sort || !sort.field || !sort.order) return [desc(simulations.created_at), desc(simulations.id)];
  const column = ownValue<(typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS]>(SORT_COLUMNS, sort.field);
  if (!column) throw badRequest(MESSAGES.unknownSort(sort.field), 'sort');
  const dir = sort.order.toUpperCase() === 'ASC' || sort.order.toLowerCase().startsWith('asc') ? asc : desc;
  if (sort.field === 'created_at') return [dir(simulations.created_at), dir(simulations.id)];
  return [dir(column), desc(simulations.created_at), desc(simulations.id)];
}

function query(db: Db, where: SQL | undefined) {
  return db.select(columns).from(simulations).innerJoin(users, eq(users.id, simulations.user_id)).where(where);
}

export const listSimulations: Handler<'simulations.all'> = async (args, { deps }) => {
  const where = and(...simulationConditions(args.filter));
  const [rows, [{ count }]] = await Promise.all([
    query(deps.db, where)
      .orderBy(...simulationOrder(args.sort))
      .limit(args.limit)
      .offset((args.page - 1) * args.limit),
    deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(simulations)
      .innerJoin(users, eq(users.id, simulations.user_id))
      .where(where),
  ]);
  return { items: rows.map(toSimulation), meta: pageMeta(args.page, args.limit, Number(count)) };
};

/** One person's live simulations, newest first (also a borrower's, by its user_id). */
export async function liveSimulationsOf(db: Db, userId: number): Promise<Simulation[]> {
  const rows = await query(db, and(eq(simulations.user_id, userId), isNull(simulations.deleted_at))).orderBy(
    desc(simulations.created_at),
    desc(simulations.id),
  );
  return rows.map(toSimulation);
}

export const simulationsByUser: Handler<'simulations.byUser'> = async ({ id }, { deps }) => {
  const person = await findUser(deps.db, id);
  if (!person || person.role_id !== Role.USER) throw notFound();
  return liveSimulationsOf(deps.db, id);
};

export const deleteSimulation: Handler<'simulations.delete'> = async ({ id }, ctx) => {
  const { user: actor } = requireAuth(ctx);
  await removeSimulation(ctx.deps.db, actor.id, id);
  return { ok: true as const };
};

export const exportSimulations: Handler<'simulations.export'> = async ({ filter, sort }, { deps }) => {
  const rows = await query(deps.db, and(...simulationConditions(filter)))
    .orderBy(...simulationOrder(sort))
    .limit(SIMULATION_EXPORT_MAX);
  return exportRows(rows, SIMULATION_EXPORT_COLUMNS, toSimulation);
};
