/**
 * Assignment remittances: the CNAB 444 file of an assignee account's
 * cessions of a day, generated, checked, stored and read back. The layout,
 * the line checks and the read-back are the cnab444 domain's; this module
 * decides what a file carries and keeps what went out.
 *
 * - What a file carries: the items standing (cession in force, not reversed)
 *   of the cessions to the account dated that day, in cession then item
 *   order. A file is of one day: a cession is a dated sale, and custodians
 *   book acquisitions by the day.
 * - The file number is the account's last plus one, taken under the
 *   account's row lock, so two generations at once run one after the other;
 *   UNIQUE (account, number) and (account, day, day_sequence) are the last
 *   guards. A second file for the same day is refused (409 naming `again`)
 *   unless asked for, because a custodian that gets a day twice books it
 *   twice; asked for, it carries the day as it stands and is numbered 2.
 * - Coobrigação 01: the lender buys back what the agreement says
 *   (repurchase), which is what the layout's "com coobrigação" means.
 * - The codes come from the assignee account (migration 0054): the originator
 *   code the custodian gave (empty: the lender's CNPJ), the SCR modality
 *   (default 0299, "empréstimos – outros") and the espécie (default 60,
 *   contrato: a CCB in the custodians' tables); the defaults are the codes
 *   every file carried before, so no file changes.
 * - Nothing is stored unless the whole file passed the domain's checks: a
 *   problem is a 400 naming the installment and the field.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import { operationNumber } from '@shared/contract/credit-operations';
import {
  ASSIGNMENT_REMITTANCE_HISTORY_PAGE,
  type AssignedOperations,
  type AssignmentRemittanceCession,
  type AssignmentRemittanceItem,
  type AssignmentRemittanceOverview,
  type AssignmentRemittanceSummary,
} from '@shared/contract/company-assignment-remittance';
import type { Db } from '../../db/connect';
import { companyOf, lockAssignmentAccount } from '../company';
import { assignmentBankAccounts } from '../company/schema';
import { users } from '../access/schema';
import type { Actor } from '../operations';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { buildAssignmentRemittance, type AssignmentItem, type AssignmentProblem } from '../../domain/cnab444';
import { itemStanding, rowsOf } from '../servicing';
import { assignmentRemittanceItems, assignmentRemittances, type AssignmentRemittanceRow } from './schema-assignment-remittance';

export const ASSIGNMENT_REMITTANCE_MESSAGES = {
  noAccount: (bank: string) => `Campo assignment_account_id: a empresa não tem conta de cessionário ativa do banco ${bank}. Cadastre-a em Empresa › Contas de cessão.`,
  accountNotFound: 'Conta de cessionário não encontrada.',
  otherBank: (bank: string) => `Campo assignment_account_id: a conta de cessionário não é do banco ${bank}.`,
  futureDate: (today: string) => `Campo date: a data das cessões não pode ser depois da data de hoje (${today}).`,
  nothingToCarry: (date: string) => `Nenhuma cessão em vigor para esta conta em ${date}: o arquivo não é gerado vazio.`,
  again: (n: number, date: string) =>
    `Campo again: já foi gerado ${n} arquivo(s) desta conta para as cessões de ${date}. Confirme para gerar outro (ele será numerado ${n + 1}).`,
  companyData: (what: string) => `Os dados da empresa estão incompletos para a remessa de cessão: ${what}. Complete-os em Empresa.`,
  problems: (list: string) => `Remessa de cessão não gerada, nada foi gravado: ${list}.`,
  remittanceNotFound: 'Remessa de cessão não encontrada.',
} as const;

/** Items per INSERT: 7 parameters each, well under PostgreSQL's 65,535 and PGlite's array limit. */
const ITEMS_PER_INSERT = 1000;
const PROBLEMS_SHOWN = 5;
const COOBLIGATION = true;

type AccountRow = typeof assignmentBankAccounts.$inferSelect;

async function accountFor(db: Db, bankCode: string, accountId: number | undefined, lock: boolean): Promise<AccountRow> {
  if (accountId === undefined) {
    const [first] = await db
      .select()
      .from(assignmentBankAccounts)
      .where(and(eq(assignmentBankAccounts.bank_code, bankCode), eq(assignmentBankAccounts.active, true)))
      .orderBy(assignmentBankAccounts.id)
      .limit(1);
    if (!first) throw notFound(ASSIGNMENT_REMITTANCE_MESSAGES.noAccount(bankCode));
    return first;
  }
  // Locked by its owner, the company area.
  const row = lock ? await lockAssignmentAccount(db, accountId) : (await db.select().from(assignmentBankAccounts).where(eq(assignmentBankAccounts.id, accountId)))[0];
  if (!row) throw notFound(ASSIGNMENT_REMITTANCE_MESSAGES.accountNotFound);
  if (row.bank_code !== bankCode) throw badRequest(ASSIGNMENT_REMITTANCE_MESSAGES.otherBank(bankCode), 'assignment_account_id');
  return row;
}

