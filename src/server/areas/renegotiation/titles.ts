/**
 * What the boletos and Pix areas need of an agreement's installment (their titles: a slip and its Pix charge, migration
 * 0064): which agreement and company it is of, what its slip asks on the business date (the book's replay: the
 * amount, the due date, the charges of an overdue one, the original contract's late-charge terms with the
 * agreement's rate), and a payment a provider reports (a Pix notice) recorded through this area's own payInstallment,
 * so its checks, allocation, entries and state rules apply. This area never calls boletos or pix (they call it).
 */
import Decimal from 'decimal.js';
import { asc, eq, inArray } from 'drizzle-orm';
import { AGREEMENT_INSTALLMENT_STATUSES, RENEGOTIATION_OUTCOMES } from '@shared/renegotiation';
import type { RemuneratoryInDelay } from '@shared/servicing';
import type { Db } from '../../db/connect';
import { conflict, HttpError, notFound } from '../../platform/http/errors';
import { amountDueAt, checkNewPayment } from '../../domain/servicing/allocation';
import { providerSettlement } from '../../domain/renegotiation/collection';
import { parametersOf } from '../company';
import type { LateChargeTerms } from '../../domain/servicing/late-charges';
import { bookOf, COLLECTION_MESSAGES, lockAgreement, payInstallment } from './collection';
import { renegotiationAgreements, renegotiationDecisions, renegotiationInstallments, renegotiationItems } from './schema';

const PAID = AGREEMENT_INSTALLMENT_STATUSES[3];
const AGREED = RENEGOTIATION_OUTCOMES[0];

export const TITLE_MESSAGES = {
  notFound: 'Parcela de acordo não encontrada.',
  notAgreed: 'Campo status: só as parcelas de um acordo fechado têm boleto e Pix.',
  paid: (n: number, id: number) => `Campo status: a parcela ${n === 0 ? 'de entrada' : n} do acordo ${id} já está paga.`,
} as const;

export interface AgreementInstallmentOwner {
  agreementId: number;
  companyId: number;
  borrowerId: number;
  /** the agreement's first operation (lowest id): the contract whose late-charge terms it follows */
  operationId: number;
}

/** The agreement, company, borrower and first operation of an agreement's installment (404 when there is none). Unlocked. */
export async function agreementInstallmentOwner(db: Db, agreementInstallmentId: number): Promise<AgreementInstallmentOwner> {
  const [row] = await db
    .select({ agreementId: renegotiationAgreements.id, companyId: renegotiationAgreements.company_id, borrowerId: renegotiationAgreements.borrower_id })
    .from(renegotiationInstallments)
    .innerJoin(renegotiationAgreements, eq(renegotiationAgreements.id, renegotiationInstallments.agreement_id))
    .where(eq(renegotiationInstallments.id, agreementInstallmentId));
  if (!row) throw notFound(TITLE_MESSAGES.notFound);
  const [first] = await db.select({ op: renegotiationItems.credit_operation_id }).from(renegotiationItems).where(eq(renegotiationItems.agreement_id, row.agreementId)).orderBy(asc(renegotiationItems.credit_operation_id)).limit(1);
  if (!first) throw notFound(TITLE_MESSAGES.notFound);
  return { ...row, operationId: first.op };
}

export interface AgreementSlipFacts extends AgreementInstallmentOwner {
  installmentId: number;
  /** 0: the down payment */
  number: number;
  /** the agreement's schedule term (the down payment apart) */
  count: number;
  amount: string;
  dueDate: string;
  /** the installment's due date in force when it is overdue (the slip is then due today with its charges), else null */
  overdueSince: string | null;
  charges: { lateFee: Decimal; defaultInterest: Decimal; contractInterest: Decimal } | null;
  terms: { late_fee_percent: string; default_interest_monthly_percent: string; remuneratory: RemuneratoryInDelay; contract_monthly_percent: string };
}

/**
 * What the installment's slip asks on `today`, under the agreement's lock (taken here; the caller took the collecting
 * account's before, the boletos' lock order): not yet overdue → what it still owes, due on its due date in force (a
 * broken agreement's break day for one that fell due then); overdue → everything due today, due today. 409 when the
 * agreement is not agreed or the installment is paid.
 */
