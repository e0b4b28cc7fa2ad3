/**
 * Manual remittances: a person picks, from the boletos of one account never
 * sent to the bank, the ones a file carries (rules in the contract,
 * servicing-remittance-manual.ts).
 *
 * - What is eligible is the automatic remittance's own entry candidates
 *   (remittance.ts candidatesOf: slip issued up to the business date, never
 *   carried, still collected by it), never a second reading of those rules.
 * - Generating is remittance.ts's generateRemittance with a pick: the same
 *   account lock, NSA, writer, checks, storage and download; the pick runs
 *   under the lock, so an installment another file just carried is refused
 *   here (409) instead of being sent twice. The stored file is then marked
 *   manual in the same transaction.
 * - An agreement's slips are not picked here (bank-files' README says why): the list counts the ones waiting for
 *   the automatic file (`agreement_entries`), so the screen says where they go.
 * - Filters run over the account's candidates in memory: the candidates are
 *   read whole anyway (one pass over the account's slips) and are few beside
 *   the installments; the list answers at most `limit` of them.
 */
import Decimal from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  OPERATION_REFERENCE,
  REMITTANCE_BANK_CODES,
  MANUAL_REMITTANCE_HISTORY_MAX,
  operationNumber,
  pageMeta,
  type HiddenInstallment,
  type ManualRemittanceInstallment,
  type ManualRemittanceList,
  type RemittanceSummary,
} from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { users } from '../access/schema';
import { companyBankAccounts } from '../company/schema';
import { creditOperationInstallments as installments } from '../operations/schema';
import type { Actor } from '../operations';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { bareDocument, fold } from '../../platform/list-filters';
import { candidatesOf, generateRemittance, lastNsa, REMITTANCE_SUMMARY_COLUMNS, summaryOf, type OperationCandidateRow as CandidateRow } from './remittance';
import { agreementCandidatesOf } from './remittance-agreement';
import { remittances } from './schema-remittance';
import { manualRemittances, remittanceManualHidden } from './schema-remittance-manual';

export const MANUAL_REMITTANCE_MESSAGES = {
  accountNotFound: 'Campo bank_account_id: conta bancária não encontrada.',
  noCnab: (bank: string) => `Campo bank_account_id: o banco ${bank} não tem remessa CNAB 240 (use uma conta do 001, 104 ou 341).`,
  installmentNotFound: 'Parcela não encontrada nesta operação.',
  notEligible: (list: string) => `Parcelas fora da remessa manual desta conta, nada foi gravado: ${list}.`,
  reasons: {
    unknown: 'não encontrada',
    noSlip: 'sem boleto emitido',
    otherAccount: 'boleto de outra conta',
    notCollectible: 'já remetida ou fora de cobrança',
  },
} as const;

type AccountRow = typeof companyBankAccounts.$inferSelect;

/** The account a manual remittance is of; `field` names it in the refusal. */
async function manualAccount(db: Db, accountId: number, field: string): Promise<AccountRow> {
  const [row] = await db.select().from(companyBankAccounts).where(eq(companyBankAccounts.id, accountId));
  if (!row) throw notFound(MANUAL_REMITTANCE_MESSAGES.accountNotFound);
  if (!(REMITTANCE_BANK_CODES as readonly string[]).includes(row.bank_code)) throw badRequest(MANUAL_REMITTANCE_MESSAGES.noCnab(row.bank_code), field);
  return row;
}

/** Entries only: what an automatic file would carry as instruction 01 (the others are baixas, never picked by hand). */
function eligible(candidates: readonly CandidateRow[]): CandidateRow[] {
  return candidates.filter((c) => !c.sent);
}

interface HiddenRow {
  installment_id: number;
  hidden_at: Date;
  hidden_by_name: string | null;
}

async function hiddenOf(db: Db, installmentIds: readonly number[]): Promise<Map<number, HiddenRow>> {
  if (installmentIds.length === 0) return new Map();
  const rows = await db
    .select({ installment_id: remittanceManualHidden.installment_id, hidden_at: remittanceManualHidden.hidden_at, hidden_by_name: users.name })
    .from(remittanceManualHidden)
    .leftJoin(users, eq(users.id, remittanceManualHidden.hidden_by))
    .where(inArray(remittanceManualHidden.installment_id, [...installmentIds]));
  return new Map(rows.map((r) => [r.installment_id, r]));
}

function referenceOf(operationId: number, number: number): string {
  return `${operationNumber(operationId)}/${String(number).padStart(3, '0')}`;
}

