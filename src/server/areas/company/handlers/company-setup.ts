/**
 * The company's data, signatories, accounts and contract templates (the spec's
 * "Company" calls). The changes are written by areas/company/company-setup.ts,
 * each in one transaction with its activity-log entry.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { TEMPLATE_ALIASES, TEMPLATE_KINDS } from '@shared/contract/index';
import { assignmentBankAccounts, companyBankAccounts, companyWitnesses, contractTemplates } from '../schema';
import { notFound } from '../../../platform/http/errors';
import { requireAuth, type Handler } from '../../../platform/http/handler';
import {
  addAssignmentAccount,
  addBankAccount,
  changeAssignmentAccount,
  changeBankAccount,
  companyOr404,
  createContractTemplate,
  fullCompany,
  removeAssignmentAccount,
  removeBankAccount,
  representativeWrites,
  toAssignment,
  toBank,
  toRepresentative,
  toTemplate,
  companyTermsOf,
  toWitness,
  updateCompanyData,
  updateContractTemplate,
  witnessWrites,
} from '../company-setup';

export const getCompany: Handler<'company.get'> = async ({ id }, { deps }) => fullCompany(deps.db, id);

export const updateCompany: Handler<'company.update'> = async (args, ctx) => updateCompanyData(ctx.deps.db, requireAuth(ctx).user.id, args);

export const createRepresentative: Handler<'company.createRepresentative'> = async (args, ctx) =>
  toRepresentative(await representativeWrites.add(args, requireAuth(ctx).user.id, ctx.deps.db));
export const updateRepresentative: Handler<'company.updateRepresentative'> = async (args, ctx) =>
  toRepresentative(await representativeWrites.change(args, requireAuth(ctx).user.id, ctx.deps.db));
export const deleteRepresentative: Handler<'company.deleteRepresentative'> = async ({ id }, ctx) => representativeWrites.remove(id, requireAuth(ctx).user.id, ctx.deps.db);
export const createWitness: Handler<'company.createWitness'> = async (args, ctx) => {
  const row = await witnessWrites.add(args, requireAuth(ctx).user.id, ctx.deps.db);
  return toWitness(row as unknown as typeof companyWitnesses.$inferSelect);
};
export const updateWitness: Handler<'company.updateWitness'> = async (args, ctx) => {
  const row = await witnessWrites.change(args, requireAuth(ctx).user.id, ctx.deps.db);
  return toWitness(row as unknown as typeof companyWitnesses.$inferSelect);
};
export const deleteWitness: Handler<'company.deleteWitness'> = async ({ id }, ctx) => witnessWrites.remove(id, requireAuth(ctx).user.id, ctx.deps.db);

export const listBanks: Handler<'company.banks'> = async ({ id }, { deps }) => {
  await companyOr404(deps.db, id);
  const rows = await deps.db.select().from(companyBankAccounts).where(eq(companyBankAccounts.company_id, id)).orderBy(desc(companyBankAccounts.active), asc(companyBankAccounts.id));
  return rows.map(toBank);
};

export const createBank: Handler<'company.createBank'> = async (args, ctx) => addBankAccount(ctx.deps.db, requireAuth(ctx).user.id, args);

export const updateBank: Handler<'company.updateBank'> = async (args, ctx) => changeBankAccount(ctx.deps.db, requireAuth(ctx).user.id, args);

export const deleteBank: Handler<'company.deleteBank'> = async ({ id, accountId }, ctx) => removeBankAccount(ctx.deps.db, requireAuth(ctx).user.id, { id, accountId });

export const listAssignmentAccounts: Handler<'company.assignmentAccounts'> = async ({ id }, { deps }) => {
  await companyOr404(deps.db, id);
  const rows = await deps.db.select().from(assignmentBankAccounts).where(eq(assignmentBankAccounts.company_id, id)).orderBy(desc(assignmentBankAccounts.active), asc(assignmentBankAccounts.id));
  return rows.map(toAssignment);
};

export const getAssignmentAccount: Handler<'company.assignmentAccount'> = async ({ id, accountId }, { deps }) => {
  const [row] = await deps.db.select().from(assignmentBankAccounts).where(and(eq(assignmentBankAccounts.id, accountId), eq(assignmentBankAccounts.company_id, id))).limit(1);
  if (!row) throw notFound();
  return toAssignment(row);
};

export const createAssignmentAccount: Handler<'company.createAssignmentAccount'> = async (args, ctx) => addAssignmentAccount(ctx.deps.db, requireAuth(ctx).user.id, args);

export const updateAssignmentAccount: Handler<'company.updateAssignmentAccount'> = async (args, ctx) => changeAssignmentAccount(ctx.deps.db, requireAuth(ctx).user.id, args);

export const deleteAssignmentAccount: Handler<'company.deleteAssignmentAccount'> = async ({ id, accountId }, ctx) => removeAssignmentAccount(ctx.deps.db, requireAuth(ctx).user.id, { id, accountId });

export const listTemplates: Handler<'company.contractTemplates'> = async ({ id }, { deps }) => {
  await companyOr404(deps.db, id);
  const rows = await deps.db.select().from(contractTemplates).where(eq(contractTemplates.company_id, id));
  const terms = await companyTermsOf(deps.db, id);
  // The contracts first, then the documents (TEMPLATE_KINDS' order), whatever the collation.
  const order = (kind: string) => (TEMPLATE_KINDS as readonly string[]).indexOf(kind);
  return rows.sort((a, b) => order(a.kind) - order(b.kind)).map((row) => toTemplate(row, terms));
};

export const createTemplate: Handler<'company.createContractTemplate'> = async (args, ctx) => createContractTemplate(ctx.deps.db, requireAuth(ctx).user.id, args);

export const updateTemplate: Handler<'company.updateContractTemplate'> = async (args, ctx) => updateContractTemplate(ctx.deps.db, requireAuth(ctx).user.id, args);

export const contractAliases: Handler<'company.contractAliases'> = async ({ kind }) => TEMPLATE_ALIASES[kind ?? 'CCB'].map((a) => ({ ...a }));
