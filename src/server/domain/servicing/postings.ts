/**
 * What each money movement of servicing posts: declarations of balanced lines
 * (domain/ledger/posting.ts) that the servicing areas hand to the ledger
 * area's post().
 *
 * Conventions:
 * - Every posting's debits equal its credits (assertBalanced), so the trial
 *   balance of any set of postings sums to zero; a movement that would post
 *   unbalanced lines is a bug and throws before anything is written.
 * - The chart of accounts is declared once in @shared/ledger.
 * - Loans receivable carries principal only. Interest is recognised on the
 *   competence basis by the ledger's accrual run (accrued interest
 *   receivable ← interest income); a payment's interest settles that
 *   receivable first, the rest is income when received; late charges are
 *   income when received. A write-off removes principal; the accrued interest
 *   its installments no longer earn is undone by the ledger's
 *   reconcileAccrual (accrual_reversal).
 * - Disbursement: the amount financed enters the receivable; what the
 *   borrower receives leaves the bank; the IOF financed is owed to the
 *   Treasury until remitted; financed fees are income.
 * - A transaction is never edited: a re-allocation (a payment or reversal
 *   dated in the past moved a later payment's split) posts only the
 *   difference between the old and new split — the bank line does not move;
 *   a reversal is a posting of its own with the lines of the payment as it
 *   stands swapped: reversalPosting(paymentPosting(current split)), which is
 *   the original posting swapped when no re-allocation touched it since.
 * - Cession (installments sold to an assignee): the open principal leaves
 *   loans receivable, the price becomes an amount due from the assignee
 *   (until the fund pays it), and the difference is a gain or a loss on the
 *   sale (interest never booked is why a sale at a discount can still gain).
 *   A payment of an installment the assignee owns is the assignee's money:
 *   the whole amount is owed to it (due to assignee), whatever its split.
 *   Reversing a cession posts the cession's lines swapped.
 * - Repurchase (an assigned installment bought back): its open principal
 *   comes back to loans receivable, the amount the agreement makes the lender
 *   pay is owed to the assignee (due to assignee, settled with the fund with
 *   the rest of what is owed to it), and the difference is a loss (paying
 *   more than the principal: interest and charges are income only when the
 *   borrower pays them) or a gain. Undoing it posts its lines swapped.
 */
import Decimal from 'decimal.js';
import type { LedgerAccount, LedgerSide } from '@shared/ledger';
import { assertBalanced, signedPosting as post, type Posting } from '../ledger/posting';
import type { Split } from './allocation';
import { money } from './money';

export interface DisbursementFigures {
  /** the contract's principal: what the borrower owes */
  financed: Decimal.Value;
  /** what reaches the borrower's account */
  released: Decimal.Value;
  /** IOF financed, owed to the Treasury */
  iof: Decimal.Value;
  /** fees financed (tarifa de cadastro and the like) */
  fees: Decimal.Value;
}

export function disbursementPosting(figures: DisbursementFigures): Posting {
  const financed = money(figures.financed, 'financed');
  const released = money(figures.released, 'released');
  const iof = money(figures.iof, 'iof');
  const fees = money(figures.fees, 'fees');
  if (!financed.eq(released.plus(iof).plus(fees))) {
    throw new RangeError(`financed ${financed.toFixed(2)} must equal released + IOF + fees (${released.plus(iof).plus(fees).toFixed(2)})`);
  }
  return post('disbursement', [
    ['loans_receivable', financed],
    ['bank', released.neg()],
    ['iof_payable', iof.neg()],
    ['fee_income', fees.neg()],
  ]);
}

function checkSplit(split: Split): Split {
  return {
    lateFee: money(split.lateFee, 'late fee'),
    defaultInterest: money(split.defaultInterest, 'default interest'),
    interest: money(split.interest, 'interest'),
    principal: money(split.principal, 'principal'),
  };
}

/**
 * A payment received, by its split (allocation.ts). Its interest settles first the interest already accrued on the
 * competence basis and not yet settled (`accruedSettled`, at most the split's interest: the caller reads the
 * operation's accrued balance), which leaves accrued interest receivable; the rest is income now (interest never
 * accrued: a stage-3 operation's, or paid ahead of the accrual run).
 */
