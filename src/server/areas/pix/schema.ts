/** Drizzle view of the Pix area's tables of migrations 0042 and 0064 (the SQL there is the source of truth). */
import { date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PIX_NOTICE_STATUSES, PIX_PROVIDER_CHOICES, PIX_REFUSAL_REASONS, TITLE_OWNER_KINDS } from '@shared/enums';
import { users } from '../access/schema';
import { companies } from '../company/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import { installmentTransactions } from '../collection/schema';
import { boletoSlips } from '../boletos/schema-boleto';
import { renegotiationInstallments, renegotiationPayments } from '../renegotiation/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const pixSettings = pgTable('pix_settings', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  provider: text('provider', { enum: PIX_PROVIDER_CHOICES }).notNull().default('none'),
  api_base_url: text('api_base_url'),
  webhook_secret: text('webhook_secret').notNull(),
  settle_as: integer('settle_as')
    .notNull()
    .references(() => users.id),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const pixCharges = pgTable('pix_charges', {
  id: serial('id').primaryKey(),
  txid: text('txid').notNull().unique(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  credit_operation_id: integer('credit_operation_id')
    .notNull()
    .references(() => creditOperations.id),
  /** the slip's owner (migration 0064): an operation's installment, or an agreement's */
  kind: text('kind', { enum: TITLE_OWNER_KINDS }).notNull().default('installment'),
  installment_id: integer('installment_id').references(() => creditOperationInstallments.id),
  agreement_installment_id: integer('agreement_installment_id').references(() => renegotiationInstallments.id),
  /** boletos' slip this charge stands beside */
  slip_id: integer('slip_id')
    .notNull()
    .references(() => boletoSlips.id),
  provider: text('provider').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  due_date: date('due_date', { mode: 'string' }).notNull(),
  request: jsonb('request').notNull(),
  location: text('location'),
  registered_at: ts('registered_at'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const pixNotices = pgTable('pix_notices', {
  id: serial('id').primaryKey(),
  end_to_end_id: text('end_to_end_id').notNull().unique(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  txid: text('txid'),
  charge_id: integer('charge_id').references(() => pixCharges.id),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  paid_at: ts('paid_at').notNull(),
  paid_on: date('paid_on', { mode: 'string' }).notNull(),
  status: text('status', { enum: PIX_NOTICE_STATUSES }).notNull(),
  reason: text('reason'),
  transaction_id: integer('transaction_id').references(() => installmentTransactions.id),
  /** the agreement payment a pix of an agreement's charge settled (migration 0064) */
  agreement_payment_id: integer('agreement_payment_id').references(() => renegotiationPayments.id),
  payload: jsonb('payload').notNull(),
  received_at: ts('received_at').notNull().defaultNow(),
});

export const pixWebhookDeliveries = pgTable('pix_webhook_deliveries', {
  signature: text('signature').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  received_at: ts('received_at').notNull().defaultNow(),
});

export const pixWebhookRefusals = pgTable('pix_webhook_refusals', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id'),
  reason: text('reason', { enum: PIX_REFUSAL_REASONS }).notNull(),
  timestamp_header: text('timestamp_header'),
  body_sha256: text('body_sha256').notNull(),
  received_at: ts('received_at').notNull().defaultNow(),
});

export type PixSettingsRow = typeof pixSettings.$inferSelect;
export type PixChargeRow = typeof pixCharges.$inferSelect;
export type PixNoticeRow = typeof pixNotices.$inferSelect;
