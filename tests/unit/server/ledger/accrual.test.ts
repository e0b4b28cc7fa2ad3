/**
 * The competence-basis accrual (domain/ledger/accrual.ts) over schedules the product builds (fast-check, fixed
 * seed): at each due date the recognised total equals the schedule's interest to that date to the cent, so an
 * operation paid on time ends with all of its schedule interest accrued; the total never falls as the date moves
 * on, is never negative, never passes an installment's own interest within its period, and nothing is recognised
 * before the disbursement or beyond the last due date.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from '../../../../src/server/domain/credit/calendar';
import { buildSchedule, type ScheduleInput } from '../../../../src/server/domain/credit/schedule';
import { accrualPostingDate, accrualScheduleOf, accruedByInstallment, accruedInterest, periodShare, scheduleInterest, type AccrualSchedule } from '../../../../src/server/domain/ledger/accrual';

const SEED = 20_261_202;

const inputs = fc.record({
  amortization: fc.constantFrom<'price' | 'sac'>('price', 'sac'),
  principal: fc.integer({ min: 10_000, max: 100_000_000 }).map((c) => new Decimal(c).div(100).toFixed(2)),
  monthlyRatePercent: fc.integer({ min: 0, max: 150_000 }).map((r) => new Decimal(r).div(10_000).toFixed(4)),
  installments: fc.oneof(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 360 })),
  disbursementDate: fc.integer({ min: 0, max: 3_000 }).map((d) => addDays('2024-01-01', d)),
  firstPeriod: fc.integer({ min: 1, max: 60 }),
});

function scheduleOf(i: { amortization: 'price' | 'sac'; principal: string; monthlyRatePercent: string; installments: number; disbursementDate: string; firstPeriod: number }): { input: ScheduleInput; accrual: AccrualSchedule } {
  const input: ScheduleInput = { ...i, firstDueDate: addDays(i.disbursementDate, i.firstPeriod) };
  const rows = buildSchedule(input);
  return { input, accrual: accrualScheduleOf(input.disbursementDate, input.principal, rows.map((r) => ({ dueDate: r.dueDate, interest: r.interest, balance: r.balance }))) };
}

describe('accrual on the competence basis', () => {
  it('paid on time: at every due date the total is the schedule interest so far, to the cent; at the end all of it', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const { accrual } = scheduleOf(i);
        // every due date of a short schedule; about 24 spread over a long one (each check walks the whole schedule)
        const step = Math.max(1, Math.floor(accrual.installments.length / 24));
        let sum = new Decimal(0);
        accrual.installments.forEach((row, k) => {
          sum = sum.plus(row.interest);
          if (k % step === 0 || k === accrual.installments.length - 1) expect(accruedInterest(accrual, row.dueDate).toFixed(2)).toBe(sum.toFixed(2));
        });
        expect(accruedInterest(accrual, addDays(accrual.installments.at(-1)!.dueDate, 400)).toFixed(2)).toBe(scheduleInterest(accrual).toFixed(2));
      }),
      { seed: SEED, numRuns: 300 },
    );
  }, 60_000);

  it('monotone, never negative, every installment within its own interest, whole cents; nothing before the disbursement', () => {
    fc.assert(
      fc.property(inputs.filter((i) => i.installments <= 24), fc.array(fc.integer({ min: -40, max: 800 }), { minLength: 2, maxLength: 12 }), (i, offsets) => {
        const { accrual } = scheduleOf(i);
        const days = [...offsets].sort((a, b) => a - b).map((d) => addDays(i.disbursementDate, d));
        let before = new Decimal(0);
        for (const d of days) {
          const per = accruedByInstallment(accrual, d);
          per.forEach((a, k) => {
            expect(a.gte(0)).toBe(true);
            expect(a.lte(accrual.installments[k].interest)).toBe(true);
            expect(a.decimalPlaces()).toBeLessThanOrEqual(2);
          });
          const total = accruedInterest(accrual, d);
          expect(total.gte(before)).toBe(true);
          if (dayNumber(d) <= dayNumber(i.disbursementDate)) expect(total.isZero()).toBe(true);
          before = total;
        }
      }),
      { seed: SEED + 1, numRuns: 400 },
    );
  }, 60_000);

  it('a period earns compounded: less than straight-line mid-period, exactly the interest at its end', () => {
    const share = (t: number) => periodShare(new Decimal('100.00'), new Decimal('1000.00'), t, 30, 'compound');
    expect(share(0).toFixed(2)).toBe('0.00');
    expect(share(15).toFixed(2)).toBe('48.81'); // 1000 × (1.1^(1/2) − 1)
    expect(share(30).toFixed(2)).toBe('100.00');
    expect(periodShare(new Decimal('100.00'), new Decimal('1000.00'), 15, 30, 'simple').toFixed(2)).toBe('50.00');
    // no balance to run on: straight line
    expect(periodShare(new Decimal('10.00'), new Decimal(0), 15, 30, 'compound').toFixed(2)).toBe('5.00');
  });

  it('a 360-installment schedule at 15% a month answers every date quickly', () => {
    const { accrual } = scheduleOf({ amortization: 'price', principal: '1000000.00', monthlyRatePercent: '15.0000', installments: 360, disbursementDate: '2025-01-31', firstPeriod: 60 });
    const started = performance.now();
    for (let d = 0; d < 11_000; d += 37) accruedInterest(accrual, addDays('2025-01-31', d));
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(accruedInterest(accrual, '2060-01-01').toFixed(2)).toBe(scheduleInterest(accrual).toFixed(2));
  });
});

describe('accrualPostingDate: a run never posts into a closed month', () => {
  it('keeps the date when no month is closed or its month is open', () => {
    expect(accrualPostingDate('2026-05-20', null)).toBe('2026-05-20');
    expect(accrualPostingDate('2026-05-20', '2026-04')).toBe('2026-05-20');
  });
  it('moves a date of a closed month to the first day of the month after the last close', () => {
    expect(accrualPostingDate('2026-05-20', '2026-05')).toBe('2026-06-01');
    expect(accrualPostingDate('2026-03-31', '2026-05')).toBe('2026-06-01');
    expect(accrualPostingDate('2026-12-31', '2026-12')).toBe('2027-01-01');
  });
});
