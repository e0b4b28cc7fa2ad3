/** Drizzle view of the CNAB return files of migration 0024 (the SQL there is the source of truth, with its checks and triggers). */
import { date, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { RETURN_LINE_OUTCOMES, RETURN_MOVEMENT_KINDS } from '@shared/contract/company-cnab-return';
import { users } from '../access/schema';
import { companyBankAccounts } from '../company/schema';
import { creditOperationInstallments } from '../operations/schema';
import { boletoSlips } from '../boletos/schema-boleto';
import { installmentTransactions } from '../collection/schema';
import { renegotiationInstallments, renegotiationPayments } from '../renegotiation/schema';

export const returnFiles = pgTable(
  'return_files',
  {
    id: serial('id').primaryKey(),
    bank_account_id: integer('bank_account_id').notNull().references(() => companyBankAccounts.id),
    bank_code: text('bank_code').notNull(),
    file_name: text('file_name').notNull(),
    content: text('content').notNull(),
    sha256: text('sha256').notNull(),
    file_sequence: text('file_sequence').notNull(),
    generated_on: date('generated_on', { mode: 'string' }),
    imported_on: date('imported_on', { mode: 'string' }).notNull(),
    line_count: integer('line_count').notNull(),
    settled_count: integer('settled_count').notNull(),
    settled_total: numeric('settled_total', { precision: 14, scale: 2 }).notNull(),
    fee_total: numeric('fee_total', { precision: 14, scale: 2 }).notNull(),
    rejected_count: integer('rejected_count').notNull(),
    actor_id: integer('actor_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.bank_account_id, t.sha256)],
);

export const returnFileLines = pgTable(
  'return_file_lines',
  {
    id: serial('id').primaryKey(),
    return_file_id: integer('return_file_id').notNull().references(() => returnFiles.id),
    bank_account_id: integer('bank_account_id').notNull().references(() => companyBankAccounts.id),
    line: integer('line').notNull(),
    identity: text('identity').notNull(),
    movement: text('movement').notNull(),
    kind: text('kind', { enum: RETURN_MOVEMENT_KINDS }).notNull(),
    outcome: text('outcome', { enum: RETURN_LINE_OUTCOMES }).notNull(),
    message: text('message'),
    our_number: text('our_number').notNull(),
    boleto_slip_id: integer('boleto_slip_id').references(() => boletoSlips.id),
    installment_id: integer('installment_id').references(() => creditOperationInstallments.id),
    title_amount: numeric('title_amount', { precision: 14, scale: 2 }).notNull(),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 14, scale: 2 }).notNull(),
    net: numeric('net', { precision: 14, scale: 2 }).notNull(),
    occurred_on: date('occurred_on', { mode: 'string' }),
    credited_on: date('credited_on', { mode: 'string' }),
    reasons: jsonb('reasons').$type<Array<{ code: string; words: string }>>().notNull().default([]),
    transaction_id: integer('transaction_id').references(() => installmentTransactions.id),
    fee_posting_id: integer('fee_posting_id'),
    /** an agreement slip's line: its agreement installment, and the agreement payment that settled it (migration 0068) */
    agreement_installment_id: integer('agreement_installment_id').references(() => renegotiationInstallments.id),
    agreement_payment_id: integer('agreement_payment_id').references(() => renegotiationPayments.id),
  },
  (t) => [unique().on(t.return_file_id, t.line)],
);

export type ReturnFileRow = typeof returnFiles.$inferSelect;
export type ReturnFileLineRow = typeof returnFileLines.$inferSelect;
