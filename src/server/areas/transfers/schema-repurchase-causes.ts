/** Drizzle view of the repurchase cause marks of migration 0031 (the SQL there is the source of truth, with its checks and trigger). */
import { date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { REPURCHASE_MARK_ACTIONS, REPURCHASE_MARK_CAUSES } from '@shared/servicing';
import { users } from '../access/schema';
import { companies } from '../company/schema';
import { creditOperations } from '../operations/schema';

export const repurchaseCauseMarks = pgTable('repurchase_cause_marks', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  cause: text('cause', { enum: REPURCHASE_MARK_CAUSES }).notNull(),
  action: text('action', { enum: REPURCHASE_MARK_ACTIONS }).notNull(),
  marked_on: date('marked_on', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type RepurchaseCauseMarkRow = typeof repurchaseCauseMarks.$inferSelect;
