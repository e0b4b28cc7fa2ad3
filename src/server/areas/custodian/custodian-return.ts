/**
 * The custodian's CNAB 444 return (read by domain/cnab444's
 * readCustodianReturn): previewed line by line, applied once per file
 * (SHA-256 per account) and once per title (the cession item: one effective
 * answer, UNIQUE in migration 0062); a refused title's cession undone by the
 * cession reversal, under the account's lock then each operation's. The
 * rules, and why: domain/cnab444/README.md, "The custodian's return".
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CUSTODIAN_RETURN_HISTORY_PAGE, type CustodianReturnImport, type CustodianReturnLine, type CustodianReturnPreview, type CustodianReturnSummary } from '@shared/contract/company-custodian-return';
import type { CustodianReturnResult } from '@shared/enums';
import type { Db } from '../../db/connect';
import { lockAssignmentAccount } from '../company';
import { assignmentBankAccounts } from '../company/schema';
import { users } from '../access/schema';
import type { Actor } from '../operations';
import { badRequest, HttpError, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { OCCURRENCE_ACQUIRED, OCCURRENCE_REFUSED, readCustodianReturn, reasonWords, type CustodianReturnLine as ReadLine } from '../../domain/cnab444';
import { rowsOf } from '../servicing';
import { reverseCession, reversibleOf } from '../transfers';
import { custodianReturnImports, custodianReturnLines, type CustodianReturnImportRow } from './schema';

export const CUSTODIAN_RETURN_MESSAGES = {
  accountNotFound: 'Conta de cessionário não encontrada.',
  otherBank: (bank: string) => `Campo assignment_account_id: a conta de cessionário não é do banco ${bank}.`,
  broken: (list: string) => `Retorno do custodiante não lido, nada foi gravado: ${list}.`,
  notFound: 'Retorno do custodiante não encontrado.',
  noTitle: 'nenhuma cessão desta conta remetida ao custodiante tem esta parcela e este termo de cessão',
  noEffect: (code: string) => `ocorrência ${code}: nem entrada confirmada (02) nem rejeitada (03), nada a fazer`,
  repeated: 'o custodiante já respondeu sobre este título (arquivo anterior ou linha repetida): nada a fazer',
  notStanding: 'a parcela já não é do cessionário (cessão desfeita ou recomprada): nada a desfazer',
  reason: (words: string) => `recusado pelo custodiante: ${words}`,
} as const;

/** Lines that took effect: the title's one answer (migration 0062's UNIQUE index). */
const EFFECTIVE: CustodianReturnResult[] = ['acquired', 'refused_undone'];
const PROBLEMS_SHOWN = 5;

async function accountOf(db: Db, bankCode: string, accountId: number, lock: boolean): Promise<typeof assignmentBankAccounts.$inferSelect> {
  const row = lock ? await lockAssignmentAccount(db, accountId) : (await db.select().from(assignmentBankAccounts).where(eq(assignmentBankAccounts.id, accountId)))[0];
  if (!row) throw notFound(CUSTODIAN_RETURN_MESSAGES.accountNotFound);
  if (row.bank_code !== bankCode) throw badRequest(CUSTODIAN_RETURN_MESSAGES.otherBank(bankCode), 'assignment_account_id');
  return row;
}

/** A title of ours a line names: the cession item our remittance sent, with what the screen shows of it. */
type Title = Record<'cession_item_id' | 'cession_id' | 'cession_number' | 'installment_id' | 'installment_number' | 'credit_operation_id', number> & Record<'reference' | 'borrower_name' | 'face_value', string>;

