/**
 * Drizzle view of the Doc 3044 tables of migration 0049 (the SQL there is the
 * source of truth). Written by doc3044/events.ts only.
 */
import { date, integer, numeric, pgTable, serial, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { SCR_EVENT_KINDS } from '@shared/enums';
import { users } from '../access/schema';
import { companies } from '../company/schema';
import { creditOperations } from '../operations/schema';
import { renegotiationBreaks } from '../renegotiation/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const scr3044Files = pgTable('scr_3044_files', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  generated_on: date('generated_on', { mode: 'string' }).notNull(),
  remittance_at: text('remittance_at').notNull(),
  content: text('content').notNull(),
  sha256: text('sha256').notNull(),
  event_count: integer('event_count').notNull(),
  created_by: integer('created_by').references(() => users.id),
  sent_at: ts('sent_at'),
  sent_by: integer('sent_by').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const scrEvents = pgTable('scr_events', {
  id: serial('id').primaryKey(),
  // null for an event with no posting (an agreement broken, migration 0073: break_id instead)
  posting_id: integer('posting_id').unique(),
  kind: text('kind', { enum: SCR_EVENT_KINDS }).notNull(),
  acao: smallint('acao').notNull(),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  ipoc_cnpj: text('ipoc_cnpj').notNull(),
  ipoc_modality: text('ipoc_modality').notNull(),
  ipoc_client_type: text('ipoc_client_type').notNull(),
  ipoc_client_code: text('ipoc_client_code').notNull(),
  ipoc_contract: text('ipoc_contract').notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  balance_after: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
  event_date: date('event_date', { mode: 'string' }).notNull(),
  deadline: date('deadline', { mode: 'string' }).notNull(),
  file_id: integer('file_id').references(() => scr3044Files.id),
  sent_at: ts('sent_at'),
  sent_by: integer('sent_by').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
  // Migration 0067: the event a correction (acao 2 exclusão, 3 alteração) corrects; the record that voided an event before it left.
  corrects_id: integer('corrects_id').references((): AnyPgColumn => scrEvents.id),
  voided_by: integer('voided_by').references((): AnyPgColumn => scrEvents.id),
  // Migration 0073: the agreement's break (renegotiation_breaks) an event with no posting comes from.
  break_id: integer('break_id').references(() => renegotiationBreaks.id),
});
export type ScrEventRow = typeof scrEvents.$inferSelect;

export const scrEventCursor = pgTable('scr_event_cursor', {
  id: integer('id').primaryKey(),
  last_posting_id: integer('last_posting_id').notNull(),
});
