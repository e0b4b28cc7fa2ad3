/** Drizzle view of the questionnaire option lists of migration 0007 (the SQL there is the source of truth). */
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const interestProfiles = pgTable('interest_profiles', {
  id: serial('id').primaryKey(),
  list_name: text('list_name').notNull(),
  titulo: text('titulo').notNull(),
  texto: text('texto').notNull().default(''),
  ativo: boolean('ativo').notNull().default(true),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