export async function agreementSlipFacts(tx: Db, agreementInstallmentId: number, today: string): Promise<AgreementSlipFacts> {
  const owner = await agreementInstallmentOwner(tx, agreementInstallmentId);
  await lockAgreement(tx, owner.agreementId);
  const book = await bookOf(tx, owner.agreementId, today);
  if (!book.agreed) throw conflict(TITLE_MESSAGES.notAgreed, 'status');
  const target = book.installments.find((i) => i.id === agreementInstallmentId)!;
  const state = target.replay.state;
  if (target.status === PAID || state.dueTotal.lte(0)) throw conflict(TITLE_MESSAGES.paid(target.number, owner.agreementId), 'status');
  const t = book.terms;
  return {
    ...owner,
    installmentId: target.id,
    number: target.number,
    count: book.agreement.term,
    amount: state.dueTotal.toFixed(2),
    dueDate: state.overdue ? today : target.dueNow,
    overdueSince: state.overdue ? target.dueNow : null,
    charges: state.overdue ? state.charges : null,
    terms: {
      late_fee_percent: new Decimal(t.lateFeePercent).toFixed(),
      default_interest_monthly_percent: new Decimal(t.defaultInterestMonthlyPercent).toFixed(),
      remuneratory: t.remuneratory,
      contract_monthly_percent: new Decimal(t.contractMonthlyPercent).toFixed(),
    },
  };
}

export interface ProviderPayment {
  agreementInstallmentId: number;
  amount: string;
  paid_on: string;
  /** the company's account the money reached (the title's collecting account) */
  bank_account_id: number;
  reference: string;
  /**
   * A bank's return line: above what the installment owes on the day (beyond the settlement tolerance) it pays what is
   * owed, and the caller books the rest (suspense), as collection's payBatch does for an operation's title. Without it
   * (a Pix notice) more than due beyond the tolerance is refused.
   */
  capAtDue?: boolean;
}

/**
 * `amount`: what the payment records (what was due, within the tolerance); `taken`: how much of the money credited it
 * took (the rest goes to suspense); `rounding`: what the tolerance posts to rounding differences (due − credited).
 */
export type ProviderCheck = { ok: true; agreementId: number; number: number; amount: string; taken: string; rounding: string } | { ok: false; message: string };

const records = (rows: ReadonlyArray<{ id: number; paid_on: string; amount: string }>) => rows.map((p) => ({ id: String(p.id), date: p.paid_on, amount: p.amount }));

/**
 * payInstallment's checks for a provider's payment, writing nothing (a return file's preview; settling repeats them
 * under the agreement's lock): the agreement agreed, the installment not paid, the day within the agreement's range
 * and not before the installment's last payment, the amount within what is due with the company's settlement
 * tolerance (domain/renegotiation/collection.ts providerSettlement: within it either way it records what is due and
 * the difference is rounding; capped at what is due with capAtDue). Answers what the payment would record and take,
 * or the reason it is refused.
 */
