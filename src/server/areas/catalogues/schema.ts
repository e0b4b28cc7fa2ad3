/** Drizzle view of the catalogue tables of migration 0002 (the SQL there is the source of truth). */
import { boolean, doublePrecision, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

function labelTable<N extends string>(name: N) {
  return pgTable(name, {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  });
}

export const howDidFind = labelTable('how_did_find');
export const lendingReasons = labelTable('lending_reasons');
export const companySituations = pgTable('company_situations', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  percentage: doublePrecision('percentage').notNull().default(0),
  active: boolean('active').notNull().default(true),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** The columns every simple catalogue has; the shared handlers work on this shape. */
export type LabelTable = ReturnType<typeof labelTable<string>>;

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  /** a new project is inactive with empty texts (spec §3); the server generates the api_key */
  title: text('title').notNull().default(''),
  description: text('description').notNull().default(''),
  url: text('url').notNull().default(''),
  banner: text('banner').notNull().default(''),
  api_key: text('api_key').notNull().unique(),
  active: boolean('active').notNull().default(false),
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

export const catalogueReferences = pgTable(
  'catalogue_references',
  {
    id: serial('id').primaryKey(),
    catalogue: text('catalogue').notNull(),
    item_id: integer('item_id').notNull(),
    referrer: text('referrer').notNull(),
    referrer_id: integer('referrer_id').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.catalogue, t.item_id, t.referrer, t.referrer_id)],
);
