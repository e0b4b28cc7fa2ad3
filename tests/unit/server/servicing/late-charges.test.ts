/** Late charges (src/server/domain/servicing/late-charges.ts): worked examples, the grace of a non-business due date, the legal caps, monotony. */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../src/server/domain/servicing/days';
import { daysLate, lateChargesAt, type LateChargeTerms } from '../../../../src/server/domain/servicing/late-charges';

const terms: LateChargeTerms = { lateFeePercent: '2', defaultInterestMonthlyPercent: '1', contractMonthlyPercent: '3' };
const fixed = (c: ReturnType<typeof lateChargesAt>) => ({
  daysLate: c.daysLate,
  lateFee: c.lateFee.toFixed(2),
  defaultInterest: c.defaultInterest.toFixed(2),
  contractInterest: c.contractInterest.toFixed(2),
  total: c.total.toFixed(2),
});

describe('late charges', () => {
  it('charge nothing up to the due date', () => {
    expect(fixed(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-10', date: '2025-06-10', terms }))).toEqual({
      daysLate: 0,
      lateFee: '0.00',
      defaultInterest: '0.00',
      contractInterest: '0.00',
      total: '0.00',
    });
  });

  it('charge the multa once, and mora and contract interest by the day (worked by hand: R$ 1.000, 30 days)', () => {
    // 2% of 1000 = 20; mora 1% a month = 10 for 30 days; contract 3% a month = 30 for 30 days
    expect(fixed(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-10', date: '2025-07-10', terms }))).toEqual({
      daysLate: 30,
      lateFee: '20.00',
      defaultInterest: '10.00',
      contractInterest: '30.00',
      total: '60.00',
    });
    // one day: 1000 × 1%/30 = 0.333… → 0.33; 1000 × 3%/30 = 1.00
    expect(fixed(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-10', date: '2025-06-11', terms }))).toMatchObject({
      daysLate: 1,
      lateFee: '20.00',
      defaultInterest: '0.33',
      contractInterest: '1.00',
    });
  });

  it('let a due date on a holiday or weekend be paid on the next business day without charges, then count from the due date', () => {
    // Corpus Christi 2025-06-19 (Thursday): payable on Friday 20 without charges
    expect(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-19', date: '2025-06-20', terms }).total.toFixed(2)).toBe('0.00');
    // Monday 23: four days late, counted from Thursday 19
    expect(fixed(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-19', date: '2025-06-23', terms }))).toMatchObject({
      daysLate: 4,
      lateFee: '20.00',
      defaultInterest: '1.33',
      contractInterest: '4.00',
    });
    // Saturday before Carnival: payable until Ash Wednesday
    expect(daysLate('2025-03-01', '2025-03-05')).toBe(0);
    expect(daysLate('2025-03-01', '2025-03-06')).toBe(5);
  });

  it('enforce the legal caps and refuse bad inputs with RangeError', () => {
    const at = (t: Partial<LateChargeTerms>, overdue: Decimal.Value = '100') =>
      lateChargesAt({ overdue, dueDate: '2025-01-10', date: '2025-02-10', terms: { ...terms, ...t } });
    expect(() => at({ lateFeePercent: '2.01' })).toThrow(RangeError);
    expect(() => at({ defaultInterestMonthlyPercent: '1.0001' })).toThrow(RangeError);
    expect(() => at({ lateFeePercent: '-1' })).toThrow(RangeError);
    expect(() => at({ contractMonthlyPercent: '-0.5' })).toThrow(RangeError);
    expect(() => at({ contractMonthlyPercent: 'abc' })).toThrow(RangeError);
    expect(() => at({}, '10.001')).toThrow(RangeError);
    expect(() => at({}, '-1')).toThrow(RangeError);
    expect(() => at({}, Number.NaN)).toThrow(RangeError);
    expect(at({ lateFeePercent: '2', defaultInterestMonthlyPercent: '1' }).total.gt(0)).toBe(true);
  });

  it('grow with the days late, each charge and the total (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (baseCents, fee, mora, contract, dueOffset, a, b) => {
          const t: LateChargeTerms = {
            lateFeePercent: new Decimal(fee).div(100),
            defaultInterestMonthlyPercent: new Decimal(mora).div(100),
            contractMonthlyPercent: new Decimal(contract).div(100),
          };
          const dueDate = addDays('2024-01-01', dueOffset);
          const overdue = new Decimal(baseCents).div(100);
          const early = lateChargesAt({ overdue, dueDate, date: addDays(dueDate, Math.min(a, b)), terms: t });
          const late = lateChargesAt({ overdue, dueDate, date: addDays(dueDate, Math.max(a, b)), terms: t });
          expect(late.daysLate).toBeGreaterThanOrEqual(early.daysLate);
          expect(late.lateFee.gte(early.lateFee)).toBe(true);
          expect(late.defaultInterest.gte(early.defaultInterest)).toBe(true);
          expect(late.contractInterest.gte(early.contractInterest)).toBe(true);
          expect(late.total.gte(early.total)).toBe(true);
          expect(early.lateFee.lte(overdue.mul('0.02').toDecimalPlaces(2, Decimal.ROUND_HALF_UP))).toBe(true);
        },
      ),
      { seed: 52, numRuns: 150 },
    );
  });
});
