import { describe, expect, it } from 'vitest';
import { calendarDayInSaoPaulo, clockFromEnv, SettableClock } from '../../../../src/server/platform/clock';

describe('the lender clock', () => {
  it('counts calendar days in São Paulo whatever the machine zone', () => {
    expect(calendarDayInSaoPaulo(new Date('2026-03-10T02:59:59Z'))).toBe('2026-03-09');
    expect(calendarDayInSaoPaulo(new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-10');
    expect(calendarDayInSaoPaulo(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('a settable clock holds a business date, moves it by days and goes back to the system day', () => {
    const clock = new SettableClock('2024-02-28');
    expect(clock.today()).toBe('2024-02-28');
    expect(clock.advance(1)).toBe('2024-02-29');
    expect(clock.advance(1)).toBe('2024-03-01');
    expect(clock.advance(-366)).toBe('2023-03-01');
    clock.set(null);
    expect(clock.today()).toBe(calendarDayInSaoPaulo(new Date()));
    // instants stay real while the business date is fixed
    clock.set('2020-01-01');
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('refuses a date that is not a calendar day', () => {
    expect(() => new SettableClock('2026-02-30')).toThrow(RangeError);
    expect(() => new SettableClock('26-02-01')).toThrow(RangeError);
    expect(() => clockFromEnv({ BACKOFFICE_BUSINESS_DATE: '2026-13-01' })).toThrow(RangeError);
  });

  it('takes the business date from BACKOFFICE_BUSINESS_DATE when set', () => {
    expect(clockFromEnv({ BACKOFFICE_BUSINESS_DATE: '2025-07-04' }).today()).toBe('2025-07-04');
    expect(clockFromEnv({}).today()).toBe(calendarDayInSaoPaulo(new Date()));
  });
});
