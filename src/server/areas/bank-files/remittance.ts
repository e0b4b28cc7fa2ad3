/**
 * CNAB 240 remittances of the company's collecting accounts: which titles a
 * file carries, and generating, storing and reading back the file. The
 * layout, the line checks and the trailers are the CNAB domain's
 * (domain/cnab); this module decides what goes in and keeps what went out.
 *
 * - What a file carries, for an account up to a cut-off day:
 *   · entry (01): a slip issued on or before the day and never sent, whose
 *     installment it still collects (not paid, not replaced by a newer slip or
 *     a prepayment, not renegotiated, written off or assigned);
 *   · write-off (baixa, 02): a slip sent before whose installment left the
 *     bank's collection — paid outside the bank, renegotiated, written off,
 *     assigned, replaced by a prepayment or by a newer slip — and whose baixa
 *     was never sent; a title a return file says the bank settled or wrote
 *     off itself needs none (closedByTheBank).
 *   · due-date change (alteração de vencimento, 06): what counts is a newer
 *     slip of an installment whose title the bank holds (entry or 06 sent,
 *     no baixa) that keeps the amount and the title data and only moves the
 *     due date — servicing makes one when an installment is asked again with
 *     the same open amount on another day. The file tells the bank the new
 *     date under the nosso número it registered, instead of a baixa of that
 *     title and an entry of the new slip; the newer slip is recorded as
 *     standing for the title (remittance_items.title_slip_id), so a later
 *     baixa or 06 names the registered nosso número too. A new amount or new
 *     title data still goes out as baixa plus entry (06 moves only the date).
 *   · resend (01 again): an entry the bank rejected (return movement 03)
 *     counts as not at the bank — it goes out again as an entry under the
 *     same nosso número on the next file, never as a baixa or a 06
 *     (registered-title.ts says why on the next file); the overview shows it
 *     with the bank's reasons.
 *   · one bank per title: "newer slip" counts across the company's accounts,
 *     so a slip issued under another collecting account replaces this
 *     account's (a baixa here, nothing for a slip never sent), and an entry
 *     whose installment has a live title at another account is held back
 *     (heldBack; the overview lists it with that bank and number) until that
 *     title's baixa went out (registered-title.ts liveTitle says why then).
 *   A slip goes out once per instruction and attempt (UNIQUE in the database).
 * - The NSA is the account's last plus one, taken under the account's row
 *   lock (the same lock that hands out nosso números), so two generations at
 *   once run one after the other: the second sees what the first carried.
 *   UNIQUE (account, NSA) is the last guard.
 * - Nothing is stored unless the whole file passed the domain's checks:
 *   problems are a 400 naming the installment and the field; nothing to carry
 *   is a 409. The stored text is the file (CNAB is ASCII), hashed with
 *   SHA-256, and a download answers exactly it.
 * - Late charges go in the entry as collection charges the installment, from
 *   the frozen contract's terms (remittance-charges.ts): the multa as a fixed
 *   amount (segment R, code 1) equal to the app's, the juros as an amount per
 *   day (P, code 1: the one form every one of the three banks takes) rounded
 *   UP, so the bank never collects less than the app books; with remuneratory
 *   interest during delay in the contract, a baixa/devolução after a window
 *   the daily amount covers. Both from the day after the due date.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, getTableColumns, max } from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import { operationNumber } from '@shared/contract/credit-operations';
import { agreementNumber } from '@shared/agreement-number';
import {
  REMITTANCE_HISTORY_PAGE,
  REMITTANCE_WRITE_OFF_REASONS,
  type RemittanceCandidate,
  type RemittanceHistory,
  type RemittanceOverview,
  type RemittanceSummary,
} from '@shared/contract/company-remittance';
import type { RemittanceInstructionCode } from '@shared/enums';
import type { BoletoRejection } from '@shared/contract/servicing-boleto';
import { STORED_INSTALLMENT_STATUSES } from '@shared/installment-status';
import type { Db } from '../../db/connect';
import { companyOf, lockBankAccount } from '../company';
import { companyBankAccounts } from '../company/schema';
import type { Actor } from '../operations';
import { users } from '../access/schema';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { insertRows } from '../../db/insert-rows';
import { itauAccountCheckDigit, nossoNumero, type BoletoAccount } from '../../domain/boleto';
import { buildRemittance, type RemittanceAccount, type RemittanceProblem, type RemittanceSlip } from '../../domain/cnab';
import type { LateChargeTerms } from '../../domain/servicing/late-charges';
import { NO_AFTER_DUE } from '../../domain/servicing/title-after-due';
import { agreementDocumentNumber, titleDocumentNumber } from '../../domain/servicing/title-document-number';
import { titlesForBank, type TitleForBank } from '../collection';
import { remittanceItems, remittances, type RemittanceRow } from './schema-remittance';
import { closedByTheBank } from './cnab-return';
import { entryRejected, entryRejectionsOf, heldByTheBank, liveTitle } from './registered-title';
import { entryLateCharges, lateTermsOf } from './remittance-charges';
import { agreementCandidatesOf } from './remittance-agreement';

export const REMITTANCE_MESSAGES = {
  noAccount: (bank: string) => `Campo bank_account_id: a empresa não tem conta ativa do banco ${bank}. Cadastre-a em Empresa › Contas bancárias.`,
  accountNotFound: 'Conta bancária não encontrada.',
  otherBank: (bank: string) => `Campo bank_account_id: a conta não é do banco ${bank}.`,
  futureDate: (today: string) => `Campo date: a data de corte não pode ser depois da data de hoje (${today}).`,
  nothingToCarry: 'Nada a remeter até esta data: nenhum boleto novo nem baixa pendente nesta conta. O arquivo não é gerado vazio.',
  companyData: (what: string) => `Os dados da empresa estão incompletos para a remessa: ${what}. Complete-os em Empresa.`,
  badAccount: (field: string, detail: string) => `Campo ${field}: a conta de cobrança não serve para a remessa (${detail}). Corrija-a em Empresa › Contas bancárias.`,
  problems: (list: string) => `Remessa não gerada, nada foi gravado: ${list}.`,
  remittanceNotFound: 'Remessa não encontrada.',
} as const;

/** How many problems the refusal spells out (the rest are counted). */
const PROBLEMS_SHOWN = 5;

