/** Drizzle view of the origination tables of migration 0010 (the SQL there is the source of truth). */
import { boolean, date, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { BANK_ACCOUNT_TYPES, GUARANTEE_KINDS, PERSON_TYPES, REVENUE_SOURCES } from '@shared/enums';
import { users } from '../access/schema';
import { companies } from '../company/schema';
import { solicitations } from '../intake/schema';

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
