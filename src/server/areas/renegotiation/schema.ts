/**
 * Drizzle view of the renegotiation area's tables of migration 0057 (the SQL
 * there is the source of truth, with its triggers: the agreements, their
 * items, schedules and decisions are only inserted).
 */
import { boolean, date, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { AMORTIZATION_SYSTEMS, RENEGOTIATION_OUTCOMES } from '@shared/enums';
import { users } from '../access/schema';
import { borrowers } from '../borrowers/schema';
import { companies, companyBankAccounts, contractTemplates } from '../company/schema';
import { approvalRequests } from '../operations/schema-approvals';
import { creditOperationInstallments, creditOperations } from '../operations/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

/** The company's limits per role: the most percent forgiven, the discount agreed alone. */
export const renegotiationLimits = pgTable(
  'renegotiation_limits',
  {
    company_id: integer('company_id').notNull().references(() => companies.id),
    role_id: integer('role_id').notNull(),
    max_discount_percent: numeric('max_discount_percent', { precision: 7, scale: 4 }).notNull(),
    alone_up_to: money('alone_up_to').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.role_id] })],
);

/** A change of the limits waiting for another administrator (migration 0070): the limits then and those asked for. */
export const renegotiationLimitChanges = pgTable('renegotiation_limit_changes', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  approval_request_id: integer('approval_request_id').notNull().unique().references(() => approvalRequests.id),
  before: jsonb('before').notNull(),
  proposed: jsonb('proposed').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const renegotiationAgreements = pgTable('renegotiation_agreements', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id),
  maker_id: integer('maker_id').notNull().references(() => users.id),
  agreement_date: day('agreement_date').notNull(),
  amortization: text('amortization', { enum: AMORTIZATION_SYSTEMS }).notNull(),
  monthly_rate: numeric('monthly_rate', { precision: 9, scale: 4 }).notNull(),
  term: integer('term').notNull(),
  first_due_date: day('first_due_date').notNull(),
  finance_iof: boolean('finance_iof').notNull(),
  late_charges_discount_percent: numeric('late_charges_discount_percent', { precision: 7, scale: 4 }).notNull(),
  interest_discount_percent: numeric('interest_discount_percent', { precision: 7, scale: 4 }).notNull(),
  open_principal: money('open_principal').notNull(),
  open_interest: money('open_interest').notNull(),
  open_late_charges: money('open_late_charges').notNull(),
  renegotiated_balance: money('renegotiated_balance').notNull(),
  late_charges_discount: money('late_charges_discount').notNull(),
  interest_discount: money('interest_discount').notNull(),
  discount: money('discount').notNull(),
  down_payment: money('down_payment').notNull(),
  base: money('base').notNull(),
  iof_complement: money('iof_complement').notNull(),
  iof_new_daily: money('iof_new_daily').notNull(),
  iof_new_additional: money('iof_new_additional').notNull(),
  iof_total: money('iof_total').notNull(),
  iof_financed: money('iof_financed').notNull(),
  principal: money('principal').notNull(),
  total_payable: money('total_payable').notNull(),
  cet_monthly: numeric('cet_monthly', { precision: 12, scale: 6 }).notNull(),
  cet_yearly: numeric('cet_yearly', { precision: 14, scale: 6 }).notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
export type RenegotiationAgreementRow = typeof renegotiationAgreements.$inferSelect;

export const renegotiationItems = pgTable(
  'renegotiation_items',
  {
  id: serial('id').primaryKey(),
  agreement_id: integer('agreement_id').notNull().references(() => renegotiationAgreements.id),
  installment_id: integer('installment_id').notNull().references(() => creditOperationInstallments.id),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  number: integer('number').notNull(),
  due_date: day('due_date').notNull(),
  principal: money('principal').notNull(),
  interest: money('interest').notNull(),
  late_charges: money('late_charges').notNull(),
  },
  (t) => [unique().on(t.agreement_id, t.installment_id)],
);
export type RenegotiationItemRow = typeof renegotiationItems.$inferSelect;

export const renegotiationInstallments = pgTable(
  'renegotiation_installments',
  {
  id: serial('id').primaryKey(),
  agreement_id: integer('agreement_id').notNull().references(() => renegotiationAgreements.id),
  number: integer('number').notNull(),
  due_date: day('due_date').notNull(),
  payment: money('payment').notNull(),
  interest: money('interest').notNull(),
  amortization: money('amortization').notNull(),
  balance: money('balance').notNull(),
  },
  (t) => [unique().on(t.agreement_id, t.number)],
);

export const renegotiationDecisions = pgTable('renegotiation_decisions', {
  id: serial('id').primaryKey(),
  agreement_id: integer('agreement_id').notNull().unique().references(() => renegotiationAgreements.id),
  outcome: text('outcome', { enum: RENEGOTIATION_OUTCOMES }).notNull(),
  decided_on: day('decided_on').notNull(),
  actor_id: integer('actor_id').notNull().references(() => users.id),
  approval_request_id: integer('approval_request_id').references(() => approvalRequests.id),
  reason: text('reason'),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Payments of the agreement's installments and their reversals (migration 0060, append-only). */
export const renegotiationPayments = pgTable('renegotiation_payments', {
  id: serial('id').primaryKey(),
  agreement_id: integer('agreement_id').notNull().references(() => renegotiationAgreements.id),
  installment_id: integer('installment_id').notNull().references(() => renegotiationInstallments.id),
  kind: text('kind', { enum: ['payment', 'reversal'] }).notNull(),
  paid_on: day('paid_on').notNull(),
  amount: money('amount').notNull(),
  late_fee: money('late_fee').notNull(),
  default_interest: money('default_interest').notNull(),
  interest: money('interest').notNull(),
  principal: money('principal').notNull(),
  bank_account_id: integer('bank_account_id').references(() => companyBankAccounts.id),
  reverses_id: integer('reverses_id')
    .unique()
    .references((): AnyPgColumn => renegotiationPayments.id),
  reference: text('reference'),
  actor_id: integer('actor_id').notNull().references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
  /** migration 0074: the settlement tolerance's rounding (due − credited), and whether a suspense item paid it */
  rounding_difference: money('rounding_difference').notNull().default('0'),
  from_suspense: boolean('from_suspense').notNull().default(false),
});
export type RenegotiationPaymentRow = typeof renegotiationPayments.$inferSelect;

/** An agreement broken by the rule (migration 0060, at most one per agreement, append-only). */
export const renegotiationBreaks = pgTable('renegotiation_breaks', {
  id: serial('id').primaryKey(),
  agreement_id: integer('agreement_id').notNull().unique().references(() => renegotiationAgreements.id),
  broken_on: day('broken_on').notNull(),
  installment_id: integer('installment_id').notNull().references(() => renegotiationInstallments.id),
  days_late: integer('days_late').notNull(),
  break_days: integer('break_days').notNull(),
  remaining: money('remaining').notNull(),
  reason: text('reason').notNull(),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** The confession of debt of an agreement carried out: its template and the text filled then (migration 0060, frozen). */
export const renegotiationDocuments = pgTable('renegotiation_documents', {
  agreement_id: integer('agreement_id').primaryKey().references(() => renegotiationAgreements.id),
  template: text('template').notNull(),
  body: text('body').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  /** the company template (and its version) the text was filled from; null before migration 0069 */
  template_id: integer('template_id').references(() => contractTemplates.id),
  template_version: integer('template_version'),
});

/** The server job's run of the break rule, one row per business date (migration 0065, append-only). */
export const renegotiationBreakRuns = pgTable('renegotiation_break_runs', {
  business_date: day('business_date').primaryKey(),
  broken: integer('broken').notNull(),
  ran_at: ts('ran_at').notNull().defaultNow(),
});
