/**
 * Boletos and the carnê: which slip an installment gets, with which nosso
 * número, for which amount and due date — reserved and recorded in one
 * transaction before any PDF is drawn (boleto-pdf.ts draws it afterwards from
 * what was recorded).
 *
 * - Amount and due date, as of the business date:
 *   · not yet overdue (today on or before the due date, or the next business
 *     day when it falls on a weekend or bank holiday): the installment's open
 *     value on its own due date — what it still owes after partial payments —
 *     with the late-charge instructions (multa, juros de mora pro rata die, the
 *     contract's rate) for the bank to charge if paid late;
 *   · overdue: an updated slip due today for everything due today (open value,
 *     multa, juros de mora and contract interest so far); its instructions say
 *     so and ask only for the interest that keeps running (the multa is in the
 *     amount already, and is never charged twice).
 * - One title per installment while nothing changes: the installment asked
 *   again with the same account, amount and due date gets its recorded slip
 *   (same nosso número, same barcode), so preview, download and reprints never
 *   register a second title at the bank. A payment, a new day for an overdue
 *   slip, or another collecting account makes a new slip with a new number;
 *   the old one stays recorded.
 * - Title data (installment_titles: document number, protest or credit-bureau
 *   report after N days, a note) is printed as the slip's document number
 *   (else "<operation>/<installment>") and as instruction lines. A registered
 *   title must not silently change what it says: each slip records the title
 *   version it printed (0: none), and a recorded slip is given again only
 *   while that version is current — a saved title change makes a new slip
 *   with a new nosso número, like a new amount or due date.
 * - Nosso número: the collecting account's next sequence, reserved under its
 *   row lock (company area); UNIQUE per account in the database; a slip row is
 *   never changed or deleted, so its number is never given again.
 * - A title the bank holds whose due date alone moves (same amount and title
 *   data, another due date: an installment asked again on another day) keeps
 *   the nosso número the bank registered: the newer slip still gets its own
 *   sequence (its row's identity), but prints — and its barcode carries — the
 *   registered title's number, because the next remittance tells the bank the
 *   new date under that number (a 06, remittance.ts) and never registers the
 *   newer one; a return line then names the registered number, which is the
 *   same installment's. Which slip is the bank's title is registered-title.ts's
 *   rule and remittance.ts's choice of the 06 (the latest slip the bank holds
 *   with the same amount and title data). A new amount or new title data is a
 *   new title with its own number (a baixa and an entry).
 * - Locks, in the one order of servicing (src/server/areas/servicing/README.md,
 *   "One lock order"): the company's collecting account first (its nosso
 *   número is reserved under that lock), then the operation's row — the order
 *   a return file takes them in (the account, then the operations it names).
 *   The other way round, a boleto holding its operation and waiting for the
 *   account while a return file held the account and waited for the
 *   operation was a deadlock PostgreSQL broke by failing one of them.
 *   Everything the slip depends on (the installment and whether a prepayment
 *   replaced it, its stored status, its payments, the title data) is read in
 *   statements after the locks, so the amounts read are the ones the slip is
 *   issued for, and two requests for one installment never both issue.
 * - Refusals: installment or operation unknown 404; operation not disbursed,
 *   installment replaced by a prepayment's new schedule (409 on installment,
 *   naming it), paid (or in a status that takes no payment: renegotiated,
 *   written off — the carnê leaves those out; 409 on status, naming it), no
 *   collecting account, or company, borrower or account data a boleto needs
 *   missing or invalid: 409 naming what is wrong. An assigned or repurchased
 *   installment takes payments (whoever owns them), so it gets its slip.
 */
