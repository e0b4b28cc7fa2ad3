/**
 * A change of the company's parameters waiting for another administrator: a file of its own because it names an
 * approval request (operations' table) while operations' tables name the company's; in schema.ts the two schema
 * files imported each other.
 */
import { integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { approvalRequests } from '../operations/schema-approvals';
import { companies } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A change of the parameters waiting for (or gone through) another administrator (migration 0037): the values asked for and those in force when asked. */
export const companyParameterChanges = pgTable('company_parameter_changes', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  approval_request_id: integer('approval_request_id').notNull().unique().references(() => approvalRequests.id),
  before: jsonb('before').$type<Record<string, unknown>>().notNull(),
  proposed: jsonb('proposed').$type<Record<string, unknown>>().notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type CompanyParameterChangeRow = typeof companyParameterChanges.$inferSelect;