type AccountRow = typeof companyBankAccounts.$inferSelect;

/** A CPF or CNPJ without its punctuation, letters kept (an alphanumeric CNPJ). */
const documentOf = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

// ---------------------------------------------------------------------------
// The account

/**
 * The account the remittance is for: the one named (which must be of that
 * bank), or the bank's first active account; locked when generating.
 */
async function accountFor(db: Db, bankCode: string, accountId: number | undefined, lock: boolean): Promise<AccountRow> {
  if (accountId === undefined) {
    const [first] = await db
      .select()
      .from(companyBankAccounts)
      .where(and(eq(companyBankAccounts.bank_code, bankCode), eq(companyBankAccounts.active, true)))
      .orderBy(asc(companyBankAccounts.id))
      .limit(1);
    if (!first) throw notFound(REMITTANCE_MESSAGES.noAccount(bankCode));
    return first;
  }
  // Locked by its owner, the company area.
  const row = lock ? await lockBankAccount(db, accountId) : (await db.select().from(companyBankAccounts).where(eq(companyBankAccounts.id, accountId)))[0];
  if (!row) throw notFound(REMITTANCE_MESSAGES.accountNotFound);
  if (row.bank_code !== bankCode) throw badRequest(REMITTANCE_MESSAGES.otherBank(bankCode), 'bank_account_id');
  return row;
}

function boletoAccountOf(row: AccountRow): BoletoAccount {
  switch (row.bank_code) {
    case '001':
      return { bank: '001', agreement: row.agreement, wallet: row.wallet };
    case '104':
      return { bank: '104', agreement: row.agreement, wallet: row.wallet as '1' | '2' };
    default:
      return { bank: '341', wallet: row.wallet, branch: row.agency, account: row.account };
  }
}

/** The account field a boleto-domain RangeError is about. */
function accountFieldOf(detail: string): string {
  if (/agreement|beneficiary/i.test(detail)) return 'account.agreement';
  if (/wallet/i.test(detail)) return 'account.wallet';
  if (/branch/i.test(detail)) return 'account.agency';
  return 'account.account';
}

async function remittanceAccountOf(db: Db, row: AccountRow): Promise<RemittanceAccount> {
  const company = await companyOf(db, row.company_id);
  if (!company.legal_name.trim()) throw badRequest(REMITTANCE_MESSAGES.companyData('razão social'), 'company.legal_name');
  const document = documentOf(company.cnpj ?? '');
  if (!document) throw badRequest(REMITTANCE_MESSAGES.companyData('CNPJ'), 'company.cnpj');
  let accountDac: string | undefined;
  if (row.bank_code === '341') {
    try {
      accountDac = row.account_digit || String(itauAccountCheckDigit(row.agency, row.account));
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw badRequest(REMITTANCE_MESSAGES.badAccount(accountFieldOf(error.message), error.message), accountFieldOf(error.message));
    }
  }
  return {
    bank: row.bank_code as RemittanceAccount['bank'],
    companyName: company.legal_name,
    companyDocument: document,
    agency: row.agency,
    ...(row.agency_digit ? { agencyDigit: row.agency_digit } : {}),
    account: row.account,
    ...(row.account_digit ? { accountDigit: row.account_digit } : {}),
    ...(accountDac !== undefined ? { accountDac } : {}),
    ...(row.agreement ? { agreement: row.agreement } : {}),
    ...(row.wallet ? { wallet: row.wallet } : {}),
    ...(row.wallet_variation ? { walletVariation: row.wallet_variation } : {}),
  };
}