/** The titles our remittances to the account sent under these references, by reference and cession number. */
async function titlesOf(db: Db, accountId: number, references: readonly string[]): Promise<Map<string, Title>> {
  if (!references.length) return new Map();
  const rows = await rowsOf<Title>(
    db,
    sql`SELECT DISTINCT ari.reference, ci.id AS cession_item_id, c.id AS cession_id, c.number AS cession_number, ci.installment_id,
               i.number AS installment_number, ci.credit_operation_id, b.name AS borrower_name, ci.face_value::text AS face_value
          FROM assignment_remittance_items ari
          JOIN assignment_remittances ar ON ar.id = ari.remittance_id
          JOIN cession_items ci ON ci.id = ari.cession_item_id
          JOIN cessions c ON c.id = ci.cession_id
          JOIN credit_operation_installments i ON i.id = ci.installment_id
          JOIN credit_operations o ON o.id = ci.credit_operation_id
          JOIN borrowers b ON b.id = o.borrower_id
         WHERE ar.assignment_account_id = ${accountId} AND ari.reference IN (${sql.join([...new Set(references)].map((r) => sql`${r}`), sql`, `)})`,
  );
  const ints = ['cession_item_id', 'cession_id', 'cession_number', 'installment_id', 'installment_number', 'credit_operation_id'] as const;
  return new Map(rows.map((r) => [`${r.reference}|${Number(r.cession_number)}`, { ...r, ...Object.fromEntries(ints.map((k) => [k, Number(r[k])])) } as Title]));
}

type Stored = Pick<CustodianReturnLine, 'line' | 'reference' | 'cession_term' | 'occurrence' | 'result' | 'message' | 'cession_item_id' | 'installment_id' | 'cession_reversal_id'>;

/** A line as the calls answer it: what was read and done, with the title it names. */
function viewOf(line: Stored & { reasons: readonly { code: string; words: string }[] }, title: Title | undefined): CustodianReturnLine {
  const kind = line.occurrence === OCCURRENCE_ACQUIRED ? 'acquired' : line.occurrence === OCCURRENCE_REFUSED ? 'refused' : 'other';
  const { line: n, reference, cession_term, occurrence, result, message, cession_item_id, installment_id, cession_reversal_id } = line;
  return {
    ...{ line: n, reference, cession_term, occurrence, kind, reasons: [...line.reasons], result, message, cession_item_id, installment_id, cession_reversal_id },
    cession_id: title?.cession_id ?? null,
    cession_number: title?.cession_number ?? null,
    installment_number: title?.installment_number ?? null,
    credit_operation_id: title?.credit_operation_id ?? null,
    borrower_name: title?.borrower_name ?? null,
    face_value: title ? new Decimal(title.face_value).toFixed(2) : null,
  };
}

type Planned = CustodianReturnLine & { reason_text: string };

const reasonText = (line: ReadLine) => CUSTODIAN_RETURN_MESSAGES.reason(line.reasons.map((r) => `${r.code} ${r.words}`).join('; ') || `ocorrência ${line.occurrence} sem motivo informado`);

