/** Payment allocation and replay (src/server/domain/servicing/allocation.ts). */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLOCATION_ORDER,
  activePayments,
  amountDueAt,
  checkNewPayment,
  OverpaymentError,
  reallocationChanges,
  replayEvents,
  replayInstallment,
  replayStanding,
  splitTotal,
  type InstallmentEvent,
  type InstallmentFigures,
  type PaymentRecord,
  type Split,
} from '../../../../src/server/domain/servicing/allocation';
import { addDays } from '../../../../src/server/domain/servicing/days';
import type { LateChargeTerms } from '../../../../src/server/domain/servicing/late-charges';

/** Worked figures of a contract issued before the clause was frozen (1/30 of the rate a day, from the printed due date); the properties run every clause. */
const terms: LateChargeTerms = { lateFeePercent: '2', defaultInterestMonthlyPercent: '1', remuneratory: 'simple_daily', contractMonthlyPercent: '3', lateDaysFrom: 'due_date' };
const installment: InstallmentFigures = { dueDate: '2025-06-10', principal: '900.00', interest: '100.00' };
const text = (s: Split) => Object.fromEntries(ALLOCATION_ORDER.map((b) => [b, s[b].toFixed(2)]));

describe('allocation order and partial payments (worked by hand)', () => {
  const onTime: PaymentRecord = { id: 'p1', date: '2025-06-10', amount: '400.00' };
  const late: PaymentRecord = { id: 'p2', date: '2025-07-10', amount: '100.00' };

  it('pays scheduled interest before principal on time, and leaves the rest open', () => {
    const { allocations, state } = replayInstallment(installment, terms, [onTime], '2025-06-10');
    expect(text(allocations[0].split)).toEqual({ lateFee: '0.00', defaultInterest: '0.00', interest: '100.00', principal: '300.00' });
    expect(state.status).toBe('partially_paid');
    expect(state.valueOpen.toFixed(2)).toBe('600.00');
    expect(state.overdue).toBe(false);
  });

  it('pays late fee, default interest, contract interest, then principal when late', () => {
    // 30 days late on 600 open: multa 2% = 12.00, mora 1%/30 × 30 = 6.00, contract 3%/30 × 30 = 18.00
    const { allocations, state } = replayInstallment(installment, terms, [onTime, late], '2025-07-10');
    expect(text(allocations[1].split)).toEqual({ lateFee: '12.00', defaultInterest: '6.00', interest: '18.00', principal: '64.00' });
    expect(state.due.principal.toFixed(2)).toBe('536.00');
    expect(state.daysLate).toBe(30);
  });

  it('keeps accruing on what is left, and refuses a payment above the amount due, naming it', () => {
    // 10 more days on 536: mora 536 × 1%/30 × 10 = 1.786… → 1.79; contract 536 × 3%/30 × 10 = 5.36
    const { state } = replayInstallment(installment, terms, [onTime, late], '2025-07-20');
    expect(text(state.due)).toEqual({ lateFee: '0.00', defaultInterest: '1.79', interest: '5.36', principal: '536.00' });
    expect(state.dueTotal.toFixed(2)).toBe('543.15');
    expect(state.daysLate).toBe(40);
    expect(state.charges.lateFee.toFixed(2)).toBe('12.00');

    const tooMuch = checkNewPayment(installment, terms, [onTime, late], { id: 'p3', date: '2025-07-20', amount: '543.16' }, '2025-07-20');
    expect(tooMuch.ok).toBe(false);
    if (!tooMuch.ok) {
      expect(tooMuch.amountDue.toFixed(2)).toBe('543.15');
      expect(tooMuch.conflict.id).toBe('p3');
    }
    expect(() => replayInstallment(installment, terms, [onTime, late, { id: 'p3', date: '2025-07-20', amount: '543.16' }], '2025-07-20')).toThrow(
      OverpaymentError,
    );

    const exact = checkNewPayment(installment, terms, [onTime, late], { id: 'p3', date: '2025-07-20', amount: '543.15' }, '2025-08-31');
    expect(exact.ok).toBe(true);
    if (exact.ok) {
      expect(exact.replay.state.status).toBe('paid');
      expect(exact.replay.state.paidOn).toBe('2025-07-20');
      expect(exact.replay.state.dueTotal.toFixed(2)).toBe('0.00');
      expect(exact.replay.state.overdue).toBe(false);
    }
  });

  it('charges nothing when a holiday due date is paid on the next business day', () => {
    const holiday = { ...installment, dueDate: '2025-06-19' };
    const { allocations, state } = replayInstallment(holiday, terms, [{ id: 'p', date: '2025-06-20', amount: '1000.00' }], '2025-06-30');
    expect(text(allocations[0].split)).toEqual({ lateFee: '0.00', defaultInterest: '0.00', interest: '100.00', principal: '900.00' });
    expect(state.status).toBe('paid');
    expect(amountDueAt(holiday, terms, [], '2025-06-20').toFixed(2)).toBe('1000.00');
    expect(amountDueAt(holiday, terms, [], '2025-06-23').gt(1000)).toBe(true);
  });

  it('shows the state as of a date before later payments', () => {
    const { allocations, state } = replayInstallment(installment, terms, [onTime, late], '2025-06-15');
    expect(allocations).toHaveLength(2);
    expect(state.paidTotal.toFixed(2)).toBe('400.00');
    expect(state.daysLate).toBe(5);
  });

  it('refuses bad figures and payments', () => {
    expect(() => replayInstallment({ ...installment, principal: '0', interest: '0' }, terms, [], '2025-06-10')).toThrow(RangeError);
    expect(() => replayInstallment(installment, terms, [{ id: 'x', date: '2025-06-10', amount: '0' }], '2025-06-10')).toThrow(/positive/);
    expect(() => replayInstallment(installment, terms, [{ id: 'x', date: '2025-06-10', amount: '1.001' }], '2025-06-10')).toThrow(/two decimal/);
    expect(() => replayInstallment(installment, terms, [onTime, { ...late, id: 'p1' }], '2025-06-10')).toThrow(/twice/);
    expect(() => replayInstallment(installment, terms, [{ ...onTime, date: '2025-02-30' }], '2025-06-10')).toThrow(RangeError);
  });
});

