/** The postings of a cession, its reversal and a payment owed to the assignee (src/server/domain/servicing/postings.ts). */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignedPaymentPosting, cessionPosting, cessionReversalPosting } from '../../../../src/server/domain/servicing/postings';
import { isBalanced, trialBalance, type Posting } from '../../../../src/server/domain/ledger/posting';
import { CHART_OF_ACCOUNTS } from '../../../../src/shared/ledger';

const show = (p: Posting) => p.lines.map((l) => `${l.side === 'debit' ? 'D' : 'C'} ${CHART_OF_ACCOUNTS[l.account].code} ${l.amount.toFixed(2)}`);

describe('cession postings', () => {
  it('a sale above the open principal: receivable out, price due from the assignee, the difference a gain', () => {
    expect(show(cessionPosting({ price: '900.00', carrying: '800.00' }))).toEqual(['D 1.3.01 900.00', 'C 1.2.01 800.00', 'C 3.1.04 100.00']);
  });
  it('a sale below it: the difference a loss; at par: no result line', () => {
    expect(show(cessionPosting({ price: '750.00', carrying: '800.00' }))).toEqual(['D 1.3.01 750.00', 'C 1.2.01 800.00', 'D 4.1.03 50.00']);
    expect(show(cessionPosting({ price: '800.00', carrying: '800.00' }))).toEqual(['D 1.3.01 800.00', 'C 1.2.01 800.00']);
  });
  it('a cession of installments sold some above and some below their principal keeps gains and losses apart', () => {
    expect(show(cessionPosting({ price: '900.00', carrying: '850.00', gain: '100.00', loss: '50.00' }))).toEqual([
      'D 1.3.01 900.00',
      'C 1.2.01 850.00',
      'C 3.1.04 100.00',
      'D 4.1.03 50.00',
    ]);
    expect(() => cessionPosting({ price: '900.00', carrying: '850.00', gain: '100.00', loss: '10.00' })).toThrow(RangeError);
  });
  it('the reversal swaps every line, so a cession and its reversal leave every account where it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (priceCents, carryingCents) => {
        const figures = { price: new Decimal(priceCents).div(100), carrying: new Decimal(carryingCents).div(100) };
        const sale = cessionPosting(figures);
        const undo = cessionReversalPosting(figures);
        expect(undo.kind).toBe('cession_reversal');
        expect(isBalanced(sale.lines) && isBalanced(undo.lines)).toBe(true);
        const tb = trialBalance([...sale.lines, ...undo.lines]);
        expect(Object.values(tb.balances).every((b) => b.isZero())).toBe(true);
      }),
      { seed: 1717, numRuns: 200 },
    );
  });
  it("a payment of an assigned installment is the assignee's money, whatever its split", () => {
    const split = { lateFee: new Decimal('2.00'), defaultInterest: new Decimal('1.10'), interest: new Decimal('20.00'), principal: new Decimal('100.00') };
    expect(show(assignedPaymentPosting(split))).toEqual(['D 1.1.01 123.10', 'C 2.1.02 123.10']);
  });
});