function viewOf(row: CandidateRow, hidden: HiddenRow | undefined): ManualRemittanceInstallment {
  return {
    id: row.installment_id,
    installment_id: row.installment_id,
    boleto_slip_id: row.slip_id,
    credit_operation_id: row.credit_operation_id,
    operation_number: operationNumber(row.credit_operation_id),
    installment_number: row.number,
    reference: referenceOf(row.credit_operation_id, row.number),
    our_number: row.our_number,
    borrower_name: row.payer_name,
    borrower_document: row.payer_document,
    amount: new Decimal(row.amount).toFixed(2),
    due_date: row.due_date,
    issued_on: row.issued_on,
    hidden: hidden !== undefined,
    hidden_at: hidden ? hidden.hidden_at.toISOString() : null,
    hidden_by_name: hidden?.hidden_by_name ?? null,
  };
}

export interface ManualListRequest {
  limit: number;
  filter: {
    /** the account's id as the filter carries it (text) */
    bank_account_id: string;
    due_from?: string;
    due_to?: string;
    borrower?: string;
    operation?: string;
    hidden?: 'true' | 'false';
  };
}

/** A name fragment (accents and case ignored), or with three letters or digits, one a digit, also part of the CPF/CNPJ. */
function borrowerTest(text: string): (row: CandidateRow) => boolean {
  const name = fold(text.trim());
  const bare = bareDocument(text);
  const byDocument = bare.length >= 3 && /\d/.test(bare);
  return (row) => fold(row.payer_name).includes(name) || (byDocument && bareDocument(row.payer_document).includes(bare));
}

/** The eligible installments of the account on `today`, filtered, by due date; the first `limit` of them. */
export async function listManualInstallments(db: Db, request: ManualListRequest, today: string): Promise<ManualRemittanceList> {
  const { filter } = request;
  const account = await manualAccount(db, Number(filter.bank_account_id), 'filter.bank_account_id');
  const rows = eligible(await candidatesOf(db, account.id, today));
  const hidden = await hiddenOf(
    db,
    rows.map((r) => r.installment_id),
  );
  const onlyHidden = filter.hidden === 'true';
  const operationId = filter.operation ? Number(OPERATION_REFERENCE.exec(filter.operation)?.[1]) : null;
  const byBorrower = filter.borrower?.trim() ? borrowerTest(filter.borrower) : null;
  const matching = rows
    .filter((r) => hidden.has(r.installment_id) === onlyHidden)
    .filter((r) => (!filter.due_from || r.due_date >= filter.due_from) && (!filter.due_to || r.due_date <= filter.due_to))
    .filter((r) => operationId === null || r.credit_operation_id === operationId)
    .filter((r) => !byBorrower || byBorrower(r))
    .sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.credit_operation_id - b.credit_operation_id || a.number - b.number));
  const page = matching.slice(0, request.limit);
  return {
    items: page.map((r) => viewOf(r, hidden.get(r.installment_id))),
    meta: pageMeta(1, request.limit, matching.length),
    bank_account_id: account.id,
    bank_code: account.bank_code,
    next_nsa: ((await lastNsa(db, account.id)) ?? 0) + 1,
    as_of: today,
    agreement_entries: (await agreementCandidatesOf(db, account.id, today, today)).filter((c) => !c.sent && c.gone === null).length,
  };
}

// ---------------------------------------------------------------------------
// Hiding

async function installmentOf(db: Db, operationId: number, installmentId: number): Promise<void> {
  const [row] = await db
    .select({ id: installments.id })
    .from(installments)
    .where(and(eq(installments.id, installmentId), eq(installments.credit_operation_id, operationId)));
  if (!row) throw notFound(MANUAL_REMITTANCE_MESSAGES.installmentNotFound);
}

async function hiddenView(db: Db, operationId: number, installmentId: number): Promise<HiddenInstallment> {
  const row = (await hiddenOf(db, [installmentId])).get(installmentId);
  return {
    credit_operation_id: operationId,
    installment_id: installmentId,
    hidden: row !== undefined,
    hidden_at: row ? row.hidden_at.toISOString() : null,
    hidden_by_name: row?.hidden_by_name ?? null,
  };
}

/** Takes the installment off the manual list (once: hiding again changes and logs nothing). */
export async function hideInstallment(tx: Db, actor: Actor, operationId: number, installmentId: number): Promise<HiddenInstallment> {
  await installmentOf(tx, operationId, installmentId);
  const inserted = await tx
    .insert(remittanceManualHidden)
    .values({ installment_id: installmentId, hidden_by: actor.id })
    .onConflictDoNothing({ target: remittanceManualHidden.installment_id })
    .returning({ id: remittanceManualHidden.installment_id });
  if (inserted.length > 0) {
    await logActivity(tx, {
      actorId: actor.id,
      action: 'remittance.manual-hide',
      entity: 'installment',
      entityId: installmentId,
      before: { manual_remittance_hidden: false },
      after: { credit_operation_id: operationId, manual_remittance_hidden: true },
    });
  }
  return hiddenView(tx, operationId, installmentId);
}

