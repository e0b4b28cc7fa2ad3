/**
 * Dashboard (the spec's calls GET /home/all and /home/all?year={year}, default year
 * 2020 per the spec's business constants). Every panel user (the spec's roles
 * and permissions: home is AllPanelUsers).
 *
 * Design of the answer (the spec shows only the call):
 * - the year: the one asked for, else 2020 when 2020 has data, else the
 *   current year (UTC calendar); `defaulted` says the server chose it;
 * - `years`: every year with data (received or approved solicitations), newest first;
 * - figures of the year: solicitations received (created) in the year and
 *   their current status, the value requested (sum of lending_value), the
 *   solicitations approved in the year (their status history's move into
 *   approved) and their value, the conversion rate (of those received in the
 *   year, the share approved at any time, percent with two places) and the
 *   average ticket (approved value / approved count);
 * - twelve monthly points: received and approved counts, requested and approved values.
 * Months and years are Brazilian calendar ones (America/Sao_Paulo), whatever
 * the server's zone. Amounts are decimal strings with two places.
 */
import { z } from 'zod';
import { SOLICITATION_STATUSES } from '../solicitation-status';
import { AllPanelUsers } from '../roles';
import { defineOperation } from './define';

/** The default year the spec's business constants give. */
export const DASHBOARD_SPEC_DEFAULT_YEAR = 2020;
export const DASHBOARD_MIN_YEAR = 2000;
export const DASHBOARD_MAX_YEAR = 2100;

const YEAR_MESSAGE = `ano inválido: informe um ano entre ${DASHBOARD_MIN_YEAR} e ${DASHBOARD_MAX_YEAR}`;

/** A year as a number or the four digits a query string carries. */
export const yearSchema = z
  .union([z.number(), z.string()], { error: YEAR_MESSAGE })
  .transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\d{4}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(n) && n >= DASHBOARD_MIN_YEAR && n <= DASHBOARD_MAX_YEAR) return n;
    ctx.issues.push({ code: 'custom', message: YEAR_MESSAGE, input: value });
    return z.NEVER;
  })
  .meta({ type: 'integer', minimum: DASHBOARD_MIN_YEAR, maximum: DASHBOARD_MAX_YEAR });

const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const dashboardMonthSchema = z.object({
  month: z.number().int().min(1).max(12),
  received: z.number().int(),
  approved: z.number().int(),
  requestedValue: money,
  approvedValue: money,
});
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

export const dashboardSchema = z.object({
  year: z.number().int(),
  defaulted: z.boolean(),
  years: z.array(z.number().int()),
  totals: z.object({
    received: z.number().int(),
    byStatus: z.record(z.enum(SOLICITATION_STATUSES), z.number().int()),
    requestedValue: money,
    approved: z.number().int(),
    approvedValue: money,
    /** percent, two places; null when nothing was received */
    conversionRate: z.string().nullable(),
    /** null when nothing was approved */
    averageTicket: money.nullable(),
  }),
  months: z.array(dashboardMonthSchema).length(12),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardOperations = {
  'home.all': defineOperation({
    method: 'GET',
    path: '/api/home/all',
    access: AllPanelUsers,
    encoding: 'query',
    cacheable: true,
    origin: 'spec',
    description: "The dashboard's figures for a year (default: 2020 when it has data, else the current year) and its monthly series.",
    args: z.object({ year: yearSchema.optional() }),
    result: dashboardSchema,
  }),
} as const;
