/**
 * Drizzle view of the dashboard's per-month figures (migration 0014, whose SQL
 * is the source of truth). Triggers on solicitations and their status history
 * keep these rows; the code only reads them (a write here would be undone by
 * the next dashboard_rebuild()).
 */
import { boolean, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { SolicitationStatus } from '@shared/enums';

export const dashboardReceived = pgTable(
  'dashboard_received',
  {
    /** first day of the São Paulo calendar month the solicitations arrived in */
    month: date('month', { mode: 'string' }).notNull(),
    /** the solicitations' current status, copied by the triggers from solicitations.status (whose CHECK bounds it) */
    status: text('status').$type<SolicitationStatus>().notNull(),
    /** whether they ever moved into approved */
    converted: boolean('converted').notNull(),
    n: integer('n').notNull(),
    value: numeric('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.status, t.converted] })],
);

export const dashboardApproved = pgTable('dashboard_approved', {
  month: date('month', { mode: 'string' }).primaryKey(),
  n: integer('n').notNull(),
  value: numeric('value').notNull(),
});
