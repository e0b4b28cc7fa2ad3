/**
 * The company's bank settlement tolerance (src/server/areas/collection/bank-settlement.ts) over the input space
 * (fast-check): a bank settlement short by at most the tolerance closes the installment, and its postings (the
 * payment as the amount due, the difference to rounding differences) balance with the bank moved by what it
 * credited; short by more, it is recorded as paid and the installment stays open with exactly the shortfall due.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTolerance } from '../../../../src/server/areas/collection/bank-settlement';
import { eventsOf, figuresOf, lateChargeTerms as asLate, type InstallmentRow, type ServicingContext } from '../../../../src/server/areas/collection/installments';
import type { InstallmentTransactionRow } from '../../../../src/server/areas/collection/schema';
import type { PaymentContext } from '../../../../src/server/areas/collection/payment-reads';
import { activePayments, amountDueAt, replayInstallment } from '../../../../src/server/domain/servicing/allocation';
import { addDays } from '../../../../src/server/domain/servicing/days';
import { paymentPosting, roundingPosting, toleratedSettlement } from '../../../../src/server/domain/servicing/postings';
import { trialBalance } from '../../../../src/server/domain/ledger/posting';

type Terms = ServicingContext['terms'];

/** The replay payBatch makes of an installment before a payment: every standing payment, as of today. */
function replayOfToday(ctx: PaymentContext, installment: InstallmentRow, rows: readonly InstallmentTransactionRow[], today: string) {
  return replayInstallment(figuresOf(installment), asLate(ctx.terms), activePayments(eventsOf(rows)), today);
}

describe('the bank settlement tolerance', () => {
  it('takes a difference up to the tolerance either way, never an exact payment nor one beyond it', () => {
    expect(toleratedSettlement('927.00', '927.73', '1.00')?.toFixed(2)).toBe('927.73');
    expect(toleratedSettlement('927.77', '927.73', '1.00')?.toFixed(2)).toBe('927.73');
    expect(toleratedSettlement('926.73', '927.73', '1.00')?.toFixed(2)).toBe('927.73');
    expect(toleratedSettlement('926.72', '927.73', '1.00')).toBeNull();
    expect(toleratedSettlement('927.73', '927.73', '1.00')).toBeNull();
    expect(toleratedSettlement('927.00', '927.73', '0')).toBeNull();
  });

  it('short by at most the tolerance closes the installment with balanced postings; short by more leaves the shortfall open (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('none', 'compound_daily', 'simple_daily'),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (principalCents, interestCents, feeBp, moraBp, remuneratory, late, shortCents, toleranceCents) => {
          const dueDate = '2026-02-12';
          const terms: Terms = {
            late_fee_percent: new Decimal(feeBp).div(100).toFixed(2),
            default_interest_monthly_percent: new Decimal(moraBp).div(100).toFixed(2),
            contract_monthly_percent: '2.50',
            remuneratory: remuneratory as Terms['remuneratory'],
            late_days_from: 'payable_until',
            legacy_until: null,
          };
          const installment = { due_date: dueDate, amortization: new Decimal(principalCents).div(100).toFixed(2), interest: new Decimal(interestCents).div(100).toFixed(2) } as InstallmentRow;
          const figures = { dueDate, principal: installment.amortization, interest: installment.interest };
          const paidOn = addDays(dueDate, late);
          const due = amountDueAt(figures, asLate(terms), [], paidOn);
          const short = new Decimal(shortCents).div(100);
          const tolerance = new Decimal(toleranceCents).div(100);
          const paid = due.minus(short);
          if (paid.lte(0)) return;
          const tolerated = applyTolerance({ terms }, installment, [], paid.toFixed(2), paidOn, tolerance);
          if (short.lte(tolerance)) {
            expect(tolerated).not.toBeNull();
            const replay = replayInstallment(figures, asLate(terms), [{ id: 'bank', date: paidOn, amount: tolerated!.amount }], paidOn);
            expect(replay.state.status).toBe('paid');
            const lines = [...paymentPosting(replay.allocations[0].split).lines, ...roundingPosting(tolerated!.short).lines];
            const tb = trialBalance(lines);
            expect(tb.debits.eq(tb.credits)).toBe(true);
            expect(tb.balances.bank.eq(paid)).toBe(true);
            expect(tb.balances.rounding_differences.eq(short)).toBe(true);
          } else {
            expect(tolerated).toBeNull();
            const replay = replayInstallment(figures, asLate(terms), [{ id: 'bank', date: paidOn, amount: paid }], paidOn);
            expect(replay.state.status).toBe('partially_paid');
            expect(replay.state.dueTotal.eq(short)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads what is due from the batch's own replay when paid today after every standing payment, and answers as the replay of that day does (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('none', 'compound_daily', 'simple_daily'),
        fc.array(fc.record({ daysBefore: fc.integer({ min: 0, max: 60 }), cents: fc.integer({ min: 1, max: 5_000 }), reversed: fc.boolean() }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: -150, max: 150 }),
        (principalCents, moraBp, remuneratory, earlier, late, offsetCents) => {
          const dueDate = '2026-02-12';
          const terms: Terms = {
            late_fee_percent: '2.00',
            default_interest_monthly_percent: new Decimal(moraBp).div(100).toFixed(2),
            contract_monthly_percent: '2.50',
            remuneratory: remuneratory as Terms['remuneratory'],
            late_days_from: 'payable_until',
            legacy_until: null,
          };
          const installment = { due_date: dueDate, amortization: new Decimal(principalCents).div(100).toFixed(2), interest: '10.00' } as InstallmentRow;
          const today = addDays(dueDate, late);
          // Earlier payments (some reversed), all dated on or before today, each well under what is due.
          const rows: InstallmentTransactionRow[] = [];
          earlier.forEach((e, k) => {
            const day = addDays(today, -e.daysBefore);
            rows.push({ id: 2 * k + 1, kind: 'payment', amount: new Decimal(e.cents).div(100).toFixed(2), paid_on: day, reverses_id: null } as InstallmentTransactionRow);
            if (e.reversed) rows.push({ id: 2 * k + 2, kind: 'reversal', amount: new Decimal(e.cents).div(100).toFixed(2), paid_on: today, reverses_id: 2 * k + 1 } as InstallmentTransactionRow);
          });
          const ctx = { terms } as PaymentContext;
          const replayed = replayOfToday(ctx, installment, rows, today);
          const due = amountDueAt({ dueDate, principal: installment.amortization, interest: installment.interest }, asLate(terms), activePayments(eventsOf(rows)), today);
          const paid = due.plus(new Decimal(offsetCents).div(100));
          if (paid.lte(0)) return;
          const tolerance = new Decimal('1.00');
          const slow = applyTolerance(ctx, installment, rows, paid.toFixed(2), today, tolerance);
          const fast = applyTolerance(ctx, installment, rows, paid.toFixed(2), today, tolerance, replayed, today);
          expect(replayed.state.dueTotal.eq(due)).toBe(true);
          expect(fast === null ? null : { amount: fast.amount, short: fast.short.toFixed(2) }).toEqual(slow === null ? null : { amount: slow.amount, short: slow.short.toFixed(2) });
        },
      ),
      { numRuns: 300 },
    );
  });
});