// ---------------------------------------------------------------------------
// What a file carries

export interface CandidateRow {
  slip_id: number;
  /** the operation's installment; null for an agreement's slip (`agreement`, remittance-agreement.ts) */
  installment_id: number | null;
  agreement?: { installmentId: number; agreementId: number; terms: LateChargeTerms | null };
  credit_operation_id: number;
  number: number;
  sequence: string;
  our_number: string;
  amount: string;
  due_date: string;
  issued_on: string;
  payer_name: string;
  payer_document: string;
  address: string | null;
  address_number: string | null;
  neighborhood: string | null;
  cep: string | null;
  city: string | null;
  state: string | null;
  late_fee_percent: string | null;
  default_interest_monthly_percent: string | null;
  gone: RemittanceCandidate['reason'];
  sent: boolean;
  /** a newer slip of a title at the bank that only moves its due date (a 06) */
  moved_from_bank: boolean;
  /** the slip whose nosso número the bank registered (itself for an entry) */
  title_slip_id: number;
  /** an entry the bank rejected going out again */
  resend: boolean;
  /** how many entries of the slip went out before */
  entries_sent: number;
  /** an entry held back: the live title of the installment at another account (its slip, bank and nosso número) */
  held_by: number | null;
  held_bank: string | null;
  held_our_number: string | null;
}

/** A candidate of an operation's installment (candidatesOf). */
export type OperationCandidateRow = CandidateRow & { installment_id: number };

/** The columns of a candidate, in the order the query sends each row (a JSON array per row). */
const CANDIDATE_COLUMNS = [
  'slip_id', 'installment_id', 'credit_operation_id', 'number', 'sequence', 'our_number', 'amount', 'due_date', 'issued_on',
  'payer_name', 'payer_document', 'address', 'address_number', 'neighborhood', 'cep', 'city', 'state',
  'late_fee_percent', 'default_interest_monthly_percent', 'gone', 'sent', 'moved_from_bank', 'title_slip_id', 'resend', 'entries_sent',
  'held_by', 'held_bank', 'held_our_number',
] as const satisfies readonly (keyof CandidateRow)[];

type WriteOffReason = (typeof REMITTANCE_WRITE_OFF_REASONS)[number];

/** Each write-off reason as an SQL text value (the contract's words, never a literal in the query). */
const REASON = Object.fromEntries(REMITTANCE_WRITE_OFF_REASONS.map((r) => [r, sql`${r}::text`])) as Record<WriteOffReason, SQL>;

/** The stored statuses that take an installment away from the bank's collection (renegotiated, written off, assigned). */
const STATUSES_LEAVING_THE_BANK = STORED_INSTALLMENT_STATUSES.filter((s) => (REMITTANCE_WRITE_OFF_REASONS as readonly string[]).includes(s));

/**
 * The slips of the account a file would carry up to `date` — entries,
 * due-date changes and write-offs — in slip order. One pass over the
 * account's slips; the instruction of each comes from its installment's
 * state and what was sent before:
 * - at the bank: an entry or a due-date change of the slip was sent; its
 *   title (nosso número) is its own for an entry, else the one its 06 named;
 * - moved: a newer slip of the installment at the account keeps the amount
 *   and title data of a slip at the bank and changes only the due date — that
 *   newer slip goes out as a 06 on the title, and the older one is neither
 *   written off nor entered again;
 * - continued: a later 06 carried the title on, so the older slip is done.
 */
export async function candidatesOf(db: Db, accountId: number, date: string): Promise<OperationCandidateRow[]> {
  return (await everyCandidateOf(db, accountId, date)).filter((row) => !heldBack(row));
}

/**
 * An entry held back because a title of its installment is live at another
 * bank (one bank per title, registered-title.ts liveTitle): no file carries
 * it, the overview lists it with that bank and number.
 */
export function heldBack(row: Pick<CandidateRow, 'sent' | 'moved_from_bank' | 'held_by'>): boolean {
  return !row.sent && !row.moved_from_bank && row.held_by !== null;
}

/** The candidates with the entries held back (the overview shows those apart). */
async function everyCandidateOf(db: Db, accountId: number, date: string): Promise<OperationCandidateRow[]> {
  const result = await withoutJit(db, (tx) => tx.execute(candidatesQuery(accountId, date)));
  const [{ rows: document }] = (result as unknown as { rows: Array<{ rows: unknown[][] | string }> }).rows;
  // PGlite and node-postgres both parse json; a driver that does not hands the text.
  const rows = typeof document === 'string' ? (JSON.parse(document) as unknown[][]) : document;
  return rows.map((values) => {
    const row = Object.fromEntries(CANDIDATE_COLUMNS.map((c, k) => [c, values[k]])) as unknown as OperationCandidateRow;
    for (const c of ['slip_id', 'installment_id', 'credit_operation_id', 'number', 'title_slip_id', 'entries_sent'] as const) row[c] = Number(row[c]);
    row.held_by = row.held_by === null ? null : Number(row.held_by);
    return row;
  });
}

