/**
 * Solicitation rows for tests (and the demo seed): plain SQL through anything
 * with `rows(query, params)` — a test server's `database`, or a wrapper around
 * a Drizzle handle — so a suite owns rows no seed touches. Money is decimal
 * text ("1500.00"), birthdays 'YYYY-MM-DD'; a creation day given as
 * 'YYYY-MM-DD' is stored at noon in Brazil (UTC-3), so no time zone moves it.
 */
import type { SolicitationStatus } from '../../src/shared/solicitation-status';

export interface SqlRunner {
  rows<T>(query: string, params?: unknown[]): Promise<T[]>;
}

export interface SolicitationFixture {
  /** the applicant's account (an entrepreneur) */
  userId: number;
  status?: SolicitationStatus;
  typeCredit?: 'PF' | 'PJ';
  isForeign?: boolean;
  name?: string;
  email?: string;
  cpf?: string | null;
  cnpj?: string | null;
  legalName?: string | null;
  companyName?: string | null;
  phone?: string | null;
  state?: string | null;
  city?: string | null;
  birthday?: string | null;
  /** "1500.00" */
  lendingValue?: string;
  lendingPlotsToPay?: number;
  projectId?: number | null;
  lendingReason?: number | null;
  howDidFind?: number | null;
  partners?: Array<{ name: string; cpf: string; share: string }>;
  /** 'YYYY-MM-DD' (noon in Brazil) or an ISO instant with zone; default now */
  createdAt?: string;
  /** any other column of `solicitations`, by its SQL name (e.g. { bank_name: 'Banco X', key_pix: '…' }) */
  columns?: Record<string, string | number | boolean | null>;
}

const COLUMN_NAME = /^[a-z][a-z0-9_]*$/;

function instant(value: string | undefined): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00-03:00` : value;
}

/** Inserts one solicitation and answers its id. */
export async function insertSolicitation(db: SqlRunner, s: SolicitationFixture): Promise<number> {
  const created = instant(s.createdAt);
  const values: Record<string, unknown> = {
    user_id: s.userId,
    status: s.status ?? 'pending',
    type_credit: s.typeCredit ?? 'PF',
    is_foreign: s.isForeign ?? false,
    name: s.name ?? 'Solicitante de Teste',
    email: s.email ?? 'solicitante@teste.local',
    cpf: s.cpf ?? null,
    cnpj: s.cnpj ?? null,
    legal_name: s.legalName ?? null,
    company_name: s.companyName ?? null,
    phone: s.phone ?? null,
    state: s.state ?? null,
    city: s.city ?? null,
    birthday: s.birthday ?? null,
    lending_value: s.lendingValue ?? '1000.00',
    lending_plots_to_pay: s.lendingPlotsToPay ?? 12,
    project_id: s.projectId ?? null,
    lending_reason: s.lendingReason ?? null,
    how_did_find: s.howDidFind ?? null,
    partners: JSON.stringify(s.partners ?? []),
    ...s.columns,
  };
  if (created) {
    values.created_at = created;
    values.updated_at = created;
    values.status_changed_at = created;
  }
  const names = Object.keys(values);
  for (const n of names) if (!COLUMN_NAME.test(n)) throw new Error(`not a column name: ${n}`);
  const placeholders = names.map((n, i) => (n === 'partners' ? `$${i + 1}::jsonb` : `$${i + 1}`));
  const [row] = await db.rows<{ id: number }>(
    `INSERT INTO solicitations (${names.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`,
    names.map((n) => values[n]),
  );
  return row.id;
}

/** A status history entry (the seed's timeline; the server writes its own on every change). */
export async function insertStatusHistory(
  db: SqlRunner,
  h: { solicitationId: number; from: SolicitationStatus | null; to: SolicitationStatus; reason?: string | null; actorId?: number | null; at?: string },
): Promise<number> {
  const [row] = await db.rows<{ id: number }>(
    `INSERT INTO solicitation_status_history (solicitation_id, from_status, to_status, reason, actor_id, created_at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now())) RETURNING id`,
    [h.solicitationId, h.from, h.to, h.reason ?? null, h.actorId ?? null, instant(h.at)],
  );
  return row.id;
}
