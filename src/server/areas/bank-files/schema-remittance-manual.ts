/** Drizzle view of the manual remittances of migration 0026 (the SQL there is the source of truth, with its trigger). */
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../access/schema';
import { creditOperationInstallments } from '../operations/schema';
import { remittances } from './schema-remittance';

export const manualRemittances = pgTable('manual_remittances', {
  remittance_id: integer('remittance_id')
    .primaryKey()
    .references(() => remittances.id),
});

export const remittanceManualHidden = pgTable('remittance_manual_hidden', {
  installment_id: integer('installment_id')
    .primaryKey()
    .references(() => creditOperationInstallments.id),
  hidden_by: integer('hidden_by').references(() => users.id),
  hidden_at: timestamp('hidden_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
