/**
 * Each defect the independent review of origination found in the money math,
 * as the input that showed it. Every one of these failed before the fix (the
 * old figure is in the test's name); the expected figures come from
 * reference_figures.py beside this file.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../src/server/domain/credit/calendar';
import { cetOf, percentText } from '../../../../src/server/domain/credit/cet';
import { checkOperationDates } from '../../../../src/server/domain/credit/dates';
import { isTacName } from '../../../../src/server/domain/credit/fees';
import { grossUpForIof, iofOfSchedule } from '../../../../src/server/domain/credit/iof';
import { buildSchedule, type ScheduleInput, type ScheduleRow } from '../../../../src/server/domain/credit/schedule';

const money = (d: Decimal) => d.toFixed(2);
const row = (r: ScheduleRow) => [money(r.payment), money(r.interest), money(r.amortization), money(r.balance)];
const PF = { dailyPercent: '0.0082', additionalPercent: '0.38' };

function expectLoan(input: ScheduleInput, rows: ScheduleRow[]): void {
  expect(rows.every((r) => r.payment.gt(0))).toBe(true);
  expect(rows.every((r) => !r.interest.isNegative())).toBe(true);
  expect(rows.every((r, k) => r.balance.lte(k === 0 ? new Decimal(input.principal) : rows[k - 1].balance))).toBe(true);
  expect(money(rows.reduce((sum, r) => sum.plus(r.amortization), new Decimal(0)))).toBe(new Decimal(input.principal).toFixed(2));
  expect(money(rows[rows.length - 1].balance)).toBe('0.00');
}

describe('schedules that were not loans', () => {
  it('R$ 10.000,00 at 4,99% a month in 48 plots, first due date 90 days after the release (was: a 48th installment of −8.899,38)', () => {
    const input = { amortization: 'price', principal: '10000.00', monthlyRatePercent: '4.99', installments: 48, disbursementDate: '2026-01-15', firstDueDate: addDays('2026-01-15', 90) } as const;
    const rows = buildSchedule(input);
    expectLoan(input, rows);
    // The first installment pays the 90 days' interest; the others are the level payment of 48 months.
    expect(row(rows[0])).toEqual(['1626.29', '1572.94', '53.35', '9946.65']);
    expect(row(rows[1])).toEqual(['552.35', '496.34', '56.01', '9890.64']);
    expect(row(rows[47])).toEqual(['552.35', '26.25', '526.10', '0.00']);
  });

  it('PF Price in 60 plots at 12% a month with a 45-day first period (was: payments that do not repay, a 500)', () => {
    const input = { amortization: 'price', principal: '10000.00', monthlyRatePercent: '12', installments: 60, disbursementDate: '2026-01-15', firstDueDate: addDays('2026-01-15', 45) } as const;
    const rows = buildSchedule(input);
    expectLoan(input, rows);
    expect(row(rows[0])).toEqual(['1854.31', '1852.97', '1.34', '9998.66']);
    expect(row(rows[59])).toEqual(['1201.34', '128.72', '1072.62', '0.00']);
    const iof = iofOfSchedule(input, PF);
    const cet = cetOf(new Decimal('10000').minus(iof.total), rows.map((r) => ({ days: r.days, amount: r.payment })));
    expect(cet.yearly.isFinite() && cet.yearly.gt(0)).toBe(true);
  });

  it('a long schedule at a high rate keeps the level payment to the end (was: a 360th installment at 4% of −164.236,47)', () => {
    const input = { amortization: 'price', principal: '54321.09', monthlyRatePercent: '4', installments: 360, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' } as const;
    const rows = buildSchedule(input);
    expectLoan(input, rows);
    expect(new Set(rows.map((r) => money(r.payment)))).toEqual(new Set(['2172.85']));
  });

  it('360 plots at 15% a month: the amortization grows as in the exact schedule (was: none until a last installment of 7,7 level payments)', () => {
    const input = { amortization: 'price', principal: '10000.00', monthlyRatePercent: '15', installments: 360, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' } as const;
    const rows = buildSchedule(input);
    expectLoan(input, rows);
    expect(money(rows[359].payment)).toBe('1500.00');
    expect(rows.filter((r) => r.amortization.gt(0)).length).toBeGreaterThan(50);
  });

  it('R$ 100,00 in 360 plots at a zero rate (was: a last installment of −0,52)', () => {
    const input = { amortization: 'price', principal: '100.00', monthlyRatePercent: '0', installments: 360, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' } as const;
    const rows = buildSchedule(input);
    expectLoan(input, rows);
    expect(new Set(rows.map((r) => money(r.payment)))).toEqual(new Set(['0.27', '0.28']));
    expect(rows.every((r) => r.interest.isZero())).toBe(true);
  });

  it('SAC R$ 100,00 in 360 plots at 15% (was: the last installments paying nothing)', () => {
    const input = { amortization: 'sac', principal: '100.00', monthlyRatePercent: '15', installments: 360, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' } as const;
    const rows = buildSchedule(input);
    expectLoan(input, rows);
    expect(rows.every((r) => r.amortization.gte('0.27') && r.amortization.lte('0.28'))).toBe(true);
  });

  it('refuses a principal smaller than a cent per installment: no payment could be positive', () => {
    expect(() => buildSchedule({ amortization: 'price', principal: '3.59', monthlyRatePercent: '1', installments: 360, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' })).toThrow(RangeError);
  });
});

describe('financed IOF', () => {
  const twelve = { amortization: 'price', monthlyRatePercent: '2.00', installments: 12, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' } as const;

  it('R$ 9.795,14 at 2% in 12 plots (was: ten thousand steps, then a 500): the smallest principal that releases it', () => {
    const up = grossUpForIof({ ...twelve, released: '9795.14' }, PF);
    expect([money(up.principal), money(up.iof.total), money(up.excess)]).toEqual(['10000.51', '205.37', '0.00']);
    const below = up.principal.minus('0.01');
    expect(below.minus(iofOfSchedule({ ...twelve, principal: below }, PF).total).lt('9795.14')).toBe(true);
  });

  it('answers for the largest amounts the contract takes, and refuses rates under which the IOF would take everything', () => {
    const up = grossUpForIof({ ...twelve, installments: 360, released: '999999999999.99' }, PF);
    expect(up.principal.minus(up.iof.total).gte('999999999999.99')).toBe(true);
    expect(() => grossUpForIof({ ...twelve, released: '1000' }, { dailyPercent: '1.5', additionalPercent: '0.38' })).toThrow(RangeError);
  });
});

describe('CET', () => {
  it('is one decimal pass from the floats root and agrees with the bisection reference', () => {
    const rows = buildSchedule({ ...{ amortization: 'price', principal: '10000.00', monthlyRatePercent: '1.00', installments: 12, disbursementDate: '2026-01-15', firstDueDate: '2026-02-15' } });
    const cet = cetOf('9797.56', rows.map((r) => ({ days: r.days, amount: r.payment })));
    expect([percentText(cet.yearly), percentText(cet.monthly)]).toEqual(['17.19', '1.33']);
  });
});

describe('dates against the business date and the company limits', () => {
  const limits = { today: '2026-03-10', maxDaysAhead: 30, maxFirstPeriodDays: 60 };

  it('takes a release from today to the days ahead, and a first due date up to the first-period days after it', () => {
    expect(checkOperationDates('2026-03-10', '2026-04-10', limits)).toBeNull();
    expect(checkOperationDates('2026-04-09', '2026-06-08', limits)).toBeNull();
  });

  it('refuses a release in the past (was: accepted, starting with installments overdue) or beyond the days ahead', () => {
    expect(checkOperationDates('2026-03-09', '2026-04-09', limits)).toEqual({ field: 'disbursementDate', rule: 'past', limit: '2026-03-10' });
    expect(checkOperationDates('2020-01-01', '2020-02-01', limits)).toMatchObject({ field: 'disbursementDate', rule: 'past' });
    expect(checkOperationDates('2026-04-10', '2026-05-10', limits)).toEqual({ field: 'disbursementDate', rule: 'too-far-ahead', limit: '2026-04-09' });
  });

  it('refuses a first due date on or before the release, or beyond the first-period days (was: five years out accepted)', () => {
    expect(checkOperationDates('2026-03-10', '2026-03-10', limits)).toEqual({ field: 'firstDueDate', rule: 'not-after-disbursement', limit: '2026-03-10' });
    expect(checkOperationDates('2026-03-10', '2026-05-10', limits)).toEqual({ field: 'firstDueDate', rule: 'first-period-too-long', limit: '2026-05-09' });
    expect(checkOperationDates('2026-03-10', '2031-03-10', limits)).toMatchObject({ field: 'firstDueDate', rule: 'first-period-too-long' });
  });
});

describe('TAC', () => {
  it('recognises the TAC by its name in any case or accent, not the Tarifa de Cadastro', () => {
    for (const name of ['TAC', 'tac', ' Tac - abertura', 'Tarifa de abertura de crédito', 'TARIFA DE ABERTURA DE CREDITO']) expect(isTacName(name)).toBe(true);
    for (const name of ['Tarifa de cadastro', 'Cadastro', 'Avaliação de bem', 'Tacógrafo']) expect(isTacName(name)).toBe(false);
  });
});
