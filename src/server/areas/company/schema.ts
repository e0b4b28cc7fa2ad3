/** Drizzle view of the company tables of migrations 0009, 0011 and 0037 (the SQL there is the source of truth). */
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { IOF_PERSON_TYPES, TEMPLATE_KINDS } from '@shared/enums';
import { REPURCHASE_RULES } from '@shared/servicing';
import { users } from '../access/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  legal_name: text('legal_name').notNull().default(''),
  trade_name: text('trade_name').notNull().default(''),
  cnpj: text('cnpj'),
  state_registration: text('state_registration'),
  cep: text('cep'),
  address: text('address'),
  address_number: text('address_number'),
  address_complement: text('address_complement'),
  neighborhood: text('neighborhood'),
  city: text('city'),
  state: text('state'),
  phone: text('phone'),
  email: text('email'),
  site: text('site'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const companyRepresentatives = pgTable('company_representatives', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  name: text('name').notNull(),
  cpf: text('cpf').notNull(),
  role: text('role').notNull().default(''),
  email: text('email'),
  phone: text('phone'),
  active: boolean('active').notNull().default(true),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const companyWitnesses = pgTable('company_witnesses', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  name: text('name').notNull(),
  cpf: text('cpf').notNull(),
  email: text('email'),
  active: boolean('active').notNull().default(true),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const companyParameters = pgTable('company_parameters', {
  company_id: integer('company_id').primaryKey().references(() => companies.id),
  min_monthly_rate: percent('min_monthly_rate').notNull(),
  max_monthly_rate: percent('max_monthly_rate').notNull(),
  min_installments: integer('min_installments').notNull(),
  max_installments: integer('max_installments').notNull(),
  min_value: money('min_value').notNull(),
  max_value: money('max_value').notNull(),
  tac: money('tac').notNull().default('0'),
  other_fees: jsonb('other_fees').$type<Array<{ name: string; amount: string }>>().notNull().default([]),
  late_fee_percent: percent('late_fee_percent').notNull().default('2'),
  default_interest_monthly_percent: percent('default_interest_monthly_percent').notNull().default('1'),
  grace_days: integer('grace_days').notNull().default(0),
  finance_iof_default: boolean('finance_iof_default').notNull().default(false),
  /**
   * whether contracts issued from now on state remuneratory interest during delay, compounded pro rata die at the
   * contract's rate (migration 0038; off: multa and mora only). Frozen into each contract at issue, only when its
   * template prints the clause (`{{encargos.juros_remuneratorios}}`).
   */
  remuneratory_interest_in_delay: boolean('remuneratory_interest_in_delay').notNull().default(false),
  /** above this amount financed a credit approval needs a second approver (migration 0012) */
  second_approval_above: money('second_approval_above').notNull().default('50000.00'),
  /** a payment reversal above this amount needs a second person (migration 0015) */
  reversal_approval_above: money('reversal_approval_above').notNull().default('1000.00'),
  bank_settlement_tolerance: money('bank_settlement_tolerance').notNull().default('1.00'),
  /** days late after which a renegotiation agreement's installment breaks the agreement (migration 0060) */
  renegotiation_break_days: integer('renegotiation_break_days').notNull().default(30),
  max_first_period_days: integer('max_first_period_days').notNull().default(60),
  max_disbursement_days_ahead: integer('max_disbursement_days_ahead').notNull().default(30),
  /** an installment more days late than this is not assignable (migration 0027) */
  cession_max_days_overdue: integer('cession_max_days_overdue').notNull().default(0),
  /** a cession or its reversal priced above this needs a second person (migration 0027) */
  cession_approval_above: money('cession_approval_above').notNull().default('50000.00'),
  /** a cession may be reversed up to this many days after its cession date (migration 0030) */
  cession_reversal_max_days: integer('cession_reversal_max_days').notNull().default(360),
  updated_at: ts('updated_at').notNull().defaultNow(),
  /** the four-eyes limits add up one person's moves on one operation over this many calendar days (migration 0037) */
  approval_window_days: integer('approval_window_days').notNull().default(1),
});

export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').notNull().references(() => companies.id),
    /** a contract (CCB, MPO) or a document: the confession of debt and the letters (migration 0069) */
    kind: text('kind', { enum: TEMPLATE_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    updated_by: integer('updated_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.company_id, t.kind)],
);

export const companyBankAccounts = pgTable('company_bank_accounts', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  bank_code: text('bank_code').notNull(),
  bank_name: text('bank_name').notNull(),
  agency: text('agency').notNull(),
  agency_digit: text('agency_digit'),
  account: text('account').notNull(),
  account_digit: text('account_digit'),
  wallet: text('wallet').notNull().default(''),
  agreement: text('agreement').notNull().default(''),
  next_our_number: bigint('next_our_number', { mode: 'number' }).notNull().default(1),
  active: boolean('active').notNull().default(true),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
  /** the key the boletos' PIX QR code pays to; null: slips without PIX (migration 0016) */
  pix_key: text('pix_key'),
  /** Banco do Brasil's variação da carteira (3 digits) for its remittance files; migration 0023 */
  wallet_variation: text('wallet_variation'),
});

export const assignmentBankAccounts = pgTable('assignment_bank_accounts', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').notNull().references(() => companies.id),
  assignee_name: text('assignee_name').notNull(),
  assignee_cnpj: text('assignee_cnpj').notNull(),
  bank_code: text('bank_code').notNull(),
  bank_name: text('bank_name').notNull(),
  agency: text('agency').notNull(),
  account: text('account').notNull(),
  account_digit: text('account_digit'),
  active: boolean('active').notNull().default(true),
  /** the agreement's repurchase terms (migration 0028): how the amount is figured, and after how many days late it must be bought back */
  repurchase_rule: text('repurchase_rule', { enum: REPURCHASE_RULES }).notNull().default('face_plus_charges'),
  /** % of what is collected on its installments the agreement lets the lender keep (migration 0061) */
  pass_through_fee_rate: numeric('pass_through_fee_rate', { precision: 7, scale: 4 }).notNull().default('0'),
  repurchase_after_days: integer('repurchase_after_days').notNull().default(30),
  /** the CNAB 444 file's codes the custodian gives (migration 0054): originator code (empty: the lender's CNPJ), SCR modality, kind of title */
  originator_code: text('originator_code').notNull().default(''),
  scr_modality: text('scr_modality').notNull().default('0299'),
  title_kind: text('title_kind').notNull().default('60'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const iofParameters = pgTable('iof_parameters', {
  id: serial('id').primaryKey(),
  person_type: text('person_type', { enum: IOF_PERSON_TYPES }).notNull(),
  daily_percent: numeric('daily_percent', { precision: 9, scale: 6 }).notNull(),
  additional_percent: percent('additional_percent').notNull(),
  valid_from: date('valid_from', { mode: 'string' }).notNull(),
  valid_to: date('valid_to', { mode: 'string' }),
  legal_basis: text('legal_basis').notNull().default(''),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
