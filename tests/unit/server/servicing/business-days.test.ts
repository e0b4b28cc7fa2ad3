/**
 * Bank business days (src/server/domain/servicing/business-days.ts): the
 * holiday library checked against a table written from the laws, and the
 * "payable on the next business day" rule.
 */
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  bankHolidays,
  isBusinessDay,
  nextBusinessDay,
  payableUntil,
  previousBusinessDay,
  weekday,
} from '../../../../src/server/domain/servicing/business-days';

/**
 * Written by hand, not generated: fixed national holidays (Lei 662/1949 with
 * Lei 10.607/2002; 12 Oct by Lei 6.802/1980; 20 Nov by Lei 14.759/2023) and
 * the Easter-based ones from the Easter Sundays 2024-03-31, 2025-04-20,
 * 2026-04-05, 2027-03-28, 2028-04-16, 2029-04-01, 2030-04-21 (Carnival Monday
 * and Tuesday = Easter − 48/−47, Good Friday = −2, Corpus Christi = +60).
 */
const FIXED = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'];
const MOVABLE: Record<number, string[]> = {
  2024: ['02-12', '02-13', '03-29', '05-30'],
  2025: ['03-03', '03-04', '04-18', '06-19'],
  2026: ['02-16', '02-17', '04-03', '06-04'],
  2027: ['02-08', '02-09', '03-26', '05-27'],
  2028: ['02-28', '02-29', '04-14', '06-15'],
  2029: ['02-12', '02-13', '03-30', '05-31'],
  2030: ['03-04', '03-05', '04-19', '06-20'],
};

describe('bank holidays', () => {
  for (const year of Object.keys(MOVABLE).map(Number)) {
    it(`match the written table in ${year}`, () => {
      const expected = [...FIXED, ...MOVABLE[year]].map((md) => `${year}-${md}`).sort();
      // Election days are national holidays too, always on a Sunday: they never move a due date.
      const fromLibrary = bankHolidays(year)
        .map((h) => h.date)
        .filter((d) => !(weekday(d) === 0 && !expected.includes(d)));
      expect(fromLibrary).toEqual(expected);
    });
  }

  it('include Carnival Monday and Tuesday and Corpus Christi, not Ash Wednesday', () => {
    expect(isBusinessDay('2025-03-03')).toBe(false);
    expect(isBusinessDay('2025-03-04')).toBe(false);
    expect(isBusinessDay('2025-03-05')).toBe(true);
    expect(isBusinessDay('2025-06-19')).toBe(false);
  });

  it('start Consciência Negra in 2024, when the law made it national', () => {
    expect(isBusinessDay('2023-11-20')).toBe(true); // a Monday
    expect(isBusinessDay('2024-11-20')).toBe(false); // a Wednesday
  });
});

describe('business-day arithmetic', () => {
  it('knows the weekdays without a time zone', () => {
    expect(weekday('2025-02-22')).toBe(6);
    expect(weekday('2025-02-23')).toBe(0);
    expect(weekday('2025-02-24')).toBe(1);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('moves a weekend or holiday due date to the next business day', () => {
    expect(payableUntil('2025-03-01')).toBe('2025-03-05'); // Saturday before Carnival
    expect(payableUntil('2025-04-18')).toBe('2025-04-22'); // Good Friday, then Tiradentes on Monday
    expect(payableUntil('2025-06-19')).toBe('2025-06-20'); // Corpus Christi
    expect(payableUntil('2025-12-25')).toBe('2025-12-26');
    expect(payableUntil('2025-06-18')).toBe('2025-06-18'); // already a business day
  });

  it('steps strictly forward and backward', () => {
    expect(nextBusinessDay('2025-06-18')).toBe('2025-06-20');
    expect(previousBusinessDay('2025-06-20')).toBe('2025-06-18');
    expect(nextBusinessDay('2024-12-31')).toBe('2025-01-02');
  });

  it('adds business days in both directions', () => {
    expect(addBusinessDays('2025-02-27', 0)).toBe('2025-02-27');
    expect(addBusinessDays('2025-02-27', 2)).toBe('2025-03-05'); // Fri 28, then over the weekend and Carnival
    expect(addBusinessDays('2025-03-05', -2)).toBe('2025-02-27');
    expect(addBusinessDays('2025-03-01', 1)).toBe('2025-03-05');
  });

  it('refuses what is not a calendar day', () => {
    expect(() => isBusinessDay('2025-02-30')).toThrow(RangeError);
    expect(() => isBusinessDay('25-02-01')).toThrow(RangeError);
    expect(() => addBusinessDays('2025-02-03', 1.5)).toThrow(RangeError);
    expect(() => isBusinessDay('1800-01-04')).toThrow(/supported range/); // a Saturday, still refused
    expect(() => isBusinessDay('2101-01-03')).toThrow(/supported range/);
  });
});
