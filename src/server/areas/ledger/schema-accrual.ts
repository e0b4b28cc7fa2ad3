/**
 * Drizzle view of the competence-basis accrual's tables (migration 0047; the SQL there is the source of truth, with
 * its checks and triggers). Written by accrual/* only.
 */
import { date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { INTEREST_ACCRUAL_KINDS } from '@shared/enums';
import { users } from '../access/schema';
import { creditOperations } from '../operations/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

/** What the accrual recognised ('accrual', one per operation and run date) or undid ('reversal'), with its posting. */
export const interestAccruals = pgTable('interest_accruals', {
  id: serial('id').primaryKey(),
  credit_operation_id: integer('credit_operation_id')
    .notNull()
    .references(() => creditOperations.id),
  accrual_date: day('accrual_date').notNull(),
  kind: text('kind', { enum: INTEREST_ACCRUAL_KINDS }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  posting_id: integer('posting_id').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Per operation: the interest recognised in all, the day recognised up to, and the stage-3 stop. */
export const interestAccrualPositions = pgTable('interest_accrual_positions', {
  credit_operation_id: integer('credit_operation_id')
    .primaryKey()
    .references(() => creditOperations.id),
  accrued: numeric('accrued', { precision: 14, scale: 2 }).notNull().default('0'),
  accrued_to: day('accrued_to'),
  stopped_on: day('stopped_on'),
  stop_days_late: integer('stop_days_late'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** One accrual run up to a date (finished_at null: stopped midway). */
export const interestAccrualRuns = pgTable('interest_accrual_runs', {
  id: serial('id').primaryKey(),
  up_to: day('up_to').notNull(),
  operations: integer('operations').notNull().default(0),
  amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  stopped: integer('stopped').notNull().default(0),
  actor_id: integer('actor_id').references(() => users.id),
  started_at: ts('started_at').notNull().defaultNow(),
  finished_at: ts('finished_at'),
  /** the date its postings carry when up_to fell in a closed month (migration 0050) */
  posted_on: day('posted_on'),
});
