/**
 * Drizzle view of the letters area's table (migration 0069 is the source of
 * truth, with its triggers: a letter issued is only inserted).
 */
import { date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ISSUED_LETTER_KINDS } from '@shared/enums';
import { users } from '../access/schema';
import { borrowers } from '../borrowers/schema';
import { companies, contractTemplates } from '../company/schema';
import { creditOperations } from '../operations/schema';

export { ISSUED_LETTER_KINDS };
export type IssuedLetterKind = (typeof ISSUED_LETTER_KINDS)[number];

/** What the PDF prints besides the filled text, as it was at issue. */
export interface FrozenLetter {
  letterhead: { name: string; cnpj: string; city: string; state: string };
  /** label and value lines after the text (the payoff letter's amounts) */
  facts?: Array<[string, string]>;
  /** the annual declaration's table: each line's cells, the total apart */
  table?: { rows: string[][]; total: string };
}

/** Each payoff, discharge or annual letter issued: its template's version and the text filled then. */
export const issuedLetters = pgTable('issued_letters', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  kind: text('kind', { enum: ISSUED_LETTER_KINDS }).notNull(),
  credit_operation_id: integer('credit_operation_id').references(() => creditOperations.id),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id),
  /** the day the letter speaks of: the payoff's validity, the last payment, the year's last day */
  letter_day: date('letter_day', { mode: 'string' }).notNull(),
  template_id: integer('template_id').notNull().references(() => contractTemplates.id),
  template_version: integer('template_version').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  frozen: jsonb('frozen').$type<FrozenLetter>().notNull(),
  file_name: text('file_name').notNull(),
  issued_by: integer('issued_by').notNull().references(() => users.id),
  issued_at: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