/**
 * Runs `work` with PostgreSQL's JIT compiler off (in a transaction, or a
 * savepoint of the caller's). The candidates query's estimate (a lookup per
 * slip) passes jit_optimize_above_cost at thousands of slips, and on
 * PostgreSQL 15 compiling it took 1.0 s of a 1.1 s overview of an account with
 * 10,000 slips sent; the query itself ran in 90 ms. PGlite has no JIT.
 */
async function withoutJit<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return work(tx);
  });
}

function candidatesQuery(accountId: number, date: string): SQL {
  return sql`
    WITH slip AS (
      -- Each slip of the account with its installment's oldest and newest slips at the account (one grouping of
      -- the account's slips, not probes per slip) and what the files carried for it (one probe of
      -- remittance_items: a slip has one item per instruction, but for the resends of a rejected entry).
      -- A sent slip whose entry the bank rejected is not at the bank: it goes out again (registered-title.ts).
      SELECT s.id, s.installment_id, s.credit_operation_id, s.bank_account_id, s.sequence, s.our_number, s.amount, s.due_date, s.issued_on, s.title_version,
             x.at_bank AND NOT y.resend AS at_bank, y.resend, x.entries_sent,
             x.written_off, COALESCE(x.title_id, s.id) AS title_id, g.oldest_id, g.newest_id, g.elsewhere
        FROM boleto_slips s
        -- oldest at the account; newest at any of the company's accounts: a slip issued under another collecting
        -- account replaces this one (one bank per title: its baixa goes out here, registered-title.ts liveTitle)
        JOIN (
          SELECT installment_id, min(id) FILTER (WHERE bank_account_id = ${accountId}) AS oldest_id, max(id) AS newest_id,
                 bool_or(bank_account_id <> ${accountId}) AS elsewhere
            FROM boleto_slips WHERE installment_id IN (SELECT installment_id FROM boleto_slips WHERE bank_account_id = ${accountId}) GROUP BY installment_id
        ) g ON g.installment_id = s.installment_id
       CROSS JOIN LATERAL (
         SELECT COALESCE(bool_or(r.instruction IN ('entry', 'dueDateChange')), false) AS at_bank,
                COALESCE(bool_or(r.instruction = 'writeOff'), false) AS written_off,
                max(r.title_slip_id) FILTER (WHERE r.instruction = 'dueDateChange') AS title_id,
                count(*) FILTER (WHERE r.instruction = 'entry')::int AS entries_sent
           FROM remittance_items r WHERE r.boleto_slip_id = s.id
       ) x
       -- Only a sent slip can have had its entry rejected (CASE: the probe runs for those alone).
       CROSS JOIN LATERAL (SELECT CASE WHEN x.at_bank THEN ${entryRejected(sql`s.id`)} ELSE false END AS resend) y
       WHERE s.bank_account_id = ${accountId}
    )
    -- One JSON value for the whole list: PGlite decodes each field of a result on its own, and 10,000 rows of 23
    -- fields cost more CPU than the query itself.
    SELECT COALESCE(json_agg(json_build_array(${sql.raw(CANDIDATE_COLUMNS.map((c) => `c.${c}`).join(', '))}) ORDER BY c.slip_id), '[]'::json) AS rows FROM (
      SELECT s.id AS slip_id, s.installment_id, s.credit_operation_id, i.number,
             COALESCE(prev.title_id, s.title_id) AS title_slip_id,
             -- the slip whose nosso número the bank registered, when it is another one
             (CASE WHEN COALESCE(prev.title_id, s.title_id) = s.id THEN s.sequence ELSE (SELECT t.sequence FROM boleto_slips t WHERE t.id = COALESCE(prev.title_id, s.title_id)) END)::text AS sequence,
             CASE WHEN COALESCE(prev.title_id, s.title_id) = s.id THEN s.our_number ELSE (SELECT t.our_number FROM boleto_slips t WHERE t.id = COALESCE(prev.title_id, s.title_id)) END AS our_number,
             s.amount::text AS amount, s.due_date::text AS due_date, s.issued_on::text AS issued_on,
             b.name AS payer_name, b.document AS payer_document, b.address, b.address_number, b.neighborhood, b.cep, b.city, b.state,
             d.late_fee_percent::text AS late_fee_percent, d.default_interest_monthly_percent::text AS default_interest_monthly_percent,
             CASE
               WHEN i.paid_on IS NOT NULL THEN ${REASON.paid}
               WHEN i.superseded_in IS NOT NULL THEN ${REASON.prepaid}
               WHEN st.status IN (${sql.join(STATUSES_LEAVING_THE_BANK.map((st) => sql`${st}`), sql`, `)}) THEN st.status
               WHEN s.id < s.newest_id THEN ${REASON.replaced}
             END AS gone,
             s.at_bank AS sent, s.written_off, prev.id IS NOT NULL AS moved_from_bank, s.resend, s.entries_sent,
             -- the installment's newest slip is newer and keeps the amount and title data, moving only the due date
             (s.id < s.newest_id AND EXISTS (
               SELECT 1 FROM boleto_slips n WHERE n.id = s.newest_id AND n.bank_account_id = s.bank_account_id AND n.amount = s.amount AND n.title_version = s.title_version AND n.due_date <> s.due_date
             )) AS moved,
             EXISTS (SELECT 1 FROM remittance_items r WHERE r.instruction = 'dueDateChange' AND r.title_slip_id = s.title_id AND r.boleto_slip_id > s.id) AS continued,
             other.id AS held_by, other.bank_code AS held_bank, other.our_number AS held_our_number
        FROM slip s
        -- Read from the table through its (installment, account, id) index, not from the CTE (which has none);
        -- only for a slip not at the bank with an older slip of its installment.
        LEFT JOIN LATERAL (
          SELECT p.id, COALESCE((SELECT r.title_slip_id FROM remittance_items r WHERE r.boleto_slip_id = p.id AND r.instruction = 'dueDateChange'), p.id) AS title_id
            FROM boleto_slips p
           WHERE NOT s.at_bank AND s.id > s.oldest_id
             AND p.installment_id = s.installment_id AND p.bank_account_id = s.bank_account_id AND p.id < s.id
             AND p.amount = s.amount AND p.title_version = s.title_version AND p.due_date <> s.due_date
             AND ${heldByTheBank(sql`p.id`)}
             AND NOT EXISTS (SELECT 1 FROM remittance_items r WHERE r.boleto_slip_id = p.id AND r.instruction = 'writeOff')
           ORDER BY p.id DESC LIMIT 1
        ) prev ON true
        -- One bank per title: a live title of the installment at another account holds this slip's entry back until
        -- that title's baixa went out (registered-title.ts liveTitle says why then); only for an entry (not at the bank).
        LEFT JOIN LATERAL (
          SELECT p.id, a.bank_code, COALESCE((SELECT t.our_number FROM remittance_items r JOIN boleto_slips t ON t.id = r.title_slip_id
                                               WHERE r.boleto_slip_id = p.id AND r.instruction = 'dueDateChange'), p.our_number) AS our_number
            FROM boleto_slips p JOIN company_bank_accounts a ON a.id = p.bank_account_id
           -- only for an installment with slips at another account (the rest skip the probe)
           WHERE s.elsewhere AND NOT s.at_bank AND s.id = s.newest_id
             AND p.installment_id = s.installment_id AND p.bank_account_id <> s.bank_account_id
             AND ${liveTitle(sql`p.id`)}
           ORDER BY p.id DESC LIMIT 1
        ) other ON true
        JOIN credit_operation_installments i ON i.id = s.installment_id
        JOIN credit_operations o ON o.id = s.credit_operation_id
        JOIN borrowers b ON b.id = o.borrower_id
        LEFT JOIN disbursements d ON d.credit_operation_id = s.credit_operation_id
        LEFT JOIN installment_states st ON st.installment_id = s.installment_id
       WHERE s.issued_on <= ${date}::date
    ) c
    WHERE (NOT c.sent AND c.gone IS NULL)
       -- the lookups last: PostgreSQL tests an OR's terms in the order written, and most sent slips are not gone
       OR (c.sent AND NOT c.written_off AND c.gone IS NOT NULL AND NOT (c.gone = ${REASON.replaced} AND c.moved) AND NOT c.continued
           -- a title the bank settled or wrote off itself (a return file said so) needs no baixa; after a 06 the bank knows it by the registered number
           AND NOT ${closedByTheBank(sql`c.slip_id`)} AND NOT ${closedByTheBank(sql`c.title_slip_id`)})
  `;
}

