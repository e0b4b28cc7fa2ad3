/** Drizzle view of collection's table of migration 0015 (the SQL there is the source of truth, with its triggers: rows are only inserted). */
import { date, integer, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { INSTALLMENT_TRANSACTION_KINDS, RECEIPT_METHODS } from '@shared/enums';
import { users } from '../access/schema';
import { creditOperationInstallments, creditOperations } from '../operations/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

/** Payments and their reversals (a reversal is its own row naming the payment it undoes). */
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

export type InstallmentTransactionRow = typeof installmentTransactions.$inferSelect;
