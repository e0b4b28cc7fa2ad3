/** Drizzle view of the broadcast tables of migration 0004 (the SQL there is the source of truth). */
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const broadcasts = pgTable('broadcasts', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  selection: jsonb('selection').notNull(),
  created_by: integer('created_by'),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type BroadcastRow = typeof broadcasts.$inferSelect;

export const broadcastRecipients = pgTable('broadcast_recipients', {
  id: serial('id').primaryKey(),
  broadcast_id: integer('broadcast_id').notNull(),
  user_id: integer('user_id'),
  name: text('name'),
  contact: text('contact').notNull(),
  status: text('status').notNull(),
  error: text('error'),
  claimed_at: ts('claimed_at'),
  attempt_id: text('attempt_id'),
  attempted_at: ts('attempted_at'),
  sent_at: ts('sent_at'),
});
export type BroadcastRecipientRow = typeof broadcastRecipients.$inferSelect;
