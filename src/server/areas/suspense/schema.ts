/**
 * Drizzle view of the suspense area's tables of migration 0040 (the SQL there
 * is the source of truth, with its triggers: rows are only inserted).
 */
import { date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { RECEIPT_METHODS, SUSPENSE_MOVE_KINDS, SUSPENSE_REASONS, SUSPENSE_SOURCES } from '@shared/enums';
import { users } from '../access/schema';
import { companies } from '../company/schema';
import { borrowers } from '../borrowers/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import { installmentTransactions } from '../collection/schema';
import { approvalRequests } from '../operations/schema-approvals';
import { returnFiles } from '../bank-files/schema-return';
import { renegotiationInstallments, renegotiationPayments } from '../renegotiation/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

/** An amount credited and not applied, as received: never changed. */
export const suspenseItems = pgTable('suspense_items', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  amount: money('amount').notNull(),
  received_on: day('received_on').notNull(),
  payer_name: text('payer_name'),
  payer_document: text('payer_document'),
  source: text('source', { enum: SUSPENSE_SOURCES }).notNull(),
  // a return file's line (bank-files' table, read in a join; bank-files calls this area, never the other way)
  return_file_id: integer('return_file_id').references(() => returnFiles.id),
  return_line: integer('return_line'),
  source_reference: text('source_reference'),
  reason: text('reason', { enum: SUSPENSE_REASONS }).notNull(),
  borrower_id: integer('borrower_id').references(() => borrowers.id),
  credit_operation_id: integer('credit_operation_id').references(() => creditOperations.id),
  installment_id: integer('installment_id').references(() => creditOperationInstallments.id),
  method: text('method', { enum: RECEIPT_METHODS }).notNull(),
  posting_id: integer('posting_id').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type SuspenseItemRow = typeof suspenseItems.$inferSelect;

/** What was done with an item: applied to an installment or refunded, each its own row. */
export const suspenseMoves = pgTable('suspense_moves', {
  id: serial('id').primaryKey(),
  suspense_item_id: integer('suspense_item_id').notNull().references(() => suspenseItems.id),
  kind: text('kind', { enum: SUSPENSE_MOVE_KINDS }).notNull(),
  amount: money('amount').notNull(),
  moved_on: day('moved_on').notNull(),
  credit_operation_id: integer('credit_operation_id').references(() => creditOperations.id),
  installment_id: integer('installment_id').references(() => creditOperationInstallments.id),
  transaction_id: integer('transaction_id').references(() => installmentTransactions.id),
  borrower_bank_account_id: integer('borrower_bank_account_id'),
  refund_account: text('refund_account'),
  approval_request_id: integer('approval_request_id').references(() => approvalRequests.id),
  posting_id: integer('posting_id').notNull(),
  /** applied to an agreement's installment: it and the agreement's payment it became (migration 0068) */
  agreement_installment_id: integer('agreement_installment_id').references(() => renegotiationInstallments.id),
  agreement_payment_id: integer('agreement_payment_id').references(() => renegotiationPayments.id),
  note: text('note'),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type SuspenseMoveRow = typeof suspenseMoves.$inferSelect;
