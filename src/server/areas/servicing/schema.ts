/** Drizzle view of servicing's tables of migration 0015 (the SQL there is the source of truth, with its triggers). */
import { date, integer, jsonb, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DISBURSEMENT_METHODS, INSTALLMENT_TRANSACTION_KINDS, RECEIPT_METHODS } from '@shared/enums';
import { users } from '../access/schema';
import { borrowerBankAccounts } from '../borrowers/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';
import type { PayoutAccount } from '@shared/contract/servicing';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });
const day = (name: string) => date(name, { mode: 'string' });

/** The borrower's account the money went to, as it was at the disbursement (the contract's shape). */
export type { PayoutAccount };

export const disbursements = pgTable('disbursements', {
  id: serial('id').primaryKey(),
  credit_operation_id: integer('credit_operation_id').notNull().unique().references(() => creditOperations.id),
  disbursed_on: day('disbursed_on').notNull(),
  financed: money('financed').notNull(),
  released: money('released').notNull(),
  iof: money('iof').notNull(),
  fees: money('fees').notNull(),
  method: text('method', { enum: DISBURSEMENT_METHODS }).notNull(),
  bank_account_id: integer('bank_account_id').references(() => borrowerBankAccounts.id, { onDelete: 'set null' }),
  payout_account: jsonb('payout_account').$type<PayoutAccount>().notNull(),
  transfer_reference: text('transfer_reference'),
  late_fee_percent: percent('late_fee_percent').notNull(),
  default_interest_monthly_percent: percent('default_interest_monthly_percent').notNull(),
  contract_monthly_percent: percent('contract_monthly_percent').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const installmentTransactions = pgTable('installment_transactions', {
  id: serial('id').primaryKey(),
  installment_id: integer('installment_id').notNull().references(() => creditOperationInstallments.id),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  kind: text('kind', { enum: INSTALLMENT_TRANSACTION_KINDS }).notNull(),
  amount: money('amount').notNull(),
  paid_on: day('paid_on').notNull(),
  method: text('method', { enum: RECEIPT_METHODS }),
  reference: text('reference'),
  late_fee: money('late_fee').notNull().default('0'),
  default_interest: money('default_interest').notNull().default('0'),
  interest: money('interest').notNull().default('0'),
  principal: money('principal').notNull().default('0'),
  reverses_id: integer('reverses_id')
    .unique()
    .references((): AnyPgColumn => installmentTransactions.id),
  reason: text('reason'),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

export type DisbursementRow = typeof disbursements.$inferSelect;
export type InstallmentTransactionRow = typeof installmentTransactions.$inferSelect;
