/** Drizzle view of the CNAB remittances of migrations 0023, 0025 and 0034 (the SQL there is the source of truth, with its checks and trigger). */
import { date, integer, numeric, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { REMITTANCE_INSTRUCTIONS } from '@shared/enums';
import { users } from '../access/schema';
import { companyBankAccounts } from '../company/schema';
import { creditOperationInstallments } from '../operations/schema';
import { boletoSlips } from '../boletos/schema-boleto';
import { renegotiationInstallments } from '../renegotiation/schema';


export const remittances = pgTable(
  'remittances',
  {
    id: serial('id').primaryKey(),
    bank_account_id: integer('bank_account_id').notNull().references(() => companyBankAccounts.id),
    bank_code: text('bank_code').notNull(),
    nsa: integer('nsa').notNull(),
    generated_on: date('generated_on', { mode: 'string' }).notNull(),
    cutoff_date: date('cutoff_date', { mode: 'string' }).notNull(),
    content: text('content').notNull(),
    sha256: text('sha256').notNull(),
    file_name: text('file_name').notNull(),
    slip_count: integer('slip_count').notNull(),
    entry_count: integer('entry_count').notNull(),
    write_off_count: integer('write_off_count').notNull(),
    due_date_change_count: integer('due_date_change_count').notNull().default(0),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    actor_id: integer('actor_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.bank_account_id, t.nsa)],
);

export const remittanceItems = pgTable(
  'remittance_items',
  {
    id: serial('id').primaryKey(),
    remittance_id: integer('remittance_id').notNull().references(() => remittances.id),
    boleto_slip_id: integer('boleto_slip_id').notNull().references(() => boletoSlips.id),
    /** the operation's installment, or null for an agreement's (migration 0068) */
    installment_id: integer('installment_id').references(() => creditOperationInstallments.id),
    /** the agreement's installment an agreement slip collects (migration 0068) */
    agreement_installment_id: integer('agreement_installment_id').references(() => renegotiationInstallments.id),
    instruction: text('instruction', { enum: REMITTANCE_INSTRUCTIONS }).notNull(),
    reference: text('reference').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** the slip whose nosso número the bank registered, when this item's slip stands for it (migration 0025) */
    title_slip_id: integer('title_slip_id').references(() => boletoSlips.id),
    /** 1, or the resend of an entry the bank rejected (migration 0034) */
    attempt: smallint('attempt').notNull().default(1),
  },
  (t) => [unique().on(t.boleto_slip_id, t.instruction, t.attempt)],
);

export type RemittanceRow = typeof remittances.$inferSelect;
