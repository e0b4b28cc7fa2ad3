/**
 * Changes to the company's data, signatories, bank and assignment accounts and
 * contract templates, each in one transaction with its activity-log entry.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isContractKind, type contract, type TemplateKind } from '@shared/contract/index';
import { formatCnpj, formatCpf } from '@shared/documents';
import type { Db } from '../../db/connect';
import {
  assignmentBankAccounts,
  companies,
  companyBankAccounts,
  companyParameters,
  companyRepresentatives,
  companyWitnesses,
  contractTemplates,
} from './schema';
import { templateWarnings, type CompanyTerms } from '../../domain/contract-requirements';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { COLLECTING_MESSAGES, lastIssuedSequence } from './collecting-accounts';
import { logActivity, type Snapshot } from '../../platform/activity';
import { COMPANY_MESSAGES } from './company';

type Args<K extends keyof typeof contract> = z.output<(typeof contract)[K]['args']>;

const SETUP_MESSAGES = {
  templateExists: 'Esta empresa já tem um modelo deste tipo: altere o existente.',
  templateMissing: 'Esta empresa ainda não tem um modelo deste tipo: cadastre-o primeiro.',
} as const;

/** A row as the log keeps it: dates as ISO text, nothing else changed. */
function snapshot(row: Record<string, unknown>): Snapshot {
  const out: Snapshot = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'created_at' || key === 'updated_at') continue;
    out[key] = value instanceof Date ? value.toISOString() : (value as string | number | boolean | null);
  }
  return out;
}

export async function companyOr404(db: Db, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound(COMPANY_MESSAGES.companyNotFound);
  return row;
}

export function toRepresentative(row: typeof companyRepresentatives.$inferSelect) {
  const { created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
}

export function toWitness(row: typeof companyWitnesses.$inferSelect) {
  const { created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
}

export async function fullCompany(db: Db, id: number) {
  const company = await companyOr404(db, id);
  // In sequence: `db` may be a transaction's one connection (pg refuses overlapping queries on a client).
  const representatives = await db.select().from(companyRepresentatives).where(eq(companyRepresentatives.company_id, id)).orderBy(asc(companyRepresentatives.id));
  const witnesses = await db.select().from(companyWitnesses).where(eq(companyWitnesses.company_id, id)).orderBy(asc(companyWitnesses.id));
  return {
    ...company,
    updated_at: company.updated_at.toISOString(),
    representatives: representatives.map(toRepresentative),
    witnesses: witnesses.map(toWitness),
  };
}

/** Add, change and remove of a signatory table, each with its log entry (representatives and witnesses share the shape of the work). */
function signatoryWrites<T extends typeof companyRepresentatives | typeof companyWitnesses>(
  table: T,
  entity: 'company_representative' | 'company_witness',
  verbs: { create: 'company.representative.create' | 'company.witness.create'; update: 'company.representative.update' | 'company.witness.update'; delete: 'company.representative.delete' | 'company.witness.delete' },
) {
  // drizzle's generics do not follow a union of tables through insert/update; the two tables share these columns.
  const t = table as typeof companyRepresentatives;
  return {
    async add(args: { company_id: number; cpf?: string | null } & Record<string, unknown>, actorId: number, db: Db) {
      return db.transaction(async (tx) => {
        await companyOr404(tx, args.company_id);
        const [row] = await tx
          .insert(t)
          .values({ ...(args as typeof t.$inferInsert), cpf: formatCpf(args.cpf ?? '') })
          .returning();
        await logActivity(tx, { actorId, action: verbs.create, entity, entityId: row.id, after: snapshot(row) });
        return row;
      });
    },
    async change(args: { id: number; company_id: number; cpf?: string | null } & Record<string, unknown>, actorId: number, db: Db) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(t).where(and(eq(t.id, args.id), eq(t.company_id, args.company_id))).limit(1);
        if (!before) throw notFound();
        const { id, ...values } = args;
        const [after] = await tx
          .update(t)
          .set({ ...(values as Partial<typeof t.$inferInsert>), cpf: formatCpf(args.cpf ?? ''), updated_at: new Date() })
          .where(eq(t.id, id))
          .returning();
        await logActivity(tx, { actorId, action: verbs.update, entity, entityId: id, before: snapshot(before), after: snapshot(after) });
        return after;
      });
    },
    async remove(id: number, actorId: number, db: Db) {
      return db.transaction(async (tx) => {
        const [before] = await tx.delete(t).where(eq(t.id, id)).returning();
        if (!before) throw notFound();
        await logActivity(tx, { actorId, action: verbs.delete, entity, entityId: id, before: snapshot(before) });
        return { ok: true as const };
      });
    },
  };
}

