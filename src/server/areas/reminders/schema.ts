/**
 * Drizzle view of the reminders area's tables of migration 0055 (the SQL there is the source of truth).
 */
import { date, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { REMINDER_CHANNELS, REMINDER_REASONS, REMINDER_STATUSES } from '@shared/enums';
import type { ReminderRule } from '@shared/reminders';
import { users } from '../access/schema';
import { borrowers } from '../borrowers/schema';
import { companies } from '../company/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The company's rules and working hours (no row: the defaults). */
export const reminderSettings = pgTable('reminder_settings', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  rules: jsonb('rules').$type<ReminderRule[]>().notNull(),
  hours_start: text('hours_start').notNull(),
  hours_end: text('hours_end').notNull(),
  updated_by: integer('updated_by').references(() => users.id),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** A borrower's opt-out of a channel. */
export const reminderOptOuts = pgTable(
  'reminder_opt_outs',
  {
    borrower_id: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: REMINDER_CHANNELS }).notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.borrower_id, t.channel] })],
);

/** One reminder per installment, rule offset and channel. */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: serial('id').primaryKey(),
    // No foreign keys (migration 0055 says why): the rows come from a join on the live records.
    installment_id: integer('installment_id').notNull(),
    credit_operation_id: integer('credit_operation_id').notNull(),
    borrower_id: integer('borrower_id').notNull(),
    offset_days: integer('offset_days').notNull(),
    channel: text('channel', { enum: REMINDER_CHANNELS }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    scheduled_on: date('scheduled_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull(),
    reason: text('reason', { enum: REMINDER_REASONS }),
    recipient: text('recipient'),
    error: text('error'),
    sent_at: ts('sent_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('payment_reminders_once').on(t.installment_id, t.offset_days, t.channel)],
);
export type PaymentReminderRow = typeof paymentReminders.$inferSelect;
