/** Drizzle view of the cession price's moves of migration 0054 (the SQL there is the source of truth, with its checks and trigger). */
import { date, integer, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CESSION_PRICE_MOVE_KINDS } from '@shared/enums';
import { users } from '../access/schema';
import { companyBankAccounts } from '../company/schema';
import { cessions } from './schema-cession';

export const cessionPriceMoves = pgTable('cession_price_moves', {
  id: serial('id').primaryKey(),
  cession_id: integer('cession_id').notNull().references(() => cessions.id),
  kind: text('kind', { enum: CESSION_PRICE_MOVE_KINDS }).notNull(),
  moved_on: date('moved_on', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  company_bank_account_id: integer('company_bank_account_id').references(() => companyBankAccounts.id),
  reverses_id: integer('reverses_id')
    .unique()
    .references((): AnyPgColumn => cessionPriceMoves.id),
  reason: text('reason'),
  approval_request_id: integer('approval_request_id'),
  posting_id: integer('posting_id').notNull(),
  actor_id: integer('actor_id')
    .notNull()
    .references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type CessionPriceMoveRow = typeof cessionPriceMoves.$inferSelect;
