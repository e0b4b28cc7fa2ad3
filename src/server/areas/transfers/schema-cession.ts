/** Drizzle view of the cessions of migration 0027 (the SQL there is the source of truth, with its checks and trigger). */
import { boolean, date, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { CESSION_PRICINGS } from '@shared/enums';
import { users } from '../access/schema';
import { assignmentBankAccounts, companies } from '../company/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const cessions = pgTable('cessions', {
  id: serial('id').primaryKey(),
  number: integer('number').notNull().unique(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  assignment_account_id: integer('assignment_account_id').notNull().references(() => assignmentBankAccounts.id),
  cession_date: date('cession_date', { mode: 'string' }).notNull(),
  pricing: text('pricing', { enum: CESSION_PRICINGS }).notNull(),
  monthly_rate: numeric('monthly_rate', { precision: 9, scale: 4 }),
  stated_price: money('stated_price'),
  face_value: money('face_value').notNull(),
  price: money('price').notNull(),
  carrying: money('carrying').notNull(),
  result: money('result').notNull(),
  installment_count: integer('installment_count').notNull(),
  needs_approval: boolean('needs_approval').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type CessionRow = typeof cessions.$inferSelect;

export const cessionItems = pgTable(
  'cession_items',
  {
    id: serial('id').primaryKey(),
    cession_id: integer('cession_id').notNull().references(() => cessions.id),
    installment_id: integer('installment_id').notNull().references(() => creditOperationInstallments.id),
    credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    face_value: money('face_value').notNull(),
    price: money('price').notNull(),
    carrying: money('carrying').notNull(),
    result: money('result').notNull(),
  },
  (t) => [unique().on(t.cession_id, t.installment_id)],
);
export type CessionItemRow = typeof cessionItems.$inferSelect;

export const cessionReversals = pgTable('cession_reversals', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  reversed_on: date('reversed_on', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  price: money('price').notNull(),
  carrying: money('carrying').notNull(),
  installment_count: integer('installment_count').notNull(),
  needs_approval: boolean('needs_approval').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type CessionReversalRow = typeof cessionReversals.$inferSelect;

export const cessionReversalItems = pgTable(
  'cession_reversal_items',
  {
    id: serial('id').primaryKey(),
    reversal_id: integer('reversal_id').notNull().references(() => cessionReversals.id),
    cession_item_id: integer('cession_item_id').notNull().references(() => cessionItems.id),
    installment_id: integer('installment_id').notNull().references(() => creditOperationInstallments.id),
    /** migration 0063: what returns (null on older rows: the whole item) */
    price: money('price'),
    carrying: money('carrying'),
    result: money('result'),
  },
  (t) => [unique().on(t.reversal_id, t.cession_item_id)],
);