import Decimal from 'decimal.js';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { isDisbursed } from '@shared/credit-operation-status';
import { COLLECTIBLE_STATUSES, INSTALLMENT_STATUS_LABELS_PT, type StoredInstallmentStatus } from '@shared/installment-status';
import { operationNumber } from '@shared/contract/credit-operations';
import type { Db } from '../../db/connect';
import { collectingAccountOf, companyOf, reserveSequences, type CollectingAccountRow, type CompanyRow } from '../company';
import { findOperation, STATUS_PT, statusOf, type Actor, type OperationRow } from '../operations';
import { creditOperationInstallments } from '../operations/schema';
import { borrowers } from '../borrowers/schema';
import { conflict, notFound } from '../../platform/http/errors';
import { logActivity } from '../../platform/activity';
import { buildBoleto, SEQUENCE_DIGITS, type BoletoAccount, type BoletoBank } from '../../domain/boleto';
import { boletoSlip, calendarDayPt, type BoletoBankAccount, type BoletoPdfInput, type BoletoPayer } from './boleto-pdf';
import { storedStatusesOfOperation } from '../servicing';
import { installmentWithStatus, replayOf, scheduleOf, servicingContext, stateView, transactionsOf, type InstallmentRow, type ServicingContext } from '../collection';
import { boletoSlips, type BoletoSlipRow } from './schema-boleto';
import type { InstallmentTransactionRow } from '../collection/schema';
import { afterDueLine, titleAfterDue } from '../../domain/servicing/title-after-due';
import { titleDocumentNumber } from '../../domain/servicing/title-document-number';
import { installmentTitles, type InstallmentTitleRow } from '../collection/schema-moves';
import { heldByTheBank, registrationOf } from '../bank-files';
import type { BoletoRegistration } from '@shared/contract/servicing-boleto';
import { intArray } from '../../db/batch-sql';
import type { PixChargeRequest } from '../pix';

export const BOLETO_MESSAGES = {
  installmentNotFound: 'Parcela não encontrada.',
  notDisbursed: (status: string) => `A operação está ${status}: boletos só são emitidos para operações liberadas.`,
  notPayable: (installment: number, operation: string, status: string) => `A parcela ${installment} da operação ${operation} está na situação "${status}": não há valor a cobrar por boleto.`,
  replaced: (installment: number, operation: string) =>
    `A parcela ${installment} da operação ${operation} foi substituída por um novo cronograma (antecipação): não há boleto para ela. Emita o da parcela atual.`,
  nothingOpen: 'A operação não tem parcelas em aberto para o carnê.',
  noAccount: 'A empresa não tem conta de cobrança ativa de um banco com boleto (001, 104 ou 341). Cadastre-a em Empresa › Contas bancárias.',
  badAccount: (detail: string) => `A conta de cobrança não serve para boletos: ${detail}. Corrija-a em Empresa › Contas bancárias.`,
  sequenceExhausted: (digits: number) => `A conta de cobrança esgotou os ${digits} dígitos do nosso número: cadastre outra conta ou convênio.`,
  companyData: (what: string) => `Os dados da empresa estão incompletos para o boleto: ${what}. Complete-os em Empresa.`,
  borrowerData: (what: string) => `O cadastro do tomador está incompleto para o boleto: ${what}. Complete o cadastro antes de emitir.`,
  badSlip: (detail: string) => `Não foi possível montar o boleto: ${detail}.`,
} as const;

/** What one slip is issued from: recorded row plus everything the renderer prints. */
export interface IssuedSlip {
  slip: BoletoSlipRow;
  input: BoletoPdfInput;
  /** true when the installment's recorded slip was given again */
  reused: boolean;
  /** what the slip's Pix charge (cobv) is made from, at the company's provider (areas/pix) */
  charge: PixChargeRequest;
}

// ---------------------------------------------------------------------------
// The parts of the slip that do not depend on the installment

interface SlipParties {
  op: OperationRow;
  ctx: ServicingContext;
  account: CollectingAccountRow;
  bank: BoletoBankAccount;
  company: CompanyRow;
  payer: BoletoPayer;
}

export function boletoAccount(row: CollectingAccountRow): BoletoBankAccount {
  const bank = row.bank_code as BoletoBank;
  let account: BoletoAccount;
  switch (bank) {
    case '001':
      account = { bank, agreement: row.agreement, wallet: row.wallet };
      break;
    case '104':
      account = { bank, agreement: row.agreement, wallet: row.wallet as '1' | '2' };
      break;
    case '341':
      account = { bank, wallet: row.wallet, branch: row.agency, account: row.account };
      break;
    default:
      throw conflict(BOLETO_MESSAGES.noAccount, 'bank_account');
  }
  return {
    account,
    branch: row.agency,
    ...(row.agency_digit ? { branchDigit: row.agency_digit } : {}),
    accountNumber: row.account,
    ...(row.account_digit ? { accountDigit: row.account_digit } : {}),
  };
}