describe('payments and reversals dated in the past re-allocate the later ones', () => {
  const late: PaymentRecord = { id: 'late', date: '2025-07-10', amount: '300.00' };

  it('a back-dated payment changes the split of a later payment, and says which', () => {
    const before = replayInstallment(installment, terms, [late], '2025-07-31');
    const after = replayInstallment(installment, terms, [late, { id: 'early', date: '2025-06-20', amount: '500.00' }], '2025-07-31');
    expect(after.allocations.map((a) => a.id)).toEqual(['early', 'late']);
    const changes = reallocationChanges(before.allocations, after.allocations);
    expect(changes.map((c) => c.id)).toEqual(['late']);
    expect(splitTotal(changes[0].before).eq(splitTotal(changes[0].after))).toBe(true);
    expect(changes[0].after.principal.gt(changes[0].before.principal)).toBe(true);
  });

  it('a back-dated payment that would push a later payoff above its due is refused, naming the later payment', () => {
    const payoff = amountDueAt(installment, terms, [], '2025-07-10');
    const check = checkNewPayment(installment, terms, [{ id: 'payoff', date: '2025-07-10', amount: payoff }], { id: 'back', date: '2025-06-20', amount: '100.00' }, '2025-07-31');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.conflict.id).toBe('payoff');
  });

  it('a reversal removes its payment and re-allocates the later ones as if it had never been made', () => {
    const events: InstallmentEvent[] = [
      { kind: 'payment', id: 'a', date: '2025-06-05', amount: '200.00' },
      { kind: 'payment', id: 'b', date: '2025-07-01', amount: '150.00' },
      { kind: 'reversal', id: 'r', date: '2025-07-15', reverses: 'a' },
    ];
    const reversed = replayEvents(installment, terms, events, '2025-08-01');
    const never = replayInstallment(installment, terms, [{ id: 'b', date: '2025-07-01', amount: '150.00' }], '2025-08-01');
    expect(reversed).toEqual(never);
    expect(reversed.state.status).toBe('partially_paid');
  });

  it('refuses dangling, double and back-dated reversals', () => {
    const pay: InstallmentEvent = { kind: 'payment', id: 'a', date: '2025-06-05', amount: '10.00' };
    expect(() => activePayments([{ kind: 'reversal', id: 'r', date: '2025-06-06', reverses: 'a' }])).toThrow(/names no earlier payment/);
    expect(() => activePayments([pay, { kind: 'reversal', id: 'r', date: '2025-06-06', reverses: 'a' }, { kind: 'reversal', id: 's', date: '2025-06-07', reverses: 'a' }])).toThrow(
      /already reversed/,
    );
    expect(() => activePayments([pay, { kind: 'reversal', id: 'r', date: '2025-06-04', reverses: 'a' }])).toThrow(/before its payment/);
  });
});