/** What the file asks of the bank for a candidate. */
function instructionOf(row: CandidateRow): RemittanceInstructionCode {
  if (row.sent) return 'writeOff';
  return row.moved_from_bank ? 'dueDateChange' : 'entry';
}

function referenceOf(row: CandidateRow): string {
  if (row.agreement) return `${agreementNumber(row.agreement.agreementId)}/${String(row.number).padStart(3, '0')}`;
  return `${operationNumber(row.credit_operation_id)}/${String(row.number).padStart(3, '0')}`;
}

function candidateView(row: CandidateRow, rejections: ReadonlyMap<number, BoletoRejection>): RemittanceCandidate {
  return {
    boleto_slip_id: row.slip_id,
    installment_id: row.installment_id,
    agreement_installment_id: row.agreement?.installmentId ?? null,
    agreement_id: row.agreement?.agreementId ?? null,
    credit_operation_id: row.credit_operation_id,
    installment_number: row.number,
    reference: referenceOf(row),
    instruction: instructionOf(row),
    reason: row.sent ? row.gone : null,
    our_number: row.our_number,
    payer_name: row.payer_name,
    amount: new Decimal(row.amount).toFixed(2),
    due_date: row.due_date,
    issued_on: row.issued_on,
    resend: row.resend && !row.sent ? (rejections.get(row.slip_id) ?? null) : null,
  };
}

