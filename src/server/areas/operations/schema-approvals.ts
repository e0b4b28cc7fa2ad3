/** Drizzle view of approval_requests (migration 0012) and limited_moves (migration 0037), whose SQL is the source of truth. */
import { date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApprovalKind } from '@shared/contract/approvals';
import { APPROVAL_STATUSES, LIMITED_MOVE_NAMES } from '@shared/enums';
import { users } from '../access/schema';
import { companies } from '../company/schema';
import { creditOperations } from './schema';

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

/** One servicing move behind a limit, per operation it touches: what the limits add up per maker, operation and window. */
export const limitedMoves = pgTable('limited_moves', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  move: text('move', { enum: LIMITED_MOVE_NAMES }).notNull(),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  maker_id: integer('maker_id').notNull().references(() => users.id),
  business_date: date('business_date', { mode: 'string' }).notNull(),
  amount: money('amount').notNull(),
  /** the request it waits for or went through; null: taken alone */
  approval_request_id: integer('approval_request_id').references(() => approvalRequests.id),
  created_at: ts('created_at').notNull().defaultNow(),
});