interface CededRow {
  cession_item_id: number;
  cession_id: number;
  cession_number: number;
  installment_id: number;
  credit_operation_id: number;
  installment_number: number;
  due_date: string;
  face_value: string;
  present_value: string;
  borrower_name: string;
  borrower_document: string;
  address: string | null;
  address_number: string | null;
  cep: string | null;
  issued_on: string | null;
}

/** The items standing in the account's cessions dated `date`, in cession then item order. */
export async function cededOn(db: Db, accountId: number, date: string): Promise<CededRow[]> {
  const rows = await rowsOf<CededRow>(
    db,
    sql`SELECT ci.id AS cession_item_id, c.id AS cession_id, c.number AS cession_number, ci.installment_id, ci.credit_operation_id,
               i.number AS installment_number, ci.due_date::text AS due_date, ci.face_value::text AS face_value, ci.price::text AS present_value,
               b.name AS borrower_name, b.document AS borrower_document, b.address, b.address_number, b.cep, d.disbursed_on::text AS issued_on
          FROM cession_items ci
          JOIN cessions c ON c.id = ci.cession_id
          JOIN credit_operation_installments i ON i.id = ci.installment_id
          JOIN credit_operations o ON o.id = ci.credit_operation_id
          JOIN borrowers b ON b.id = o.borrower_id
          LEFT JOIN disbursements d ON d.credit_operation_id = ci.credit_operation_id
         WHERE c.assignment_account_id = ${accountId} AND c.cession_date = ${date}::date AND ${itemStanding(sql`ci`)}
         ORDER BY c.number, ci.id`,
  );
  return rows.map((r) => ({
    ...r,
    cession_item_id: Number(r.cession_item_id),
    cession_id: Number(r.cession_id),
    cession_number: Number(r.cession_number),
    installment_id: Number(r.installment_id),
    credit_operation_id: Number(r.credit_operation_id),
    installment_number: Number(r.installment_number),
  }));
}

function referenceOf(row: CededRow): string {
  return `${operationNumber(row.credit_operation_id)}/${String(row.installment_number).padStart(3, '0')}`;
}

function itemView(row: CededRow): AssignmentRemittanceItem {
  return {
    cession_item_id: row.cession_item_id,
    cession_id: row.cession_id,
    cession_number: row.cession_number,
    installment_id: row.installment_id,
    credit_operation_id: row.credit_operation_id,
    installment_number: row.installment_number,
    reference: referenceOf(row),
    borrower_name: row.borrower_name,
    due_date: row.due_date,
    face_value: new Decimal(row.face_value).toFixed(2),
    present_value: new Decimal(row.present_value).toFixed(2),
  };
}

function totals(items: readonly { face_value: string; present_value: string }[]): { face_value: string; present_value: string } {
  let face = new Decimal(0);
  let present = new Decimal(0);
  for (const i of items) {
    face = face.plus(i.face_value);
    present = present.plus(i.present_value);
  }
  return { face_value: face.toFixed(2), present_value: present.toFixed(2) };
}

function cessionsOf(items: readonly AssignmentRemittanceItem[], date: string): AssignmentRemittanceCession[] {
  const byCession = new Map<number, AssignmentRemittanceItem[]>();
  for (const i of items) byCession.set(i.cession_id, [...(byCession.get(i.cession_id) ?? []), i]);
  return [...byCession.values()].map((list) => ({ cession_id: list[0].cession_id, number: list[0].cession_number, cession_date: date, installment_count: list.length, ...totals(list) }));
}

function fileItemOf(row: CededRow): AssignmentItem {
  return {
    reference: referenceOf(row),
    documentNumber: `${row.credit_operation_id}/${String(row.installment_number).padStart(3, '0')}`,
    cessionNumber: String(row.cession_number),
    dueDate: row.due_date,
    issuedOn: row.issued_on ?? '',
    faceValue: new Decimal(row.face_value).toFixed(2),
    presentValue: new Decimal(row.present_value).toFixed(2),
    payer: {
      name: row.borrower_name,
      document: row.borrower_document.replace(/\D/g, ''),
      address: [row.address, row.address_number].filter((part) => part && part.trim()).join(', '),
      postalCode: (row.cep ?? '').replace(/\D/g, ''),
    },
  };
}

function problemsText(problems: readonly AssignmentProblem[]): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => {
    const where = [p.reference ? `parcela ${p.reference}` : null, p.line ? `linha ${p.line}` : null].filter(Boolean).join(', ');
    return `${where ? `${where}, ` : ''}campo ${p.field}: ${p.message}`;
  });
  const more = problems.length > PROBLEMS_SHOWN ? ` (e mais ${problems.length - PROBLEMS_SHOWN} problema(s))` : '';
  return `${shown.join('; ')}${more}`;
}