// ---------------------------------------------------------------------------
// Properties

const termsArb = fc.record({
  lateFeePercent: fc.integer({ min: 0, max: 200 }).map((n) => new Decimal(n).div(100)),
  defaultInterestMonthlyPercent: fc.integer({ min: 0, max: 100 }).map((n) => new Decimal(n).div(100)),
  contractMonthlyPercent: fc.integer({ min: 0, max: 800 }).map((n) => new Decimal(n).div(100)),
  remuneratory: fc.constantFrom('none', 'compound_daily', 'simple_daily') as fc.Arbitrary<LateChargeTerms['remuneratory']>,
  lateDaysFrom: fc.constantFrom('payable_until', 'due_date') as fc.Arbitrary<LateChargeTerms['lateDaysFrom']>,
});
const figuresArb = fc.record({
  dueDate: fc.integer({ min: 0, max: 2500 }).map((n) => addDays('2024-01-01', n)),
  principal: fc.integer({ min: 1, max: 5_000_000 }).map((n) => new Decimal(n).div(100)),
  interest: fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Decimal(n).div(100)),
});
/** Payment plans: day offsets from 20 days before the due date and the fraction of what is due then. */
const planArb = fc.array(fc.record({ offset: fc.integer({ min: -20, max: 120 }), share: fc.integer({ min: 1, max: 1000 }) }), { maxLength: 6 });

/** Payments that each fit what is due at their date (built in date order). */
function fittingPayments(figures: InstallmentFigures, t: LateChargeTerms, plan: { offset: number; share: number }[]): PaymentRecord[] {
  const payments: PaymentRecord[] = [];
  const ordered = [...plan].sort((a, b) => a.offset - b.offset);
  ordered.forEach(({ offset, share }, k) => {
    const date = addDays(figures.dueDate, offset);
    const due = amountDueAt(figures, t, payments, date);
    if (due.isZero()) return;
    const amount = Decimal.max(new Decimal('0.01'), due.mul(share).div(1000).toDecimalPlaces(2, Decimal.ROUND_DOWN));
    payments.push({ id: `p${k}`, date, amount });
  });
  return payments;
}