function sumOf(items: readonly RemittanceCandidate[]): string {
  return items.reduce((sum, i) => sum.plus(i.amount), new Decimal(0)).toFixed(2);
}

function slipOf(
  account: AccountRow,
  boleto: BoletoAccount,
  row: CandidateRow,
  terms: ReadonlyMap<number, LateChargeTerms>,
  titles: ReadonlyMap<number, TitleForBank>,
): RemittanceSlip {
  let number;
  try {
    number = nossoNumero(boleto, row.sequence);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const field = accountFieldOf(error.message);
    throw badRequest(REMITTANCE_MESSAGES.badAccount(field, error.message), field);
  }
  const instruction = instructionOf(row);
  const rowTerms = row.agreement ? (row.agreement.terms ?? undefined) : terms.get(row.credit_operation_id);
  const lateCharges = instruction === 'entry' ? entryLateCharges(row.amount, row.due_date, rowTerms) : undefined;
  const title = row.installment_id === null ? undefined : titles.get(row.installment_id);
  return {
    reference: referenceOf(row),
    instruction,
    nossoNumero: number.digits,
    ...(account.bank_code === '341' && number.checkDigit ? { nossoNumeroDigit: number.checkDigit } : {}),
    documentNumber: row.agreement ? agreementDocumentNumber(row.agreement.agreementId, row.number) : titleDocumentNumber(row.credit_operation_id, row.number, title?.documentNumber),
    issuedOn: row.issued_on,
    dueDate: row.due_date,
    amount: new Decimal(row.amount).toFixed(2),
    payer: {
      name: row.payer_name,
      // Letters kept: an alphanumeric CNPJ is refused by the domain naming the bank, not cut to its digits.
      document: documentOf(row.payer_document),
      address: [row.address, row.address_number].filter((part) => part && part.trim()).join(', '),
      district: row.neighborhood ?? '',
      postalCode: (row.cep ?? '').replace(/\D/g, ''),
      city: row.city ?? '',
      state: row.state ?? '',
    },
    ...(lateCharges ? { lateCharges } : {}),
    // Protest or negativação as the title data says, the same the slip prints (title-after-due.ts).
    // An agreement's slip prints no protest nor negativação instruction (boletos' agreement-slip.ts): none here either.
    afterDue: title?.afterDue ?? NO_AFTER_DUE,
  };
}

function problemsText(problems: readonly RemittanceProblem[]): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => {
    const where = [p.reference ? `parcela ${p.reference}` : null, p.line ? `linha ${p.line}` : null].filter(Boolean).join(', ');
    return `${where ? `${where}, ` : ''}campo ${p.field}: ${p.message}`;
  });
  const more = problems.length > PROBLEMS_SHOWN ? ` (e mais ${problems.length - PROBLEMS_SHOWN} problema(s))` : '';
  return `${shown.join('; ')}${more}`;
}

// ---------------------------------------------------------------------------
// Stored files

/**
 * The name the file is saved under. None of the manuals the tables follow
 * (BB's Particularidades, Caixa's SIGCB, Itaú's FEBRABAN 240) sets a name for
 * a CNAB 240 cobrança remittance, and a search of public documentation,
 * pages and issues (November 2026) found none either: the names seen are
 * other products' or conventions of a channel (Sicoob's CBRAAAAMMDDSS.REM as
 * BB's correspondent, CNAB 400 suggestions such as Itaú's up-to-8-character
 * names, QI Tech's CB<DDMM><xx>.REM for CNAB 444). The channels take any name
 * with .rem, so REM<bank><NSA>.rem: the bank and the NSA the header carries,
 * unique per bank and account sequence. A bank that publishes one gets its
 * declaration beside its tables (bank-tables.ts) and replaces this per bank.
 */
export function remittanceFileName(bankCode: string, nsa: number): string {
  return `REM${bankCode}${String(nsa).padStart(6, '0')}.rem`;
}

export async function lastNsa(db: Db, accountId: number): Promise<number | null> {
  const [row] = await db.select({ last: max(remittances.nsa) }).from(remittances).where(eq(remittances.bank_account_id, accountId));
  return row?.last ?? null;
}

/** A stored file's row without its text: lists and answers never need the file itself (6.9 MiB at 10,000 titles). */
export type RemittanceSummaryRow = Omit<RemittanceRow, 'content'>;

/** The columns of RemittanceSummaryRow, for selects and RETURNING. */
export const REMITTANCE_SUMMARY_COLUMNS = (() => {
  const { content: _content, ...columns } = getTableColumns(remittances);
  return columns;
})();

