/**
 * Drizzle view of the journal of migration 0015 (the SQL there is the source of
 * truth, with its triggers: append-only, every posting balanced at the end of
 * its statement — migration 0033 —, the per-day balances kept — 0021). Only
 * this area writes it (journal.ts post()); others may read it in a join.
 * Each line names the movement it records (the operation, and the payment,
 * disbursement or prepayment where there is one): the foreign keys below.
 */
import { date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNTS, LEDGER_SIDES, POSTING_KINDS } from '@shared/enums';
import { creditOperations } from '../operations/schema';
import { disbursements } from '../servicing/schema';
import { installmentTransactions } from '../collection/schema';
import { prepayments } from '../collection/schema-prepayment';

export const journalEntries = pgTable('journal_entries', {
  id: serial('id').primaryKey(),
  posting_id: integer('posting_id').notNull(),
  kind: text('kind', { enum: POSTING_KINDS }).notNull(),
  account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
  side: text('side', { enum: LEDGER_SIDES }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  // null: a company-level posting (migration 0040: money of nobody known yet, in suspense)
  credit_operation_id: integer('credit_operation_id').references(() => creditOperations.id),
  transaction_id: integer('transaction_id').references(() => installmentTransactions.id),
  disbursement_id: integer('disbursement_id').references(() => disbursements.id),
  prepayment_id: integer('prepayment_id').references(() => prepayments.id),
  business_date: date('business_date', { mode: 'string' }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type JournalEntryRow = typeof journalEntries.$inferSelect;