/** What each line does now: the same rules for the preview and, under the locks, for applying. */
async function plan(db: Db, accountId: number, lines: readonly ReadLine[], today: string): Promise<Planned[]> {
  const titles = await titlesOf(db, accountId, lines.map((l) => l.reference));
  const itemIds = [...titles.values()].map((t) => t.cession_item_id);
  const answered = new Set(
    itemIds.length
      ? (await db.select({ id: custodianReturnLines.cession_item_id }).from(custodianReturnLines).where(and(inArray(custodianReturnLines.cession_item_id, itemIds), inArray(custodianReturnLines.result, EFFECTIVE)))).map((r) => r.id)
      : [],
  );
  const reversible = new Map<number, Map<number, string | null>>();
  const standing = async (operationId: number) => {
    if (!reversible.has(operationId)) reversible.set(operationId, new Map((await reversibleOf(db, operationId, today)).installments.map((i) => [i.id, i.blocked])));
    return reversible.get(operationId)!;
  };
  const planned: Planned[] = [];
  for (const line of lines) {
    const title = /^\d+$/.test(line.cessionTerm) ? titles.get(`${line.reference}|${Number(line.cessionTerm)}`) : undefined;
    let result: CustodianReturnResult;
    let message: string | null = null;
    if (!title) [result, message] = ['not_found', CUSTODIAN_RETURN_MESSAGES.noTitle];
    else if (line.occurrence !== OCCURRENCE_ACQUIRED && line.occurrence !== OCCURRENCE_REFUSED) [result, message] = ['no_effect', CUSTODIAN_RETURN_MESSAGES.noEffect(line.occurrence)];
    else if (answered.has(title.cession_item_id)) [result, message] = ['repeated', CUSTODIAN_RETURN_MESSAGES.repeated];
    else if (line.occurrence === OCCURRENCE_ACQUIRED) result = 'acquired';
    else {
      const items = await standing(title.credit_operation_id);
      if (!items.has(title.installment_id)) [result, message] = ['refused_kept', CUSTODIAN_RETURN_MESSAGES.notStanding];
      else if (items.get(title.installment_id)) [result, message] = ['refused_blocked', items.get(title.installment_id)!];
      else result = 'refused_undone';
    }
    if (title && (result === 'acquired' || result === 'refused_undone')) answered.add(title.cession_item_id);
    planned.push({ ...viewOf({ ...line, cession_term: line.cessionTerm, result, message, cession_item_id: title?.cession_item_id ?? null, installment_id: title?.installment_id ?? null, cession_reversal_id: null }, title), reason_text: reasonText(line) });
  }
  return planned;
}

function read(content: string) {
  const read = readCustodianReturn(content);
  if (read.ok) return read.file;
  const shown = read.problems.slice(0, PROBLEMS_SHOWN).map((p) => `linha ${p.line}, campo ${p.field}: ${p.message}`);
  const more = read.problems.length > PROBLEMS_SHOWN ? ` (e mais ${read.problems.length - PROBLEMS_SHOWN} problema(s))` : '';
  throw badRequest(CUSTODIAN_RETURN_MESSAGES.broken(`${shown.join('; ')}${more}`), 'content');
}

const sha256 = (content: string) => createHash('sha256').update(Buffer.from(content, 'latin1')).digest('hex');
const counts = (lines: readonly CustodianReturnLine[]) => ({
  line_count: lines.length,
  acquired_count: lines.filter((l) => l.result === 'acquired').length,
  undone_count: lines.filter((l) => l.result === 'refused_undone').length,
});

export interface CustodianReturnFileArgs {
  bankCode: string;
  accountId: number;
  fileName: string;
  content: string;
}

async function importOf(db: Db, accountId: number, hash: string): Promise<CustodianReturnImportRow | undefined> {
  return (await db.select().from(custodianReturnImports).where(and(eq(custodianReturnImports.assignment_account_id, accountId), eq(custodianReturnImports.sha256, hash))))[0];
}

export async function previewCustodianReturn(db: Db, args: CustodianReturnFileArgs, today: string): Promise<CustodianReturnPreview> {
  const account = await accountOf(db, args.bankCode, args.accountId, false);
  const file = read(args.content);
  const lines = (await plan(db, account.id, file.lines, today)).map(({ reason_text: _, ...line }) => line);
  return {
    assignment_account_id: account.id,
    assignee_name: account.assignee_name,
    file_name: args.fileName,
    file_sequence: file.fileSequence,
    written_on: file.writtenOn || null,
    imported_as: (await importOf(db, account.id, sha256(args.content)))?.id ?? null,
    ...counts(lines),
    lines,
  };
}