/** CB + DDMM of the cession day + the day's file (2 digits) + .REM: the CNAB 400 family's name, kept by the 444 layout. */
export function assignmentRemittanceFileName(date: string, daySequence: number): string {
  return `CB${date.slice(8, 10)}${date.slice(5, 7)}${String(daySequence).padStart(2, '0')}.REM`;
}

function summaryOf(row: AssignmentRemittanceRow, bankCode: string, actorName: string | null): AssignmentRemittanceSummary {
  return {
    id: row.id,
    assignment_account_id: row.assignment_account_id,
    bank_code: bankCode,
    number: row.number,
    cession_date: row.cession_date,
    day_sequence: row.day_sequence,
    generated_on: row.generated_on,
    file_name: row.file_name,
    sha256: row.sha256,
    cession_count: row.cession_count,
    installment_count: row.installment_count,
    face_value: new Decimal(row.face_value).toFixed(2),
    present_value: new Decimal(row.present_value).toFixed(2),
    actor_name: actorName,
    created_at: row.created_at.toISOString(),
  };
}

async function filesForDay(db: Db, accountId: number, date: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(assignmentRemittances)
    .where(and(eq(assignmentRemittances.assignment_account_id, accountId), eq(assignmentRemittances.cession_date, date)));
  return n;
}

async function lastNumber(db: Db, accountId: number): Promise<number> {
  const [row] = await db.select({ last: max(assignmentRemittances.number) }).from(assignmentRemittances).where(eq(assignmentRemittances.assignment_account_id, accountId));
  return row?.last ?? 0;
}

function checkDate(date: string, today: string): void {
  if (date > today) throw badRequest(ASSIGNMENT_REMITTANCE_MESSAGES.futureDate(today), 'date');
}

export interface AssignmentRemittanceRequest {
  bankCode: string;
  date: string;
  accountId?: number;
}

/** The cessions of the account dated `date` a file would carry, with totals, and the account's files. */
export async function assignmentRemittanceOverview(db: Db, request: AssignmentRemittanceRequest, today: string): Promise<AssignmentRemittanceOverview> {
  checkDate(request.date, today);
  const account = await accountFor(db, request.bankCode, request.accountId, false);
  const items = (await cededOn(db, account.id, request.date)).map(itemView);
  const cessions = cessionsOf(items, request.date);
  const history = await db
    .select({ row: assignmentRemittances, actor: users.name })
    .from(assignmentRemittances)
    .leftJoin(users, eq(users.id, assignmentRemittances.actor_id))
    .where(eq(assignmentRemittances.assignment_account_id, account.id))
    .orderBy(desc(assignmentRemittances.number))
    .limit(ASSIGNMENT_REMITTANCE_HISTORY_PAGE);
  const [{ n }] = await db.select({ n: count() }).from(assignmentRemittances).where(eq(assignmentRemittances.assignment_account_id, account.id));
  return {
    bank_code: request.bankCode,
    assignment_account_id: account.id,
    assignee_name: account.assignee_name,
    date: request.date,
    next_number: (await lastNumber(db, account.id)) + 1,
    generated_for_date: await filesForDay(db, account.id, request.date),
    pending: { cessions, items, cession_count: cessions.length, installment_count: items.length, ...totals(items) },
    history: history.map((h) => summaryOf(h.row, account.bank_code, h.actor)),
    history_total: n,
  };
}

export interface GenerateAssignmentRemittance extends Required<AssignmentRemittanceRequest> {
  /** A further file for a day that has one already. */
  again: boolean;
}