describe('allocation properties', () => {
  it('never allocates more than is due nor anything negative', () => {
    fc.assert(
      fc.property(figuresArb, termsArb, planArb, (figures, t, plan) => {
        const payments = fittingPayments(figures, t, plan);
        const asOf = addDays(figures.dueDate, 200);
        const { allocations, state } = replayInstallment(figures, t, payments, asOf);
        for (const a of allocations) {
          for (const b of ALLOCATION_ORDER) expect(a.split[b].gte(0)).toBe(true);
          expect(splitTotal(a.split).eq(a.amount)).toBe(true);
        }
        for (const b of ALLOCATION_ORDER) expect(state.due[b].gte(0)).toBe(true);
        expect(state.paid.lateFee.lte(state.charges.lateFee)).toBe(true);
        expect(state.paid.defaultInterest.lte(state.charges.defaultInterest)).toBe(true);
        expect(state.paid.interest.lte(state.charges.contractInterest.plus(figures.interest))).toBe(true);
        expect(state.paid.principal.lte(figures.principal)).toBe(true);
        expect(state.paid.principal.plus(state.due.principal).eq(figures.principal)).toBe(true);
        expect(state.paidTotal.eq(payments.reduce((s, p) => s.plus(p.amount), new Decimal(0)))).toBe(true);
      }),
      { seed: 1516, numRuns: 100 },
    );
  });

  it('a payment split never depends on later payments', () => {
    fc.assert(
      fc.property(figuresArb, termsArb, planArb, (figures, t, plan) => {
        const payments = fittingPayments(figures, t, plan);
        const asOf = addDays(figures.dueDate, 200);
        const full = replayInstallment(figures, t, payments, asOf).allocations;
        for (let k = 1; k <= payments.length; k++) {
          const prefix = replayInstallment(figures, t, payments.slice(0, k), asOf).allocations;
          expect(prefix).toEqual(full.slice(0, k));
        }
      }),
      { seed: 2007, numRuns: 40 },
    );
  });

  it('checking a new payment from the standing replay answers what checkNewPayment answers (dated last, back-dated, above its due)', () => {
    fc.assert(
      fc.property(
        figuresArb,
        termsArb,
        planArb,
        fc.integer({ min: -20, max: 140 }),
        fc.integer({ min: 1, max: 1200 }),
        fc.integer({ min: 0, max: 200 }),
        (figures, t, plan, offset, share, asOfOffset) => {
          const payments = fittingPayments(figures, t, plan);
          const asOf = addDays(figures.dueDate, asOfOffset);
          const date = addDays(figures.dueDate, offset);
          const due = amountDueAt(figures, t, payments, date);
          // up to 1.2 times what is due on its date: some fit, some are refused, some squeeze a later payment
          const amount = Decimal.max(new Decimal('0.01'), due.mul(share).div(1000).toDecimalPlaces(2, Decimal.ROUND_DOWN));
          const candidate: PaymentRecord = { id: 'new', date, amount };
          let standing;
          try {
            standing = replayStanding(figures, t, payments, asOf);
          } catch (error) {
            expect(() => replayInstallment(figures, t, payments, asOf)).toThrow((error as Error).message);
            return;
          }
          const { check, ...replay } = standing;
          expect(replay).toEqual(replayInstallment(figures, t, payments, asOf));
          expect(check(candidate)).toEqual(checkNewPayment(figures, t, payments, candidate, asOf));
        },
      ),
      { seed: 4220, numRuns: 300 },
    );
  });

  it('reversing any subset of payments gives the same state as never having made them', () => {
    fc.assert(
      fc.property(figuresArb, termsArb, planArb, fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), fc.integer({ min: 0, max: 60 }), (figures, t, plan, pick, lag) => {
        const payments = fittingPayments(figures, t, plan);
        const events: InstallmentEvent[] = payments.map((p) => ({ kind: 'payment', ...p }));
        const kept: PaymentRecord[] = [];
        payments.forEach((p, k) => {
          if (pick[k]) events.push({ kind: 'reversal', id: `r${k}`, date: addDays(p.date, lag), reverses: p.id });
          else kept.push(p);
        });
        const asOf = addDays(figures.dueDate, 150);
        const withReversals = replayEvents(figures, t, events, asOf);
        const neverMade = replayInstallment(figures, t, kept, asOf);
        expect(withReversals.state).toEqual(neverMade.state);
        expect(withReversals.allocations).toEqual(neverMade.allocations);
        // and the later splits that moved are exactly those reallocationChanges reports
        const before = replayInstallment(figures, t, payments, asOf).allocations;
        const changed = new Set(reallocationChanges(before, withReversals.allocations).map((c) => c.id));
        for (const a of withReversals.allocations) {
          const old = before.find((b) => b.id === a.id)!;
          expect(changed.has(a.id)).toBe(ALLOCATION_ORDER.some((b) => !old.split[b].eq(a.split[b])));
        }
      }),
      { seed: 3516, numRuns: 80 },
    );
  });
});