export async function payerOf(db: Db, borrowerId: number): Promise<BoletoPayer> {
  const [b] = await db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!b) throw conflict(BOLETO_MESSAGES.borrowerData('tomador não encontrado'), 'borrower');
  const missing = (
    [
      ['address', 'endereço'],
      ['city', 'cidade'],
      ['state', 'UF'],
      ['cep', 'CEP'],
    ] as const
  ).filter(([key]) => !b[key]?.trim());
  if (missing.length) throw conflict(BOLETO_MESSAGES.borrowerData(missing.map(([, label]) => label).join(', ')), `borrower.${missing[0][0]}`);
  return {
    name: b.name,
    document: b.document,
    address: {
      street: b.address!,
      ...(b.address_number ? { number: b.address_number } : {}),
      ...(b.address_complement ? { complement: b.address_complement } : {}),
      ...(b.neighborhood ? { neighborhood: b.neighborhood } : {}),
      city: b.city!,
      state: b.state!,
      cep: b.cep!,
    },
  };
}

export function beneficiaryAddress(c: CompanyRow): string {
  const street = [c.address, c.address_number].filter(Boolean).join(', ');
  const place = c.city && c.state ? `${c.city}/${c.state}` : (c.city ?? '');
  return [street, place].filter(Boolean).join(' — ');
}

/**
 * The company's collecting account, then the operation, locked in that order
 * (the module's lock order); the operation is read once before, unlocked,
 * only to learn its company.
 */
async function lockAccountThenOperation(tx: Db, operationId: number): Promise<{ op: OperationRow; account: CollectingAccountRow | null }> {
  const { company_id: companyId } = await findOperation(tx, operationId);
  const account = await collectingAccountOf(tx, companyId, true);
  return { op: await findOperation(tx, operationId, true), account };
}

async function partiesOf(tx: Db, op: OperationRow, account: CollectingAccountRow | null): Promise<SlipParties> {
  const status = statusOf(op);
  if (!isDisbursed(status)) throw conflict(BOLETO_MESSAGES.notDisbursed(STATUS_PT[status]), 'status');
  if (!account) throw conflict(BOLETO_MESSAGES.noAccount, 'bank_account');
  const company = await companyOf(tx, op.company_id);
  if (!company.legal_name.trim()) throw conflict(BOLETO_MESSAGES.companyData('razão social'), 'company.legal_name');
  if (!company.cnpj) throw conflict(BOLETO_MESSAGES.companyData('CNPJ'), 'company.cnpj');
  return { op, ctx: await servicingContext(tx, op), account, bank: boletoAccount(account), company, payer: await payerOf(tx, op.borrower_id) };
}

// ---------------------------------------------------------------------------
// One installment's slip

