/** A person's simulations as the screens show them: the list's row shape, read by the simulations screens and the borrower's page. */
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Simulation } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { simulations } from './schema';

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

export function toSimulation(row: Row): Simulation {
  return { ...row, created_at: row.created_at.toISOString() };
}

export function simulationQuery(db: Db, where: SQL | undefined) {
  return db.select(columns).from(simulations).innerJoin(users, eq(users.id, simulations.user_id)).where(where);
}

export async function liveSimulationsOf(db: Db, userId: number): Promise<Simulation[]> {
  const rows = await simulationQuery(db, and(eq(simulations.user_id, userId), isNull(simulations.deleted_at))).orderBy(
    desc(simulations.created_at),
    desc(simulations.id),
  );
  return rows.map(toSimulation);
}
