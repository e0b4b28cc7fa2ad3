/**
 * The suspense area's postings (declarations for the ledger's post()):
 * - suspense_in: the bank credited money no installment took — bank ← suspense
 *   (debit bank, credit 2.1.03 Valores a identificar);
 * - suspense_apply: the item paid an installment — the payment's own posting
 *   (collection's path) debits the bank; this one takes it back from the
 *   bank and out of suspense (debit suspense, credit bank), so together the
 *   money goes from suspense to what the payment credits;
 * - suspense_refund: the item went back to its payer — suspense → bank.
 * A payment applied from suspense and then reversed gives the money back to
 * suspense: the reversal posts a suspense_in linked to it (collection's
 * payments.ts), and the item counts that application no more (areas/suspense).
 * Declared here, beside servicing's postings, because both areas post them.
 */
import Decimal from 'decimal.js';
import { signedPosting, type Posting } from '../../domain/ledger/posting';

function positive(amount: Decimal.Value): Decimal {
  const value = new Decimal(amount);
  if (!value.isFinite() || value.lte(0) || value.decimalPlaces() > 2) throw new RangeError(`a suspense amount must be positive whole cents, not ${value.toString()}`);
  return value;
}

export function suspenseInPosting(amount: Decimal.Value): Posting {
  const value = positive(amount);
  return signedPosting('suspense_in', [
    ['bank', value],
    ['suspense', value.neg()],
  ]);
}

export function suspenseApplyPosting(amount: Decimal.Value): Posting {
  const value = positive(amount);
  return signedPosting('suspense_apply', [
    ['suspense', value],
    ['bank', value.neg()],
  ]);
}

export function suspenseRefundPosting(amount: Decimal.Value): Posting {
  const value = positive(amount);
  return signedPosting('suspense_refund', [
    ['suspense', value],
    ['bank', value.neg()],
  ]);
}
