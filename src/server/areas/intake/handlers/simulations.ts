/**
 * Simulations (the spec's validation rules and calls): the list with its filters (the person's name,
 * the value range, the period) and sorts, one person's simulations, the
 * soft delete and the export rows. List, count and export read the same
 * conditions, so an export is exactly what the list shows.
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  pageMeta,
  SIMULATION_EXPORT_COLUMNS,
  SIMULATION_EXPORT_MAX,
  type SIMULATION_FILTERS,
  type SIMULATION_SORTS,
} from '@shared/contract/index';
import { Role } from '@shared/roles';
import { users } from '../../access/schema';
import { simulations } from '../schema';
import { notFound } from '../../../platform/http/errors';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import { deleteSimulation as removeSimulation } from '../simulations';
import { liveSimulationsOf, simulationQuery as query, toSimulation } from '../simulation-reads';
import { findUser } from '../../access';
import { exportRows, listConditions, listOrder, ordered, type ListSpec } from '../../../platform/list';

type SortInput = { field?: string | null; order?: string | null } | null | undefined;

/** The list's filters and sorts, named by the contract (SIMULATION_FILTERS / _SORTS); newest first by default. */
const SIMULATION_LIST: ListSpec<(typeof SIMULATION_FILTERS)[number], (typeof SIMULATION_SORTS)[number]> = {
  filters: {
    name: { kind: 'contains', column: users.name },
    valueStart: { kind: 'money-min', column: simulations.value, plain: true },
    valueEnd: { kind: 'money-max', column: simulations.value, plain: true },
    from: { kind: 'since', column: simulations.created_at },
    to: { kind: 'until', column: simulations.created_at },
  },
  sorts: {
    created_at: simulations.created_at,
    name: users.name,
    value: simulations.value,
    plots: simulations.plots,
    monthly_rate: simulations.monthly_rate,
    installment: simulations.installment,
  },
  idColumn: simulations.id,
  defaultOrder: [desc(simulations.created_at), desc(simulations.id)],
  // Any sort ends in (created_at, id) so pages never overlap.
  tiebreak: (direction, field) =>
    field === 'created_at' ? [ordered(direction, simulations.id)] : [desc(simulations.created_at), desc(simulations.id)],
  maxText: 200,
};

export function simulationConditions(filter: Record<string, unknown> | undefined): SQL[] {
  return [isNull(simulations.deleted_at), ...listConditions(SIMULATION_LIST, filter)];
}

export function simulationOrder(sort: SortInput): SQL[] {
  return listOrder(SIMULATION_LIST, sort);
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
