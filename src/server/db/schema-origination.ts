/** Drizzle view of the origination tables of migration 0010 (the SQL there is the source of truth). */
import { boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import {
  AMORTIZATION_SYSTEMS,
  BANK_ACCOUNT_TYPES,
  CONTRACT_KINDS,
  CREDIT_OPERATION_STATUSES,
  GUARANTEE_KINDS,
  ISSUED_CONTRACT_STATUSES,
  PAYMENT_METHODS,
  PERSON_TYPES,
  REVENUE_SOURCES,
  type AmortizationSystemName,
  type IofPersonType,
  type PaymentMethod,
} from '../../shared/enums';
import { users } from './schema';
import { companies, contractTemplates } from './schema-company';
import { solicitations } from './schema-credit-intake';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });
const day = (name: string) => date(name, { mode: 'string' });

export const borrowers = pgTable('borrowers', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().default(1).references(() => companies.id),
  person_type: text('person_type', { enum: PERSON_TYPES }).notNull(),
  simples_nacional: boolean('simples_nacional').notNull().default(false),
  mei: boolean('mei').notNull().default(false),
  name: text('name').notNull(),
  trade_name: text('trade_name'),
  document: text('document').notNull(),
  user_id: integer('user_id').references(() => users.id),
  solicitation_id: integer('solicitation_id').unique().references(() => solicitations.id),
  birthday: day('birthday'),
  email: text('email'),
  phone: text('phone'),
  cep: text('cep'),
  address: text('address'),
  address_number: text('address_number'),
  address_complement: text('address_complement'),
  neighborhood: text('neighborhood'),
  city: text('city'),
  state: text('state'),
  profession: text('profession'),
  monthly_income: money('monthly_income'),
  legal_representative_name: text('legal_representative_name'),
  legal_representative_cpf: text('legal_representative_cpf'),
  state_registration: text('state_registration'),
  opening_date: day('opening_date'),
  activity: text('activity'),
  employees: integer('employees'),
  monthly_revenue: money('monthly_revenue'),
  active: boolean('active').notNull().default(true),
  created_by: integer('created_by').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
  deleted_at: ts('deleted_at'),
});

export const borrowerBankAccounts = pgTable('borrower_bank_accounts', {
  id: serial('id').primaryKey(),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id, { onDelete: 'cascade' }),
  bank_code: text('bank_code').notNull(),
  bank_name: text('bank_name').notNull(),
  agency: text('agency').notNull(),
  agency_digit: text('agency_digit'),
  account: text('account').notNull(),
  account_digit: text('account_digit'),
  account_type: text('account_type', { enum: BANK_ACCOUNT_TYPES }).notNull(),
  pix_key: text('pix_key'),
  is_payout: boolean('is_payout').notNull().default(false),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const borrowerShareholders = pgTable('borrower_shareholders', {
  id: serial('id').primaryKey(),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  document: text('document').notNull(),
  share_percent: numeric('share_percent', { precision: 7, scale: 4 }).notNull(),
  position: text('position'),
  email: text('email'),
  phone: text('phone'),
  signs_as_guarantor: boolean('signs_as_guarantor').notNull().default(false),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const borrowerAttorneys = pgTable('borrower_attorneys', {
  id: serial('id').primaryKey(),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  cpf: text('cpf').notNull(),
  email: text('email'),
  phone: text('phone'),
  powers: text('powers').notNull(),
  valid_until: day('valid_until'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const borrowerJointDebtors = pgTable('borrower_joint_debtors', {
  id: serial('id').primaryKey(),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  document: text('document').notNull(),
  relationship: text('relationship').notNull(),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  monthly_income: money('monthly_income'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const borrowerProducts = pgTable('borrower_products', {
  id: serial('id').primaryKey(),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  average_price: money('average_price'),
  revenue_share_percent: numeric('revenue_share_percent', { precision: 7, scale: 4 }),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const borrowerRevenues = pgTable(
  'borrower_revenues',
  {
    id: serial('id').primaryKey(),
    borrower_id: integer('borrower_id').notNull().references(() => borrowers.id, { onDelete: 'cascade' }),
    reference_month: text('reference_month').notNull(),
    amount: money('amount').notNull(),
    source: text('source', { enum: REVENUE_SOURCES }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.borrower_id, t.reference_month)],
);

export const borrowerSecuredGuarantees = pgTable('borrower_secured_guarantees', {
  id: serial('id').primaryKey(),
  borrower_id: integer('borrower_id').notNull().references(() => borrowers.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: GUARANTEE_KINDS }).notNull(),
  description: text('description').notNull(),
  value: money('value').notNull(),
  registry: text('registry'),
  file_key: text('file_key').unique(),
  file_name: text('file_name'),
  file_mime: text('file_mime'),
  file_size: integer('file_size'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const borrowerOtherInformation = pgTable('borrower_other_information', {
  borrower_id: integer('borrower_id').primaryKey().references(() => borrowers.id, { onDelete: 'cascade' }),
  years_in_business: integer('years_in_business'),
  has_other_loans: boolean('has_other_loans').notNull().default(false),
  other_loans_description: text('other_loans_description'),
  references_text: text('references_text'),
  notes: text('notes'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const borrowerParameters = pgTable('borrower_parameters', {
  borrower_id: integer('borrower_id').primaryKey().references(() => borrowers.id, { onDelete: 'cascade' }),
  min_monthly_rate: percent('min_monthly_rate'),
  max_monthly_rate: percent('max_monthly_rate'),
  max_installments: integer('max_installments'),
  max_value: money('max_value'),
  tac: money('tac'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

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
  },
  (t) => [unique().on(t.credit_operation_id, t.number)],
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

export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  operation: text('operation').notNull(),
  user_id: integer('user_id').notNull().references(() => users.id),
  request_hash: text('request_hash').notNull(),
  response: jsonb('response'),
  created_at: ts('created_at').notNull().defaultNow(),
});