/** Applies the file inside the caller's transaction; the same file again answers its stored import. */
export async function applyCustodianReturn(tx: Db, actor: Actor, args: CustodianReturnFileArgs, today: string): Promise<CustodianReturnImport> {
  const account = await accountOf(tx, args.bankCode, args.accountId, true);
  const file = read(args.content);
  const hash = sha256(args.content);
  const before = await importOf(tx, account.id, hash);
  if (before) return { ...(await storedImport(tx, args.bankCode, before.id)), replayed: true };
  const planned = await plan(tx, account.id, file.lines, today);
  const undo = planned.filter((l) => l.result === 'refused_undone').sort((a, b) => a.credit_operation_id! - b.credit_operation_id! || a.line - b.line);
  for (const line of undo) {
    try {
      const input = { id: line.credit_operation_id!, installments: [line.installment_id!], reason: line.reason_text };
      line.cession_reversal_id = await tx.transaction((sp) => reverseCession(sp as Db, actor, input, today));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      [line.result, line.message] = ['refused_blocked', error.message];
    }
  }
  const row = { company_id: account.company_id, assignment_account_id: account.id, file_name: args.fileName, sha256: hash, file_sequence: file.fileSequence };
  const [stored] = await tx.insert(custodianReturnImports).values({ ...row, written_on: file.writtenOn || null, applied_on: today, ...counts(planned), actor_id: actor.id }).returning();
  if (planned.length)
    await tx.insert(custodianReturnLines).values(
      planned.map(({ line, reference, cession_term, occurrence, reasons, result, message, cession_item_id, installment_id, cession_reversal_id }) => {
        const reason_codes = reasons.map((r) => r.code).join(' ');
        return { import_id: stored.id, line, reference, cession_term, occurrence, reason_codes, result, message, cession_item_id, installment_id, cession_reversal_id };
      }),
    );
  await logActivity(tx, {
    actorId: actor.id,
    action: 'custodian-return.apply',
    entity: 'assignment_bank_account',
    entityId: account.id,
    after: { custodian_return_id: stored.id, nsa: file.fileSequence, sha256: hash, ...counts(planned) },
  });
  return { ...(await storedImport(tx, args.bankCode, stored.id)), replayed: false };
}

function summaryOf(row: CustodianReturnImportRow, actorName: string | null): CustodianReturnSummary {
  const { company_id: _, actor_id: __, created_at, ...rest } = row;
  return { ...rest, actor_name: actorName, created_at: created_at.toISOString() };
}

export async function custodianReturnHistory(db: Db, bankCode: string, accountId: number): Promise<CustodianReturnSummary[]> {
  const account = await accountOf(db, bankCode, accountId, false);
  const rows = await db.select({ row: custodianReturnImports, actor: users.name }).from(custodianReturnImports).leftJoin(users, eq(users.id, custodianReturnImports.actor_id))
    .where(eq(custodianReturnImports.assignment_account_id, account.id)).orderBy(desc(custodianReturnImports.id)).limit(CUSTODIAN_RETURN_HISTORY_PAGE);
  return rows.map((r) => summaryOf(r.row, r.actor));
}

/** One stored import with its lines as they were applied (the words of the reasons from the domain's table). */
export async function storedImport(db: Db, bankCode: string, importId: number): Promise<CustodianReturnImport> {
  const [found] = await db
    .select({ row: custodianReturnImports, actor: users.name, bank: assignmentBankAccounts.bank_code })
    .from(custodianReturnImports)
    .innerJoin(assignmentBankAccounts, eq(assignmentBankAccounts.id, custodianReturnImports.assignment_account_id))
    .leftJoin(users, eq(users.id, custodianReturnImports.actor_id))
    .where(eq(custodianReturnImports.id, importId));
  if (!found || found.bank !== bankCode) throw notFound(CUSTODIAN_RETURN_MESSAGES.notFound);
  const stored = await db.select().from(custodianReturnLines).where(eq(custodianReturnLines.import_id, importId)).orderBy(custodianReturnLines.line);
  const titles = await titlesOf(db, found.row.assignment_account_id, stored.map((l) => l.reference));
  const byItem = new Map([...titles.values()].map((t) => [t.cession_item_id, t]));
  const lines = stored.map((l) =>
    viewOf({ ...l, reasons: l.reason_codes ? l.reason_codes.split(' ').map((code) => ({ code, words: reasonWords(code) })) : [] }, l.cession_item_id !== null ? byItem.get(l.cession_item_id) : undefined),
  );
  return { ...summaryOf(found.row, found.actor), replayed: false, lines };
}
