/**
 * What the boletos and Pix areas need of an agreement's installment (their titles: a slip and its Pix charge, migration
 * 0064): which agreement and company it is of, what its slip asks on the business date (the book's replay: the
 * amount, the due date, the charges of an overdue one, the original contract's late-charge terms with the
 * agreement's rate), and a payment a provider reports (a Pix notice) recorded through this area's own payInstallment,
 * so its checks, allocation, entries and state rules apply. This area never calls boletos or pix (they call it).
 */
import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import { AGREEMENT_INSTALLMENT_STATUSES, RENEGOTIATION_OUTCOMES } from '@shared/renegotiation';
import type { RemuneratoryInDelay } from '@shared/servicing';
import type { Db } from '../../db/connect';
import { conflict, HttpError, notFound } from '../../platform/http/errors';
import { bookOf, lockAgreement, payInstallment } from './collection';
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
}

/**
 * A payment a provider reported (a Pix notice of an agreement installment's charge), recorded as any payment of the
 * agreement (payInstallment: the lock, the checks, the allocation, the entries, the log). Refused by the payment rules
 * (paid already, more than due, not agreed, dated out of range): answered with the reason, nothing written.
 */
export async function payFromProvider(tx: Db, actorId: number, input: ProviderPayment, today: string): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  try {
    const owner = await agreementInstallmentOwner(tx, input.agreementInstallmentId);
    const [decided] = await tx.select({ outcome: renegotiationDecisions.outcome }).from(renegotiationDecisions).where(eq(renegotiationDecisions.agreement_id, owner.agreementId));
    if (decided?.outcome !== AGREED) return { ok: false, message: TITLE_MESSAGES.notAgreed };
    const id = await payInstallment(tx, actorId, { id: owner.agreementId, installment_id: input.agreementInstallmentId, amount: input.amount, paid_on: input.paid_on, bank_account_id: input.bank_account_id, reference: input.reference }, today);
    return { ok: true, id };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return { ok: false, message: error.message };
    throw error;
  }
}
