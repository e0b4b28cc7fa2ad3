/** Drizzle view of the custodian's CNAB 444 returns of migration 0062 (the SQL there is the source of truth, with its checks and triggers). */
import { date, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { CUSTODIAN_RETURN_RESULTS } from '@shared/enums';
import { users } from '../access/schema';
import { assignmentBankAccounts, companies } from '../company/schema';
import { creditOperationInstallments } from '../operations/schema';
import { cessionItems, cessionReversals } from '../transfers/schema-cession';

export const custodianReturnImports = pgTable(
  'custodian_return_imports',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').notNull().references(() => companies.id),
    assignment_account_id: integer('assignment_account_id').notNull().references(() => assignmentBankAccounts.id),
    ...{ file_name: text('file_name').notNull(), sha256: text('sha256').notNull(), file_sequence: integer('file_sequence').notNull() },
    ...{ written_on: date('written_on', { mode: 'string' }), applied_on: date('applied_on', { mode: 'string' }).notNull() },
    ...{ line_count: integer('line_count').notNull(), acquired_count: integer('acquired_count').notNull(), undone_count: integer('undone_count').notNull() },
    actor_id: integer('actor_id').notNull().references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.assignment_account_id, t.sha256)],
);
export type CustodianReturnImportRow = typeof custodianReturnImports.$inferSelect;

export const custodianReturnLines = pgTable(
  'custodian_return_lines',
  {
    id: serial('id').primaryKey(),
    import_id: integer('import_id').notNull().references(() => custodianReturnImports.id),
    line: integer('line').notNull(),
    ...{ reference: text('reference').notNull(), cession_term: text('cession_term').notNull(), occurrence: text('occurrence').notNull() },
    reason_codes: text('reason_codes').notNull().default(''),
    result: text('result', { enum: CUSTODIAN_RETURN_RESULTS }).notNull(),
    message: text('message'),
    cession_item_id: integer('cession_item_id').references(() => cessionItems.id),
    installment_id: integer('installment_id').references(() => creditOperationInstallments.id),
    cession_reversal_id: integer('cession_reversal_id').references(() => cessionReversals.id),
  },
  (t) => [unique().on(t.import_id, t.line)],
);
