/** Drizzle view of the per-day account balances of migration 0021 (kept by its trigger on journal_entries; never written by the code). */
import { date, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNTS } from '@shared/enums';

export const ledgerDailyBalances = pgTable(
  'ledger_daily_balances',
  {
    business_date: date('business_date', { mode: 'string' }).notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    debits: numeric('debits').notNull().default('0'),
    credits: numeric('credits').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.business_date, t.account] })],
);
