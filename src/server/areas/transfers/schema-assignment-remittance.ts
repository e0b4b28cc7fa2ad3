/** Drizzle view of the assignment remittances of migration 0029 (the SQL there is the source of truth, with its checks and trigger). */
import { date, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../access/schema';
import { assignmentBankAccounts, companies } from '../company/schema';
import { creditOperationInstallments } from '../operations/schema';
import { cessionItems } from './schema-cession';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const assignmentRemittances = pgTable(
  'assignment_remittances',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').notNull().references(() => companies.id),
    assignment_account_id: integer('assignment_account_id').notNull().references(() => assignmentBankAccounts.id),
    number: integer('number').notNull(),
    cession_date: date('cession_date', { mode: 'string' }).notNull(),
    day_sequence: integer('day_sequence').notNull(),
    generated_on: date('generated_on', { mode: 'string' }).notNull(),
    content: text('content').notNull(),
    sha256: text('sha256').notNull(),
    file_name: text('file_name').notNull(),
    cession_count: integer('cession_count').notNull(),
    installment_count: integer('installment_count').notNull(),
    face_value: money('face_value').notNull(),
    present_value: money('present_value').notNull(),
    actor_id: integer('actor_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.assignment_account_id, t.number), unique().on(t.assignment_account_id, t.cession_date, t.day_sequence)],
);
export type AssignmentRemittanceRow = typeof assignmentRemittances.$inferSelect;

export const assignmentRemittanceItems = pgTable(
  'assignment_remittance_items',
  {
    id: serial('id').primaryKey(),
    remittance_id: integer('remittance_id').notNull().references(() => assignmentRemittances.id),
    cession_item_id: integer('cession_item_id').notNull().references(() => cessionItems.id),
    installment_id: integer('installment_id').notNull().references(() => creditOperationInstallments.id),
    reference: text('reference').notNull(),
    face_value: money('face_value').notNull(),
    present_value: money('present_value').notNull(),
  },
  (t) => [unique().on(t.remittance_id, t.cession_item_id)],
);