export function summaryOf(row: RemittanceSummaryRow, actorName: string | null): RemittanceSummary {
  return {
    id: row.id,
    bank_account_id: row.bank_account_id,
    bank_code: row.bank_code,
    nsa: row.nsa,
    generated_on: row.generated_on,
    cutoff_date: row.cutoff_date,
    file_name: row.file_name,
    sha256: row.sha256,
    slip_count: row.slip_count,
    entry_count: row.entry_count,
    write_off_count: row.write_off_count,
    due_date_change_count: row.due_date_change_count,
    total: new Decimal(row.total).toFixed(2),
    actor_name: actorName,
    created_at: row.created_at.toISOString(),
  };
}

/** A page of a history: from `offset` (default 0), `limit` rows (default and most one page). */
export interface HistoryPage {
  offset?: number | undefined;
  limit?: number | undefined;
}

function pageOf(page: HistoryPage): { offset: number; limit: number } {
  return { offset: page.offset ?? 0, limit: Math.min(page.limit ?? REMITTANCE_HISTORY_PAGE, REMITTANCE_HISTORY_PAGE) };
}

async function historyOf(db: Db, accountId: number, page: HistoryPage): Promise<{ items: RemittanceSummary[]; total: number }> {
  const { offset, limit } = pageOf(page);
  const rows = await db
    .select({ row: REMITTANCE_SUMMARY_COLUMNS, actor: users.name })
    .from(remittances)
    .leftJoin(users, eq(users.id, remittances.actor_id))
    .where(eq(remittances.bank_account_id, accountId))
    .orderBy(desc(remittances.nsa))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(remittances).where(eq(remittances.bank_account_id, accountId));
  return { items: rows.map((r) => summaryOf(r.row, r.actor)), total: n };
}

/**
 * The files of every account of one bank of the company, newest first (by
 * business date, then id: NSAs of different accounts do not compare).
 */
