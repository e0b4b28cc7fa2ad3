/**
 * CNAB 240 return files (retornos): reading one against the company's
 * accounts and slips (preview, nothing written), and settling it.
 *
 * - The file is read by the CNAB domain (readReturnFile): a line of the wrong
 *   length or of another bank, a record out of place or a trailer whose counts
 *   disagree refuse the whole file, naming the line (400 on content).
 * - The account is the one the header names among the company's accounts of
 *   that bank (headerNamesAccount: every part of the account the header
 *   carries), held by the company whose CNPJ the header carries
 *   (headerNamesCompany); none is a 400 on header naming the account (and the
 *   CNPJ, when it is another company's), before anything is stored or settled.
 * - A line's nosso número names a slip through the account's sequence
 *   (slipSequenceOf and the UNIQUE (account, sequence) of boleto_slips).
 * - Settling runs in the caller's transaction under the account's row lock
 *   (the lock remittances take), so two imports of one account run one after
 *   the other and the second sees the first's lines. Then, in the one lock
 *   order of servicing (src/server/areas/servicing/README.md, "One lock order":
 *   the account, then operations in id order), every operation a line names
 *   is locked — also those whose line only posts the bank's fee — and the
 *   slips' installments are read again after those locks, so whether one is
 *   still open is what the operation's last move left (a payment or a
 *   reversal that held it while the file waited), not what it was before:
 *   · the same file (SHA-256, per account) answers the stored import and
 *     settles nothing;
 *   · each line's outcome comes from lineOutcome; a paid line becomes a
 *     payment of its installment through the payment service's batch form
 *     (method boleto, dated by the credit date), so when the payment rules
 *     refuse it (above what is due, before the disbursement) the line is kept
 *     as refused with the reason and the rest of the file settles;
 *   · the preview runs the same payment rules (checkPaymentBatch: payBatch's
 *     checks, writing nothing), so a line settling would refuse already shows
 *     as refused with the reason;
 *   · the bank's fee of a line is its own posting (bankFeePosting) on the
 *     installment's operation, written in the payments' statements, whenever
 *     the line names one of our titles — also when the payment is refused or
 *     the installment was already paid: the bank debited the fee all the same
 *     (net = paid − fee), and the expense is real whatever we do with the
 *     money. Once per line identity: a line applied before (duplicate) or a
 *     refused line whose fee an earlier import posted posts none. A line that
 *     names no title of ours (unmatched) posts its fee too, as a company-level
 *     posting (no operation: which one is what nobody knows yet), and its
 *     credit goes to suspense as a title of nobody known;
 *   · the file and every line are stored (immutable); an applied line's
 *     identity is UNIQUE per account in the database as the last guard;
 *   · every real the bank credited is booked (unappliedOf): a paid line above
 *     what its installment owes pays what is owed (capAtDue) and sends the
 *     excess to suspense (areas/suspense: bank ← suspense, with the line as
 *     its source); a line paying an installment already paid or out of
 *     collection, a paid line the payment rules refuse (its reason kept on
 *     the line), and a line repeated inside one file (the bank credited it
 *     twice: its fee is posted too), send what was paid. Once per line
 *     identity: a line an earlier import booked to suspense is a duplicate. Suspense holds what
 *     the payer paid; the bank's fee stays the expense it is, so the ledger's
 *     bank account moves by paid − fee, what the bank credited. A line
 *     repeated from an earlier file is the same credit reported again: the
 *     earlier import booked it, nothing moves.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { formatCurrency } from '@shared/format';
import { formatCnpj } from '@shared/documents';
import { agreementNumber } from '@shared/agreement-number';
import { operationNumber } from '@shared/contract/credit-operations';
import type { ReturnFileSummary, ReturnLine, ReturnLineOutcome, ReturnPreview, ReturnSettlement } from '@shared/contract/company-cnab-return';
import type { Db } from '../../db/connect';
import { insertRows } from '../../db/insert-rows';
import { companies, companyBankAccounts } from '../company/schema';
import { users } from '../access/schema';
import type { Actor } from '../operations';
import { lockBankAccount } from '../company';
import { badRequest, notFound } from '../../platform/http/errors';
import type { KeptAnswer } from '../../platform/idempotency';
import { logActivity } from '../../platform/activity';
import {
  APPLIED_OUTCOMES,
  headerAccountKey,
  headerNamesAccount,
  headerNamesCompany,
  lineOutcome,
  readReturnFile,
  slipSequenceOf,
  splitLines,
  type CnabBank,
  type HeaderAccountKey,
  type ReturnEntry,
} from '../../domain/cnab';
import { bankFeePosting } from '../../domain/servicing/postings';
import type { JournalItem } from '../ledger';
import { stillCollected } from '../servicing';
import { BANK_RETURN_REFERENCE, checkPaymentBatch, lockOperationRows, payBatch, type BatchPaymentResult, type PaymentInput } from '../collection';
import { returnFileLines, returnFiles, type ReturnFileLineRow, type ReturnFileRow } from './schema-return';
import { recordUnappliedMany, type UnappliedInput } from '../suspense';
import { agreementTitleStates, checkFromProvider, lockAgreements, payFromProvider } from '../renegotiation';
import { intArray, textArray } from '../../db/batch-sql';


export const RETURN_MESSAGES = {
  broken: (list: string) => `Campo content: arquivo retorno recusado, nada foi liquidado: ${list}.`,
  otherAccount: (bank: string, what: string) =>
    `Campo header: o arquivo é de uma conta que a empresa não tem no banco ${bank} (${what}). Confira o banco escolhido e as contas em Empresa › Contas bancárias; nada foi liquidado.`,
  otherCompany: (bank: string, what: string, document: string, ours: string) =>
    `Campo header: o arquivo é de outra empresa: o cabeçalho nomeia a conta ${what} do banco ${bank} em nome do CNPJ ${document}, e o CNPJ da empresa é ${ours}; essa conta não é uma das contas da empresa. Confira o arquivo recebido do banco; nada foi liquidado.`,
  notFound: 'Arquivo retorno não encontrado.',
  unmatched: 'Nenhum boleto desta conta tem este nosso número.',
  alreadyPaid: 'A parcela já estava paga ou fora de cobrança: não foi liquidada de novo; o valor pago vai para valores a identificar. Confira se o pagador pagou duas vezes.',
  duplicate: 'Linha já aplicada por um arquivo importado antes.',
  repeated: 'Linha repetida neste arquivo: o banco creditou o valor de novo; ele vai para valores a identificar.',
  excess: (applied: string, excess: string) => `Pago acima do devido: ${applied} liquidam a parcela e ${excess} vão para valores a identificar.`,
  noCreditDate: 'Campo creditedOn: a linha não traz a data do crédito nem a da ocorrência.',
  unmatchedFee: (fee: string) =>
    `Nenhum boleto desta conta tem este nosso número. A tarifa de ${fee} é lançada como despesa da empresa, sem operação; confira o título com o banco.`,
  unmatchedCredit: 'Nenhum boleto desta conta tem este nosso número: o valor pago vai para valores a identificar (título desconhecido) até alguém identificar quem pagou.',
} as const;

/** "acordo AC-000012, parcela 3" (0: "entrada"): how the preview names an agreement's installment. */
export function agreementReference(agreementId: number, number: number): string {
  return `acordo ${agreementNumber(agreementId)}, parcela ${number === 0 ? 'entrada' : number}`;
}