export function paymentPosting(split: Split, accruedSettled: Decimal.Value = 0): Posting {
  const s = checkSplit(split);
  const settled = money(accruedSettled, 'accrued interest settled');
  if (settled.gt(s.interest)) throw new RangeError('the accrued interest a payment settles is at most its interest');
  const total = s.lateFee.plus(s.defaultInterest).plus(s.interest).plus(s.principal);
  if (total.isZero()) throw new RangeError('a payment must have an amount');
  return post('payment', [
    ['bank', total],
    ['loans_receivable', s.principal.neg()],
    ['accrued_interest_receivable', settled.neg()],
    ['interest_income', s.interest.minus(settled).neg()],
    ['late_charge_income', s.lateFee.plus(s.defaultInterest).neg()],
  ]);
}

/**
 * A bank settlement within the company's tolerance (collection's bank-settlement.ts): its payment is posted as the
 * amount due (paymentPosting, bank ← due); this posts what the bank credited less than that (`short` positive:
 * rounding differences ← bank) or more (`short` negative: bank ← rounding differences), so the bank account moves by
 * exactly what the bank credited and the installment's split by exactly what was due.
 */
export function roundingPosting(short: Decimal.Value): Posting {
  const d = new Decimal(short);
  if (d.isZero() || d.decimalPlaces() > 2) throw new RangeError('a rounding difference is a non-zero amount in cents');
  return post('rounding_difference', [
    ['rounding_differences', d],
    ['bank', d.neg()],
  ]);
}

/** The amount a bank settlement records: what is due when `paid` is within `tolerance` of it (and not equal), else null. */
export function toleratedSettlement(paid: Decimal.Value, due: Decimal.Value, tolerance: Decimal.Value): Decimal | null {
  const p = new Decimal(paid);
  const d = new Decimal(due);
  if (d.lte(0) || p.eq(d)) return null;
  return p.minus(d).abs().lte(tolerance) ? d : null;
}

/** A payment of an installment the assignee owns: all of it is owed to the assignee. */
export function assignedPaymentPosting(split: Split): Posting {
  const s = checkSplit(split);
  const total = s.lateFee.plus(s.defaultInterest).plus(s.interest).plus(s.principal);
  if (total.isZero()) throw new RangeError('a payment must have an amount');
  return post('payment', [
    ['bank', total],
    ['due_to_assignee', total.neg()],
  ]);
}

export interface CessionFigures {
  /** what the assignee pays */
  price: Decimal.Value;
  /** the open principal loans receivable carries for the installments sold */
  carrying: Decimal.Value;
  /**
   * The gains and losses of the installments sold, each summed apart (a cession of several installments may hold
   * both, and a reversal of some of them must undo exactly theirs); gain − loss = price − carrying. Absent: the
   * result, on the side its sign says.
   */
  gain?: Decimal.Value;
  loss?: Decimal.Value;
}

/** Installments sold: receivable out, price due from the assignee, the gains and losses on the sale. */
export function cessionPosting(figures: CessionFigures): Posting {
  const price = money(figures.price, 'price');
  const carrying = money(figures.carrying, 'carrying');
  if (price.isZero() && carrying.isZero()) throw new RangeError('a cession must have an amount');
  const result = price.minus(carrying);
  const gain = figures.gain === undefined ? Decimal.max(result, 0) : money(figures.gain, 'gain');
  const loss = figures.loss === undefined ? Decimal.max(result.neg(), 0) : money(figures.loss, 'loss');
  if (!gain.minus(loss).eq(result)) throw new RangeError('gain − loss must equal price − carrying');
  return post('cession', [
    ['due_from_assignee', price],
    ['loans_receivable', carrying.neg()],
    ['cession_gain', gain.neg()],
    ['cession_loss', loss],
  ]);
}

/** A cession (or part of it) undone: its lines swapped. */
export function cessionReversalPosting(figures: CessionFigures): Posting {
  return { ...reversalPosting(cessionPosting(figures)), kind: 'cession_reversal' };
}

export interface RepurchaseFigures {
  /** what the agreement makes the lender pay the assignee */
  amount: Decimal.Value;
  /** the open principal that comes back to loans receivable */
  carrying: Decimal.Value;
}

/** An assigned installment bought back: receivable back, the amount owed to the assignee, the loss or gain. */
export function repurchasePosting(figures: RepurchaseFigures): Posting {
  const amount = money(figures.amount, 'amount');
  const carrying = money(figures.carrying, 'carrying');
  if (amount.isZero()) throw new RangeError('a repurchase must have an amount');
  const result = carrying.minus(amount);
  return post('repurchase', [
    ['loans_receivable', carrying],
    ['due_to_assignee', amount.neg()],
    ['repurchase_gain', Decimal.max(result, 0).neg()],
    ['repurchase_loss', Decimal.max(result.neg(), 0)],
  ]);
}

