/** Drizzle view of the boleto slips of migrations 0016, 0020 and 0064 (the SQL there is the source of truth, with its trigger). */
import { bigint, date, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { TITLE_OWNER_KINDS } from '@shared/enums';
import { users } from '../access/schema';
import { companyBankAccounts } from '../company/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import { renegotiationInstallments } from '../renegotiation/schema';

export const boletoSlips = pgTable(
  'boleto_slips',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: TITLE_OWNER_KINDS }).notNull().default('installment'),
    /** the operation's installment (kind 'installment') */
    installment_id: integer('installment_id').references(() => creditOperationInstallments.id),
    /** the agreement's installment (kind 'agreement'); credit_operation_id is then the agreement's first operation */
    agreement_installment_id: integer('agreement_installment_id').references(() => renegotiationInstallments.id),
    credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
    bank_account_id: integer('bank_account_id').notNull().references(() => companyBankAccounts.id),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    our_number: text('our_number').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    barcode: text('barcode').notNull(),
    digitable_line: text('digitable_line').notNull(),
    issued_on: date('issued_on', { mode: 'string' }).notNull(),
    /** installment_titles.version the slip printed (0: no title data) */
    title_version: integer('title_version').notNull().default(0),
    actor_id: integer('actor_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.bank_account_id, t.sequence)],
);

export type BoletoSlipRow = typeof boletoSlips.$inferSelect;