export const representativeWrites = signatoryWrites(companyRepresentatives, 'company_representative', {
  create: 'company.representative.create',
  update: 'company.representative.update',
  delete: 'company.representative.delete',
});
export const witnessWrites = signatoryWrites(companyWitnesses, 'company_witness', {
  create: 'company.witness.create',
  update: 'company.witness.update',
  delete: 'company.witness.delete',
});

export async function updateCompanyData(db: Db, actorId: number, args: Args<'company.update'>) {
  return db.transaction(async (tx) => {
    const before = await companyOr404(tx, args.id);
    const { id, ...values } = args;
    const [after] = await tx
      .update(companies)
      .set({ ...values, cnpj: values.cnpj ? formatCnpj(values.cnpj) : null, updated_at: new Date() })
      .where(eq(companies.id, id))
      .returning();
    await logActivity(tx, { actorId: actorId, action: 'company.update', entity: 'company', entityId: id, before: snapshot(before), after: snapshot(after) });
    return fullCompany(tx, id);
  });
}

export function toBank(row: typeof companyBankAccounts.$inferSelect) {
  const { created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
}

export async function addBankAccount(db: Db, actorId: number, args: Args<'company.createBank'>) {
  return db.transaction(async (tx) => {
    const { id, ...values } = args;
    await companyOr404(tx, id);
    const [row] = await tx.insert(companyBankAccounts).values({ ...values, company_id: id }).returning();
    await logActivity(tx, { actorId: actorId, action: 'company.bank.create', entity: 'company_bank_account', entityId: row.id, after: snapshot(row) });
    return toBank(row);
  });
}

export async function changeBankAccount(db: Db, actorId: number, args: Args<'company.updateBank'>) {
  return db.transaction(async (tx) => {
    const { id, accountId, ...values } = args;
    const [before] = await tx.select().from(companyBankAccounts).where(and(eq(companyBankAccounts.id, accountId), eq(companyBankAccounts.company_id, id))).limit(1).for('update');
    if (!before) throw notFound();
    // A nosso número once issued is never handed out again.
    const last = await lastIssuedSequence(tx, accountId);
    if (values.next_our_number <= last) throw badRequest(COLLECTING_MESSAGES.counterBack(last), 'next_our_number');
    const [after] = await tx.update(companyBankAccounts).set({ ...values, updated_at: new Date() }).where(eq(companyBankAccounts.id, accountId)).returning();
    await logActivity(tx, { actorId: actorId, action: 'company.bank.update', entity: 'company_bank_account', entityId: accountId, before: snapshot(before), after: snapshot(after) });
    return toBank(after);
  });
}

export async function removeBankAccount(db: Db, actorId: number, { id, accountId }: Args<'company.deleteBank'>) {
  return db.transaction(async (tx) => {
    if ((await lastIssuedSequence(tx, accountId)) > 0) throw conflict(COLLECTING_MESSAGES.accountWithSlips, 'accountId');
    const [before] = await tx.delete(companyBankAccounts).where(and(eq(companyBankAccounts.id, accountId), eq(companyBankAccounts.company_id, id))).returning();
    if (!before) throw notFound();
    await logActivity(tx, { actorId: actorId, action: 'company.bank.delete', entity: 'company_bank_account', entityId: accountId, before: snapshot(before) });
    return { ok: true as const };
  });
}

export function toAssignment(row: typeof assignmentBankAccounts.$inferSelect) {
  const { created_at: _c, updated_at: _u, ...rest } = row;
  return rest;
}

export async function addAssignmentAccount(db: Db, actorId: number, args: Args<'company.createAssignmentAccount'>) {
  return db.transaction(async (tx) => {
    const { id, ...values } = args;
    await companyOr404(tx, id);
    const [row] = await tx
      .insert(assignmentBankAccounts)
      .values({ ...values, assignee_cnpj: formatCnpj(values.assignee_cnpj ?? ''), company_id: id })
      .returning();
    await logActivity(tx, { actorId: actorId, action: 'company.assignment-account.create', entity: 'assignment_bank_account', entityId: row.id, after: snapshot(row) });
    return toAssignment(row);
  });
}

export async function changeAssignmentAccount(db: Db, actorId: number, args: Args<'company.updateAssignmentAccount'>) {
  return db.transaction(async (tx) => {
    const { id, accountId, ...values } = args;
    const [before] = await tx.select().from(assignmentBankAccounts).where(and(eq(assignmentBankAccounts.id, accountId), eq(assignmentBankAccounts.company_id, id))).limit(1);
    if (!before) throw notFound();
    const [after] = await tx
      .update(assignmentBankAccounts)
      .set({ ...values, assignee_cnpj: formatCnpj(values.assignee_cnpj ?? ''), updated_at: new Date() })
      .where(eq(assignmentBankAccounts.id, accountId))
      .returning();
    await logActivity(tx, { actorId: actorId, action: 'company.assignment-account.update', entity: 'assignment_bank_account', entityId: accountId, before: snapshot(before), after: snapshot(after) });
    return toAssignment(after);
  });
}

export async function removeAssignmentAccount(db: Db, actorId: number, { id, accountId }: Args<'company.deleteAssignmentAccount'>) {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(assignmentBankAccounts).where(and(eq(assignmentBankAccounts.id, accountId), eq(assignmentBankAccounts.company_id, id))).returning();
    if (!before) throw notFound();
    await logActivity(tx, { actorId: actorId, action: 'company.assignment-account.delete', entity: 'assignment_bank_account', entityId: accountId, before: snapshot(before) });
    return { ok: true as const };
  });
}

