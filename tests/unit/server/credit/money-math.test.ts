/**
 * The credit money math (src/server/domain/credit) against references
 * computed outside this code. Each expected figure says where it comes from:
 * - spreadsheet PMT: =PMT(rate; n; -principal) in LibreOffice/Excel, rounded to the cent;
 * - textbook SAC: constant amortization P/n, interest on the balance (total interest i·P·(n+1)/2);
 * - IOF: Decreto 6.306/2007 art. 7 I b (0,0082% a.d. for PF), art. 7 I a (0,0041% a.d. for PJ until
 *   May 2025; 0,0082% from June 2025) and §15 (0,38% additional; 0,95% for PJ from 1 to 10 June 2025
 *   under Decreto 12.466/2025); the one-year caps 3,38% (PF), 1,88% (PJ, old rates) and 3,95% (PJ under
 *   Decreto 12.466/2025) are the published figures;
 * - the conventions of src/server/domain/credit (the first period's interest paid in the first
 *   installment; Price balances the exact ones rounded to the cent; level payments), schedules with a long
 *   first period, the financed-IOF gross-up and the CET of a schedule: the independent implementation in
 *   reference_figures.py beside this file (exact fractions for the balances, Python's decimal module at 50
 *   digits, ROUND_HALF_UP, bisection for the CET, a cent-by-cent scan for the gross-up), run once and
 *   written down here.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween } from '../../../../src/server/domain/credit/calendar';
import { cetOf, percentText } from '../../../../src/server/domain/credit/cet';
import { grossUpForIof, iofOfSchedule } from '../../../../src/server/domain/credit/iof';
import { buildSchedule, dueDates, MAX_INSTALLMENTS } from '../../../../src/server/domain/credit/schedule';

const money = (d: Decimal) => d.toFixed(2);
const price12At = (rate: string) => ({ amortization: 'price' as const, monthlyRatePercent: rate, installments: 12, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' });
const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), new Decimal(0));

describe('calendar days', () => {
  it('keeps the due day, clamped to the end of shorter months, and never drifts', () => {
    expect(dueDates('2026-01-31', 5)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(addMonths('2027-12-29', 2)).toBe('2028-02-29');
    expect(daysBetween('2026-01-15', '2026-02-15')).toBe(31);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });
});

describe('Price (French) schedule', () => {
  const schedule = buildSchedule({
    amortization: 'price',
    principal: '10000.00',
    monthlyRatePercent: '1.00',
    installments: 12,
    disbursementDate: '2026-01-15',
    firstDueDate: '2026-02-15',
  });

  it('pays the spreadsheet PMT: =PMT(1%; 12; -10000) = 888,49', () => {
    for (const row of schedule.slice(0, 11)) expect(money(row.payment)).toBe('888.49');
    expect(money(schedule[0].interest)).toBe('100.00');
    expect(money(schedule[0].amortization)).toBe('788.49');
    expect(money(schedule[0].balance)).toBe('9211.51');
  });

  it('keeps every balance at the exact Price balance rounded to the cent, so the last installment is level too', () => {
    expect(schedule.map((r) => money(r.balance))).toEqual([
      '9211.51', '8415.14', '7610.80', '6798.42', '5977.92', '5149.21', '4312.21', '3466.85', '2613.03', '1750.67', '879.69', '0.00',
    ]);
    const last = schedule[11];
    expect([money(last.payment), money(last.interest), money(last.amortization), money(last.balance)]).toEqual(['888.49', '8.80', '879.69', '0.00']);
    expect(money(sum(schedule.map((r) => r.amortization)))).toBe('10000.00');
    expect(money(sum(schedule.map((r) => r.interest)))).toBe('661.88');
    expect(schedule.map((r) => r.dueDate).slice(0, 3)).toEqual(['2026-02-15', '2026-03-15', '2026-04-15']);
  });

  it('charges a first period longer than a month pro rata by days in the first installment (45 days: (1,01)^(45/30) − 1)', () => {
    const long = buildSchedule({
      amortization: 'price',
      principal: '10000.00',
      monthlyRatePercent: '1.00',
      installments: 12,
      disbursementDate: '2026-01-10',
      firstDueDate: '2026-02-24',
    });
    // The level payment of a whole month plus the 15 extra days' interest (150,37 − 100,00); the rest is the ordinary schedule.
    expect([money(long[0].payment), money(long[0].interest), money(long[0].amortization), money(long[0].balance)]).toEqual(['938.86', '150.37', '788.49', '9211.51']);
    expect([money(long[1].payment), money(long[1].interest), money(long[1].amortization)]).toEqual(['888.49', '92.12', '796.37']);
    expect([money(long[11].payment), money(long[11].interest), money(long[11].amortization)]).toEqual(['888.49', '8.80', '879.69']);
    expect(money(long[11].balance)).toBe('0.00');
  });

  it('runs 360 plots: =PMT(0,8%; 360; -300000) = 2.544,48, thirty years of due dates, balance zero', () => {
    const rows = buildSchedule({
      amortization: 'price',
      principal: '300000.00',
      monthlyRatePercent: '0.80',
      installments: MAX_INSTALLMENTS,
      disbursementDate: '2026-03-05',
      firstDueDate: '2026-04-05',
    });
    expect(rows).toHaveLength(360);
    expect(money(rows[0].payment)).toBe('2544.48');
    expect(rows[359].dueDate).toBe('2056-03-05');
    expect(money(rows[0].balance)).toBe('299855.52');
    expect([money(rows[359].payment), money(rows[359].interest), money(rows[359].amortization), money(rows[359].balance)]).toEqual(['2544.48', '20.19', '2524.29', '0.00']);
    expect(money(sum(rows.map((r) => r.amortization)))).toBe('300000.00');
  });

  it('refuses what no schedule can be: no plots, 1,000 plots, a negative rate, a first due date before the disbursement', () => {
    const base = { amortization: 'price' as const, principal: '1000', monthlyRatePercent: '1', installments: 12, disbursementDate: '2026-01-10', firstDueDate: '2026-02-10' };
    expect(() => buildSchedule({ ...base, installments: 0 })).toThrow(RangeError);
    expect(() => buildSchedule({ ...base, installments: 1000 })).toThrow(RangeError);
    expect(() => buildSchedule({ ...base, monthlyRatePercent: '-0.5' })).toThrow(RangeError);
    expect(() => buildSchedule({ ...base, firstDueDate: '2026-01-05' })).toThrow(RangeError);
    expect(() => buildSchedule({ ...base, principal: '0' })).toThrow(RangeError);
  });

  it('splits the principal evenly at a zero rate, the cent the division leaves in the last installment', () => {
    const rows = buildSchedule({ amortization: 'price', principal: '100.00', monthlyRatePercent: '0', installments: 3, disbursementDate: '2026-01-10', firstDueDate: '2026-02-10' });
    expect(rows.map((r) => money(r.payment))).toEqual(['33.33', '33.33', '33.34']);
  });
});

describe('SAC schedule', () => {
  it('amortizes 10.000,00 a month on 100.000,00 at 1% (textbook: 11.000,00 first, 10.100,00 last, interest 5.500,00)', () => {
    const rows = buildSchedule({ amortization: 'sac', principal: '100000.00', monthlyRatePercent: '1.00', installments: 10, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' });
    expect(rows.every((r) => money(r.amortization) === '10000.00')).toBe(true);
    expect(money(rows[0].payment)).toBe('11000.00');
    expect(money(rows[9].payment)).toBe('10100.00');
    expect(money(sum(rows.map((r) => r.interest)))).toBe('5500.00');
    expect(money(rows[9].balance)).toBe('0.00');
  });

  it('puts the cent left by an uneven division in the last amortization', () => {
    const rows = buildSchedule({ amortization: 'sac', principal: '1000.00', monthlyRatePercent: '2.00', installments: 3, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' });
    expect(rows.map((r) => money(r.amortization))).toEqual(['333.33', '333.33', '333.34']);
    expect(rows.map((r) => money(r.interest))).toEqual(['20.00', '13.33', '6.67']);
  });
});

describe('IOF on credit (Decreto 6.306/2007 art. 7)', () => {
  // One installment 365 (or 400) days after the disbursement: 2026 is not a leap year.
  const DUE_AFTER: Record<number, string> = { 365: '2027-01-01', 400: '2027-02-05' };
  const bullet = (days: 365 | 400) => ({
    amortization: 'price' as const,
    principal: '10000.00',
    monthlyRatePercent: '0',
    installments: 1,
    disbursementDate: '2026-01-01',
    firstDueDate: DUE_AFTER[days],
  });

  it('counts the days of the bullet cases as the cases say', () => {
    expect(daysBetween('2026-01-01', DUE_AFTER[365])).toBe(365);
    expect(daysBetween('2026-01-01', DUE_AFTER[400])).toBe(400);
  });

  it('PF: 0,0082% a.d. for 365 days plus 0,38% is the published 3,38% a year cap (337,30 on 10.000,00)', () => {
    const iof = iofOfSchedule(bullet(365), { dailyPercent: '0.0082', additionalPercent: '0.38' });
    expect([money(iof.daily), money(iof.additional), money(iof.total)]).toEqual(['299.30', '38.00', '337.30']);
  });

  it('counts at most 365 days per installment', () => {
    const iof = iofOfSchedule(bullet(400), { dailyPercent: '0.0082', additionalPercent: '0.38' });
    expect(money(iof.total)).toBe('337.30');
  });

  it('PJ: 0,0041% a.d. plus 0,38% is the published 1,88% cap; Decreto 12.466/2025 (0,0082% + 0,95%, 1 to 10 June 2025) the published 3,95%', () => {
    expect(money(iofOfSchedule(bullet(365), { dailyPercent: '0.0041', additionalPercent: '0.38' }).total)).toBe('187.65');
    expect(money(iofOfSchedule(bullet(365), { dailyPercent: '0.0082', additionalPercent: '0.95' }).total)).toBe('394.30');
  });

  it('charges each installment of a schedule for its own days', () => {
    const input = { amortization: 'price' as const, principal: '10000.00', monthlyRatePercent: '1.00', installments: 12, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' };
    const pf = iofOfSchedule(input, { dailyPercent: '0.0082', additionalPercent: '0.38' });
    expect([money(pf.daily), money(pf.additional), money(pf.total)]).toEqual(['164.44', '38.00', '202.44']);
    const pj = iofOfSchedule(input, { dailyPercent: '0.0082', additionalPercent: '0.95' });
    expect(money(pj.total)).toBe('259.44');
  });

  it('financed IOF: grosses the principal up so exactly the amount asked is released', () => {
    const single = grossUpForIof({ ...bullet(365), released: '10000.00' }, { dailyPercent: '0.0082', additionalPercent: '0.38' });
    expect([money(single.principal), money(single.iof.total)]).toEqual(['10349.08', '349.08']);
    const price = grossUpForIof(
      { amortization: 'price', monthlyRatePercent: '1.00', installments: 12, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15', released: '10000.00' },
      { dailyPercent: '0.0082', additionalPercent: '0.38' },
    );
    expect([money(price.principal), money(price.iof.total), money(price.excess)]).toEqual(['10206.62', '206.62', '0.00']);
    expect(money(price.principal.minus(price.iof.total))).toBe('10000.00');
    // The reference scan: 2% a month, 12 plots.
    const two = grossUpForIof({ ...price12At('2.00'), released: '10000.00' }, { dailyPercent: '0.0082', additionalPercent: '0.38' });
    expect([money(two.principal), money(two.iof.total)]).toEqual(['10209.68', '209.68']);
  });
});

describe('CET (Res. CMN 3.517/2007)', () => {
  it('is 10% a year for 1.000,00 released and 1.100,00 paid 365 days later; 0,80% a month equivalent', () => {
    const cet = cetOf('1000.00', [{ days: 365, amount: new Decimal('1100.00') }]);
    expect(percentText(cet.yearly)).toBe('10.00');
    expect(cet.monthly.toFixed(4)).toBe('0.7974');
  });

  it('matches the independent XIRR-style solution for the Price schedule above', () => {
    const rows = buildSchedule({ amortization: 'price', principal: '10000.00', monthlyRatePercent: '1.00', installments: 12, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' });
    const cet = cetOf('10000.00', rows.map((r) => ({ days: r.days, amount: r.payment })));
    expect(cet.yearly.toFixed(4)).toBe('12.7387');
    expect(cet.monthly.toFixed(4)).toBe('1.0042');
    // What the simulation shows for it with the PF IOF deducted (released 9.797,56).
    const net = cetOf('9797.56', rows.map((r) => ({ days: r.days, amount: r.payment })));
    expect([percentText(net.yearly), percentText(net.monthly)]).toEqual(['17.19', '1.33']);
  });

  it('refuses flows that cannot have a CET', () => {
    expect(() => cetOf('1000', [])).toThrow(RangeError);
    expect(() => cetOf('1000', [{ days: 30, amount: new Decimal('900') }])).toThrow(RangeError);
    expect(() => cetOf('1000', [{ days: 0, amount: new Decimal('1100') }])).toThrow(RangeError);
  });
});
