/**
 * Dashboard (spec §7 GET /home/all?year; design in shared/contract/dashboard.ts).
 * Three aggregate queries over the year's range of the indexed instants
 * (solicitations.created_at, the status history's moves into approved), in
 * the Brazilian calendar whatever the server's zone; sums stay numeric in SQL
 * and travel as decimal text.
 */
import { sql } from 'drizzle-orm';
import { DASHBOARD_MAX_YEAR, DASHBOARD_MIN_YEAR, DASHBOARD_SPEC_DEFAULT_YEAR, type Dashboard } from '../../shared/contract/dashboard';
import { SOLICITATION_STATUSES, type SolicitationStatus } from '../../shared/solicitation-status';
import type { Db } from '../db/connect';
import type { Handler } from '../http/handler';

/** Months and years are those of the Brazilian calendar. */
export const DASHBOARD_ZONE = 'America/Sao_Paulo';
/** The zone as an SQL literal (a constant, so every expression that names it is the same expression). */
const ZONE = sql.raw(`'${DASHBOARD_ZONE}'`);

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const yearStart = (year: number) => sql`make_timestamptz(${year}::int, 1, 1, 0, 0, 0, ${ZONE})`;

/** Years with received or approved solicitations, newest first: range probes on the indexes, never a full scan. */
export async function yearsWithData(db: Db): Promise<number[]> {
  const found = await rows<{ year: number }>(
    db,
    sql`
      WITH bounds AS (
        SELECT
          least(
            (SELECT min(created_at) FROM solicitations WHERE deleted_at IS NULL),
            (SELECT min(created_at) FROM solicitation_status_history WHERE to_status = 'approved')
          ) AS first,
          greatest(
            (SELECT max(created_at) FROM solicitations WHERE deleted_at IS NULL),
            (SELECT max(created_at) FROM solicitation_status_history WHERE to_status = 'approved')
          ) AS last
      )
      SELECT y::int AS year
      FROM bounds,
        generate_series(
          greatest(extract(year FROM first AT TIME ZONE ${ZONE})::int, ${DASHBOARD_MIN_YEAR}::int),
          least(extract(year FROM last AT TIME ZONE ${ZONE})::int, ${DASHBOARD_MAX_YEAR}::int)
        ) AS y
      WHERE first IS NOT NULL AND (
        EXISTS (
          SELECT 1 FROM solicitations s
          WHERE s.deleted_at IS NULL
            AND s.created_at >= make_timestamptz(y::int, 1, 1, 0, 0, 0, ${ZONE})
            AND s.created_at < make_timestamptz(y::int + 1, 1, 1, 0, 0, 0, ${ZONE})
        ) OR EXISTS (
          SELECT 1 FROM solicitation_status_history h
          WHERE h.to_status = 'approved'
            AND h.created_at >= make_timestamptz(y::int, 1, 1, 0, 0, 0, ${ZONE})
            AND h.created_at < make_timestamptz(y::int + 1, 1, 1, 0, 0, 0, ${ZONE})
        )
      )
      ORDER BY y DESC`,
  );
  return found.map((r) => Number(r.year));
}

interface ReceivedRow {
  month: number | null;
  status: string | null;
  by_month: number;
  by_status: number;
  n: number;
  value: string;
  converted: number;
}

interface ApprovedRow {
  month: number | null;
  n: number;
  value: string;
}

