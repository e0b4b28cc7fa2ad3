/** Drizzle view of the per-day account balances of migration 0021 (kept by its trigger on journal_entries; never written by the code). */
import { date, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { LedgerAccount } from '@shared/ledger';

export const ledgerDailyBalances = pgTable(
  'ledger_daily_balances',
  {
    business_date: date('business_date', { mode: 'string' }).notNull(),
    // Values come from journal_entries (whose CHECK names the accounts); no CHECK here, so a new account is added in one place.
    account: text('account').$type<LedgerAccount>().notNull(),
    debits: numeric('debits').notNull().default('0'),
    credits: numeric('credits').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.business_date, t.account] })],
);
