/**
 * The company's settlement tolerance on an agreement installment paid by a provider (a bank's return line, a Pix:
 * domain/renegotiation/collection.ts providerSettlement) over the input space (fast-check): within the tolerance of
 * what is due, either way, the payment records what is due and closes the installment, its postings (the payment split
 * among the agreement's operations, the difference to rounding differences) balance with the bank moved by what was
 * credited; short by more, it records what was credited and exactly the shortfall stays open; over by more, a return
 * line (capAtDue) pays what is due and leaves the excess to the caller (suspense), a Pix is refused whole.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreementInstallmentStatus, figuresOf, paymentPostings, providerSettlement } from '../../../../src/server/domain/renegotiation/collection';
import { amountDueAt, replayInstallment } from '../../../../src/server/domain/servicing/allocation';
import type { LateChargeTerms } from '../../../../src/server/domain/servicing/late-charges';
import { addDays } from '../../../../src/server/domain/servicing/days';
import { roundingPosting } from '../../../../src/server/domain/servicing/postings';
import { trialBalance } from '../../../../src/server/domain/ledger/posting';

const cents = (n: number) => new Decimal(n).div(100);

describe('the settlement tolerance on an agreement installment', () => {
  it('examples: either way within it, beyond it short, beyond it over with and without capAtDue', () => {
    const short = providerSettlement('299.60', '300.00', '1.00', false)!;
    expect([short.amount, short.taken, short.rounding].map((d) => d.toFixed(2))).toEqual(['300.00', '299.60', '0.40']);
    const over = providerSettlement('300.30', '300.00', '1.00', false)!;
    expect([over.amount, over.taken, over.rounding].map((d) => d.toFixed(2))).toEqual(['300.00', '300.30', '-0.30']);
    const partial = providerSettlement('298.50', '300.00', '1.00', false)!;
    expect([partial.amount, partial.taken, partial.rounding].map((d) => d.toFixed(2))).toEqual(['298.50', '298.50', '0.00']);
    const capped = providerSettlement('305.00', '300.00', '1.00', true)!;
    expect([capped.amount, capped.taken, capped.rounding].map((d) => d.toFixed(2))).toEqual(['300.00', '300.00', '0.00']);
    expect(providerSettlement('305.00', '300.00', '1.00', false)).toBeNull();
    expect(providerSettlement('10.00', '0.00', '1.00', true)).toBeNull();
  });

  it('settlement plus tolerance closes the installment with balanced postings; beyond it the shortfall stays open or the excess is left (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('none', 'compound_daily', 'simple_daily'),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: 0, max: 300 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 3 }),
        (principalCents, interestCents, feeBp, moraBp, remuneratory, late, offsetCents, toleranceCents, capAtDue, weights) => {
          const row = { dueDate: '2026-06-20', amortization: cents(principalCents).toFixed(2), interest: cents(interestCents).toFixed(2) };
          const figures = figuresOf(row, null);
          const terms: LateChargeTerms = {
            lateFeePercent: cents(feeBp).toFixed(2),
            defaultInterestMonthlyPercent: cents(moraBp).toFixed(2),
            remuneratory: remuneratory as LateChargeTerms['remuneratory'],
            contractMonthlyPercent: '1.50',
            legacyUntil: null,
            lateDaysFrom: 'payable_until',
          };
          const paidOn = addDays(row.dueDate, late);
          const due = amountDueAt(figures, terms, [], paidOn);
          const credited = due.plus(cents(offsetCents));
          if (credited.lte(0)) return;
          const tolerance = cents(toleranceCents);
          const settled = providerSettlement(credited, due, tolerance, capAtDue);
          const off = credited.minus(due);
          if (off.gt(tolerance) && !capAtDue) {
            expect(settled).toBeNull();
            return;
          }
          expect(settled).not.toBeNull();
          const { amount, taken, rounding } = settled!;
          const replay = replayInstallment(figures, terms, [{ id: 'provider', date: paidOn, amount }], paidOn);
          const status = agreementInstallmentStatus(replay.state);
          if (!off.lt(tolerance.neg())) {
            // Closed: within the tolerance (either way) or capped at what is due.
            expect(status).toBe('paid');
            expect(amount.eq(due)).toBe(true);
          } else {
            expect(replay.state.dueTotal.eq(off.neg())).toBe(true);
            expect(rounding.isZero()).toBe(true);
          }
          // What the provider's money did: the payment took `taken`, the rest (over beyond the tolerance) is left.
          expect(taken.plus(off.gt(tolerance) ? off : 0).eq(credited)).toBe(true);
          const lines = [
            ...paymentPostings(replay.allocations[0].split, weights.map((w, k) => ({ operationId: k + 1, weight: cents(w) }))).flatMap((p) => p.posting.lines),
            ...(rounding.isZero() ? [] : roundingPosting(rounding).lines),
          ];
          const tb = trialBalance(lines);
          expect(tb.debits.eq(tb.credits)).toBe(true);
          expect((tb.balances.bank ?? new Decimal(0)).eq(taken)).toBe(true);
          expect((tb.balances.rounding_differences ?? new Decimal(0)).eq(rounding)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