export async function dashboardFor(db: Db, year: number): Promise<Omit<Dashboard, 'defaulted' | 'years'>> {
  const from = yearStart(year);
  const to = yearStart(year + 1);
  const [received, approved] = await Promise.all([
    rows<ReceivedRow>(
      db,
      sql`
        WITH grouped AS (
          SELECT
            extract(month FROM r.created_at AT TIME ZONE ${ZONE})::int AS month,
            r.status,
            count(*) AS n,
            sum(r.lending_value) AS value,
            count(a.solicitation_id) AS converted
          FROM solicitations r
          LEFT JOIN (
            -- approvals happen after arrival: only those from the year's start can be of this year's solicitations
            SELECT DISTINCT solicitation_id FROM solicitation_status_history
            WHERE to_status = 'approved' AND created_at >= ${from}
          ) a ON a.solicitation_id = r.id
          WHERE r.deleted_at IS NULL AND r.created_at >= ${from} AND r.created_at < ${to}
          GROUP BY 1, 2
        )
        SELECT
          month,
          status,
          GROUPING(month) AS by_status,
          GROUPING(status) AS by_month,
          sum(n)::int AS n,
          coalesce(sum(value), 0)::numeric(16, 2)::text AS value,
          sum(converted)::int AS converted
        FROM grouped
        GROUP BY GROUPING SETS ((month), (status), ())`,
    ),
    rows<ApprovedRow>(
      db,
      sql`
        SELECT
          a.month,
          count(*)::int AS n,
          coalesce(sum(s.lending_value), 0)::numeric(16, 2)::text AS value
        FROM (
          SELECT solicitation_id, extract(month FROM min(created_at) AT TIME ZONE ${ZONE})::int AS month
          FROM solicitation_status_history
          WHERE to_status = 'approved' AND created_at >= ${from} AND created_at < ${to}
          GROUP BY solicitation_id
        ) a
        JOIN solicitations s ON s.id = a.solicitation_id AND s.deleted_at IS NULL
        GROUP BY GROUPING SETS ((a.month), ())`,
    ),
  ]);

  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, received: 0, approved: 0, requestedValue: '0.00', approvedValue: '0.00' }));
  const byStatus = Object.fromEntries(SOLICITATION_STATUSES.map((s) => [s, 0])) as Record<SolicitationStatus, number>;
  let total = { n: 0, value: '0.00', converted: 0 };
  for (const r of received) {
    const groupedByMonth = Number(r.by_month) === 1 && Number(r.by_status) === 0;
    const groupedByStatus = Number(r.by_status) === 1 && Number(r.by_month) === 0;
    if (groupedByMonth && r.month !== null) {
      months[Number(r.month) - 1].received = Number(r.n);
      months[Number(r.month) - 1].requestedValue = r.value;
    } else if (groupedByStatus && r.status !== null) {
      if (r.status in byStatus) byStatus[r.status as SolicitationStatus] = Number(r.n);
    } else if (Number(r.by_month) === 1 && Number(r.by_status) === 1) {
      total = { n: Number(r.n), value: r.value, converted: Number(r.converted) };
    }
  }
  let approvedTotal = { n: 0, value: '0.00' };
  for (const r of approved) {
    if (r.month === null) approvedTotal = { n: Number(r.n), value: r.value };
    else {
      months[Number(r.month) - 1].approved = Number(r.n);
      months[Number(r.month) - 1].approvedValue = r.value;
    }
  }
  const [ratios] = await rows<{ conversion: string | null; ticket: string | null }>(
    db,
    sql`SELECT
          CASE WHEN ${total.n}::int = 0 THEN NULL ELSE round(100.0 * ${total.converted}::int / ${total.n}::int, 2)::numeric(7, 2)::text END AS conversion,
          CASE WHEN ${approvedTotal.n}::int = 0 THEN NULL ELSE round(${approvedTotal.value}::numeric / ${approvedTotal.n}::int, 2)::numeric(16, 2)::text END AS ticket`,
  );
  return {
    year,
    totals: {
      received: total.n,
      byStatus,
      requestedValue: total.value,
      approved: approvedTotal.n,
      approvedValue: approvedTotal.value,
      conversionRate: ratios?.conversion ?? null,
      averageTicket: ratios?.ticket ?? null,
    },
    months,
  };
}

/** spec §9's 2020 when it has data, else the current calendar year (UTC). */
export function defaultYear(years: readonly number[], now: Date = new Date()): number {
  return years.includes(DASHBOARD_SPEC_DEFAULT_YEAR) ? DASHBOARD_SPEC_DEFAULT_YEAR : now.getUTCFullYear();
}

export const homeAll: Handler<'home.all'> = async (args, { deps }) => {
  const years = await yearsWithData(deps.db);
  const year = args.year ?? defaultYear(years);
  const figures = await dashboardFor(deps.db, year);
  return { ...figures, defaulted: args.year === undefined, years };
};

export const dashboardHandlers = { 'home.all': homeAll } as const;
