/** Drizzle view of the origination tables of migration 0010 (the SQL there is the source of truth). */
import { boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import {
  AMORTIZATION_SYSTEMS,
  CONTRACT_KINDS,
  CREDIT_OPERATION_STATUSES,
  ISSUED_CONTRACT_STATUSES,
  PAYMENT_METHODS,
  type AmortizationSystemName,
  type IofPersonType,
  type PaymentMethod,
} from '@shared/enums';
import type { LateDaysFrom, RemuneratoryInDelay } from '@shared/servicing';
import { users } from '../access/schema';
import { companies, contractTemplates } from '../company/schema';
import { solicitations } from '../intake/schema';
import { borrowers } from '../borrowers/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });
const day = (name: string) => date(name, { mode: 'string' });


export const creditOperations = pgTable('credit_operations', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().default(1).references(() => companies.id),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id),
  solicitation_id: integer('solicitation_id').references(() => solicitations.id),
  status: text('status', { enum: CREDIT_OPERATION_STATUSES }).notNull().default('proposal'),
  status_changed_at: ts('status_changed_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  product: text('product').notNull(),
  contract_kind: text('contract_kind', { enum: CONTRACT_KINDS }).notNull(),
  amortization: text('amortization', { enum: AMORTIZATION_SYSTEMS }).notNull(),
  requested_amount: money('requested_amount').notNull(),
  principal: money('principal').notNull(),
  monthly_rate: percent('monthly_rate').notNull(),
  installments_count: integer('installments_count').notNull(),
  disbursement_date: day('disbursement_date').notNull(),
  first_due_date: day('first_due_date').notNull(),
  finance_iof: boolean('finance_iof').notNull(),
  /** [{ name, amount }] with amounts as decimal strings; their sum is fees_total */
  fees: jsonb('fees').$type<Array<{ name: string; amount: string }>>().notNull().default([]),
  fees_total: money('fees_total').notNull(),
  iof_daily: money('iof_daily').notNull(),
  iof_additional: money('iof_additional').notNull(),
  iof_total: money('iof_total').notNull(),
  iof_rates: jsonb('iof_rates').$type<{ personType: IofPersonType; dailyPercent: string; additionalPercent: string; legalBasis: string }>().notNull(),
  cet_monthly: numeric('cet_monthly', { precision: 12, scale: 2 }).notNull(),
  cet_yearly: numeric('cet_yearly', { precision: 12, scale: 2 }).notNull(),
  total_interest: money('total_interest').notNull(),
  total_payable: money('total_payable').notNull(),
  released: money('released').notNull(),
  secured_guarantee_ids: integer('secured_guarantee_ids').array().notNull().default([]),
  purpose: text('purpose'),
  payment_method: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('boleto'),
  analyst_opinion: text('analyst_opinion'),
  notes: text('notes'),
  orientation_message: text('orientation_message'),
  decision_reason: text('decision_reason'),
  decided_by: integer('decided_by').references(() => users.id),
  decided_at: ts('decided_at'),
  created_by: integer('created_by').references(() => users.id),
  /** who built or last changed the conditions, and when (migration 0012): the person who may not approve them */
  maker_id: integer('maker_id').references(() => users.id),
  made_at: ts('made_at').notNull().defaultNow(),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});


export const creditOperationInstallments = pgTable(
  'credit_operation_installments',
  {
    id: serial('id').primaryKey(),
    credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    due_date: day('due_date').notNull(),
    payment: money('payment').notNull(),
    interest: money('interest').notNull(),
    amortization: money('amortization').notNull(),
    balance: money('balance').notNull(),
    paid_on: day('paid_on'),
    /** the schedule version that added the row (1: the signed schedule; a prepayment adds one) */
    schedule_version: integer('schedule_version').notNull().default(1),
    /** the version whose rows replaced this one (null: in the current schedule); migration 0017 */
    superseded_in: integer('superseded_in'),
    /** whether the operation is being collected; kept by migration 0019's triggers from the operation's status */
    collecting: boolean('collecting').notNull().default(false),
  },
  (t) => [unique('credit_operation_installments_version_number_key').on(t.credit_operation_id, t.schedule_version, t.number)],
);


export const creditOperationEvents = pgTable('credit_operation_events', {
  id: serial('id').primaryKey(),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  from_status: text('from_status'),
  to_status: text('to_status'),
  note: text('note'),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});


export const creditOperationMessages = pgTable('credit_operation_messages', {
  id: serial('id').primaryKey(),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id, { onDelete: 'cascade' }),
  author_id: integer('author_id').notNull().references(() => users.id),
  body: text('body').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});


/** What an issued contract shows, frozen at issue (migration 0013): decimal text, calendar days as 'YYYY-MM-DD'. */
export interface FrozenContract {
  amounts: {
    amortization: AmortizationSystemName;
    requested_amount: string;
    principal: string;
    released: string;
    iof_total: string;
    fees: Array<{ name: string; amount: string }>;
    fees_total: string;
    total_interest: string;
    total_payable: string;
    monthly_rate: string;
    yearly_rate: string;
    cet_monthly: string;
    cet_yearly: string;
    installments_count: number;
    disbursement_date: string;
    first_due_date: string;
    payment_method: PaymentMethod;
  };
  schedule: Array<{ number: number; due_date: string; payment: string; interest: string; amortization: string; balance: string }>;
  orientation_message: string | null;
  /**
   * The late-charge terms the contract states, frozen at issue so servicing charges what was signed and nothing else
   * (Res. CMN 4.882/2020); migration 0038 wrote them into every contract issued before (see late-charge-terms.ts).
   */
  late_charges: FrozenLateCharges;
}


/** A contract's late-charge terms (percent as decimal text), as printed in it and frozen at issue. */
export interface FrozenLateCharges {
  /** multa, once, on the value overdue (≤ 2%, CDC art. 52 §1) */
  late_fee_percent: string;
  /** juros de mora, a month, simple, pro rata die (≤ 1%, STJ Súmula 379) */
  default_interest_monthly_percent: string;
  /** whether and how the contract's rate runs during delay (none: multa and mora only) */
  remuneratory: RemuneratoryInDelay;
  /** the contract's rate a month, the one remuneratory interest of delay runs at where stated */
  contract_monthly_percent: string;
  /** where days late count from when the due date is not a business day (Código Civil art. 132 §1) */
  late_days_from: LateDaysFrom;
}

export const issuedContracts = pgTable('issued_contracts', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
  kind: text('kind', { enum: CONTRACT_KINDS }).notNull(),
  number: text('number').notNull().unique(),
  template_id: integer('template_id').references(() => contractTemplates.id),
  template_version: integer('template_version').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  signatories: jsonb('signatories').$type<{ borrower: string; guarantors: string[]; representatives: string[]; witnesses: string[] }>().notNull(),
  frozen: jsonb('frozen').$type<FrozenContract>().notNull(),
  status: text('status', { enum: ISSUED_CONTRACT_STATUSES }).notNull().default('issued'),
  issued_by: integer('issued_by').references(() => users.id),
  issued_at: ts('issued_at').notNull().defaultNow(),
  cancelled_by: integer('cancelled_by').references(() => users.id),
  cancelled_at: ts('cancelled_at'),
});
