/** Drizzle view of the saved parameterized reports of migrations 0032 and 0034 (the SQL there is the source of truth, with its checks and case-blind unique name). */
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../access/schema';
import { companies } from '../company/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const savedReports = pgTable('saved_reports', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  columns: text('columns').array().notNull(),
  filter: jsonb('filter').$type<Record<string, unknown>>().notNull().default({}),
  sort: jsonb('sort').$type<{ field: string; order: 'ASC' | 'DESC' }>(),
  updated_by: integer('updated_by').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
