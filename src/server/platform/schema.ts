/**
 * Drizzle view of the tables created by the migrations (the SQL there is the
 * source of truth; tests/integration/server/schema-agreement.test.ts checks
 * that both agree, keys and defaults included).
 */
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../areas/access/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });


export const activityLog = pgTable('activity_log', {
  id: serial('id').primaryKey(),
  actor_id: integer('actor_id').references(() => users.id),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entity_id: integer('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  created_at: ts('created_at').notNull().defaultNow(),
});


export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull().default('email'),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  status: text('status').notNull(),
  error: text('error'),
  created_at: ts('created_at').notNull().defaultNow(),
  sent_at: ts('sent_at'),
});


/** Counters shared by every server process (sign-in, recovery and registration limits), migration 0006. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  used: integer('used').notNull(),
  window_started_at: ts('window_started_at').notNull().defaultNow(),
});


/** What an outbox message needs so its secret can be blanked and the LGPD erase finds it (migration 0006). */
export const outboxMeta = pgTable('outbox_meta', {
  outbox_id: integer('outbox_id').primaryKey().references(() => outbox.id, { onDelete: 'cascade' }),
  user_id: integer('user_id'),
  secret_kind: text('secret_kind'),
  redacted_body: text('redacted_body'),
  secret_expires_at: ts('secret_expires_at'),
});



export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  operation: text('operation').notNull(),
  user_id: integer('user_id').notNull().references(() => users.id),
  request_hash: text('request_hash').notNull(),
  response: jsonb('response'),
  created_at: ts('created_at').notNull().defaultNow(),
});

