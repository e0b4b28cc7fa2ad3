/** Drizzle view of the credit bureau's tables of migration 0008 (the SQL there is the source of truth). */
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../access/schema';
import { solicitations } from '../intake/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const bureauLookupModels = pgTable('bureau_lookup_models', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  active: boolean('active').notNull().default(true),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const bureauReports = pgTable('bureau_reports', {
  id: serial('id').primaryKey(),
  solicitation_id: integer('solicitation_id').references(() => solicitations.id, { onDelete: 'set null' }),
  user_id: integer('user_id').references(() => users.id),
  document: text('document').notNull(),
  subject_name: text('subject_name').notNull(),
  model_id: integer('model_id').references(() => bureauLookupModels.id),
  provider: text('provider').notNull(),
  score: integer('score'),
  result: jsonb('result').notNull(),
  requested_by: integer('requested_by').references(() => users.id),
  idempotency_key: text('idempotency_key').unique(),
  created_at: ts('created_at').notNull().defaultNow(),
});
