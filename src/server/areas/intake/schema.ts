/** Drizzle view of the credit intake tables of migration 0008 (the SQL there is the source of truth). */
import { boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PERSON_TYPES, SOLICITATION_STATUSES } from '@shared/enums';
import { uploads } from '../uploads/schema';
import { users } from '../access/schema';
import { howDidFind, lendingReasons, projects } from '../catalogues/schema';
import { interestProfiles } from '../catalogues/schema-interests';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money: numeric(14,2), read and written as decimal strings (never a JS number). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** Calendar dates stay 'YYYY-MM-DD' strings: they never pass through a time zone. */
const calendarDate = (name: string) => date(name, { mode: 'string' });

export const solicitations = pgTable('solicitations', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id),
  status: text('status', { enum: SOLICITATION_STATUSES }).notNull().default('pending'),
  status_changed_at: ts('status_changed_at').notNull().defaultNow(),
  type_credit: text('type_credit', { enum: PERSON_TYPES }).notNull(),
  is_foreign: boolean('is_foreign').notNull().default(false),
  project_id: integer('project_id').references(() => projects.id),

  name: text('name').notNull(),
  cpf: text('cpf'),
  type_document: integer('type_document').references(() => interestProfiles.id),
  num_document_foreign: text('num_document_foreign'),
  birthday: calendarDate('birthday'),
  genre: integer('genre').references(() => interestProfiles.id),
  relations: integer('relations').references(() => interestProfiles.id),
  nationality: integer('nationality').references(() => interestProfiles.id),
  profession: text('profession'),
  email: text('email').notNull(),
  phone: text('phone'),
  cep: text('cep'),
  address: text('address'),
  address_number: text('address_number'),
  address_complement: text('address_complement'),
  neighborhood: text('neighborhood'),
  city: text('city'),
  state: text('state'),
  instagram: text('instagram'),
  facebook: text('facebook'),
  site: text('site'),

  cnpj: text('cnpj'),
  legal_name: text('legal_name'),
  company_name: text('company_name'),
  company_type: integer('company_type').references(() => interestProfiles.id),
  branch_of_activity: integer('branch_of_activity').references(() => interestProfiles.id),
  company_cep: text('company_cep'),
  company_address: text('company_address'),
  company_address_number: text('company_address_number'),
  company_address_complement: text('company_address_complement'),
  company_address_neighborhood: text('company_address_neighborhood'),
  company_city: text('company_city'),
  company_state: text('company_state'),
  partners: jsonb('partners').$type<{ name: string; cpf: string; share: string }[]>().notNull().default([]),

  profile_account_bank: integer('profile_account_bank').references(() => interestProfiles.id),
  cpf_cnpj: text('cpf_cnpj'),
  name_credit_card: text('name_credit_card'),
  bank_name: text('bank_name'),
  bank_agency: text('bank_agency'),
  bank_number: text('bank_number'),
  bank_digit: text('bank_digit'),
  type_account: integer('type_account').references(() => interestProfiles.id),
  key_pix: text('key_pix'),

  financing_value: money('financing_value'),
  lending_value: money('lending_value').notNull(),
  lending_plots_to_pay: integer('lending_plots_to_pay').notNull(),
  lending_reason: integer('lending_reason').references(() => lendingReasons.id),
  how_did_find: integer('how_did_find').references(() => howDidFind.id),

  deleted_at: ts('deleted_at'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
export type SolicitationRow = typeof solicitations.$inferSelect;

export const solicitationStatusHistory = pgTable('solicitation_status_history', {
  id: serial('id').primaryKey(),
  solicitation_id: integer('solicitation_id').notNull().references(() => solicitations.id, { onDelete: 'cascade' }),
  from_status: text('from_status'),
  to_status: text('to_status').notNull(),
  reason: text('reason'),
  actor_id: integer('actor_id').references(() => users.id),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const solicitationSlotDocuments = pgTable('solicitation_slot_documents', {
  id: serial('id').primaryKey(),
  solicitation_id: integer('solicitation_id').notNull().references(() => solicitations.id, { onDelete: 'cascade' }),
  slot: integer('slot').notNull(),
  guarantor_id: integer('guarantor_id'),
  upload_id: integer('upload_id').notNull().references(() => uploads.id),
  uploaded_by: integer('uploaded_by').references(() => users.id),
  approved_by: integer('approved_by').references(() => users.id),
  approved_at: ts('approved_at'),
  superseded_at: ts('superseded_at'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const solicitationComments = pgTable('solicitation_comments', {
  id: serial('id').primaryKey(),
  solicitation_id: integer('solicitation_id').notNull().references(() => solicitations.id, { onDelete: 'cascade' }),
  author_id: integer('author_id').notNull().references(() => users.id),
  comment: text('comment').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const solicitationStaffDocuments = pgTable('solicitation_staff_documents', {
  id: serial('id').primaryKey(),
  solicitation_id: integer('solicitation_id').notNull().references(() => solicitations.id, { onDelete: 'cascade' }),
  upload_id: integer('upload_id').notNull().references(() => uploads.id),
  author_id: integer('author_id').notNull().references(() => users.id),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const entrepreneurProfiles = pgTable('entrepreneur_profiles', {
  user_id: integer('user_id').primaryKey().references(() => users.id),
  birthday: calendarDate('birthday'),
  genre: integer('genre').references(() => interestProfiles.id),
  relations: integer('relations').references(() => interestProfiles.id),
  nationality: integer('nationality').references(() => interestProfiles.id),
  type_document: integer('type_document').references(() => interestProfiles.id),
  num_document_foreign: text('num_document_foreign'),
  profession: text('profession'),
  cep: text('cep'),
  address: text('address'),
  address_number: text('address_number'),
  address_complement: text('address_complement'),
  neighborhood: text('neighborhood'),
  instagram: text('instagram'),
  facebook: text('facebook'),
  site: text('site'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const entrepreneurBankAccounts = pgTable('entrepreneur_bank_accounts', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id),
  profile_account_bank: integer('profile_account_bank').references(() => interestProfiles.id),
  cpf_cnpj: text('cpf_cnpj'),
  holder_name: text('holder_name'),
  bank_name: text('bank_name').notNull(),
  bank_agency: text('bank_agency').notNull(),
  bank_number: text('bank_number').notNull(),
  bank_digit: text('bank_digit'),
  type_account: integer('type_account').references(() => interestProfiles.id),
  key_pix: text('key_pix'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const entrepreneurBusinesses = pgTable('entrepreneur_businesses', {
  user_id: integer('user_id').primaryKey().references(() => users.id),
  cnpj: text('cnpj'),
  legal_name: text('legal_name'),
  company_name: text('company_name'),
  company_type: integer('company_type').references(() => interestProfiles.id),
  branch_of_activity: integer('branch_of_activity').references(() => interestProfiles.id),
  cep: text('cep'),
  address: text('address'),
  address_number: text('address_number'),
  address_complement: text('address_complement'),
  neighborhood: text('neighborhood'),
  city: text('city'),
  state: text('state'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const simulations = pgTable('simulations', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id),
  solicitation_id: integer('solicitation_id').references(() => solicitations.id, { onDelete: 'set null' }),
  value: money('value').notNull(),
  plots: integer('plots').notNull(),
  monthly_rate: numeric('monthly_rate', { precision: 9, scale: 4 }).notNull(),
  installment: money('installment').notNull(),
  deleted_at: ts('deleted_at'),
  created_at: ts('created_at').notNull().defaultNow(),
});
