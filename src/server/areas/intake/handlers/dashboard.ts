/**
 * Dashboard (the spec's call GET /home/all?year; design in shared/contract/dashboard.ts).
 * Reads the per-month figures that migration 0014's triggers keep in step with
 * the solicitations and their status history (months of the Brazilian
 * calendar, America/Sao_Paulo, whatever the server's zone), so the cost of an
 * answer does not grow with the number of solicitations: one query over at
 * most a few hundred small rows. Sums stay numeric in SQL and travel as
 * decimal text; the two ratios are decimal.js.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { DASHBOARD_MAX_YEAR, DASHBOARD_MIN_YEAR, DASHBOARD_SPEC_DEFAULT_YEAR, type Dashboard } from '@shared/contract/dashboard';
import { SOLICITATION_STATUSES, type SolicitationStatus } from '@shared/solicitation-status';
import type { Db } from '../../../db/connect';
import type { Handler } from '../../../platform/http/handler';

/** One row of the answer's query; `kind` says which figure it carries. */
interface FigureRow {
  kind: 'year' | 'month' | 'status' | 'total' | 'approved-month' | 'approved-total';
  /** the month (1–12), or the year for kind 'year' */
  at: number | null;
  status: string | null;
  n: number | null;
  value: string | null;
  converted: number | null;
}

/**
 * Every figure of `year` (or of the server's default year, found in the same
 * query: 2020 when it has data) and the years with data, newest first.
 */
async function figureRows(db: Db, year: number | null, fallbackYear: number): Promise<FigureRow[]> {
  const result = await db.execute(sql`
    WITH years AS (
      SELECT DISTINCT extract(year FROM month)::int AS y
      FROM (SELECT month FROM dashboard_received WHERE n > 0 UNION SELECT month FROM dashboard_approved WHERE n > 0) m
      WHERE month >= make_date(${DASHBOARD_MIN_YEAR}::int, 1, 1) AND month < make_date(${DASHBOARD_MAX_YEAR}::int + 1, 1, 1)
    ),
    chosen AS (
      SELECT coalesce(${year}::int, CASE WHEN EXISTS (SELECT 1 FROM years WHERE y = ${DASHBOARD_SPEC_DEFAULT_YEAR}::int) THEN ${DASHBOARD_SPEC_DEFAULT_YEAR}::int ELSE ${fallbackYear}::int END) AS y
    ),
    r AS (
      SELECT extract(month FROM d.month)::int AS m, d.status, d.converted, d.n, d.value
      FROM dashboard_received d, chosen c
      WHERE d.month >= make_date(c.y, 1, 1) AND d.month < make_date(c.y + 1, 1, 1)
    ),
    a AS (
      SELECT extract(month FROM d.month)::int AS m, d.n, d.value
      FROM dashboard_approved d, chosen c
      WHERE d.month >= make_date(c.y, 1, 1) AND d.month < make_date(c.y + 1, 1, 1)
    )
    SELECT 'year' AS kind, y AS at, NULL AS status, NULL::int AS n, NULL AS value, NULL::int AS converted FROM years
    UNION ALL
    SELECT 'year', y, 'chosen', NULL, NULL, NULL FROM chosen
    UNION ALL
    SELECT 'month', m, NULL, sum(n)::int, sum(value)::numeric(16, 2)::text, NULL FROM r GROUP BY m
    UNION ALL
    SELECT 'status', NULL, status, sum(n)::int, NULL, NULL FROM r GROUP BY status
    UNION ALL
    SELECT 'total', NULL, NULL, coalesce(sum(n), 0)::int, coalesce(sum(value), 0)::numeric(16, 2)::text,
           coalesce(sum(n) FILTER (WHERE converted), 0)::int
    FROM r
    UNION ALL
    SELECT 'approved-month', m, NULL, sum(n)::int, sum(value)::numeric(16, 2)::text, NULL FROM a GROUP BY m
    UNION ALL
    SELECT 'approved-total', NULL, NULL, coalesce(sum(n), 0)::int, coalesce(sum(value), 0)::numeric(16, 2)::text, NULL FROM a`);
  return (result as unknown as { rows: FigureRow[] }).rows;
}

/** percent of `part` in `whole`, two places; null when there is no whole */
function percent(part: number, whole: number): string | null {
  return whole === 0 ? null : new Decimal(part).times(100).div(whole).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

function average(total: string, count: number): string | null {
  return count === 0 ? null : new Decimal(total).div(count).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export async function dashboard(db: Db, year: number | undefined, now: Date = new Date()): Promise<Omit<Dashboard, 'defaulted'>> {
  const rows = await figureRows(db, year ?? null, defaultYear([], now));
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, received: 0, approved: 0, requestedValue: '0.00', approvedValue: '0.00' }));
  const byStatus = Object.fromEntries(SOLICITATION_STATUSES.map((s) => [s, 0])) as Record<SolicitationStatus, number>;
  const years: number[] = [];
  let chosen = year ?? now.getUTCFullYear();
  let received = { n: 0, value: '0.00', converted: 0 };
  let approved = { n: 0, value: '0.00' };
  for (const r of rows) {
    const at = r.at === null ? null : Number(r.at);
    switch (r.kind) {
      case 'year':
        if (r.status === 'chosen' && at !== null) chosen = at;
        else if (at !== null) years.push(at);
        break;
      case 'month':
        if (at !== null) Object.assign(months[at - 1], { received: Number(r.n), requestedValue: r.value ?? '0.00' });
        break;
      case 'status':
        if (r.status !== null && r.status in byStatus) byStatus[r.status as SolicitationStatus] = Number(r.n);
        break;
      case 'total':
        received = { n: Number(r.n), value: r.value ?? '0.00', converted: Number(r.converted) };
        break;
      case 'approved-month':
        if (at !== null) Object.assign(months[at - 1], { approved: Number(r.n), approvedValue: r.value ?? '0.00' });
        break;
      case 'approved-total':
        approved = { n: Number(r.n), value: r.value ?? '0.00' };
        break;
    }
  }
  years.sort((a, b) => b - a);
  return {
    year: chosen,
    years,
    totals: {
      received: received.n,
      byStatus,
      requestedValue: received.value,
      approved: approved.n,
      approvedValue: approved.value,
      conversionRate: percent(received.converted, received.n),
      averageTicket: average(approved.value, approved.n),
    },
    months,
  };
}

/** The spec's default year (2020, a business constant) when it has data, else the current calendar year (UTC). */
export function defaultYear(years: readonly number[], now: Date = new Date()): number {
  return years.includes(DASHBOARD_SPEC_DEFAULT_YEAR) ? DASHBOARD_SPEC_DEFAULT_YEAR : now.getUTCFullYear();
}

export const homeAll: Handler<'home.all'> = async (args, { deps }) => {
  const figures = await dashboard(deps.db, args.year);
  return { ...figures, defaulted: args.year === undefined };
};

export const dashboardHandlers = { 'home.all': homeAll } as const;
