/**
 * Drizzle view of the installment moves' tables of migration 0018 (the SQL there is the source of truth, with its checks and trigger):
 * write-offs and title data. The stored status itself (installment_states) is the servicing core's (servicing/schema-status.ts).
 */
import { date, integer, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../access/schema';
import { approvalRequests } from '../operations/schema-approvals';
import { creditOperationInstallments, creditOperations } from '../operations/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const installmentWriteOffs = pgTable('installment_write_offs', {
  id: serial('id').primaryKey(),
  installment_id: integer('installment_id')
    .notNull()
    .references(() => creditOperationInstallments.id),
  credit_operation_id: integer('credit_operation_id')
    .notNull()
    .references(() => creditOperations.id),
  principal: numeric('principal', { precision: 14, scale: 2 }).notNull(),
  written_off_on: date('written_off_on', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  undoes_id: integer('undoes_id')
    .unique()
    .references((): AnyPgColumn => installmentWriteOffs.id),
  approval_request_id: integer('approval_request_id').references(() => approvalRequests.id),
  posting_id: integer('posting_id'),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const installmentTitles = pgTable('installment_titles', {
  installment_id: integer('installment_id')
    .primaryKey()
    .references(() => creditOperationInstallments.id),
  credit_operation_id: integer('credit_operation_id')
    .notNull()
    .references(() => creditOperations.id),
  document_number: text('document_number'),
  protest_days: integer('protest_days'),
  negativation_days: integer('negativation_days'),
  note: text('note'),
  version: integer('version').notNull().default(1),
  actor_id: integer('actor_id').references(() => users.id),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export type InstallmentWriteOffRow = typeof installmentWriteOffs.$inferSelect;
export type InstallmentTitleRow = typeof installmentTitles.$inferSelect;