export async function checkFromProvider(db: Db, input: ProviderPayment, today: string): Promise<ProviderCheck> {
  try {
    const owner = await agreementInstallmentOwner(db, input.agreementInstallmentId);
    const book = await bookOf(db, owner.agreementId, today);
    if (!book.agreed) return { ok: false, message: TITLE_MESSAGES.notAgreed };
    const target = book.installments.find((i) => i.id === input.agreementInstallmentId)!;
    if (target.status === PAID) return { ok: false, message: TITLE_MESSAGES.paid(target.number, owner.agreementId) };
    if (input.paid_on > today) return { ok: false, message: COLLECTION_MESSAGES.future };
    if (input.paid_on < book.agreement.agreement_date) return { ok: false, message: COLLECTION_MESSAGES.beforeAgreement(book.agreement.agreement_date) };
    const last = target.standing.reduce<string | null>((d, p) => (d === null || p.paid_on > d ? p.paid_on : d), null);
    if (last !== null && input.paid_on < last) return { ok: false, message: COLLECTION_MESSAGES.beforeLast(last) };
    const due = amountDueAt(target.figures, book.terms, records(target.standing), input.paid_on);
    const tolerance = (await parametersOf(db, owner.companyId)).bank_settlement_tolerance;
    const settled = providerSettlement(input.amount, due, tolerance, input.capAtDue ?? false);
    if (!settled) return { ok: false, message: COLLECTION_MESSAGES.above(due.toFixed(2)) };
    // The allocation's own check (payInstallment repeats it): what is recorded fits what is due on its day.
    const check = checkNewPayment(target.figures, book.terms, records(target.standing), { id: 'new', date: input.paid_on, amount: settled.amount.toFixed(2) }, today);
    if (!check.ok) return { ok: false, message: COLLECTION_MESSAGES.above(check.amountDue.toFixed(2)) };
    return { ok: true, agreementId: owner.agreementId, number: target.number, amount: settled.amount.toFixed(2), taken: settled.taken.toFixed(2), rounding: settled.rounding.toFixed(2) };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * A payment a provider reported (a Pix notice of an agreement installment's charge, a bank's return line of its slip),
 * recorded as any payment of the agreement (payInstallment: the lock, the checks, the allocation, the entries, the
 * log), with the settlement tolerance's rounding (checkFromProvider). Refused by the payment rules (paid already, more
 * than due beyond the tolerance without capAtDue, not agreed, dated out of range): answered with the reason, nothing
 * written. `paid`: how much of the money credited the payment took (the rest is the caller's to book to suspense).
 */
export async function payFromProvider(tx: Db, actorId: number, input: ProviderPayment, today: string): Promise<{ ok: true; id: number; paid: string } | { ok: false; message: string }> {
  try {
    const owner = await agreementInstallmentOwner(tx, input.agreementInstallmentId);
    const [decided] = await tx.select({ outcome: renegotiationDecisions.outcome }).from(renegotiationDecisions).where(eq(renegotiationDecisions.agreement_id, owner.agreementId));
    if (decided?.outcome !== AGREED) return { ok: false, message: TITLE_MESSAGES.notAgreed };
    await lockAgreement(tx, owner.agreementId);
    const check = await checkFromProvider(tx, input, today);
    if (!check.ok) return check;
    const id = await payInstallment(
      tx,
      actorId,
      { id: owner.agreementId, installment_id: input.agreementInstallmentId, amount: check.amount, paid_on: input.paid_on, bank_account_id: input.bank_account_id, reference: input.reference },
      today,
      { rounding: new Decimal(check.rounding) },
    );
    return { ok: true, id, paid: check.taken };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * A suspense item applied to an agreement's installment by a person (suspense's applyItemToAgreement): the same
 * payInstallment (no tolerance: the person chose the amount), its errors thrown as they are (404 unknown installment,
 * 409 paid, above what is due…), recorded as from suspense so its reversal gives the money back there.
 */
export async function payAgreementInstallment(tx: Db, actorId: number, input: Omit<ProviderPayment, 'capAtDue'>, today: string): Promise<{ id: number; agreementId: number }> {
  const owner = await agreementInstallmentOwner(tx, input.agreementInstallmentId);
  const id = await payInstallment(
    tx,
    actorId,
    { id: owner.agreementId, installment_id: input.agreementInstallmentId, amount: input.amount, paid_on: input.paid_on, bank_account_id: input.bank_account_id, reference: input.reference },
    today,
    { fromSuspense: true },
  );
  return { id, agreementId: owner.agreementId };
}

export interface AgreementTitleState {
  agreementId: number;
  number: number;
  /** nothing left to pay on it */
  paid: boolean;
  /** the day the agreement broke (its slips issued before then ask what no longer stands), or null */
  brokenOn: string | null;
  /** the agreement's late-charge terms (its first operation's contract, the agreement's rate): what the bank charges */
  terms: LateChargeTerms;
}

/**
 * Where each of these agreement installments stands on `asOf` for the bank (bank-files' remittance: whether its title
 * still collects it): paid, and the agreement's break day. Unlocked reads of each agreement's book.
 */
export async function agreementTitleStates(db: Db, agreementInstallmentIds: readonly number[], asOf: string): Promise<Map<number, AgreementTitleState>> {
  const out = new Map<number, AgreementTitleState>();
  if (agreementInstallmentIds.length === 0) return out;
  const rows = await db.select({ id: renegotiationInstallments.id, agreement: renegotiationInstallments.agreement_id }).from(renegotiationInstallments).where(inArray(renegotiationInstallments.id, [...new Set(agreementInstallmentIds)]));
  for (const agreementId of [...new Set(rows.map((r) => r.agreement))].sort((a, b) => a - b)) {
    const book = await bookOf(db, agreementId, asOf);
    for (const i of book.installments) {
      out.set(i.id, { agreementId, number: i.number, paid: i.status === PAID || i.replay.state.dueTotal.lte(0), brokenOn: book.brokenOn, terms: book.terms });
    }
  }
  return out;
}

/** The agreements' locks in id order (bank-files settling a return file takes them after the account's, before the operations'). */
export async function lockAgreements(tx: Db, agreementIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(agreementIds)].sort((a, b) => a - b)) await lockAgreement(tx, id);
}
