/**
 * Small fixtures for the simulations and entrepreneurs suites (and anything
 * else that wants such rows): an entrepreneur account and simulations
 * inserted with plain SQL through a server's `database.rows`, so a test owns
 * rows no seed touches. Money and rates are decimal strings, days
 * 'YYYY-MM-DD' (stored at noon in Brazil, UTC-3, so no zone moves the day).
 */
export interface SqlRunner {
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
}

export interface EntrepreneurFixture {
  name: string;
  email: string;
  cpf?: string | null;
  phone?: string | null;
  state?: string | null;
  city?: string | null;
  active?: boolean;
}

/** An entrepreneur (role USER) who cannot sign in (unusable password hash); answers the new id. */
export async function insertEntrepreneur(db: SqlRunner, person: EntrepreneurFixture): Promise<number> {
  const [row] = await db.rows<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, role_id, active, two_factor, force_senha, email_confirmed, cpf, phone, state, city)
     VALUES ($1, $2, '!fixture', 2, $3, false, false, true, $4, $5, $6, $7) RETURNING id`,
    [person.name, person.email, person.active ?? true, person.cpf ?? null, person.phone ?? null, person.state ?? null, person.city ?? null],
  );
  return row.id;
}

export interface SimulationFixture {
  userId: number;
  /** "15000.00" */
  value: string;
  plots: number;
  /** percent per month, "1.99" */
  monthlyRate: string;
  /** "1234.56" */
  installment: string;
  /** the day it was simulated, 'YYYY-MM-DD' (default: now) */
  day?: string;
  solicitationId?: number | null;
}

export async function insertSimulation(db: SqlRunner, s: SimulationFixture): Promise<number> {
  const [row] = await db.rows<{ id: number }>(
    `INSERT INTO simulations (user_id, solicitation_id, value, plots, monthly_rate, installment, created_at)
     VALUES ($1, $2, $3::numeric, $4, $5::numeric, $6::numeric, COALESCE(($7::text || 'T12:00:00-03:00')::timestamptz, now())) RETURNING id`,
    [s.userId, s.solicitationId ?? null, s.value, s.plots, s.monthlyRate, s.installment, s.day ?? null],
  );
  return row.id;
}
