/** Drizzle view of lgpd_requests (migration 0003, whose SQL is the source of truth). */
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { LGPD_CHANNELS, LGPD_STATUSES } from '@shared/enums';
import { users } from '../access/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A data subject's request under the LGPD; at most one open per person (a partial unique index in the SQL). */
export const lgpdRequests = pgTable('lgpd_requests', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id),
  subject_name: text('subject_name').notNull(),
  subject_email: text('subject_email'),
  channel: text('channel', { enum: LGPD_CHANNELS }).notNull(),
  received_at: ts('received_at').notNull().defaultNow(),
  status: text('status', { enum: LGPD_STATUSES }).notNull().default('aberto'),
  outcome: text('outcome'),
  notes: text('notes'),
  created_by: integer('created_by').references(() => users.id),
  handled_by: integer('handled_by').references(() => users.id),
  closed_at: ts('closed_at'),
  created_at: ts('created_at').notNull().defaultNow(),
});
