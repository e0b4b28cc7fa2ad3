/** Drizzle view of the broadcast tables of migration 0004 (the SQL there is the source of truth). */
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { BROADCAST_RECIPIENT_STATUSES, MESSAGE_CHANNELS } from '@shared/enums';
import { users } from '../access/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const broadcasts = pgTable('broadcasts', {
  id: serial('id').primaryKey(),
  channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  /** how the recipients were chosen (filters or a pasted list), as the request gave it */
  selection: jsonb('selection').notNull(),
  created_by: integer('created_by').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Recipients fixed when the broadcast is created; the background sender works from this table alone. */
export const broadcastRecipients = pgTable('broadcast_recipients', {
  id: serial('id').primaryKey(),
  broadcast_id: integer('broadcast_id').notNull().references(() => broadcasts.id),
  user_id: integer('user_id').references(() => users.id),
  name: text('name'),
  contact: text('contact').notNull(),
  status: text('status', { enum: BROADCAST_RECIPIENT_STATUSES }).notNull().default('queued'),
  error: text('error'),
  claimed_at: ts('claimed_at'),
  attempt_id: text('attempt_id'),
  attempted_at: ts('attempted_at'),
  sent_at: ts('sent_at'),
});
