/** Drizzle view of the repurchases of migration 0028 (the SQL there is the source of truth, with its checks and trigger). */
import { boolean, date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { REPURCHASE_CAUSES, REPURCHASE_RULES } from '@shared/servicing';
import { users } from '../access/schema';
import { companies } from '../company/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import { cessionItems } from './schema-cession';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const repurchases = pgTable('repurchases', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  installment_id: integer('installment_id').notNull().references(() => creditOperationInstallments.id),
  cession_item_id: integer('cession_item_id').notNull().references(() => cessionItems.id),
  repurchased_on: date('repurchased_on', { mode: 'string' }).notNull(),
  rule: text('rule', { enum: REPURCHASE_RULES }).notNull(),
  cause: text('cause', { enum: REPURCHASE_CAUSES }).notNull(),
  reason: text('reason'),
  days_late: integer('days_late').notNull(),
  face_value: money('face_value').notNull(),
  charges: money('charges').notNull(),
  amount: money('amount').notNull(),
  carrying: money('carrying').notNull(),
  result: money('result').notNull(),
  last_transaction_id: integer('last_transaction_id'),
  needs_approval: boolean('needs_approval').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type RepurchaseRow = typeof repurchases.$inferSelect;

export const repurchaseReversals = pgTable('repurchase_reversals', {
  id: serial('id').primaryKey(),
  repurchase_id: integer('repurchase_id').notNull().references(() => repurchases.id),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  reversed_on: date('reversed_on', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  needs_approval: boolean('needs_approval').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type RepurchaseReversalRow = typeof repurchaseReversals.$inferSelect;