/** A repurchase undone: its lines swapped. */
export function repurchaseReversalPosting(figures: RepurchaseFigures): Posting {
  return { ...reversalPosting(repurchasePosting(figures)), kind: 'repurchase_reversal' };
}

/** The reversal of a posting: the same lines, sides swapped. */
export function reversalPosting(original: Posting): Posting {
  assertBalanced(original.lines);
  const lines = original.lines.map((l) => ({ account: l.account, side: (l.side === 'debit' ? 'credit' : 'debit') as LedgerSide, amount: l.amount }));
  return { kind: 'reversal', lines };
}

/** Principal written off as a loss. */
export function writeOffPosting(principal: Decimal.Value): Posting {
  const amount = money(principal, 'principal');
  if (amount.isZero()) throw new RangeError('nothing to write off');
  return post('write_off', [
    ['credit_losses', amount],
    ['loans_receivable', amount.neg()],
  ]);
}

export interface PrepaymentFigures {
  amount: Decimal.Value;
  principal: Decimal.Value;
  /** accrued interest paid; negative when the present value fell below the principal owed (a discount) */
  interest: Decimal.Value;
  /** the part of `interest` that settles interest accrued on the competence basis (at most the interest, if positive) */
  accruedSettled?: Decimal.Value;
}

/** A prepayment, total or partial (prepayment.ts gives the split). */
export function prepaymentPosting(figures: PrepaymentFigures): Posting {
  const amount = money(figures.amount, 'amount');
  const principal = money(figures.principal, 'principal');
  const interest = new Decimal(figures.interest);
  if (!interest.isFinite() || interest.decimalPlaces() > 2) throw new RangeError('interest must be a number in whole cents');
  if (!amount.eq(principal.plus(interest))) throw new RangeError('amount must equal principal + interest');
  if (amount.isZero()) throw new RangeError('a prepayment must have an amount');
  const settled = money(figures.accruedSettled ?? 0, 'accrued interest settled');
  if (settled.gt(Decimal.max(interest, 0))) throw new RangeError('the accrued interest a prepayment settles is at most its interest');
  return post('prepayment', [
    ['bank', amount],
    ['loans_receivable', principal.neg()],
    ['accrued_interest_receivable', settled.neg()],
    ['interest_income', interest.minus(settled).neg()],
  ]);
}

/**
 * The difference between a payment's old and new split after a
 * re-allocation (the amount is the same, so the bank does not move); null
 * when the accounts do not change (a shift between late fee and default
 * interest stays within one account).
 */
export function reallocationPosting(before: Split, after: Split): Posting | null {
  const b = checkSplit(before);
  const a = checkSplit(after);
  const total = (s: Split) => s.lateFee.plus(s.defaultInterest).plus(s.interest).plus(s.principal);
  if (!total(a).eq(total(b))) throw new RangeError('a re-allocation keeps the payment amount');
  const signed: [LedgerAccount, Decimal][] = [
    ['loans_receivable', b.principal.minus(a.principal)],
    ['interest_income', b.interest.minus(a.interest)],
    ['late_charge_income', b.lateFee.plus(b.defaultInterest).minus(a.lateFee).minus(a.defaultInterest)],
  ];
  if (signed.every(([, amount]) => amount.isZero())) return null;
  return post('reallocation', signed);
}

/** IOF paid over to the Treasury. */
export function iofRemittancePosting(amount: Decimal.Value): Posting {
  const value = money(amount, 'amount');
  if (value.isZero()) throw new RangeError('nothing to remit');
  return post('iof_remittance', [
    ['iof_payable', value],
    ['bank', value.neg()],
  ]);
}

/**
 * The collecting bank's fee for a title (registration, settlement), taken
 * from what it credits: an expense of its own, so the payment keeps the
 * amount the borrower paid and the bank line nets to what was credited.
 */
export function bankFeePosting(amount: Decimal.Value): Posting {
  const value = money(amount, 'amount');
  if (value.isZero()) throw new RangeError('no fee to post');
  return post('bank_fee', [
    ['bank_fees', value],
    ['bank', value.neg()],
  ]);
}
