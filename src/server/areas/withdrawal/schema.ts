/**
 * Drizzle view of the withdrawal area's table of migration 0058 (the SQL there
 * is the source of truth, with its triggers: a withdrawal is only inserted).
 */
import { date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../access/schema';
import { creditOperations } from '../operations/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

/** An operation the borrower withdrew from within seven days (CDC art. 49), with the release it undid. */
export const withdrawals = pgTable('withdrawals', {
  id: serial('id').primaryKey(),
  credit_operation_id: integer('credit_operation_id').notNull().unique().references(() => creditOperations.id),
  withdrawn_on: day('withdrawn_on').notNull(),
  disbursed_on: day('disbursed_on').notNull(),
  counted_from: day('counted_from').notNull(),
  last_day: day('last_day').notNull(),
  financed: money('financed').notNull(),
  released: money('released').notNull(),
  iof: money('iof').notNull(),
  fees: money('fees').notNull(),
  returned: money('returned').notNull(),
  reason: text('reason'),
  actor_id: integer('actor_id').notNull().references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

export type WithdrawalRow = typeof withdrawals.$inferSelect;
