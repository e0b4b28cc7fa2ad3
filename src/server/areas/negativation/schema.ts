/**
 * Drizzle view of the negativation area's tables of migration 0059 (the SQL there is the source of truth).
 */
import { date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { NEGATIVATION_EVENT_KINDS, NEGATIVATION_REMOVAL_REASONS, NEGATIVATION_STATUSES } from '@shared/negativation';
import { users } from '../access/schema';
import { borrowers } from '../borrowers/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

/** One installment sent to the bureau and where its record stands. */
export const negativationRecords = pgTable('negativation_records', {
  id: serial('id').primaryKey(),
  installment_id: integer('installment_id')
    .notNull()
    .references(() => creditOperationInstallments.id),
  credit_operation_id: integer('credit_operation_id')
    .notNull()
    .references(() => creditOperations.id),
  borrower_id: integer('borrower_id')
    .notNull()
    .references(() => borrowers.id),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  due_date: day('due_date').notNull(),
  provider: text('provider').notNull(),
  protocol: text('protocol'),
  status: text('status', { enum: NEGATIVATION_STATUSES }).notNull(),
  submitted_on: day('submitted_on').notNull(),
  notified_on: day('notified_on'),
  active_on: day('active_on'),
  settled_on: day('settled_on'),
  removal_reason: text('removal_reason', { enum: NEGATIVATION_REMOVAL_REASONS }),
  removal_due_on: day('removal_due_on'),
  removed_on: day('removed_on'),
  created_by: integer('created_by').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
  // Migration 0059's partial unique index keeps one open record per installment.
});
export type NegativationRecordRow = typeof negativationRecords.$inferSelect;

/** The record's life, append-only. */
export const negativationEvents = pgTable('negativation_events', {
  id: serial('id').primaryKey(),
  record_id: integer('record_id')
    .notNull()
    .references(() => negativationRecords.id),
  kind: text('kind', { enum: NEGATIVATION_EVENT_KINDS }).notNull(),
  business_date: day('business_date').notNull(),
  detail: text('detail'),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
