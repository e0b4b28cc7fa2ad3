/**
 * Drizzle view of the tables created by the migrations (the SQL there is the
 * source of truth; tests/integration/server/schema-agreement.test.ts checks
 * that both agree, keys and defaults included).
 */
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  password_hash: text('password_hash').notNull(),
  role_id: integer('role_id').notNull().default(1),
  active: boolean('active').notNull().default(false),
  two_factor: boolean('two_factor').notNull().default(false),
  force_senha: boolean('force_senha').notNull().default(false),
  email_confirmed: boolean('email_confirmed').notNull().default(false),
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
  token_hash: text('token_hash').notNull().unique(),
  user_id: integer('user_id').notNull().references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  revoked_at: ts('revoked_at'),
});


export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull().unique(),
  user_id: integer('user_id').notNull().references(() => users.id),
  code_hash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  consumed_at: ts('consumed_at'),
});


export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  code_hash: text('code_hash').notNull().unique(),
  user_id: integer('user_id').notNull().references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
});


export const emailConfirmations = pgTable('email_confirmations', {
  id: serial('id').primaryKey(),
  token_hash: text('token_hash').notNull().unique(),
  user_id: integer('user_id').notNull().references(() => users.id),
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
