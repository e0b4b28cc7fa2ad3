/** Staff accounts, entrepreneurs (borrower users) and the own profile (the spec's "Users" calls). */
import { z } from 'zod';
import { AllAdmins, AllOperators, AllPanelUsers } from '../roles';
import { defineOperation, type ExcelColumn } from './define';
import {
  emailSchema,
  exportArgs,
  exportRowsSchema,
  cpfInput,
  idArgs,
  idSchema,
  listArgs,
  okSchema,
  paged,
  passwordSchema,
  roleIdSchema,
  timestampSchema,
  trimmedTextSchema,
} from './common';
import { sessionUserSchema } from './session';
import {
  bankAccountInput,
  bankAccountSchema,
  businessDataInput,
  businessDataSchema,
  MAX_BANK_ACCOUNTS,
  personalDataInput,
  personalDataSchema,
  stateInput,
} from './entrepreneurs';

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_id: roleIdSchema,
  active: z.boolean(),
  two_factor: z.boolean(),
  force_senha: z.boolean(),
  email_confirmed: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const entrepreneurSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  phone: z.string().nullable(),
  /** UF and city (the broadcasts' recipient filter reads them too) */
  state: z.string().nullable(),
  city: z.string().nullable(),
  active: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Entrepreneur = z.infer<typeof entrepreneurSchema>;

/** One entrepreneur with their client info (the spec's entities: personalData, bankData list, businessData). */
export const entrepreneurDetailSchema = entrepreneurSchema.extend({
  personalData: personalDataSchema,
  bankData: z.array(bankAccountSchema),
  businessData: businessDataSchema,
});
export type EntrepreneurDetail = z.infer<typeof entrepreneurDetailSchema>;

const nameSchema = trimmedTextSchema(120).min(3, 'o nome deve ter ao menos 3 caracteres');

/** Filters and sort fields the users list understands (server and screen agree on these). */
export const ADMIN_USER_FILTERS = ['name', 'email', 'role_id', 'active'] as const;
export const ADMIN_USER_SORTS = ['id', 'name', 'email', 'role_id', 'active', 'created_at', 'updated_at'] as const;
export const ENTREPRENEUR_FILTERS = ['name', 'email', 'cpf', 'active', 'state', 'city'] as const;
export const ENTREPRENEUR_SORTS = ['id', 'name', 'email', 'state', 'city', 'created_at'] as const;

export const ENTREPRENEUR_EXPORT_COLUMNS: readonly ExcelColumn[] = [
  { key: 'id', header: 'entrepreneurs.columns.id', format: 'integer' },
  { key: 'name', header: 'entrepreneurs.columns.name' },
  { key: 'email', header: 'entrepreneurs.columns.email' },
  { key: 'cpf', header: 'entrepreneurs.columns.cpf' },
  { key: 'phone', header: 'entrepreneurs.columns.phone' },
  { key: 'state', header: 'entrepreneurs.columns.state' },
  { key: 'city', header: 'entrepreneurs.columns.city' },
  { key: 'active', header: 'entrepreneurs.columns.active', format: 'boolean' },
  { key: 'created_at', header: 'entrepreneurs.columns.createdAt', format: 'datetime' },
];

export const ADMIN_USER_EXPORT_COLUMNS: readonly ExcelColumn[] = [
  { key: 'id', header: 'users.columns.id', format: 'integer' },
  { key: 'name', header: 'users.columns.name' },
  { key: 'email', header: 'users.columns.email' },
  { key: 'role_id', header: 'users.columns.role', format: 'role' },
  { key: 'active', header: 'users.columns.active', format: 'boolean' },
  { key: 'created_at', header: 'users.columns.createdAt', format: 'datetime' },
];

const adminUserInput = z.object({
  name: nameSchema,
  email: emailSchema,
  role_id: roleIdSchema,
  active: z.boolean().default(false),
  two_factor: z.boolean().default(false),
});