/** Shows the installment on the manual list again (one not hidden answers as it is). */
export async function unhideInstallment(tx: Db, actor: Actor, operationId: number, installmentId: number): Promise<HiddenInstallment> {
  await installmentOf(tx, operationId, installmentId);
  const deleted = await tx
    .delete(remittanceManualHidden)
    .where(eq(remittanceManualHidden.installment_id, installmentId))
    .returning({ id: remittanceManualHidden.installment_id });
  if (deleted.length > 0) {
    await logActivity(tx, {
      actorId: actor.id,
      action: 'remittance.manual-unhide',
      entity: 'installment',
      entityId: installmentId,
      before: { manual_remittance_hidden: true },
      after: { credit_operation_id: operationId, manual_remittance_hidden: false },
    });
  }
  return hiddenView(tx, operationId, installmentId);
}

// ---------------------------------------------------------------------------
// Generating

/** Thrown by the pick (which cannot query) and answered as a 409 once the reasons are read. */
class NotEligible extends Error {
  constructor(readonly installmentIds: readonly number[]) {
    super('not eligible');
  }
}

/** Why each installment is not eligible on the account, as the 409 names it. */
async function notEligibleText(db: Db, accountId: number, ids: readonly number[]): Promise<string> {
  const result = await db.execute(sql`
    SELECT i.id, i.credit_operation_id AS operation, i.number,
           EXISTS (SELECT 1 FROM boleto_slips s WHERE s.installment_id = i.id AND s.bank_account_id = ${accountId}) AS here,
           EXISTS (SELECT 1 FROM boleto_slips s WHERE s.installment_id = i.id) AS anywhere
      FROM credit_operation_installments i
     WHERE i.id = ANY(${`{${ids.join(',')}}`}::int[])
  `);
  const rows = (result as unknown as { rows: Array<{ id: number; operation: number; number: number; here: boolean; anywhere: boolean }> }).rows.map((r) => ({
    ...r,
    id: Number(r.id),
    operation: Number(r.operation),
    number: Number(r.number),
  }));
  const known = new Map(rows.map((r) => [r.id, r]));
  const { reasons } = MANUAL_REMITTANCE_MESSAGES;
  return ids
    .map((id) => {
      const row = known.get(id);
      if (!row) return `parcela ${id} (${reasons.unknown})`;
      const why = row.here ? reasons.notCollectible : row.anywhere ? reasons.otherAccount : reasons.noSlip;
      return `${referenceOf(row.operation, row.number)} (${why})`;
    })
    .join('; ');
}

export interface ManualRemittanceRequest {
  bankAccountId: number;
  installmentIds: readonly number[];
}

/**
 * Generates and stores the account's next remittance carrying exactly the
 * installments picked, inside the caller's transaction; a 409 naming those
 * that are not eligible, and nothing stored.
 */
export async function createManualRemittance(tx: Db, actor: Actor, request: ManualRemittanceRequest, today: string): Promise<RemittanceSummary> {
  const account = await manualAccount(tx, request.bankAccountId, 'bank_account_id');
  const wanted = new Set(request.installmentIds);
  const pick = (candidates: readonly CandidateRow[]): CandidateRow[] => {
    const chosen = eligible(candidates).filter((c) => wanted.has(c.installment_id));
    const found = new Set(chosen.map((c) => c.installment_id));
    const missing = request.installmentIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new NotEligible(missing);
    return chosen;
  };
  let summary: RemittanceSummary;
  try {
    summary = await generateRemittance(tx, actor, { bankCode: account.bank_code, date: today, bankAccountId: account.id }, today, pick);
  } catch (error) {
    if (!(error instanceof NotEligible)) throw error;
    throw conflict(MANUAL_REMITTANCE_MESSAGES.notEligible(await notEligibleText(tx, account.id, error.installmentIds)), 'installment_ids');
  }
  await tx.insert(manualRemittances).values({ remittance_id: summary.id });
  return summary;
}

/** The manual files, newest first (of one account when named). */
export async function manualRemittanceHistory(db: Db, bankAccountId: number | undefined): Promise<RemittanceSummary[]> {
  const rows = await db
    .select({ row: REMITTANCE_SUMMARY_COLUMNS, actor: users.name })
    .from(remittances)
    .innerJoin(manualRemittances, eq(manualRemittances.remittance_id, remittances.id))
    .leftJoin(users, eq(users.id, remittances.actor_id))
    .where(bankAccountId === undefined ? undefined : eq(remittances.bank_account_id, bankAccountId))
    .orderBy(desc(remittances.id))
    .limit(MANUAL_REMITTANCE_HISTORY_MAX);
  return rows.map((r) => summaryOf(r.row, r.actor));
}
