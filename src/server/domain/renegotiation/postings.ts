/**
 * What an agreement posts, one posting per operation (each operation's
 * journal shows its part), kind 'renegotiation':
 *
 *   loans receivable (the agreement's)   P + (I − dI) + (C − dC) + IOF   debit
 *   loans receivable (the installments')  P                               credit
 *   interest income                       I − dI                          credit
 *   late-charge income                    C − dC                          credit
 *   IOF payable                           IOF                             credit
 *
 * Loans receivable carries principal (domain/servicing/postings.ts): what
 * the agreement capitalises — the interest and late charges left after the
 * discounts, and the IOF (financed, or owed with the down payment) — is
 * principal of the new schedule, so it enters the receivable and is income
 * (or owed to the Treasury) now; the discounts were never recognised and post
 * nothing. Interest the accrual run had recognised on the renegotiated
 * installments is undone by the ledger's reconcileAccrual in the same
 * transaction, so it is not counted twice. The down payment is owed like the
 * schedule's installments (it is part of the new receivable).
 *
 * The agreement's discounts and IOF are split among its operations in
 * proportion (late-charge discount by late charges, interest discount by
 * interest, IOF by what each contributes), to the cent, the cents left by
 * rounding going to the largest remainders (the parts add up exactly).
 */
import Decimal from 'decimal.js';
import { signedPosting, type Posting } from '../ledger/posting';

const ZERO = new Decimal(0);

/** Splits `total` (cents) in proportion to `weights`, largest remainders first; all-zero weights: all to the first. */
export function allocateCents(total: Decimal, weights: readonly Decimal[]): Decimal[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((s, w) => s.plus(w), ZERO);
  const cents = total.mul(100);
  if (sum.isZero()) return weights.map((_, i) => (i === 0 ? total : ZERO));
  const exact = weights.map((w) => cents.mul(w).div(sum));
  const floors = exact.map((e) => e.floor());
  let left = cents.minus(floors.reduce((s, f) => s.plus(f), ZERO)).toNumber();
  const order = exact.map((e, i) => ({ i, rest: e.minus(floors[i]) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i].plus(1);
    left--;
  }
  return floors.map((f) => f.div(100));
}

export interface OperationShare {
  operationId: number;
  principal: Decimal;
  interest: Decimal;
  lateCharges: Decimal;
}

export interface AgreementTotals {
  lateChargesDiscount: Decimal;
  interestDiscount: Decimal;
  iof: Decimal;
}

export function agreementPostings(shares: readonly OperationShare[], totals: AgreementTotals): Array<{ operationId: number; posting: Posting }> {
  const lateDiscounts = allocateCents(totals.lateChargesDiscount, shares.map((s) => s.lateCharges));
  const interestDiscounts = allocateCents(totals.interestDiscount, shares.map((s) => s.interest));
  const contributed = shares.map((s, i) => s.principal.plus(s.interest).minus(interestDiscounts[i]).plus(s.lateCharges).minus(lateDiscounts[i]));
  const iofs = allocateCents(totals.iof, contributed);
  return shares.map((s, i) => {
    const interest = s.interest.minus(interestDiscounts[i]);
    const charges = s.lateCharges.minus(lateDiscounts[i]);
    if (interest.isNegative() || charges.isNegative()) throw new RangeError('a discount above what the operation owes');
    return {
      operationId: s.operationId,
      posting: signedPosting('renegotiation', [
        ['loans_receivable', contributed[i].plus(iofs[i])],
        ['loans_receivable', s.principal.neg()],
        ['interest_income', interest.neg()],
        ['late_charge_income', charges.neg()],
        ['iof_payable', iofs[i].neg()],
      ]),
    };
  });
}
