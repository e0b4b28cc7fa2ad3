/**
 * Drizzle view of the installment's stored status: installment_states (migration 0018) and its history
 * (migration 0022); the SQL there is the source of truth, with its checks and triggers. Written by stored-status.ts only.
 */
import { date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { STORED_INSTALLMENT_STATUSES } from '@shared/enums';
import { users } from '../access/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The status an installment has when its payments do not decide it (null: they do). */
export const installmentStates = pgTable('installment_states', {
  installment_id: integer('installment_id')
    .primaryKey()
    .references(() => creditOperationInstallments.id),
  credit_operation_id: integer('credit_operation_id')
    .notNull()
    .references(() => creditOperations.id),
  status: text('status', { enum: STORED_INSTALLMENT_STATUSES }),
  reason: text('reason'),
  actor_id: integer('actor_id').references(() => users.id),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** One move of an installment's stored status, in force from a business date on (status null: the payments decide again). */
export const installmentStatusHistory = pgTable('installment_status_history', {
  id: serial('id').primaryKey(),
  installment_id: integer('installment_id')
    .notNull()
    .references(() => creditOperationInstallments.id),
  credit_operation_id: integer('credit_operation_id')
    .notNull()
    .references(() => creditOperations.id),
  status: text('status', { enum: STORED_INSTALLMENT_STATUSES }),
  effective_on: date('effective_on', { mode: 'string' }).notNull(),
  reason: text('reason'),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type InstallmentStateRow = typeof installmentStates.$inferSelect;
export type InstallmentStatusHistoryRow = typeof installmentStatusHistory.$inferSelect;
