/**
 * Drizzle view of the monthly close's tables of migration 0048 (the SQL there
 * is the source of truth: the positions are append-only, a close row changes
 * only when undone, one closed close per month).
 */
import { boolean, date, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CLOSE_STATUSES, PORTFOLIOS, STAGE_REASONS } from '@shared/books/close';
import { RISK_STAGES } from '@shared/risk-classification';
import { users } from '../access/schema';
import { borrowers } from '../borrowers/schema';
import { creditOperations } from '../operations/schema';
import { approvalRequests } from '../operations/schema-approvals';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const total = (name: string) => numeric(name, { precision: 16, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

/** One close run of a month. */
export const ledgerCloses = pgTable('ledger_closes', {
  id: serial('id').primaryKey(),
  month: text('month').notNull(),
  as_of: day('as_of').notNull(),
  business_date: day('business_date').notNull(),
  status: text('status', { enum: CLOSE_STATUSES }).notNull(),
  operations: integer('operations').notNull(),
  balance: total('balance').notNull(),
  allowance: total('allowance').notNull(),
  previous_allowance: total('previous_allowance').notNull(),
  posting_id: integer('posting_id'),
  requested_by: integer('requested_by').references(() => users.id),
  approved_by: integer('approved_by').references(() => users.id),
  approval_request_id: integer('approval_request_id').references(() => approvalRequests.id),
  undo_posting_id: integer('undo_posting_id'),
  undone_by: integer('undone_by').references(() => users.id),
  undone_on: day('undone_on'),
  undone_at: ts('undone_at'),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type LedgerCloseRow = typeof ledgerCloses.$inferSelect;

/** What a close recorded for one operation. */
export const ledgerClosePositions = pgTable(
  'ledger_close_positions',
  {
    close_id: integer('close_id').notNull().references(() => ledgerCloses.id),
    credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
    borrower_id: integer('borrower_id').notNull().references(() => borrowers.id),
    stage: text('stage', { enum: RISK_STAGES }).notNull(),
    stage_reason: text('stage_reason', { enum: STAGE_REASONS }).notNull(),
    portfolio: text('portfolio', { enum: PORTFOLIOS }).notNull(),
    days_late: integer('days_late').notNull(),
    months_in_default: integer('months_in_default').notNull(),
    defaulted: boolean('defaulted').notNull(),
    restructured: boolean('restructured').notNull(),
    principal: money('principal').notNull(),
    accrued: money('accrued').notNull(),
    balance: money('balance').notNull(),
    provision_rate: numeric('provision_rate', { precision: 7, scale: 4 }).notNull(),
    provision: money('provision').notNull(),
    contracted_on: day('contracted_on'),
    last_due_on: day('last_due_on'),
    oldest_unpaid_due_on: day('oldest_unpaid_due_on'),
    overdue: money('overdue').notNull().default('0'),
    falling_due: money('falling_due').notNull().default('0'),
    // Migration 0067: the write-offs in force on the as-of day and their Doc 3040 buckets at the data-base.
    written_off: money('written_off').notNull().default('0'),
    written_off_first_on: day('written_off_first_on'),
    written_off_last_on: day('written_off_last_on'),
    written_off_v310: money('written_off_v310').notNull().default('0'),
    written_off_v320: money('written_off_v320').notNull().default('0'),
    written_off_v330: money('written_off_v330').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.close_id, t.credit_operation_id] })],
);
export type LedgerClosePositionRow = typeof ledgerClosePositions.$inferSelect;