/**
 * Whether the bank itself closed the slip (settled it or wrote it off in a
 * return file): a remittance then sends it no baixa.
 */
export function closedByTheBank(slipId: SQL): SQL {
  const closing: ReturnLineOutcome[] = ['settled', 'written_off'];
  return sql`EXISTS (SELECT 1 FROM return_file_lines rl WHERE rl.boleto_slip_id = ${slipId} AND rl.outcome IN (${sql.join(
    closing.map((o) => sql`${o}`),
    sql`, `,
  )}))`;
}

/** How many problems a refusal spells out (the rest are counted). */
const PROBLEMS_SHOWN = 5;
const HISTORY_LIMIT = 200;

type AccountRow = typeof companyBankAccounts.$inferSelect;

interface SlipFacts {
  slip_id: number;
  sequence: number;
  /** the operation's installment; null for an agreement's slip (`agreement`) */
  installment_id: number | null;
  agreement: { installmentId: number; agreementId: number } | null;
  installment_number: number;
  credit_operation_id: number;
  borrower_name: string;
  closed: boolean;
}

/** A line of the file with what it names and what settling does (before the payment rules). */
interface LineDraft {
  entry: ReturnEntry;
  slip: SlipFacts | null;
  outcome: ReturnLineOutcome;
  message: string | null;
  /** an earlier import (or line of this file) posted the bank's fee of this line's identity */
  feeBefore: boolean;
  /** a duplicate of a line earlier in this same file: a credit of its own (not one an earlier import booked) */
  repeatedInFile: boolean;
  /** an earlier import booked this line's credit to suspense (an unmatched line, whose outcome stays unmatched) */
  bookedBefore: boolean;
}

/**
 * Outcomes whose line posts the bank's fee: every one but a duplicate (posted
 * with the first); an unmatched line's fee is a company-level posting (no
 * operation: the ledger's README).
 */
const FEE_OUTCOMES: readonly ReturnLineOutcome[] = [...APPLIED_OUTCOMES, 'refused', 'already_paid', 'unmatched'];

/** Whether settling posts the line's fee (see the module's comment). */
function postsFee(d: Pick<LineDraft, 'entry' | 'slip' | 'outcome' | 'feeBefore' | 'repeatedInFile'>): boolean {
  return new Decimal(d.entry.fee).gt(0) && (d.repeatedInFile || (!d.feeBefore && FEE_OUTCOMES.includes(d.outcome)));
}

interface Analysis {
  bank: CnabBank;
  account: AccountRow;
  text: string;
  sha256: string;
  fileSequence: string;
  generatedOn: string | null;
  drafts: LineDraft[];
}

const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const orNull = (day: string) => (day ? day : null);

function hashOf(text: string): string {
  return createHash('sha256').update(Buffer.from(text, 'latin1')).digest('hex');
}

function readOrRefuse(bank: CnabBank, text: string) {
  const result = readReturnFile(bank, text);
  if (result.ok) return result.file;
  const shown = result.problems.slice(0, PROBLEMS_SHOWN).map((p) => `${p.line ? `linha ${p.line}` : 'arquivo'} (registro ${p.record}), campo ${p.field}: ${p.message}`);
  const more = result.problems.length > PROBLEMS_SHOWN ? ` (e mais ${result.problems.length - PROBLEMS_SHOWN} problema(s))` : '';
  throw badRequest(RETURN_MESSAGES.broken(`${shown.join('; ')}${more}`), 'content');
}

