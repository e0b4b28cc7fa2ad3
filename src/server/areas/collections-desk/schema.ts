/**
 * Drizzle view of the collections desk's tables of migration 0053 (the SQL
 * there is the source of truth, with its triggers: rows are only inserted).
 */
import { date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CONTACT_CHANNELS, CONTACT_DIRECTIONS, CONTACT_OUTCOMES } from '@shared/enums';
import { users } from '../access/schema';
import { creditOperations } from '../operations/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A contact with the borrower of an operation, as logged: never changed. */
export const collectionContacts = pgTable('collection_contacts', {
  id: serial('id').primaryKey(),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  channel: text('channel', { enum: CONTACT_CHANNELS }).notNull(),
  direction: text('direction', { enum: CONTACT_DIRECTIONS }).notNull(),
  outcome: text('outcome', { enum: CONTACT_OUTCOMES }).notNull(),
  note: text('note'),
  contacted_at: ts('contacted_at').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type CollectionContactRow = typeof collectionContacts.$inferSelect;

/** The promise to pay a contact carried: the day made, the date promised, the amount. Its state is derived. */
export const paymentPromises = pgTable('payment_promises', {
  id: serial('id').primaryKey(),
  contact_id: integer('contact_id').notNull().unique().references(() => collectionContacts.id),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  made_on: date('made_on', { mode: 'string' }).notNull(),
  promised_on: date('promised_on', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type PaymentPromiseRow = typeof paymentPromises.$inferSelect;
