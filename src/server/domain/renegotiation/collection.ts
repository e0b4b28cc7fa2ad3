/**
 * Collecting an agreement's installments (pure): what each owes, its status,
 * and what a payment of it (or its reversal) posts.
 *
 * - Allocation: the servicing replay (domain/servicing/allocation.ts), the
 *   same documented order for every payment — multa, juros de mora,
 *   interest, principal — on the installment's schedule row (amortization
 *   and scheduled interest). A payment above what is due on its date is
 *   refused (OverpaymentError).
 * - Late charges: the frozen terms of the original contract (Res. CMN
 *   4.882/2020: only the charges the contract provides; CDC art. 52 §1 multa
 *   at most 2%; STJ Súmula 379 mora at most 1% a month), with the
 *   agreement's own rate as the contract rate during delay where the
 *   contract runs it (STJ Súmula 296: never above the rate agreed).
 * - Break (vencimento antecipado): from the break day every installment not
 *   yet due falls due on it, without the interest of the periods still to
 *   run (STJ, REsp 1.095.852: future remuneratory interest is struck out on
 *   acceleration) — such an installment keeps as interest only what its
 *   payments before the break had already paid of it, so every recorded
 *   split stays as it was.
 * - Status (one function): paid; late when something is open past its due
 *   date; partially paid; open.
 * - Postings, kind renegotiation_payment, one per operation of the agreement
 *   (each operation's journal shows its part), each part split in
 *   proportion to the receivable the agreement debited for the operation
 *   (postings.ts), to the cent:
 *       bank                  amount        debit
 *       loans receivable      principal     credit
 *       interest income       interest      credit
 *       late-charge income    multa + mora  credit
 *   The agreement's interest was never accrued (the accrual run covers the
 *   contracts' installments), so it is income when received. A reversal
 *   posts the payment's lines swapped (renegotiation_payment_reversal).
 */
import Decimal from 'decimal.js';
import { AGREEMENT_INSTALLMENT_STATUSES, type AgreementInstallmentStatus } from '@shared/renegotiation';
import { signedPosting, type Posting } from '../ledger/posting';
import type { InstallmentFigures, InstallmentState, Split } from '../servicing/allocation';
import { toleratedSettlement } from '../servicing/postings';
import { allocateCents } from './postings';

const ZERO = new Decimal(0);

export interface ScheduleRow {
  dueDate: string;
  amortization: Decimal.Value;
  interest: Decimal.Value;
}

/**
 * The figures the replay runs on: the schedule row, or after a break (for an
 * installment not yet due on the break day) due on the break day with only
 * the interest its payments before the break had paid.
 */
export function figuresOf(row: ScheduleRow, brokenOn: string | null, interestPaidBeforeBreak: Decimal.Value = ZERO): InstallmentFigures {
  if (brokenOn === null || row.dueDate <= brokenOn) return { dueDate: row.dueDate, principal: row.amortization, interest: row.interest };
  const kept = Decimal.min(new Decimal(interestPaidBeforeBreak), new Decimal(row.interest));
  return { dueDate: brokenOn, principal: row.amortization, interest: kept };
}

/** The installment's collection status from its replay's state (the one place it is decided). */
export function agreementInstallmentStatus(state: Pick<InstallmentState, 'overdue' | 'dueTotal' | 'paidTotal'>): AgreementInstallmentStatus {
  const [open, partiallyPaid, late, paid] = AGREEMENT_INSTALLMENT_STATUSES;
  if (state.dueTotal.isZero()) return paid;
  if (state.overdue) return late;
  if (state.paidTotal.gt(0)) return partiallyPaid;
  return open;
}

/** What a provider's payment records: the payment's amount, how much of the money credited it took, the rounding. */
export interface ProviderSettlement {
  amount: Decimal;
  /** of the money credited; the rest (over what was due, beyond the tolerance) goes to suspense */
  taken: Decimal;
  /** posted to rounding differences: what was due less what was credited (positive short, negative over); else 0 */
  rounding: Decimal;
}

/**
 * A provider's payment of an agreement installment (a bank's return line, a Pix: money that arrived without a person
 * choosing its amount), with the company's settlement tolerance as collection's payBatch applies it to an operation's
 * installment (areas/collection/bank-settlement.ts): within the tolerance of what is due on its day, short or over, it
 * records what is due and the difference goes to rounding differences; short by more, what was credited (the rest
 * stays open); over by more, what is due when `capAtDue` (a return line: the caller books the rest to suspense), else
 * null (a Pix: refused whole, so it goes to suspense whole). Nothing due: null.
 */
export function providerSettlement(credited: Decimal.Value, due: Decimal.Value, tolerance: Decimal.Value, capAtDue: boolean): ProviderSettlement | null {
  const paid = new Decimal(credited);
  const owed = new Decimal(due);
  if (owed.lte(0)) return null;
  const settles = toleratedSettlement(paid, owed, tolerance);
  if (settles) return { amount: settles, taken: paid, rounding: settles.minus(paid) };
  if (paid.lte(owed)) return { amount: paid, taken: paid, rounding: ZERO };
  return capAtDue ? { amount: owed, taken: owed, rounding: ZERO } : null;
}

export interface OperationWeight {
  operationId: number;
  /** the receivable the agreement debited for the operation */
  weight: Decimal;
}

/** A payment's posting per operation (kind renegotiation_payment). */
export function paymentPostings(split: Split, weights: readonly OperationWeight[]): Array<{ operationId: number; posting: Posting }> {
  const ws = weights.map((w) => w.weight);
  const charges = allocateCents(split.lateFee.plus(split.defaultInterest), ws);
  const interest = allocateCents(split.interest, ws);
  const principal = allocateCents(split.principal, ws);
  // An operation whose parts all round to nothing (a cent split among several) posts nothing.
  return weights.flatMap((w, i) => {
    const bank = charges[i].plus(interest[i]).plus(principal[i]);
    if (bank.isZero()) return [];
    return [
      {
        operationId: w.operationId,
        posting: signedPosting('renegotiation_payment', [
          ['bank', bank],
          ['loans_receivable', principal[i].neg()],
          ['interest_income', interest[i].neg()],
          ['late_charge_income', charges[i].neg()],
        ]),
      },
    ];
  });
}

/** A reversal's posting per operation: the payment's lines swapped (kind renegotiation_payment_reversal). */
export function reversalPostings(split: Split, weights: readonly OperationWeight[]): Array<{ operationId: number; posting: Posting }> {
  return paymentPostings(split, weights).map(({ operationId, posting }) => ({
    operationId,
    posting: { kind: 'renegotiation_payment_reversal', lines: posting.lines.map((l) => ({ ...l, side: l.side === 'debit' ? 'credit' : 'debit' })) },
  }));
}