/** The account as the header names it, for a refusal: BB's convênio, Caixa's beneficiary code, then agency (4 digits at least, as banks print it) and account. */
function headerAccountWords(bank: CnabBank, key: HeaderAccountKey): string {
  const number = (value: string) => value.replace(/^0+(?=\d)/, '');
  const withDigit = (value: string, digit: string | undefined) => `${value}${digit ? `-${digit}` : ''}`;
  const parts: string[] = [];
  if (bank === '001') parts.push(`convênio ${number(key.agreement ?? '')}`);
  if (bank === '104') parts.push(`código do beneficiário ${number(key.agreement ?? '')}`);
  if (/[1-9]/.test(key.agency)) parts.push(`agência ${withDigit(number(key.agency).padStart(4, '0'), key.agencyDigit)}`);
  if (/[1-9]/.test(key.account)) parts.push(`conta ${withDigit(number(key.account), key.accountDigit)}`);
  return parts.join(', ');
}

/**
 * The company's account of the bank the header names (locked when settling):
 * every part of the account the header carries must be the account's
 * (headerNamesAccount), and the header's company document the CNPJ of the
 * company that holds it (headerNamesCompany) — a file of another company is
 * refused naming the account and the document it carries, before anything is
 * stored or settled.
 */
async function accountOfHeader(db: Db, bank: CnabBank, headerLine: string, lock: boolean): Promise<AccountRow> {
  const key = headerAccountKey(bank, headerLine);
  const rows = await db
    .select({ account: companyBankAccounts, cnpj: companies.cnpj })
    .from(companyBankAccounts)
    .innerJoin(companies, eq(companies.id, companyBankAccounts.company_id))
    .where(eq(companyBankAccounts.bank_code, bank))
    .orderBy(asc(companyBankAccounts.id));
  const named = rows.filter((r) => headerNamesAccount(bank, key, r.account));
  const found = named.find((r) => headerNamesCompany(key, r.cnpj));
  if (!found) {
    const what = headerAccountWords(bank, key);
    const [holder] = named;
    if (holder) throw badRequest(RETURN_MESSAGES.otherCompany(bank, what, formatCnpj(key.companyDocument ?? ''), formatCnpj(holder.cnpj ?? '')), 'header');
    throw badRequest(RETURN_MESSAGES.otherAccount(bank, what), 'header');
  }
  if (!lock) return found.account;
  const locked = await lockBankAccount(db, found.account.id);
  if (!locked) throw notFound();
  return locked;
}