export async function bankRemittanceHistory(db: Db, companyId: number, bankCode: string, page: HistoryPage): Promise<RemittanceHistory> {
  const { offset, limit } = pageOf(page);
  const where = and(eq(remittances.bank_code, bankCode), eq(companyBankAccounts.company_id, companyId));
  const rows = await db
    .select({ row: REMITTANCE_SUMMARY_COLUMNS, actor: users.name, agency: companyBankAccounts.agency, account: companyBankAccounts.account, digit: companyBankAccounts.account_digit })
    .from(remittances)
    .innerJoin(companyBankAccounts, eq(companyBankAccounts.id, remittances.bank_account_id))
    .leftJoin(users, eq(users.id, remittances.actor_id))
    .where(where)
    .orderBy(desc(remittances.generated_on), desc(remittances.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(remittances).innerJoin(companyBankAccounts, eq(companyBankAccounts.id, remittances.bank_account_id)).where(where);
  return {
    bank_code: bankCode,
    items: rows.map((r) => ({ ...summaryOf(r.row, r.actor), agency: r.agency, account: r.digit ? `${r.account}-${r.digit}` : r.account })),
    total: n,
    offset,
    limit,
  };
}

// ---------------------------------------------------------------------------
// The calls

export interface RemittanceRequest {
  bankCode: string;
  date: string;
  bankAccountId?: number;
}

function checkDate(date: string, today: string): void {
  if (date > today) throw badRequest(REMITTANCE_MESSAGES.futureDate(today), 'date');
}

/** What a file generated now would carry up to `date`, and the account's files. */
export async function remittanceOverview(db: Db, request: RemittanceRequest, today: string, page: HistoryPage = {}): Promise<RemittanceOverview> {
  checkDate(request.date, today);
  const account = await accountFor(db, request.bankCode, request.bankAccountId, false);
  const every = [...(await everyCandidateOf(db, account.id, request.date)), ...(await agreementCandidatesOf(db, account.id, request.date, today))];
  const candidates = every.filter((c) => !heldBack(c));
  const rejections = await entryRejectionsOf(db, every.filter((c) => c.resend && !c.sent).map((c) => c.slip_id));
  const items = candidates.map((c) => candidateView(c, rejections));
  const held = every.filter(heldBack).map((c) => ({ ...candidateView(c, rejections), held_at: { boleto_slip_id: c.held_by!, bank_code: c.held_bank ?? '', our_number: c.held_our_number ?? '' } }));
  const entries = items.filter((i) => i.instruction === 'entry');
  const writeOffs = items.filter((i) => i.instruction === 'writeOff');
  const dueDateChanges = items.filter((i) => i.instruction === 'dueDateChange');
  return {
    bank_code: request.bankCode,
    bank_account_id: account.id,
    date: request.date,
    next_nsa: ((await lastNsa(db, account.id)) ?? 0) + 1,
    pending: {
      items,
      entry_count: entries.length,
      entry_total: sumOf(entries),
      write_off_count: writeOffs.length,
      write_off_total: sumOf(writeOffs),
      due_date_change_count: dueDateChanges.length,
      due_date_change_total: sumOf(dueDateChanges),
      slip_count: items.length,
      total: sumOf(items),
    },
    held_back: held,
    ...(await historyOf(db, account.id, page).then((h) => ({ history: h.items, history_total: h.total }))),
  };
}

/**
 * Chooses which of the account's candidates a file carries (a manual
 * remittance's selection), read under the account's lock so the choice sees
 * what other files carried; without it a file carries them all.
 */
export type RemittancePick = (candidates: readonly OperationCandidateRow[]) => OperationCandidateRow[];

/**
 * Generates, checks and stores the account's next remittance inside the
 * caller's transaction; throws (and so stores nothing) on any problem.
 */
export async function generateRemittance(tx: Db, actor: Actor, request: Required<RemittanceRequest>, today: string, pick?: RemittancePick): Promise<RemittanceSummary> {
  checkDate(request.date, today);
  const account = await accountFor(tx, request.bankCode, request.bankAccountId, true);
  const remittanceAccount = await remittanceAccountOf(tx, account);
  const candidates = await candidatesOf(tx, account.id, request.date);
  // The manual remittance picks operation installments; an agreement's slips go in the automatic file.
  const rows = pick ? pick(candidates) : [...candidates, ...(await agreementCandidatesOf(tx, account.id, request.date, today)).filter((r) => !heldBack(r))];
  if (rows.length === 0) throw conflict(REMITTANCE_MESSAGES.nothingToCarry, 'date');
  const boleto = boletoAccountOf(account);
  const terms = await lateTermsOf(tx, rows.filter((r) => instructionOf(r) === 'entry' && !r.agreement).map((r) => r.credit_operation_id));
  const titles = await titlesForBank(tx, rows.flatMap((r) => (r.installment_id === null ? [] : [r.installment_id])));
  const slips = rows.map((r) => slipOf(account, boleto, r, terms, titles));
  const previous = await lastNsa(tx, account.id);
  const nsa = (previous ?? 0) + 1;
  const built = buildRemittance({ account: remittanceAccount, slips, fileSequence: nsa, previousFileSequence: previous, generatedOn: today });
  if (!built.ok) throw badRequest(REMITTANCE_MESSAGES.problems(problemsText(built.problems)), built.problems[0]?.field);

  const content = built.file.content;
  const entryCount = slips.filter((s) => s.instruction === 'entry').length;
  const dueDateChangeCount = slips.filter((s) => s.instruction === 'dueDateChange').length;
  const [stored] = await tx
    .insert(remittances)
    .values({
      bank_account_id: account.id,
      bank_code: account.bank_code,
      nsa,
      generated_on: today,
      cutoff_date: request.date,
      content,
      sha256: createHash('sha256').update(Buffer.from(content, 'latin1')).digest('hex'),
      file_name: remittanceFileName(account.bank_code, nsa),
      slip_count: built.file.slipCount,
      entry_count: entryCount,
      write_off_count: slips.length - entryCount - dueDateChangeCount,
      due_date_change_count: dueDateChangeCount,
      total: built.file.total,
      actor_id: actor.id,
    })
    .returning(REMITTANCE_SUMMARY_COLUMNS);
  const items = rows.map((r, k) => ({
      remittance_id: stored.id,
      boleto_slip_id: r.slip_id,
      installment_id: r.installment_id,
      agreement_installment_id: r.agreement?.installmentId ?? null,
      instruction: slips[k].instruction,
      reference: slips[k].reference,
      amount: slips[k].amount,
      // The bank knows the title by the slip it registered; a newer slip standing for it says which.
      title_slip_id: r.title_slip_id === r.slip_id ? null : r.title_slip_id,
      // A rejected entry sent again is the slip's next attempt.
      attempt: slips[k].instruction === 'entry' ? r.entries_sent + 1 : 1,
  }));
  // One statement binding one parameter: a VALUES list binds 7 per item (over PostgreSQL's 65,535 at 10,000 titles) and costs per value.
  await insertRows(tx, remittanceItems, items);
  await logActivity(tx, {
    actorId: actor.id,
    action: 'remittance.generate',
    entity: 'company_bank_account',
    entityId: account.id,
    after: {
      remittance_id: stored.id,
      nsa,
      sha256: stored.sha256,
      slip_count: stored.slip_count,
      entry_count: entryCount,
      write_off_count: stored.write_off_count,
      due_date_change_count: dueDateChangeCount,
      total: built.file.total,
      cutoff_date: request.date,
    },
  });
  const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
  return summaryOf(stored, me?.name ?? null);
}

/** A stored file, as it was generated. */
export async function storedRemittance(db: Db, bankCode: string, remittanceId: number): Promise<{ bytes: Buffer; name: string }> {
  const [row] = await db
    .select()
    .from(remittances)
    .where(and(eq(remittances.id, remittanceId), eq(remittances.bank_code, bankCode)));
  if (!row) throw notFound(REMITTANCE_MESSAGES.remittanceNotFound);
  return { bytes: Buffer.from(row.content, 'latin1'), name: row.file_name };
}
