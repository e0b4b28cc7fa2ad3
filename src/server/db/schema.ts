/** Drizzle view of the tables created by the migrations (the SQL there is the source of truth). */
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  password_hash: text('password_hash').notNull(),
  role_id: integer('role_id').notNull(),
  active: boolean('active').notNull(),
  two_factor: boolean('two_factor').notNull(),
  force_senha: boolean('force_senha').notNull(),
  email_confirmed: boolean('email_confirmed').notNull(),
  cpf: text('cpf'),
  phone: text('phone'),
  /** entrepreneurs' address (migration 0004), the broadcast filters */
  state: text('state'),
  city: text('city'),
  avatar_upload_id: integer('avatar_upload_id'),
  deleted_at: ts('deleted_at'),
  anonymised_at: ts('anonymised_at'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  token_hash: text('token_hash').notNull(),
  user_id: integer('user_id').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  revoked_at: ts('revoked_at'),
});

export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  user_id: integer('user_id').notNull(),
  code_hash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  consumed_at: ts('consumed_at'),
});

export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  code_hash: text('code_hash').notNull(),
  user_id: integer('user_id').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
});

export const emailConfirmations = pgTable('email_confirmations', {
  id: serial('id').primaryKey(),
  token_hash: text('token_hash').notNull(),
  user_id: integer('user_id').notNull(),
  email: text('email').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
});

export const loginAttempts = pgTable('login_attempts', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  succeeded: boolean('succeeded').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const activityLog = pgTable('activity_log', {
  id: serial('id').primaryKey(),
  actor_id: integer('actor_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entity_id: integer('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  status: text('status').notNull(),
  error: text('error'),
  created_at: ts('created_at').notNull().defaultNow(),
  sent_at: ts('sent_at'),
});

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  /** the random key clients name the file by (migration 0005) */
  key: text('key').notNull(),
  owner_id: integer('owner_id').notNull(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  storage_path: text('storage_path').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
