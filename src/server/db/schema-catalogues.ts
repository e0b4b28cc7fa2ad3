/** Drizzle view of the catalogue tables of migration 0002 (the SQL there is the source of truth). */
import { boolean, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

function labelTable<N extends string>(name: N) {
  return pgTable(name, {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    active: boolean('active').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  });
}

export const howDidFind = labelTable('how_did_find');
export const lendingReasons = labelTable('lending_reasons');
export const companySituations = pgTable('company_situations', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  percentage: doublePrecision('percentage').notNull(),
  active: boolean('active').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** The columns every simple catalogue has; the shared handlers work on this shape. */
export type LabelTable = ReturnType<typeof labelTable<string>>;

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  url: text('url').notNull(),
  banner: text('banner').notNull(),
  api_key: text('api_key').notNull(),
  active: boolean('active').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
export type ProjectRow = typeof projects.$inferSelect;

export const projectBanners = pgTable('project_banners', {
  id: serial('id').primaryKey(),
  /** the random key projects.banner refers to (migration 0005) */
  key: text('key').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  storage_path: text('storage_path').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const catalogueReferences = pgTable('catalogue_references', {
  id: serial('id').primaryKey(),
  catalogue: text('catalogue').notNull(),
  item_id: integer('item_id').notNull(),
  referrer: text('referrer').notNull(),
  referrer_id: integer('referrer_id').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
