/**
 * Drizzle view of the tables created by the migrations (the SQL there is the
 * source of truth; tests/integration/server/schema-agreement.test.ts checks
 * that both agree, keys and defaults included).
 */
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../access/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });


export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  /** the random key clients name the file by (migration 0005) */
  key: text('key').notNull(),
  owner_id: integer('owner_id').notNull().references(() => users.id),
  type: text('type').notNull(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  storage_path: text('storage_path').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