/** The parameters a template is judged against (a company without parameters yet states no remuneratory clause). */
export async function companyTermsOf(db: Db, companyId: number): Promise<CompanyTerms> {
  const [row] = await db
    .select({ remuneratory: companyParameters.remuneratory_interest_in_delay })
    .from(companyParameters)
    .where(eq(companyParameters.company_id, companyId))
    .limit(1);
  return { remuneratoryInterestInDelay: row?.remuneratory ?? false };
}

export function toTemplate(row: typeof contractTemplates.$inferSelect, terms: CompanyTerms) {
  const kind = row.kind as TemplateKind;
  return {
    id: row.id,
    company_id: row.company_id,
    kind,
    title: row.title,
    body: row.body,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
    // The contracts' requisites (Lei 10.931/2004 art. 29, the contract number) judge only contracts.
    warnings: isContractKind(kind) ? templateWarnings(kind, row.title, row.body, terms) : [],
  };
}

/** Templates are long texts: the log keeps their kind, title and version, not the body. */
function templateSnapshot(row: typeof contractTemplates.$inferSelect): Snapshot {
  return { kind: row.kind, title: row.title, version: row.version };
}

export async function createContractTemplate(db: Db, actorId: number, args: Args<'company.createContractTemplate'>) {
  return db.transaction(async (tx) => {
    await companyOr404(tx, args.id);
    const [existing] = await tx.select({ id: contractTemplates.id }).from(contractTemplates).where(and(eq(contractTemplates.company_id, args.id), eq(contractTemplates.kind, args.kind))).limit(1);
    if (existing) throw conflict(SETUP_MESSAGES.templateExists, 'kind');
    const [row] = await tx.insert(contractTemplates).values({ company_id: args.id, kind: args.kind, title: args.title, body: args.body, updated_by: actorId }).returning();
    await logActivity(tx, { actorId: actorId, action: 'company.contract-template.create', entity: 'contract_template', entityId: row.id, after: templateSnapshot(row) });
    return toTemplate(row, await companyTermsOf(tx, args.id));
  });
}

export async function updateContractTemplate(db: Db, actorId: number, args: Args<'company.updateContractTemplate'>) {
  return db.transaction(async (tx) => {
    await companyOr404(tx, args.id);
    // Locked: two saves at once make two versions, not one version number twice.
    const [before] = await tx
      .select()
      .from(contractTemplates)
      .where(and(eq(contractTemplates.company_id, args.id), eq(contractTemplates.kind, args.kind)))
      .limit(1)
      .for('update');
    if (!before) throw notFound(SETUP_MESSAGES.templateMissing);
    const [after] = await tx
      .update(contractTemplates)
      .set({ title: args.title, body: args.body, version: before.version + 1, updated_by: actorId, updated_at: new Date() })
      .where(eq(contractTemplates.id, before.id))
      .returning();
    await logActivity(tx, { actorId: actorId, action: 'company.contract-template.update', entity: 'contract_template', entityId: after.id, before: templateSnapshot(before), after: templateSnapshot(after) });
    return toTemplate(after, await companyTermsOf(tx, args.id));
  });
}
