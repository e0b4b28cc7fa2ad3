/**
 * A cession's price settled with the assignee: what it still owes, and the
 * entries each movement posts.
 *
 * - The price in force is the price of the cession's items not reversed (a
 *   reversal credits due from assignee by the items' price: cession.ts).
 * - Received = receipts − the receipts reversed; owed = price in force −
 *   received − written off. A receipt above what is owed is refused, so owed
 *   never goes below zero and owed + received + written off = price in force,
 *   to the cent (the property test).
 * - Entries: a receipt D bank / C due from assignee; its reversal the same
 *   lines swapped; a write-off of a difference the assignee will not pay
 *   D cession loss / C due from assignee (it lowers the sale's result).
 */
import Decimal from 'decimal.js';
import type { CESSION_PRICE_MOVE_KINDS } from '@shared/enums';
import { signedPosting, type Posting } from '../ledger/posting';
import { money } from './money';

export type PriceMoveKind = (typeof CESSION_PRICE_MOVE_KINDS)[number];

export interface PriceMove {
  kind: PriceMoveKind;
  amount: Decimal.Value;
}

export interface PriceBalance {
  price: Decimal;
  received: Decimal;
  writtenOff: Decimal;
  owed: Decimal;
}

export function priceBalance(price: Decimal.Value, moves: readonly PriceMove[]): PriceBalance {
  let received = new Decimal(0);
  let writtenOff = new Decimal(0);
  for (const move of moves) {
    const amount = money(move.amount, 'amount');
    if (move.kind === 'receipt') received = received.plus(amount);
    else if (move.kind === 'receipt_reversal') received = received.minus(amount);
    else writtenOff = writtenOff.plus(amount);
  }
  const total = money(price, 'price');
  return { price: total, received, writtenOff, owed: total.minus(received).minus(writtenOff) };
}

/** Why a receipt of `amount` cannot be taken against `balance`, or null. */
export function receiptRefusal(balance: PriceBalance, amount: Decimal.Value): 'not_positive' | 'above_owed' | null {
  const value = new Decimal(amount);
  if (value.lte(0) || value.decimalPlaces() > 2) return 'not_positive';
  if (value.gt(balance.owed)) return 'above_owed';
  return null;
}

export function priceReceiptPosting(amount: Decimal.Value): Posting {
  const value = money(amount, 'amount');
  return signedPosting('cession_price_receipt', [
    ['bank', value],
    ['due_from_assignee', value.neg()],
  ]);
}

export function priceReceiptReversalPosting(amount: Decimal.Value): Posting {
  const value = money(amount, 'amount');
  return signedPosting('cession_price_receipt_reversal', [
    ['due_from_assignee', value],
    ['bank', value.neg()],
  ]);
}

export function priceWriteOffPosting(amount: Decimal.Value): Posting {
  const value = money(amount, 'amount');
  return signedPosting('cession_price_write_off', [
    ['cession_loss', value],
    ['due_from_assignee', value.neg()],
  ]);
}
