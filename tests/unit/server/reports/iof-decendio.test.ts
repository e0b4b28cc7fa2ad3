/**
 * The IOF decêndio rules (src/server/domain/iof-decendio.ts): which ten-day
 * period a day falls in, the DARF due date (third bank business day after
 * the period), the DARF code per payer, and the totals per period.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decendioOf, groupIofByDecendio, iofDueDate, payerType } from '../../../../src/server/domain/iof-decendio';
import { addDays, isBusinessDay } from '../../../../src/server/domain/servicing/business-days';

describe('decendioOf', () => {
  it.each([
    ['2026-01-01', 1, '2026-01-01', '2026-01-10'],
    ['2026-01-10', 1, '2026-01-01', '2026-01-10'],
    ['2026-01-11', 2, '2026-01-11', '2026-01-20'],
    ['2026-01-20', 2, '2026-01-11', '2026-01-20'],
    ['2026-01-21', 3, '2026-01-21', '2026-01-31'],
    ['2026-04-30', 3, '2026-04-21', '2026-04-30'],
    ['2026-02-28', 3, '2026-02-21', '2026-02-28'],
    ['2028-02-29', 3, '2028-02-21', '2028-02-29'],
    ['2100-02-25', 3, '2100-02-21', '2100-02-28'],
  ])('%s is decêndio %i (%s to %s)', (date, index, start, end) => {
    expect(decendioOf(date)).toEqual({ index, start, end });
  });

  it('contains the day, and the next period starts the day after it ends (property, fixed seed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 60 }), (n) => {
        const date = addDays('2000-01-01', n);
        const d = decendioOf(date);
        expect(d.start <= date && date <= d.end).toBe(true);
        expect(decendioOf(addDays(d.end, 1)).start).toBe(addDays(d.end, 1));
        expect(decendioOf(addDays(d.start, -1)).end).toBe(addDays(d.start, -1));
      }),
      { seed: 18, numRuns: 300 },
    );
  });
});

describe('iofDueDate: the third business day after the decêndio', () => {
  it.each([
    ['a Tuesday: Wed, Thu, Fri', '2026-02-10', '2026-02-13'],
    ['a Friday: the next Mon, Tue, Wed', '2026-02-20', '2026-02-25'],
    ['a Saturday month end (February)', '2026-02-28', '2026-03-04'],
    ['a leap-year February ending on Carnival Tuesday (Ash Wednesday counts)', '2028-02-29', '2028-03-03'],
    ['a Monday before Tiradentes (21 Apr, a holiday)', '2026-04-20', '2026-04-24'],
    ['a Friday holiday (20 Nov)', '2026-11-20', '2026-11-25'],
    ['the year end, over New Year’s Day', '2026-12-31', '2027-01-06'],
  ])('%s', (_why, end, due) => {
    expect(iofDueDate(end)).toBe(due);
  });

  it('is always a business day after the period, with exactly two business days between (property, fixed seed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 60 }), (n) => {
        const { end } = decendioOf(addDays('2000-01-01', n));
        const due = iofDueDate(end);
        expect(isBusinessDay(due)).toBe(true);
        let between = 0;
        for (let d = addDays(end, 1); d < due; d = addDays(d, 1)) if (isBusinessDay(d)) between += 1;
        expect(between).toBe(2);
      }),
      { seed: 18, numRuns: 300 },
    );
  });
});

describe('payer and DARF code', () => {
  it('individuals are PF; companies, Simples and MEI are PJ', () => {
    expect(payerType('PF')).toBe('PF');
    expect(payerType('PJ')).toBe('PJ');
    expect(payerType('SIMPLES')).toBe('PJ');
    expect(payerType('MEI')).toBe('PJ');
  });
});

describe('groupIofByDecendio', () => {
  it('sums per period and payer with decimal arithmetic, periods in date order, PF before PJ', () => {
    const groups = groupIofByDecendio([
      { date: '2026-01-25', personType: 'MEI', amount: '0.10' },
      { date: '2026-01-15', personType: 'PJ', amount: '10.05' },
      { date: '2026-01-12', personType: 'PF', amount: '0.10' },
      { date: '2026-01-20', personType: 'PF', amount: '0.20' },
      { date: '2026-01-31', personType: 'SIMPLES', amount: '0.20' },
    ]);
    expect(groups).toEqual([
      {
        decendio: { index: 2, start: '2026-01-11', end: '2026-01-20' },
        due_date: '2026-01-23',
        lines: [
          { payer_type: 'PF', darf_code: '7893', operation_count: 2, total: '0.30' },
          { payer_type: 'PJ', darf_code: '1150', operation_count: 1, total: '10.05' },
        ],
        operation_count: 3,
        total: '10.35',
      },
      {
        decendio: { index: 3, start: '2026-01-21', end: '2026-01-31' },
        due_date: '2026-02-04',
        lines: [{ payer_type: 'PJ', darf_code: '1150', operation_count: 2, total: '0.30' }],
        operation_count: 2,
        total: '0.30',
      },
    ]);
  });

  it('answers nothing for no charges', () => {
    expect(groupIofByDecendio([])).toEqual([]);
  });
});