/** Percent with two places for the slip, never above what the contract says. */
export function percent2(value: string): string {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

interface Wanted {
  installment: InstallmentRow;
  amount: string;
  dueDate: string;
  overdueSince: string | null;
  charges: { lateFee: Decimal; defaultInterest: Decimal; contractInterest: Decimal } | null;
  /** the installment's title data, null when it has none (version 0) */
  title: InstallmentTitleRow | null;
}

function titleVersion(w: Wanted): number {
  return w.title?.version ?? 0;
}

/** What the installment's slip must say as of `today` (amount and due date), or the status that leaves nothing to collect. */
function wantedSlip(
  ctx: ServicingContext,
  installment: InstallmentRow,
  transactions: readonly InstallmentTransactionRow[],
  stored: StoredInstallmentStatus | null,
  title: InstallmentTitleRow | null,
  today: string,
): Wanted | { refused: string } {
  const replay = replayOf(ctx, installment, transactions, today);
  // A renegotiated or written-off installment is not collected any more, whatever its payments leave open.
  const view = stateView(installment, replay, stored);
  if (!COLLECTIBLE_STATUSES.includes(view.status) || replay.state.dueTotal.lte(0)) return { refused: INSTALLMENT_STATUS_LABELS_PT[view.status] };
  const s = replay.state;
  if (!s.overdue) return { installment, amount: s.dueTotal.toFixed(2), dueDate: installment.due_date, overdueSince: null, charges: null, title };
  return { installment, amount: s.dueTotal.toFixed(2), dueDate: today, overdueSince: installment.due_date, charges: s.charges, title };
}

/** The title data's instruction lines: protest or credit-bureau report (never both, the table's check), then the note. */
export function titleInstructions(title: Pick<InstallmentTitleRow, 'protest_days' | 'negativation_days' | 'note'> | null): string[] {
  if (!title) return [];
  const lines: string[] = [];
  // The same declaration the remittance's protest code comes from: the slip and the bank never disagree.
  const afterDue = afterDueLine(titleAfterDue(title));
  if (afterDue) lines.push(afterDue);
  const note = title.note?.trim();
  if (note) lines.push(note);
  return lines;
}

function pdfInput(p: SlipParties, w: Wanted, sequence: number, issueDate: string): BoletoPdfInput {
  const terms = p.ctx.terms;
  const instructions: string[] = [];
  if (w.overdueSince && w.charges) {
    const c = w.charges;
    instructions.push(
      `Boleto atualizado em ${calendarDayPt(issueDate)}: parcela vencida em ${calendarDayPt(w.overdueSince)}; o valor inclui multa de R$ ${c.lateFee.toFixed(2).replace('.', ',')}` +
        (c.contractInterest.isZero()
          ? ` e juros de mora de R$ ${c.defaultInterest.toFixed(2).replace('.', ',')} até esta data.`
          : `, juros de mora de R$ ${c.defaultInterest.toFixed(2).replace('.', ',')} e juros do contrato de R$ ${c.contractInterest.toFixed(2).replace('.', ',')} até esta data.`),
    );
  }
  instructions.push(...titleInstructions(w.title));
  return {
    bank: p.bank,
    beneficiary: { name: p.company.legal_name, cnpj: p.company.cnpj ?? '', address: beneficiaryAddress(p.company) },
    payer: p.payer,
    sequence,
    documentNumber: titleDocumentNumber(p.op.id, w.installment.number, w.title?.document_number),
    amount: w.amount,
    dueDate: w.dueDate,
    issueDate,
    installment: { number: w.installment.number, count: p.op.installments_count },
    lateCharges: {
      // An updated slip already carries the multa: only the interest keeps running after its due date.
      lateFeePercent: w.overdueSince ? '0.00' : percent2(terms.late_fee_percent),
      defaultInterestMonthlyPercent: percent2(terms.default_interest_monthly_percent),
      // Remuneratory interest after the due date only where the frozen contract states it (Res. CMN 4.882/2020).
      ...(terms.remuneratory === 'none' ? {} : { contractMonthlyPercent: percent2(terms.contract_monthly_percent), contractCompounded: terms.remuneratory === 'compound_daily' }),
    },
    ...(p.account.pix_key && p.company.city
      ? { pix: { key: p.account.pix_key, city: p.company.city, txid: `OP${p.op.id}P${w.installment.id}` } }
      : {}),
    instructions,
  };
}

/** The domain's and renderer's RangeErrors, as the 409 that says which record to fix. */
export function checkedSlip(input: BoletoPdfInput): void {
  try {
    boletoSlip(input);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const detail = error.message;
    if (detail.startsWith('bank')) throw conflict(BOLETO_MESSAGES.badAccount(detail), 'bank_account');
    if (detail.startsWith('pix')) throw conflict(BOLETO_MESSAGES.badAccount(detail), 'bank_account.pix_key');
    if (detail.startsWith('beneficiary')) throw conflict(BOLETO_MESSAGES.companyData(detail), 'company');
    if (detail.startsWith('payer')) throw conflict(BOLETO_MESSAGES.borrowerData(detail), 'borrower');
    throw conflict(BOLETO_MESSAGES.badSlip(detail));
  }
}

/**
 * Each installment's latest slip when it is at the account, read at once (a
 * carnê asks for hundreds). The latest across the company's accounts: after
 * the collecting account changed and back, the old account's slip was
 * replaced by the other account's (its baixa is due), so it is not given again.
 */
async function latestSlips(tx: Db, accountId: number, installmentIds: readonly number[]): Promise<Map<number, BoletoSlipRow>> {
  const rows = await tx
    .select()
    .from(boletoSlips)
    .where(inArray(boletoSlips.installment_id, [...installmentIds]))
    .orderBy(asc(boletoSlips.id));
  const newest = new Map(rows.map((r) => [r.installment_id as number, r]));
  return new Map([...newest].filter(([, r]) => r.bank_account_id === accountId));
}

/** A slip the bank holds (sent, not rejected, not written off) with the sequence of the title it stands for. */
interface HeldTitle {
  id: number;
  installment_id: number;
  amount: string;
  due_date: string;
  title_version: number;
  title_sequence: number;
}

/** The slips of these installments at the account that the bank holds, oldest first. */
async function heldTitles(tx: Db, accountId: number, installmentIds: readonly number[]): Promise<Map<number, HeldTitle[]>> {
  const result = await tx.execute(sql`
    SELECT s.id, s.installment_id, s.amount::text AS amount, s.due_date::text AS due_date, s.title_version, t.sequence AS title_sequence
      FROM boleto_slips s
      JOIN boleto_slips t ON t.id = COALESCE((SELECT r.title_slip_id FROM remittance_items r WHERE r.boleto_slip_id = s.id AND r.instruction = 'dueDateChange'), s.id)
     WHERE s.bank_account_id = ${accountId} AND s.installment_id = ANY(${intArray(installmentIds)})
       AND ${heldByTheBank(sql`s.id`)}
       AND NOT EXISTS (SELECT 1 FROM remittance_items r WHERE r.boleto_slip_id = s.id AND r.instruction = 'writeOff')
     ORDER BY s.id`);
  const held = new Map<number, HeldTitle[]>();
  for (const r of (result as unknown as { rows: HeldTitle[] }).rows) {
    const row = { ...r, id: Number(r.id), installment_id: Number(r.installment_id), title_version: Number(r.title_version), title_sequence: Number(r.title_sequence) };
    held.set(row.installment_id, [...(held.get(row.installment_id) ?? []), row]);
  }
  return held;
}

/** The registered number a slip wanted now prints when only its due date moves from a title the bank holds (see above), else null. */
function registeredSequence(held: readonly HeldTitle[] | undefined, w: Wanted): number | null {
  const title = [...(held ?? [])].reverse().find((h) => new Decimal(h.amount).eq(w.amount) && h.title_version === titleVersion(w) && h.due_date !== w.dueDate);
  return title ? title.title_sequence : null;
}

/**
 * The installment's latest slip when it says what the slip wanted now would
 * say, with the sequence it prints (its own, or the registered title's), else null.
 */
function reusableSlip(row: BoletoSlipRow | undefined, account: BoletoAccount, w: Wanted, registered: number | null): { row: BoletoSlipRow; printed: number } | null {
  if (!row || !new Decimal(row.amount).eq(w.amount) || row.due_date !== w.dueDate || row.title_version !== titleVersion(w)) return null;
  // The account's boleto data changed since (wallet, agreement…): that title is not what the bank would read now.
  for (const printed of registered === null ? [row.sequence] : [row.sequence, registered]) {
    try {
      if (buildBoleto({ account, sequence: printed, amount: w.amount, dueDate: w.dueDate }).barcode === row.barcode) return { row, printed };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The slips of `wanted` (in order): recorded ones given again, the others
 * with newly reserved sequences, recorded and logged. Runs inside the
 * caller's transaction, which holds the account's and the operation's locks.
 */
async function issueSlips(tx: Db, actor: Actor, p: SlipParties, wanted: readonly Wanted[], today: string): Promise<IssuedSlip[]> {
  const latest = await latestSlips(tx, p.account.id, wanted.map((w) => w.installment.id));
  const held = await heldTitles(tx, p.account.id, wanted.map((w) => w.installment.id));
  const registered = wanted.map((w) => registeredSequence(held.get(w.installment.id), w));
  const found = wanted.map((w, k) => reusableSlip(latest.get(w.installment.id), p.bank.account, w, registered[k]));
  const fresh = found.filter((r) => r === null).length;
  let next = fresh ? await reserveSequences(tx, p.account.id, fresh) : 0;
  const limit = 10 ** SEQUENCE_DIGITS[p.bank.account.bank];
  if (fresh && next + fresh - 1 >= limit) throw conflict(BOLETO_MESSAGES.sequenceExhausted(SEQUENCE_DIGITS[p.bank.account.bank]), 'bank_account');
  const slips: { input: BoletoPdfInput; recorded: BoletoSlipRow | null; sequence: number }[] = [];
  const freshRows: (typeof boletoSlips.$inferInsert)[] = [];
  for (let k = 0; k < wanted.length; k++) {
    const w = wanted[k];
    const recorded = found[k]?.row ?? null;
    const sequence = recorded ? recorded.sequence : next++;
    // The registered title's number when only the due date moved (see above); else the slip's own.
    const printed = found[k]?.printed ?? registered[k] ?? sequence;
    const input = pdfInput(p, w, printed, recorded ? recorded.issued_on : today);
    checkedSlip(input);
    slips.push({ input, recorded, sequence });
    if (recorded) continue;
    const codes = buildBoleto({ account: p.bank.account, sequence: printed, amount: w.amount, dueDate: w.dueDate });
    freshRows.push({
      installment_id: w.installment.id,
      credit_operation_id: p.op.id,
      bank_account_id: p.account.id,
      sequence,
      our_number: codes.nossoNumero.printed,
      amount: w.amount,
      due_date: w.dueDate,
      barcode: codes.barcode,
      digitable_line: codes.digitableLine,
      issued_on: today,
      title_version: titleVersion(w),
      actor_id: actor.id,
    });
  }
  // One statement for the whole carnê; each new row is found again by its sequence (unique at the account).
  const inserted = new Map(freshRows.length ? (await tx.insert(boletoSlips).values(freshRows).returning()).map((r) => [r.sequence, r]) : []);
  return slips.map(({ input, recorded, sequence }, k) => {
    const slip = recorded ?? inserted.get(sequence)!;
    return { slip, input, reused: recorded !== null, charge: pixCharge(p, wanted[k], slip) };
  });
}

/** The slip's Pix charge: its amount and due date, the frozen contract's multa and mora (areas/pix makes the cobv). */
function pixCharge(p: SlipParties, w: Wanted, slip: BoletoSlipRow): PixChargeRequest {
  const t = p.ctx.terms;
  return {
    companyId: p.op.company_id,
    operationId: p.op.id,
    installmentId: w.installment.id,
    slipId: slip.id,
    amount: slip.amount,
    dueDate: slip.due_date,
    multaIncluded: w.overdueSince !== null,
    terms: { late_fee_percent: t.late_fee_percent, default_interest_monthly_percent: t.default_interest_monthly_percent, remuneratory: t.remuneratory },
    payer: { name: p.payer.name, document: p.payer.document },
    pixKey: p.account.pix_key,
    merchantName: p.company.legal_name,
    merchantCity: p.company.city,
    description: `Parcela ${w.installment.number}/${p.op.installments_count} da operação ${operationNumber(p.op.id)}`,
  };
}

function slipSnapshot(s: IssuedSlip) {
  return {
    bank_account_id: s.slip.bank_account_id,
    our_number: s.slip.our_number,
    amount: s.slip.amount,
    slip_due_date: s.slip.due_date,
    digitable_line: s.slip.digitable_line,
    title_version: s.slip.title_version,
    reused: s.reused,
  };
}

/** One installment's boleto (GET /boleto/:x). */
export async function issueBoleto(tx: Db, actor: Actor, installmentId: number, today: string): Promise<IssuedSlip> {
  // Read before the locks only to learn which operation (and so which account) to lock.
  const [of] = await tx.select({ operationId: creditOperationInstallments.credit_operation_id }).from(creditOperationInstallments).where(eq(creditOperationInstallments.id, installmentId));
  if (!of) throw notFound(BOLETO_MESSAGES.installmentNotFound);
  const { op, account } = await lockAccountThenOperation(tx, of.operationId);
  const parties = await partiesOf(tx, op, account);
  // The installment as it is now, in a statement after the locks: a prepayment that replaced it, a payment or a
  // write-off that held the operation while this waited is seen.
  const { installment, stored } = await installmentWithStatus(tx, op.id, installmentId);
  if (installment.superseded_in !== null) throw conflict(BOLETO_MESSAGES.replaced(installment.number, operationNumber(op.id)), 'installment');
  const [title] = await tx.select().from(installmentTitles).where(eq(installmentTitles.installment_id, installment.id));
  const wanted = wantedSlip(parties.ctx, installment, await transactionsOf(tx, [installment.id]), stored, title ?? null, today);
  if ('refused' in wanted) throw conflict(BOLETO_MESSAGES.notPayable(installment.number, operationNumber(op.id), wanted.refused), 'status');
  const [slip] = await issueSlips(tx, actor, parties, [wanted], today);
  await logActivity(tx, { actorId: actor.id, action: slip.reused ? 'boleto.reprint' : 'boleto.issue', entity: 'installment', entityId: installment.id, after: slipSnapshot(slip) });
  return slip;
}

/** Every open installment's slip, in installment order (POST /boleto/carne). */
export async function issueCarne(tx: Db, actor: Actor, operationId: number, today: string): Promise<IssuedSlip[]> {
  const { op, account } = await lockAccountThenOperation(tx, operationId);
  const parties = await partiesOf(tx, op, account);
  // The current schedule (a prepayment's replaced rows left out), its payments and statuses: read after the locks.
  const titles = new Map((await tx.select().from(installmentTitles).where(eq(installmentTitles.credit_operation_id, op.id))).map((t) => [t.installment_id, t]));
  const schedule = await scheduleOf(tx, op.id);
  const transactions = new Map<number, InstallmentTransactionRow[]>();
  for (const t of await transactionsOf(tx, schedule.map((i) => i.id))) transactions.set(t.installment_id, [...(transactions.get(t.installment_id) ?? []), t]);
  const stored = await storedStatusesOfOperation(tx, op.id);
  const wanted: Wanted[] = [];
  for (const installment of schedule) {
    const w = wantedSlip(parties.ctx, installment, transactions.get(installment.id) ?? [], stored.get(installment.id) ?? null, titles.get(installment.id) ?? null, today);
    // Paid installments are simply not in the carnê.
    if (!('refused' in w)) wanted.push(w);
  }
  if (!wanted.length) throw conflict(BOLETO_MESSAGES.nothingOpen, 'credit_operation_id');
  const slips = await issueSlips(tx, actor, parties, wanted, today);
  const issued = slips.filter((s) => !s.reused).length;
  await logActivity(tx, {
    actorId: actor.id,
    action: 'boleto.carne',
    entity: 'credit_operation',
    entityId: op.id,
    after: { installments_count: slips.length, slips_issued: issued, slips_reused: slips.length - issued, bank_account_id: parties.account.id },
  });
  return slips;
}

/** "boleto-OP-000123-005.pdf" / "carne-OP-000123.pdf": named after the operation and installment, whatever document number the title prints. */
export function boletoFileName(slip: IssuedSlip): string {
  return `boleto-${operationNumber(slip.slip.credit_operation_id)}-${String(slip.input.installment?.number ?? 0).padStart(3, '0')}.pdf`;
}

export function carneFileName(operationId: number): string {
  return `carne-${operationNumber(operationId)}.pdf`;
}

/** Where the installment's title is registered (bank-files' rule: one bank per title); 404 for an unknown installment. */
export async function boletoRegistration(db: Db, installmentId: number): Promise<BoletoRegistration> {
  const [found] = await db.select({ id: creditOperationInstallments.id }).from(creditOperationInstallments).where(eq(creditOperationInstallments.id, installmentId));
  if (!found) throw notFound(BOLETO_MESSAGES.installmentNotFound);
  return registrationOf(db, installmentId);
}
