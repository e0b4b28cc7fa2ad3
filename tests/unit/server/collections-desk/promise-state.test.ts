/**
 * A promise to pay's state (areas/collections-desk/promise-state.ts), over random promises, payments and business
 * dates (fast-check, fixed seed): kept iff the standing payments dated from the day it was made through the window's
 * last day (and not after the business date) add up to the amount; otherwise open up to that last day and broken
 * after it. The window's last day is the promised date moved to a business day plus the company's grace.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROMISE_GRACE_BUSINESS_DAYS, PromiseState } from '../../../../src/shared/contacts';
import { addDays, isBusinessDay } from '../../../../src/server/domain/servicing/business-days';
import { promiseStateOf, promiseWindowEnd } from '../../../../src/server/areas/collections-desk/promise-state';

const SEED = 20_260_225;
const BASE = '2026-01-01';

const cents = fc.integer({ min: 1, max: 500_000 }).map((c) => new Decimal(c).div(100).toFixed(2));
const day = (from: number, to: number) => fc.integer({ min: from, max: to }).map((n) => addDays(BASE, n));

const scenario = fc
  .record({
    madeOffset: fc.integer({ min: 0, max: 300 }),
    ahead: fc.integer({ min: 0, max: 60 }),
    amount: cents,
    payments: fc.array(fc.record({ offset: fc.integer({ min: -20, max: 90 }), amount: cents }), { maxLength: 8 }),
    todayOffset: fc.integer({ min: 0, max: 90 }),
  })
  .map((s) => {
    const made_on = addDays(BASE, s.madeOffset);
    const promised_on = addDays(made_on, s.ahead);
    return {
      promise: { made_on, promised_on, amount: s.amount },
      payments: s.payments.map((p) => ({ paid_on: addDays(made_on, p.offset), amount: p.amount })),
      today: addDays(made_on, s.todayOffset),
    };
  });

describe('a promise to pay', () => {
  it('is kept iff what was paid within its window, up to today, reaches the amount; else open through the window, broken after', () => {
    fc.assert(
      fc.property(scenario, ({ promise, payments, today }) => {
        const end = promiseWindowEnd(promise.promised_on);
        const counted = payments.filter((p) => p.paid_on >= promise.made_on && p.paid_on <= end && p.paid_on <= today);
        const sum = counted.reduce((acc, p) => acc.plus(p.amount), new Decimal(0));
        const { state, paid } = promiseStateOf(promise, end, payments, today);
        expect(paid.toFixed(2)).toBe(sum.toFixed(2));
        const kept = sum.gte(promise.amount);
        expect(state === PromiseState.kept).toBe(kept);
        if (!kept) expect(state).toBe(today > end ? PromiseState.broken : PromiseState.open);
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  it('a payment before the promise or after its window never counts; the order of payments does not matter', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 30 }), ({ promise, payments, today }, beyond) => {
        const end = promiseWindowEnd(promise.promised_on);
        const outside = [
          { paid_on: addDays(promise.made_on, -1), amount: promise.amount },
          { paid_on: addDays(end, beyond), amount: promise.amount },
        ];
        const base = promiseStateOf(promise, end, payments, today);
        const withOutside = promiseStateOf(promise, end, [...outside, ...payments].reverse(), today);
        expect(withOutside.state).toBe(base.state);
        expect(withOutside.paid.toFixed(2)).toBe(base.paid.toFixed(2));
      }),
      { seed: SEED + 1, numRuns: 1_000 },
    );
  });

  it('its window ends on a business day, the grace after the promised date (moved to a business day when it is not one)', () => {
    fc.assert(
      fc.property(day(0, 720), (promised) => {
        const end = promiseWindowEnd(promised);
        expect(isBusinessDay(end)).toBe(true);
        expect(end > promised).toBe(true);
        let businessDaysAfter = 0;
        for (let d = addDays(promised, 1); d <= end; d = addDays(d, 1)) if (isBusinessDay(d)) businessDaysAfter++;
        expect(businessDaysAfter).toBe(isBusinessDay(promised) ? PROMISE_GRACE_BUSINESS_DAYS : PROMISE_GRACE_BUSINESS_DAYS + 1);
      }),
      { seed: SEED + 2, numRuns: 1_000 },
    );
  });

  it('examples: a promise for Wednesday 2026-02-25 is open through Friday 27, broken on Monday; Carnival moves a Sunday promise on', () => {
    const promise = { made_on: '2026-02-20', promised_on: '2026-02-25', amount: '250.00' };
    const end = promiseWindowEnd(promise.promised_on);
    expect(end).toBe('2026-02-27');
    expect(promiseStateOf(promise, end, [], '2026-02-27').state).toBe(PromiseState.open);
    expect(promiseStateOf(promise, end, [], '2026-03-02').state).toBe(PromiseState.broken);
    expect(promiseStateOf(promise, end, [{ paid_on: '2026-02-27', amount: '250.00' }], '2026-03-02').state).toBe(PromiseState.kept);
    expect(promiseStateOf(promise, end, [{ paid_on: '2026-02-27', amount: '249.99' }], '2026-03-02').state).toBe(PromiseState.broken);
    // Sunday 2026-02-15 before Carnival Monday and Tuesday: payable on Wednesday 18, grace through Friday 20.
    expect(promiseWindowEnd('2026-02-15')).toBe('2026-02-20');
  });
});
