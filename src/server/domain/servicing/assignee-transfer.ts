/**
 * The entries of money passed through to an assignee (areas/transfers/assignee-transfer.ts):
 * a transfer D due to assignee (amount sent + fee kept) / C bank (amount) / C fee income
 * (fee the cession agreement lets the lender keep); its reversal the same lines swapped.
 */
import Decimal from 'decimal.js';
import { signedPosting, type Posting } from '../ledger/posting';

/** D due to assignee (amount + fee) / C bank (amount) / C fee income (fee). */
export function transferPosting(amount: Decimal.Value, fee: Decimal.Value): Posting {
  const sent = new Decimal(amount);
  const kept = new Decimal(fee);
  return signedPosting('assignee_transfer', [
    ['due_to_assignee', sent.plus(kept)],
    ['bank', sent.neg()],
    ['fee_income', kept.neg()],
  ]);
}

export function transferReversalPosting(amount: Decimal.Value, fee: Decimal.Value): Posting {
  const sent = new Decimal(amount);
  const kept = new Decimal(fee);
  return signedPosting('assignee_transfer_reversal', [
    ['bank', sent],
    ['fee_income', kept],
    ['due_to_assignee', sent.plus(kept).neg()],
  ]);
}
