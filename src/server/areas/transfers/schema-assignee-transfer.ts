/** Drizzle view of the transfers to an assignee of migration 0061 (the SQL there is the source of truth, with its checks and trigger). */
import { date, integer, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ASSIGNEE_TRANSFER_KINDS } from '@shared/enums';
import { users } from '../access/schema';
import { assignmentBankAccounts, companyBankAccounts } from '../company/schema';

export const assigneeTransfers = pgTable('assignee_transfers', {
  id: serial('id').primaryKey(),
  assignment_account_id: integer('assignment_account_id')
    .notNull()
    .references(() => assignmentBankAccounts.id),
  kind: text('kind', { enum: ASSIGNEE_TRANSFER_KINDS }).notNull(),
  moved_on: date('moved_on', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  fee: numeric('fee', { precision: 14, scale: 2 }).notNull().default('0'),
  company_bank_account_id: integer('company_bank_account_id')
    .notNull()
    .references(() => companyBankAccounts.id),
  reverses_id: integer('reverses_id')
    .unique()
    .references((): AnyPgColumn => assigneeTransfers.id),
  reason: text('reason'),
  posting_id: integer('posting_id').notNull(),
  actor_id: integer('actor_id')
    .notNull()
    .references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type AssigneeTransferRow = typeof assigneeTransfers.$inferSelect;
