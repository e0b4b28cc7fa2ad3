/** Drizzle view of the servicing core's table of migration 0015, the release (the SQL there is the source of truth, with its triggers). */
import { date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DISBURSEMENT_METHODS, LATE_DAYS_FROM, REMUNERATORY_IN_DELAY } from '@shared/enums';
import { users } from '../access/schema';
import { borrowerBankAccounts } from '../borrowers/schema';
import { creditOperations } from '../operations/schema';
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
  /** the frozen contract's remuneratory clause during delay and where days late count from (migration 0038) */
  remuneratory: text('remuneratory', { enum: REMUNERATORY_IN_DELAY }).notNull().default('none'),
  late_days_from: text('late_days_from', { enum: LATE_DAYS_FROM }).notNull().default('payable_until'),
  /** released before migration 0038: up to this day (its last transaction), what it was charged then */
  legacy_until: day('legacy_until'),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

export type DisbursementRow = typeof disbursements.$inferSelect;