export const usersOperations = {
  'users.export': defineOperation({
    method: 'POST',
    path: '/api/users/export',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Every staff account matching the list filters, as rows for the Excel export.',
    file: { kind: 'excel-export', columns: ADMIN_USER_EXPORT_COLUMNS, title: 'users.exportTitle' },
    list: { filters: ADMIN_USER_FILTERS, sorts: ADMIN_USER_SORTS },
    args: exportArgs,
    result: exportRowsSchema,
  }),
  'users.admins': defineOperation({
    method: 'GET',
    path: '/api/users/admins',
    access: AllAdmins,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: 'Staff accounts (every role but USER), paged, filtered and sorted.',
    list: { filters: ADMIN_USER_FILTERS, sorts: ADMIN_USER_SORTS },
    args: listArgs,
    result: paged(adminUserSchema),
  }),
  'users.entrepreneurs': defineOperation({
    method: 'GET',
    path: '/api/users/entrepreneurs',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: 'Entrepreneur (borrower) accounts, paged, filtered and sorted.',
    list: { filters: ENTREPRENEUR_FILTERS, sorts: ENTREPRENEUR_SORTS },
    args: listArgs,
    result: paged(entrepreneurSchema),
  }),
  'users.entrepreneur': defineOperation({
    method: 'GET',
    path: '/api/users/entrepreneurs/:id',
    access: AllPanelUsers,
    cacheable: true,
    encoding: 'none',
    origin: 'spec',
    description: 'One entrepreneur account with their client info: personal data, bank accounts and business data.',
    args: idArgs,
    result: entrepreneurDetailSchema,
  }),
  'users.exportEntrepreneurs': defineOperation({
    method: 'POST',
    path: '/api/users/entrepreneurs/export',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description: 'Every entrepreneur matching the list filters, as rows for the Excel export (like POST /users/export for staff).',
    file: { kind: 'excel-export', columns: ENTREPRENEUR_EXPORT_COLUMNS, title: 'entrepreneurs.exportTitle' },
    list: { filters: ENTREPRENEUR_FILTERS, sorts: ENTREPRENEUR_SORTS },
    args: exportArgs,
    result: exportRowsSchema,
  }),
  'users.byId': defineOperation({
    method: 'GET',
    path: '/api/users/:id',
    access: AllAdmins,
    cacheable: true,
    encoding: 'none',
    origin: 'spec',
    description: 'One staff account.',
    args: idArgs,
    result: adminUserSchema,
  }),
  'users.register': defineOperation({
    method: 'POST',
    path: '/api/users/',
    access: 'public',
    encoding: 'json',
    origin: 'spec',
    description:
      'Self-registration: creates an inactive AGENT account (least privilege) that an administrator must activate; a confirmation e-mail goes out. An e-mail already in use gets the same answer (its owner is told by e-mail), so the call cannot probe accounts; throttled per client and overall.',
    errors: [429],
    args: z.object({ name: nameSchema, email: emailSchema, password: passwordSchema }),
    result: z.object({ email: z.string() }),
  }),
  'users.createAdmin': defineOperation({
    method: 'POST',
    path: '/api/users/admin',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description:
      'Creates a staff account of a role the caller may manage; a temporary password is e-mailed and must be changed at first sign-in.',
    errors: [409],
    args: adminUserInput,
    result: adminUserSchema,
  }),
  'users.updateAdmin': defineOperation({
    method: 'PUT',
    path: '/api/users/admin',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Edits a staff account (name, e-mail, role, active, two-factor).',
    errors: [409],
    args: adminUserInput.extend({ id: idSchema }),
    result: adminUserSchema,
  }),
  'users.updateAdminEntrepreneurs': defineOperation({
    method: 'PUT',
    path: '/api/users/admin-entrepreneurs',
    access: AllAdmins,
    encoding: 'json',
    origin: 'spec',
    description: 'Administrative edit of an entrepreneur account (e-mail, activation).',
    errors: [409],
    args: z.object({ id: idSchema, email: emailSchema.optional(), active: z.boolean().optional() }),
    result: entrepreneurSchema,
  }),
  'users.updateEntrepreneur': defineOperation({
    method: 'PUT',
    path: '/api/users/entrepreneurs',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      "Edits an entrepreneur's client info. Each part is optional and only the parts sent change: the account's name, CPF, phone, state (UF) and city; personalData; businessData; bankData, the whole list of accounts (an item with an id edits that account, one without adds one, an account left out is removed). One transaction, one log entry.",
    args: z.object({
      id: idSchema,
      name: nameSchema.optional(),
      phone: trimmedTextSchema(20).nullable().optional(),
      cpf: cpfInput,
      state: stateInput,
      city: trimmedTextSchema(120).nullable().optional(),
      personalData: personalDataInput.optional(),
      bankData: z.array(bankAccountInput).max(MAX_BANK_ACCOUNTS).optional(),
      businessData: businessDataInput.optional(),
    }),
    result: entrepreneurDetailSchema,
  }),
  'users.delete': defineOperation({
    method: 'DELETE',
    path: '/api/users/:id',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes an account from use (soft delete: deactivated, hidden, tokens revoked; history kept).',
    args: idArgs,
    result: okSchema,
  }),
  'users.erase': defineOperation({
    method: 'DELETE',
    path: '/api/users/all/:id',
    access: AllAdmins,
    encoding: 'none',
    origin: 'spec',
    description: 'LGPD full erase: personal data anonymised, tokens revoked; records the law requires are kept, anonymised.',
    args: idArgs,
    result: z.object({ erased: z.boolean(), alreadyErased: z.boolean() }),
  }),
  'users.creditOperators': defineOperation({
    method: 'GET',
    path: '/api/users/creditOperators',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: 'Active credit agents (role AGENT), for assignment pickers.',
    args: z.object({}),
    result: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  }),
  'profiles.update': defineOperation({
    method: 'PUT',
    path: '/api/profiles/',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      "Edits the signed-in user's own profile (name, e-mail, two-factor). Role and activation are not self-editable. Changing the e-mail or turning two-factor off needs the current password, and the old address is told.",
    errors: [409, 429],
    args: z.object({
      name: nameSchema,
      email: emailSchema,
      two_factor: z.boolean(),
      currentPassword: z.string().max(128).optional(),
    }),
    result: sessionUserSchema,
  }),
} as const;