/** The operations the account's slips with these sequences belong to (what a settlement locks before reading them). */
async function operationsOfSequences(db: Db, accountId: number, sequences: readonly number[]): Promise<number[]> {
  if (sequences.length === 0) return [];
  const result = await db.execute(sql`
    SELECT DISTINCT s.credit_operation_id AS id FROM boleto_slips s
     WHERE s.bank_account_id = ${accountId} AND s.sequence = ANY(${intArray(sequences)})`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

/** The agreements whose slips of the account have these sequences (what a settlement locks before the operations). */
async function agreementsOfSequences(db: Db, accountId: number, sequences: readonly number[]): Promise<number[]> {
  if (sequences.length === 0) return [];
  const result = await db.execute(sql`
    SELECT DISTINCT ai.agreement_id AS id FROM boleto_slips s JOIN renegotiation_installments ai ON ai.id = s.agreement_installment_id
     WHERE s.bank_account_id = ${accountId} AND s.sequence = ANY(${intArray(sequences)})`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

/** The slips of the account with these sequences, with their installment and whether it still takes a payment. */
async function slipsBySequence(db: Db, accountId: number, sequences: readonly number[], today: string): Promise<Map<number, SlipFacts>> {
  if (sequences.length === 0) return new Map();
  const rows = await slipFacts(db, sql`s.bank_account_id = ${accountId} AND s.sequence = ANY(${intArray(sequences)})`, today);
  return new Map(rows.map((r) => [r.sequence, r]));
}

async function slipFacts(db: Db, where: SQL, today?: string): Promise<SlipFacts[]> {
  const result = await db.execute(sql`
    SELECT s.id AS slip_id, s.sequence, s.installment_id, COALESCE(i.number, ai.number) AS installment_number, s.credit_operation_id, b.name AS borrower_name,
           s.agreement_installment_id, ai.agreement_id,
           (i.id IS NOT NULL AND (i.paid_on IS NOT NULL OR i.superseded_in IS NOT NULL OR NOT ${stillCollected(sql`i.id`)})) AS closed
      FROM boleto_slips s
      -- an operation's installment, or an agreement's (renegotiation's; its slip names the agreement's first operation)
      LEFT JOIN credit_operation_installments i ON i.id = s.installment_id
      LEFT JOIN renegotiation_installments ai ON ai.id = s.agreement_installment_id
      JOIN credit_operations o ON o.id = s.credit_operation_id
      JOIN borrowers b ON b.id = o.borrower_id
     WHERE ${where}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const facts = rows.map((r) => ({
    slip_id: Number(r.slip_id),
    sequence: Number(r.sequence),
    installment_id: r.installment_id === null ? null : Number(r.installment_id),
    agreement: r.agreement_installment_id === null ? null : { installmentId: Number(r.agreement_installment_id), agreementId: Number(r.agreement_id) },
    installment_number: Number(r.installment_number),
    credit_operation_id: Number(r.credit_operation_id),
    borrower_name: String(r.borrower_name),
    closed: r.closed === true,
  }));
  // An agreement's installment paid (by Pix, by hand, an earlier line) takes no payment: the line is already_paid.
  const agreementIds = facts.flatMap((f) => (f.agreement ? [f.agreement.installmentId] : []));
  if (today !== undefined && agreementIds.length > 0) {
    const states = await agreementTitleStates(db, agreementIds, today);
    for (const f of facts) if (f.agreement && states.get(f.agreement.installmentId)?.paid) f.closed = true;
  }
  return facts;
}

/** The identities among these the account applied before, and those whose fee an import posted. */
async function identitiesBefore(db: Db, accountId: number, identities: readonly string[]): Promise<{ applied: Set<string>; feePosted: Set<string>; suspended: Set<string> }> {
  if (identities.length === 0) return { applied: new Set(), feePosted: new Set(), suspended: new Set() };
  // Lines whose credit an earlier import booked to suspense (the suspense area's items name their line): booked once.
  const booked = await db.execute(sql`
    SELECT DISTINCT rl.identity FROM return_file_lines rl
      JOIN suspense_items si ON si.return_file_id = rl.return_file_id AND si.return_line = rl.line
     WHERE rl.bank_account_id = ${accountId} AND rl.identity = ANY(${textArray(identities)})`);
  const suspended = new Set((booked as unknown as { rows: Array<{ identity: string }> }).rows.map((r) => r.identity));
  const rows = await db
    .select({ identity: returnFileLines.identity, outcome: returnFileLines.outcome, fee_posting_id: returnFileLines.fee_posting_id })
    .from(returnFileLines)
    .where(and(eq(returnFileLines.bank_account_id, accountId), sql`${returnFileLines.identity} = ANY(${textArray(identities)})`, or(inArray(returnFileLines.outcome, [...APPLIED_OUTCOMES]), isNotNull(returnFileLines.fee_posting_id))));
  return {
    applied: new Set(rows.filter((r) => (APPLIED_OUTCOMES as readonly string[]).includes(r.outcome)).map((r) => r.identity)),
    feePosted: new Set(rows.filter((r) => r.fee_posting_id !== null).map((r) => r.identity)),
    suspended,
  };
}

function messageOf(outcome: ReturnLineOutcome, entry: ReturnEntry): string | null {
  if (outcome === 'unmatched' && entry.kind === 'settled' && new Decimal(entry.paid).gt(0)) return RETURN_MESSAGES.unmatchedCredit;
  if (outcome === 'unmatched') return new Decimal(entry.fee).gt(0) ? RETURN_MESSAGES.unmatchedFee(formatCurrency(money(entry.fee))) : RETURN_MESSAGES.unmatched;
  if (outcome === 'already_paid') return RETURN_MESSAGES.alreadyPaid;
  if (outcome === 'duplicate') return RETURN_MESSAGES.duplicate;
  return null;
}

async function analyse(db: Db, bank: CnabBank, text: string, lock: boolean, today: string): Promise<Analysis> {
  const file = readOrRefuse(bank, text);
  const account = await accountOfHeader(db, bank, splitLines(text)[0] ?? '', lock);
  const sequenceOf = (e: ReturnEntry) => slipSequenceOf(bank, account, e.nossoNumero);
  const sequences = [...new Set(file.entries.map(sequenceOf).filter((n): n is number => n !== null))];
  if (lock) {
    // The account's lock is held: then the operations (lock order), then what they decide, read in a new statement.
    // Only the operations' ids are read before the lock: the slips' facts read twice cost a second of a 10,000-line file.
    // An agreement slip's agreement first (renegotiation's order: the agreement, then its operations).
    await lockAgreements(db, await agreementsOfSequences(db, account.id, sequences));
    await lockOperationRows(db, await operationsOfSequences(db, account.id, sequences));
  }
  const slips = await slipsBySequence(db, account.id, sequences, today);
  const { applied, feePosted, suspended } = await identitiesBefore(db, account.id, file.entries.map((e) => e.identity));
  const earlierFiles = new Set([...applied, ...suspended]);
  const seenInFile = new Set<string>();
  const drafts: LineDraft[] = file.entries.map((entry) => {
    const sequence = sequenceOf(entry);
    const slip = sequence === null ? null : (slips.get(sequence) ?? null);
    const appliedBefore = applied.has(entry.identity) || suspended.has(entry.identity);
    const outcome = lineOutcome({ kind: entry.kind, paid: entry.paid, matched: slip !== null, installmentClosed: slip?.closed ?? false, appliedBefore });
    // A line repeated inside the file applies once, like one repeated across files.
    if ((APPLIED_OUTCOMES as readonly string[]).includes(outcome)) applied.add(entry.identity);
    const feeBefore = feePosted.has(entry.identity);
    if (outcome !== 'duplicate') feePosted.add(entry.identity);
    // The same line twice in one file: the bank credited it twice (a line an earlier import booked is the same credit again).
    const repeatedInFile = seenInFile.has(entry.identity) && !earlierFiles.has(entry.identity) && entry.kind === 'settled' && new Decimal(entry.paid).gt(0);
    seenInFile.add(entry.identity);
    const message = repeatedInFile ? RETURN_MESSAGES.repeated : messageOf(outcome, entry);
    return { entry, slip, outcome, message, feeBefore, repeatedInFile, bookedBefore: suspended.has(entry.identity) };
  });
  return { bank, account, text, sha256: hashOf(text), fileSequence: file.header.fileSequence, generatedOn: orNull(file.header.generatedOn), drafts };
}

function lineView(d: { entry: ReturnEntry; slip: SlipFacts | null; outcome: ReturnLineOutcome; message: string | null; feePosted: boolean }): ReturnLine {
  const e = d.entry;
  return {
    line: e.line,
    movement: e.movement,
    movement_words: e.movementWords,
    kind: e.kind,
    outcome: d.outcome,
    message: d.message,
    our_number: e.nossoNumero,
    boleto_slip_id: d.slip?.slip_id ?? null,
    installment_id: d.slip?.installment_id ?? null,
    installment_number: d.slip?.installment_number ?? null,
    credit_operation_id: d.slip?.credit_operation_id ?? null,
    reference: d.slip ? (d.slip.agreement ? agreementReference(d.slip.agreement.agreementId, d.slip.installment_number) : `${operationNumber(d.slip.credit_operation_id)}/${String(d.slip.installment_number).padStart(3, '0')}`) : null,
    borrower_name: d.slip?.borrower_name ?? null,
    title_amount: money(e.titleAmount),
    paid: money(e.paid),
    fee: money(e.fee),
    fee_posted: d.feePosted,
    net: money(e.net),
    occurred_on: orNull(e.occurredOn),
    credited_on: orNull(e.creditedOn),
    reasons: [...e.reasons],
  };
}

/** Fees count where they are (or settling would have them) posted. */
function totalsOf(lines: readonly ReturnLine[]): ReturnPreview['totals'] {
  const settled = lines.filter((l) => l.outcome === 'settled');
  const applied = lines.filter((l) => l.fee_posted);
  return {
    line_count: lines.length,
    settled_count: settled.length,
    settled_total: money(settled.reduce((s, l) => s.plus(l.paid), new Decimal(0))),
    fee_total: money(applied.reduce((s, l) => s.plus(l.fee), new Decimal(0))),
    rejected_count: lines.filter((l) => l.outcome === 'rejected').length,
    unmatched_count: lines.filter((l) => l.outcome === 'unmatched').length,
    not_settled_count: lines.filter((l) => l.kind === 'settled' && l.outcome !== 'settled').length,
  };
}

function accountLabel(a: AccountRow): string {
  return `${a.agency}${a.agency_digit ? `-${a.agency_digit}` : ''} / ${a.account}${a.account_digit ? `-${a.account_digit}` : ''}`;
}

async function storedFile(db: Db, accountId: number, sha256: string): Promise<ReturnFileRow | null> {
  const [row] = await db
    .select()
    .from(returnFiles)
    .where(and(eq(returnFiles.bank_account_id, accountId), eq(returnFiles.sha256, sha256)));
  return row ?? null;
}

export interface ReturnFileInput {
  bankCode: CnabBank;
  fileName: string;
  content: string;
}

/**
 * What settling the file would do, line by line, with the payment rules run
 * (checkPaymentBatch) so a line settling would refuse shows as refused with
 * the reason; writes nothing.
 */
export async function previewReturn(db: Db, actor: Actor, input: ReturnFileInput, today: string): Promise<ReturnPreview> {
  const analysis = await analyse(db, input.bankCode, input.content, false, today);
  const asked = analysis.drafts.map(paymentOf);
  const results = await checkPaymentBatch(db, actor, askedInputs(asked), today);
  const agreed = await agreementPayments(db, actor, analysis.account.id, analysis.drafts, today, false);
  const lines = outcomesOf(analysis.drafts, asked, results, agreed).map((d) => lineView({ ...d, feePosted: postsFee(d) }));
  const stored = await storedFile(db, analysis.account.id, analysis.sha256);
  return {
    bank_code: input.bankCode,
    bank_account_id: analysis.account.id,
    account_label: accountLabel(analysis.account),
    file_sequence: analysis.fileSequence,
    generated_on: analysis.generatedOn,
    sha256: analysis.sha256,
    imported_as: stored?.id ?? null,
    lines,
    totals: totalsOf(lines),
  };
}

interface SettledLine extends LineDraft {
  transactionId: number | null;
  /** an agreement slip's line: the agreement's payment it became (renegotiation's payFromProvider) */
  agreementPaymentId?: number | null;
  /** what the payment applied (a paid line: at most what the installment owed) */
  applied?: string;
  feePostingId: number | null;
}

/** The payment a paid line asks for (null when it asks for none); a line with no date to pay on is refused. */
function paymentOf(d: LineDraft): PaymentInput | { refused: string } | null {
  const slip = d.slip;
  if (d.outcome !== 'settled' || !slip || slip.installment_id === null) return null;
  const paidOn = d.entry.creditedOn || d.entry.occurredOn;
  if (!paidOn) return { refused: RETURN_MESSAGES.noCreditDate };
  return { id: slip.credit_operation_id, installment: slip.installment_id, amount: money(d.entry.paid), paid_on: paidOn, method: 'boleto', reference: BANK_RETURN_REFERENCE(d.entry.nossoNumero), capAtDue: true };
}

type Asked = ReturnType<typeof paymentOf>;

const askedInputs = (asked: readonly Asked[]): PaymentInput[] => asked.filter((p): p is PaymentInput => p !== null && !('refused' in p));

/**
 * Each line's outcome once the payment rules answered (the results in the
 * order of askedInputs): the same for a preview and for settling.
 */
function outcomesOf(
  drafts: readonly LineDraft[],
  asked: readonly Asked[],
  paid: readonly BatchPaymentResult[],
  agreed: ReadonlyMap<number, AgreementLineResult>,
): Array<LineDraft & Pick<SettledLine, 'transactionId' | 'applied' | 'agreementPaymentId'>> {
  let next = 0;
  return drafts.map((d, k) => {
    const p = asked[k];
    const a = agreed.get(k);
    if (a && !a.ok) return { ...d, outcome: 'refused', message: a.message, transactionId: null };
    if (a && a.ok) {
      const excess = new Decimal(d.entry.paid).minus(a.paid);
      const message = excess.gt(0) ? RETURN_MESSAGES.excess(formatCurrency(money(a.paid)), formatCurrency(money(excess))) : null;
      return { ...d, outcome: 'settled', message, transactionId: null, agreementPaymentId: a.id, applied: a.paid };
    }
    if (p === null) return { ...d, transactionId: null };
    if ('refused' in p) return { ...d, outcome: 'refused', message: p.refused, transactionId: null };
    const result = paid[next++];
    if (!result.ok) return { ...d, outcome: 'refused', message: result.error.message, transactionId: null };
    const excess = new Decimal(d.entry.paid).minus(result.paid);
    const message = excess.gt(0) ? RETURN_MESSAGES.excess(formatCurrency(money(result.paid)), formatCurrency(money(excess))) : null;
    return { ...d, outcome: 'settled', message, transactionId: result.id, applied: result.paid };
  });
}

type AgreementLineResult = { ok: true; id: number | null; paid: string } | { ok: false; message: string };

/**
 * A paid line of an agreement's slip (renegotiation's installment, boletos' agreement-slip.ts): paid through
 * renegotiation's payFromProvider as a Pix notice is (its checks, allocation, entries, log; the line's nosso número as
 * the reference), dated by the credit date, with capAtDue — above what the installment owes on that day it pays
 * what is owed and the rest goes to suspense (unappliedOf), as payBatch does for an operation's title; within the
 * company's settlement tolerance either way it settles (renegotiation's README). Short by more, it is a partial payment
 * and the rest stays open. Refused by
 * the rules, the line is refused with the reason and all it paid goes to suspense. `pay` false: the checks alone
 * (checkFromProvider, a preview). Answers each such line's result by its index.
 */
async function agreementPayments(db: Db, actor: Actor, accountId: number, drafts: readonly LineDraft[], today: string, pay: boolean): Promise<Map<number, AgreementLineResult>> {
  const out = new Map<number, AgreementLineResult>();
  for (const [k, d] of drafts.entries()) {
    const agreement = d.slip?.agreement;
    if (d.outcome !== 'settled' || !agreement) continue;
    const paidOn = d.entry.creditedOn || d.entry.occurredOn;
    if (!paidOn) {
      out.set(k, { ok: false, message: RETURN_MESSAGES.noCreditDate });
      continue;
    }
    const input = { agreementInstallmentId: agreement.installmentId, amount: money(d.entry.paid), paid_on: paidOn, bank_account_id: accountId, reference: BANK_RETURN_REFERENCE(d.entry.nossoNumero), capAtDue: true };
    if (pay) {
      const r = await payFromProvider(db, actor.id, input, today);
      out.set(k, r.ok ? { ok: true, id: r.id, paid: r.paid } : r);
    } else {
      const r = await checkFromProvider(db, input, today);
      out.set(k, r.ok ? { ok: true, id: null, paid: r.taken } : r);
    }
  }
  return out;
}

/**
 * The file's payments through the payment service's batch form (the same
 * rules, postings and log as one payment): a line the rules refuse (above
 * what is due, before the disbursement) is kept as refused with the reason
 * and the rest of the file settles. The fees (postsFee) are posted in the
 * payments' statements (feeItems).
 */
async function settleLines(tx: Db, actor: Actor, accountId: number, drafts: readonly LineDraft[], today: string): Promise<SettledLine[]> {
  const asked = drafts.map(paymentOf);
  // An agreement slip's lines first, under the agreements' locks analyse took (renegotiation's payment, its entries).
  const agreed = await agreementPayments(tx, actor, accountId, drafts, today, true);
  let outcomes: Array<LineDraft & Pick<SettledLine, 'transactionId' | 'applied' | 'agreementPaymentId'>> = [];
  let feeLines: number[] = [];
  const { alsoPosted } = await payBatch(tx, actor, askedInputs(asked), today, (paid) => {
    outcomes = outcomesOf(drafts, asked, paid, agreed);
    const fees = feeItems(outcomes, today);
    feeLines = fees.lines;
    return fees.items;
  });
  const feePostingIds: Array<number | null> = drafts.map(() => null);
  feeLines.forEach((k, n) => (feePostingIds[k] = alsoPosted[n]));
  return outcomes.map((d, k) => ({ ...d, feePostingId: feePostingIds[k] }));
}

/** The bank's fee of every line that posts one (postsFee), one posting each, with the index of its line. */
function feeItems(lines: ReadonlyArray<LineDraft>, today: string): { items: JournalItem[]; lines: number[] } {
  const items: JournalItem[] = [];
  const at: number[] = [];
  for (const [k, d] of lines.entries()) {
    if (!postsFee(d)) continue;
    const day = d.entry.creditedOn || d.entry.occurredOn || today;
    items.push({ posting: bankFeePosting(d.entry.fee), link: { operationId: d.slip?.credit_operation_id ?? null, businessDate: day <= today ? day : today } });
    at.push(k);
  }
  return { items, lines: at };
}

/**
 * What of each line the bank credited and no installment took, for suspense
 * (see the module's comment): the excess of a paid line over what it applied,
 * all of a line paying an installment already paid or repeated in the file.
 */
function unappliedOf(settled: readonly SettledLine[], file: { companyId: number; fileId: number; actorId: number }, today: string): UnappliedInput[] {
  const out: UnappliedInput[] = [];
  for (const s of settled) {
    if (s.entry.kind !== 'settled') continue;
    const paid = new Decimal(s.entry.paid);
    let amount = new Decimal(0);
    let reason: UnappliedInput['reason'] | null = null;
    if (s.outcome === 'unmatched' && (!s.bookedBefore || s.repeatedInFile)) [amount, reason] = [paid, 'unknown_title'];
    else if (s.outcome === 'settled' && s.applied !== undefined) [amount, reason] = [paid.minus(s.applied), 'overpaid'];
    else if (s.outcome === 'already_paid') [amount, reason] = [paid, 'already_paid'];
    else if (s.outcome === 'refused') [amount, reason] = [paid, 'refused'];
    else if (s.repeatedInFile) [amount, reason] = [paid, 'duplicate_line'];
    if (reason === null || amount.lte(0)) continue;
    const day = s.entry.creditedOn || s.entry.occurredOn || today;
    out.push({
      companyId: file.companyId,
      amount,
      receivedOn: day <= today ? day : today,
      payerName: s.slip?.borrower_name ?? null,
      source: 'return_line',
      returnFileId: file.fileId,
      returnLine: s.entry.line,
      sourceReference: null,
      reason,
      // A title of nobody known: a company-level posting, identified when a person applies it.
      creditOperationId: s.slip?.credit_operation_id ?? null,
      installmentId: s.slip?.installment_id ?? null,
      method: 'boleto',
      actorId: file.actorId,
    });
  }
  return out;
}

/** The file's lines as settled, in one statement (insertRows: one parameter, whatever the count). */
async function storeLines(tx: Db, fileId: number, accountId: number, settled: readonly SettledLine[]): Promise<void> {
  await insertRows(
    tx,
    returnFileLines,
    settled.map((s) => ({
      return_file_id: fileId,
      bank_account_id: accountId,
      line: s.entry.line,
      identity: s.entry.identity,
      movement: s.entry.movement,
      kind: s.entry.kind,
      outcome: s.outcome,
      message: s.message,
      our_number: s.entry.nossoNumero,
      boleto_slip_id: s.slip?.slip_id ?? null,
      installment_id: s.slip?.installment_id ?? null,
      title_amount: money(s.entry.titleAmount),
      paid: money(s.entry.paid),
      fee: money(s.entry.fee),
      net: money(s.entry.net),
      occurred_on: orNull(s.entry.occurredOn),
      credited_on: orNull(s.entry.creditedOn),
      reasons: [...s.entry.reasons],
      transaction_id: s.transactionId,
      fee_posting_id: s.feePostingId,
      agreement_installment_id: s.slip?.agreement?.installmentId ?? null,
      agreement_payment_id: s.agreementPaymentId ?? null,
    })),
  );
}

function summaryOf(row: ReturnFileRow, actorName: string | null): ReturnFileSummary {
  return {
    id: row.id,
    bank_account_id: row.bank_account_id,
    bank_code: row.bank_code,
    file_name: row.file_name,
    sha256: row.sha256,
    file_sequence: row.file_sequence,
    imported_on: row.imported_on,
    line_count: row.line_count,
    settled_count: row.settled_count,
    settled_total: money(row.settled_total),
    fee_total: money(row.fee_total),
    rejected_count: row.rejected_count,
    actor_name: actorName,
    created_at: row.created_at.toISOString(),
  };
}

/** A stored line as the bank sent it, with what it did. */
function entryOfRow(r: ReturnFileLineRow): ReturnEntry {
  return {
    line: r.line,
    movement: r.movement,
    movementWords: '',
    kind: r.kind,
    nossoNumero: r.our_number,
    documentNumber: '',
    companyReference: '',
    dueDate: '',
    titleAmount: r.title_amount,
    fee: r.fee,
    reasons: r.reasons,
    paid: r.paid,
    net: r.net,
    lateCharges: '0.00',
    discount: '0.00',
    rebate: '0.00',
    otherExpenses: '0.00',
    occurredOn: r.occurred_on ?? '',
    creditedOn: r.credited_on ?? '',
    identity: r.identity,
  };
}

/** A stored import with its lines (their words read again from the stored file). */
async function storedSettlement(db: Db, row: ReturnFileRow, alreadyImported: boolean): Promise<ReturnSettlement> {
  const [actor] = row.actor_id === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, row.actor_id));
  const stored = await db.select().from(returnFileLines).where(eq(returnFileLines.return_file_id, row.id)).orderBy(asc(returnFileLines.line));
  const slipIds = [...new Set(stored.map((l) => l.boleto_slip_id).filter((id): id is number => id !== null))];
  const slips = slipIds.length ? await slipFacts(db, sql`s.id = ANY(${intArray(slipIds)})`) : [];
  const slipById = new Map(slips.map((s) => [s.slip_id, s]));
  const read = readReturnFile(row.bank_code as CnabBank, row.content);
  const words = new Map(read.ok ? read.file.entries.map((e) => [e.line, e.movementWords]) : []);
  const lines = stored.map((r) => {
    const entry = { ...entryOfRow(r), movementWords: words.get(r.line) ?? r.movement };
    return lineView({ entry, slip: r.boleto_slip_id === null ? null : (slipById.get(r.boleto_slip_id) ?? null), outcome: r.outcome, message: r.message, feePosted: r.fee_posting_id !== null });
  });
  return { file: summaryOf(row, actor?.name ?? null), already_imported: alreadyImported, lines, totals: totalsOf(lines) };
}

/**
 * Settles a return file inside the caller's transaction: payments, fee
 * postings, rejections, the file and its lines; the same file again answers
 * the stored import.
 */
export async function settleReturn(tx: Db, actor: Actor, input: ReturnFileInput, today: string): Promise<ReturnSettlement> {
  const analysis = await analyse(tx, input.bankCode, input.content, true, today);
  const before = await storedFile(tx, analysis.account.id, analysis.sha256);
  if (before) return storedSettlement(tx, before, true);

  const settled = await settleLines(tx, actor, analysis.account.id, analysis.drafts, today);
  const views = settled.map((s) => lineView({ ...s, feePosted: s.feePostingId !== null }));
  const totals = totalsOf(views);
  const [file] = await tx
    .insert(returnFiles)
    .values({
      bank_account_id: analysis.account.id,
      bank_code: analysis.bank,
      file_name: input.fileName,
      content: analysis.text,
      sha256: analysis.sha256,
      file_sequence: analysis.fileSequence,
      generated_on: analysis.generatedOn,
      imported_on: today,
      line_count: totals.line_count,
      settled_count: totals.settled_count,
      settled_total: totals.settled_total,
      fee_total: totals.fee_total,
      rejected_count: totals.rejected_count,
      actor_id: actor.id,
    })
    .returning();
  await storeLines(tx, file.id, analysis.account.id, settled);
  await recordUnappliedMany(tx, unappliedOf(settled, { companyId: analysis.account.company_id, fileId: file.id, actorId: actor.id }, today));
  await logActivity(tx, {
    actorId: actor.id,
    action: 'cnab-return.settle',
    entity: 'company_bank_account',
    entityId: analysis.account.id,
    after: {
      return_file_id: file.id,
      file_name: input.fileName,
      sha256: analysis.sha256,
      line_count: totals.line_count,
      settled_count: totals.settled_count,
      settled_total: totals.settled_total,
      fee_total: totals.fee_total,
      rejected_count: totals.rejected_count,
    },
  });
  const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
  return { file: summaryOf(file, me?.name ?? null), already_imported: false, lines: views, totals };
}

/**
 * What a settle call's idempotency key keeps: the import's id and whether it
 * was already imported, not the megabytes of its lines; a replay reads the
 * stored import (its lines as stored, their words from the stored file), the
 * answer the first call gave.
 */
export function settlementKept(db: Db): KeptAnswer<ReturnSettlement> {
  return {
    keep: (s) => ({ return_file_id: s.file.id, already_imported: s.already_imported }),
    replay: async (kept) => {
      // A key written before the import's id was kept holds the whole answer.
      if (kept !== null && typeof kept === 'object' && 'lines' in kept) return kept as ReturnSettlement;
      const { return_file_id: id, already_imported: alreadyImported } = kept as { return_file_id: number; already_imported: boolean };
      const [row] = await db.select().from(returnFiles).where(eq(returnFiles.id, id));
      if (!row) throw new Error(`return file ${id} of an idempotency key is missing`);
      return storedSettlement(db, row, alreadyImported);
    },
  };
}

/** The bank's imported files, newest first. */
export async function returnHistory(db: Db, bankCode: string): Promise<ReturnFileSummary[]> {
  const rows = await db
    .select({ row: returnFiles, actor: users.name })
    .from(returnFiles)
    .leftJoin(users, eq(users.id, returnFiles.actor_id))
    .where(eq(returnFiles.bank_code, bankCode))
    .orderBy(desc(returnFiles.id))
    .limit(HISTORY_LIMIT);
  return rows.map((r) => summaryOf(r.row, r.actor));
}

/** One imported file with its lines. */
export async function returnDetail(db: Db, bankCode: string, returnId: number): Promise<ReturnSettlement> {
  const [row] = await db
    .select()
    .from(returnFiles)
    .where(and(eq(returnFiles.id, returnId), eq(returnFiles.bank_code, bankCode)));
  if (!row) throw notFound(RETURN_MESSAGES.notFound);
  return storedSettlement(db, row, false);
}
