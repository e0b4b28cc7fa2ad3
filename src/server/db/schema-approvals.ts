/** Drizzle view of approval_requests (migration 0012, whose SQL is the source of truth). */
import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApprovalKind, ApprovalStatus } from '../../shared/contract/approvals';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const approvalRequests = pgTable('approval_requests', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().default(1),
  kind: text('kind').$type<ApprovalKind>().notNull(),
  entity: text('entity').notNull(),
  entity_id: integer('entity_id').notNull(),
  amount: money('amount').notNull(),
  limit_amount: money('limit_amount'),
  amounts: jsonb('amounts').$type<Record<string, string>>().notNull(),
  required_checks: integer('required_checks').notNull(),
  status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
  maker_id: integer('maker_id').notNull(),
  made_at: ts('made_at').notNull(),
  checker_id: integer('checker_id'),
  checked_at: ts('checked_at'),
  second_checker_id: integer('second_checker_id'),
  second_checked_at: ts('second_checked_at'),
  closed_by: integer('closed_by'),
  closed_at: ts('closed_at'),
  reason: text('reason'),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
