/**
 * A cession's price settled with the assignee (domain/servicing/cession-price.ts): over random sequences of partial
 * receipts, reversals of earlier receipts and a final write-off, owed + received + written off = price to the cent,
 * owed never below zero (a receipt above it is refused), and the entries balanced with the receivable moving by
 * exactly what was received.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBalance, priceReceiptPosting, priceReceiptReversalPosting, priceWriteOffPosting, receiptRefusal, type PriceMove } from '../../../../src/server/domain/servicing/cession-price';
import type { Posting } from '../../../../src/server/domain/ledger/posting';

const cents = (n: number) => new Decimal(n).div(100);

function signed(posting: Posting, account: string): Decimal {
  return posting.lines.filter((l) => l.account === account).reduce((s, l) => (l.side === 'debit' ? s.plus(l.amount) : s.minus(l.amount)), new Decimal(0));
}

describe('the price receivable over random receipts', () => {
  it('owed + received + written off = price, owed never negative, receivable moved by what was received', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.record({ step: fc.constantFrom('receipt', 'receipt', 'receipt', 'reverse'), cents: fc.integer({ min: 1, max: 50_000_000 }), pick: fc.nat() }), { maxLength: 40 }),
        fc.boolean(),
        (priceCents, steps, writeOffAtEnd) => {
          const price = cents(priceCents);
          const moves: PriceMove[] = [];
          const openReceipts: Decimal[] = [];
          let receivable = price;
          let bank = new Decimal(0);
          for (const step of steps) {
            const before = priceBalance(price, moves);
            if (step.step === 'reverse') {
              if (openReceipts.length === 0) continue;
              const [amount] = openReceipts.splice(step.pick % openReceipts.length, 1);
              const posting = priceReceiptReversalPosting(amount);
              receivable = receivable.plus(signed(posting, 'due_from_assignee'));
              bank = bank.plus(signed(posting, 'bank'));
              moves.push({ kind: 'receipt_reversal', amount });
            } else {
              const amount = cents(step.cents);
              const refusal = receiptRefusal(before, amount);
              expect(refusal === 'above_owed').toBe(amount.gt(before.owed));
              if (refusal) continue;
              const posting = priceReceiptPosting(amount);
              receivable = receivable.plus(signed(posting, 'due_from_assignee'));
              bank = bank.plus(signed(posting, 'bank'));
              moves.push({ kind: 'receipt', amount });
              openReceipts.push(amount);
            }
            const after = priceBalance(price, moves);
            expect(after.owed.gte(0)).toBe(true);
            expect(after.owed.plus(after.received).plus(after.writtenOff).eq(price)).toBe(true);
            expect(receivable.eq(after.owed)).toBe(true);
            expect(bank.eq(after.received)).toBe(true);
          }
          if (writeOffAtEnd) {
            const before = priceBalance(price, moves);
            if (before.owed.gt(0)) {
              const posting = priceWriteOffPosting(before.owed);
              receivable = receivable.plus(signed(posting, 'due_from_assignee'));
              moves.push({ kind: 'write_off', amount: before.owed });
            }
            const after = priceBalance(price, moves);
            expect(after.owed.toFixed(2)).toBe('0.00');
            expect(after.received.plus(after.writtenOff).eq(price)).toBe(true);
            expect(receivable.toFixed(2)).toBe('0.00');
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses nothing-or-less, more than two places, and one cent above what is owed', () => {
    const balance = priceBalance('100.00', [{ kind: 'receipt', amount: '40.00' }]);
    expect(balance.owed.toFixed(2)).toBe('60.00');
    expect(receiptRefusal(balance, '0')).toBe('not_positive');
    expect(receiptRefusal(balance, '1.001')).toBe('not_positive');
    expect(receiptRefusal(balance, '60.01')).toBe('above_owed');
    expect(receiptRefusal(balance, '60.00')).toBeNull();
  });

  it('each posting is balanced and of its own kind', () => {
    for (const posting of [priceReceiptPosting('12.34'), priceReceiptReversalPosting('12.34'), priceWriteOffPosting('0.05')]) {
      const debits = posting.lines.filter((l) => l.side === 'debit').reduce((s, l) => s.plus(l.amount), new Decimal(0));
      const credits = posting.lines.filter((l) => l.side === 'credit').reduce((s, l) => s.plus(l.amount), new Decimal(0));
      expect(debits.eq(credits)).toBe(true);
    }
    expect(priceReceiptPosting('1.00').kind).toBe('cession_price_receipt');
    expect(priceReceiptReversalPosting('1.00').kind).toBe('cession_price_receipt_reversal');
    expect(priceWriteOffPosting('1.00').lines.map((l) => [l.account, l.side])).toEqual([
      ['cession_loss', 'debit'],
      ['due_from_assignee', 'credit'],
    ]);
  });
});
