/** Drizzle view of the installment status history of migration 0022 (the SQL there is the source of truth, with its checks and trigger). */
import { date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { STORED_INSTALLMENT_STATUSES } from '@shared/enums';
import { users } from '../access/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';

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

export type InstallmentStatusHistoryRow = typeof installmentStatusHistory.$inferSelect;
