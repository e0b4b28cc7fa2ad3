/** Drizzle view of approval_requests (migration 0012, whose SQL is the source of truth). */
import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApprovalKind } from '@shared/contract/approvals';
import { APPROVAL_STATUSES } from '@shared/enums';
import { users } from '../access/schema';
import { companies } from '../company/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const approvalRequests = pgTable('approval_requests', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().default(1).references(() => companies.id),
  kind: text('kind').$type<ApprovalKind>().notNull(),
  entity: text('entity').notNull(),
  entity_id: integer('entity_id').notNull(),
  amount: money('amount').notNull(),
  limit_amount: money('limit_amount'),
  amounts: jsonb('amounts').$type<Record<string, string>>().notNull().default({}),
  required_checks: integer('required_checks').notNull(),
  status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
  maker_id: integer('maker_id').notNull().references(() => users.id),
  made_at: ts('made_at').notNull(),
  checker_id: integer('checker_id').references(() => users.id),
  checked_at: ts('checked_at'),
  second_checker_id: integer('second_checker_id').references(() => users.id),
  second_checked_at: ts('second_checked_at'),
  closed_by: integer('closed_by').references(() => users.id),
  closed_at: ts('closed_at'),
  reason: text('reason'),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