/** Generates, checks and stores the account's file of the day inside the caller's transaction; throws (storing nothing) on any problem. */
export async function generateAssignmentRemittance(tx: Db, actor: Actor, request: GenerateAssignmentRemittance, today: string): Promise<AssignmentRemittanceSummary> {
  checkDate(request.date, today);
  const account = await accountFor(tx, request.bankCode, request.accountId, true);
  const already = await filesForDay(tx, account.id, request.date);
  if (already > 0 && !request.again) throw conflict(ASSIGNMENT_REMITTANCE_MESSAGES.again(already, request.date), 'again');
  const rows = await cededOn(tx, account.id, request.date);
  if (rows.length === 0) throw conflict(ASSIGNMENT_REMITTANCE_MESSAGES.nothingToCarry(request.date), 'date');
  const company = await companyOf(tx, account.company_id);
  if (!company.legal_name.trim()) throw badRequest(ASSIGNMENT_REMITTANCE_MESSAGES.companyData('razão social'), 'company.legal_name');
  const document = (company.cnpj ?? '').replace(/\D/g, '');
  if (!document) throw badRequest(ASSIGNMENT_REMITTANCE_MESSAGES.companyData('CNPJ'), 'company.cnpj');

  const number = (await lastNumber(tx, account.id)) + 1;
  const daySequence = already + 1;
  const items = rows.map(fileItemOf);
  const built = buildAssignmentRemittance({
    assignor: { name: company.legal_name, document, ...(account.originator_code ? { originatorCode: account.originator_code } : {}) },
    custodian: { bankCode: account.bank_code, bankName: account.bank_name },
    fileSequence: number,
    writtenOn: today,
    coobligation: COOBLIGATION,
    modality: account.scr_modality,
    titleKind: account.title_kind,
    items,
  });
  if (!built.ok) throw badRequest(ASSIGNMENT_REMITTANCE_MESSAGES.problems(problemsText(built.problems)), built.problems[0]?.field);

  const content = built.file.content;
  const cessionCount = new Set(rows.map((r) => r.cession_id)).size;
  const [stored] = await tx
    .insert(assignmentRemittances)
    .values({
      company_id: account.company_id,
      assignment_account_id: account.id,
      number,
      cession_date: request.date,
      day_sequence: daySequence,
      generated_on: today,
      content,
      sha256: createHash('sha256').update(Buffer.from(content, 'latin1')).digest('hex'),
      file_name: assignmentRemittanceFileName(request.date, daySequence),
      cession_count: cessionCount,
      installment_count: built.file.count,
      face_value: built.file.faceTotal,
      present_value: built.file.presentTotal,
      actor_id: actor.id,
    })
    .returning();
  const itemRows = rows.map((r, k) => ({
    remittance_id: stored.id,
    cession_item_id: r.cession_item_id,
    installment_id: r.installment_id,
    reference: items[k].reference,
    face_value: items[k].faceValue,
    present_value: items[k].presentValue,
  }));
  for (let k = 0; k < itemRows.length; k += ITEMS_PER_INSERT) await tx.insert(assignmentRemittanceItems).values(itemRows.slice(k, k + ITEMS_PER_INSERT));
  await logActivity(tx, {
    actorId: actor.id,
    action: 'assignment-remittance.generate',
    entity: 'assignment_bank_account',
    entityId: account.id,
    // The file number goes under nsa (it is the file's sequence number) and the present value under price (what the assignee paid).
    after: {
      remittance_id: stored.id,
      nsa: number,
      cession_date: request.date,
      sha256: stored.sha256,
      installments_count: stored.installment_count,
      face_value: built.file.faceTotal,
      price: built.file.presentTotal,
    },
  });
  const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
  return summaryOf(stored, account.bank_code, me?.name ?? null);
}

/** A stored file, as it was generated. */
export async function storedAssignmentRemittance(db: Db, bankCode: string, remittanceId: number): Promise<{ bytes: Buffer; name: string }> {
  const [row] = await db
    .select({ content: assignmentRemittances.content, name: assignmentRemittances.file_name })
    .from(assignmentRemittances)
    .innerJoin(assignmentBankAccounts, eq(assignmentBankAccounts.id, assignmentRemittances.assignment_account_id))
    .where(and(eq(assignmentRemittances.id, remittanceId), eq(assignmentBankAccounts.bank_code, bankCode)));
  if (!row) throw notFound(ASSIGNMENT_REMITTANCE_MESSAGES.remittanceNotFound);
  return { bytes: Buffer.from(row.content, 'latin1'), name: row.name };
}

/** The operations with installments standing in the account's cessions dated `date`. */
export async function assignedOperations(db: Db, accountId: number, date: string, today: string): Promise<AssignedOperations> {
  checkDate(date, today);
  const [account] = await db.select({ id: assignmentBankAccounts.id }).from(assignmentBankAccounts).where(eq(assignmentBankAccounts.id, accountId));
  if (!account) throw notFound(ASSIGNMENT_REMITTANCE_MESSAGES.accountNotFound);
  const rows = await cededOn(db, accountId, date);
  const byOperation = new Map<number, CededRow[]>();
  for (const r of rows) byOperation.set(r.credit_operation_id, [...(byOperation.get(r.credit_operation_id) ?? []), r]);
  const operations = [...byOperation.values()].map((list) => ({
    credit_operation_id: list[0].credit_operation_id,
    operation_number: operationNumber(list[0].credit_operation_id),
    borrower_name: list[0].borrower_name,
    cession_numbers: [...new Set(list.map((r) => r.cession_number))],
    installment_count: list.length,
    ...totals(list),
  }));
  return { assignment_account_id: accountId, date, operations, installment_count: rows.length, ...totals(rows) };
}
