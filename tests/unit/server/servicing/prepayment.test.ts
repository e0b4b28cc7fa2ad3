/** Prepayment (src/server/domain/servicing/prepayment.ts): present value at the contract rate, partial prepayment schedules. */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSchedule, dueDates, type ScheduleRow } from '../../../../src/server/domain/credit/schedule';
import { addDays } from '../../../../src/server/domain/servicing/days';
import {
  anchorDayOf,
  fullPrepayment,
  periodsBetween,
  presentValue,
  simulatePartialPrepayment,
  type RemainingInstallment,
} from '../../../../src/server/domain/servicing/prepayment';

const remaining = (rows: ScheduleRow[]): RemainingInstallment[] =>
  rows.map((r) => ({ number: r.number, dueDate: r.dueDate, payment: r.payment, principal: r.amortization }));

const price = buildSchedule({
  amortization: 'price',
  principal: '10000.00',
  monthlyRatePercent: '2',
  installments: 12,
  disbursementDate: '2025-01-15',
  firstDueDate: '2025-02-15',
});

describe('day count', () => {
  it('counts whole months, then days / 30, with the end-of-month rule', () => {
    expect(periodsBetween('2025-01-15', '2025-02-15').toString()).toBe('1');
    // counted back from the due date: 10 Feb → 10 Mar is one month, 15 Jan → 10 Feb 26 days
    expect(periodsBetween('2025-01-15', '2025-03-10').toFixed(6)).toBe(new Decimal(1).plus(new Decimal(26).div(30)).toFixed(6));
    expect(periodsBetween('2025-04-25', '2025-06-15').toFixed(6)).toBe(new Decimal(1).plus(new Decimal(20).div(30)).toFixed(6));
    // due day 31: February's 28th and June's 30th stand for the 31st
    expect(periodsBetween('2025-01-31', '2025-02-28', 31).toString()).toBe('1');
    expect(periodsBetween('2025-02-28', '2025-03-31', 31).toString()).toBe('1');
    expect(periodsBetween('2025-05-31', '2025-06-30', 31).toString()).toBe('1');
    expect(periodsBetween('2025-01-20', '2025-02-28', 31).toFixed(6)).toBe(new Decimal(1).plus(new Decimal(11).div(30)).toFixed(6));
    // due day 30: June's 30th is itself
    expect(periodsBetween('2025-05-30', '2025-06-30', 30).toString()).toBe('1');
    expect(periodsBetween('2025-01-30', '2025-02-28', 30).toString()).toBe('1');
    expect(periodsBetween('2025-04-30', '2025-05-30').toString()).toBe('1');
    expect(anchorDayOf(['2025-02-28', '2025-03-31', '2025-04-30'])).toBe(31);
    expect(periodsBetween('2025-03-10', '2025-03-10').toString()).toBe('0');
    expect(() => periodsBetween('2025-03-10', '2025-03-09')).toThrow(RangeError);
  });
});

describe('day count against the schedule', () => {
  it('puts whole months between consecutive due dates of any schedule, whatever its due day (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 40 }), (firstOffset, lead) => {
        const first = addDays('2024-01-01', firstOffset);
        const dates = dueDates(first, 14);
        const from = addDays(first, -lead);
        const anchor = anchorDayOf(dates);
        const base = periodsBetween(from, dates[0], anchor);
        dates.forEach((d, k) => expect(periodsBetween(from, d, anchor).minus(base).toFixed(10)).toBe(new Decimal(k).toFixed(10)));
      }),
      { seed: 30, numRuns: 80 },
    );
  });
});

describe('present value (Res. CMN 3.516/2007: at the contract rate)', () => {
  it('discounts each payment by (1 + i)^t (worked by hand: three payments of 100 at 1% a month)', () => {
    const rows = [1, 2, 3].map((k) => ({ number: k, dueDate: `2025-0${k + 1}-10`, payment: '100.00', principal: '90.00' }));
    // 100/1.01 + 100/1.01² + 100/1.01³ = 99.00990 + 98.02960 + 97.05901 = 294.09851
    const pv = presentValue(rows, '1', '2025-01-10');
    expect(pv.presentValue.toFixed(2)).toBe('294.10');
    expect(pv.nominal.toFixed(2)).toBe('300.00');
    expect(pv.discount.toFixed(2)).toBe('5.90');
  });

  it('equals the principal at the disbursement and the balance on each due date, to a few cents', () => {
    expect(presentValue(remaining(price), '2', '2025-01-15').presentValue.minus('10000.00').abs().lte('0.05')).toBe(true);
    for (let k = 1; k < price.length; k++) {
      const pv = presentValue(remaining(price.slice(k)), '2', price[k - 1].dueDate);
      expect(pv.presentValue.minus(price[k - 1].balance).abs().lte('0.05')).toBe(true);
      expect(pv.accruedInterest.abs().lte('0.05')).toBe(true);
    }
    // schedules with due days 30 and 31, across short months
    for (const [disbursementDate, firstDueDate] of [['2025-03-31', '2025-04-30'], ['2024-12-31', '2025-01-31']]) {
      const sac = buildSchedule({ amortization: 'sac', principal: '6000.00', monthlyRatePercent: '1.5', installments: 8, disbursementDate, firstDueDate });
      for (let k = 1; k < sac.length; k++) {
        expect(presentValue(remaining(sac.slice(k)), '1.5', sac[k - 1].dueDate).presentValue.minus(sac[k - 1].balance).abs().lte('0.05')).toBe(true);
      }
    }
  });

  it("differs from the schedule's balance on a due date only by the rounding of the payments it discounts (R$ 300.000,00, 360×, 0,99%)", () => {
    // The present value discounts the payments as the schedule rounded them (each to the cent), so on a due date it is
    // the balance up to those roundings: here R$ 299.911,38 against a balance of R$ 299.911,85 after the first month.
    const long = buildSchedule({ amortization: 'price', principal: '300000.00', monthlyRatePercent: '0.99', installments: 360, disbursementDate: '2026-01-10', firstDueDate: '2026-02-10' });
    const pv = presentValue(remaining(long.slice(1)), '0.99', long[0].dueDate);
    expect(pv.presentValue.toFixed(2)).toBe('299911.38');
    expect(long[0].balance.toFixed(2)).toBe('299911.85');
    expect(pv.presentValue.minus(long[0].balance).abs().lte(new Decimal('0.005').mul(359))).toBe(true);
  });

  it('is within half a cent per remaining payment of the balance on every due date, for any schedule (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('price' as const, 'sac' as const),
        fc.integer({ min: 100_00, max: 2_000_000_00 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 2, max: 120 }),
        fc.integer({ min: 0, max: 200 }),
        (amortization, principalCents, rateHundredths, installments, pick) => {
          const rows = buildSchedule({ amortization, principal: new Decimal(principalCents).div(100).toFixed(2), monthlyRatePercent: new Decimal(rateHundredths).div(100).toFixed(2), installments, disbursementDate: '2026-01-10', firstDueDate: '2026-02-10' });
          const k = 1 + (pick % (rows.length - 1));
          const pv = presentValue(remaining(rows.slice(k)), new Decimal(rateHundredths).div(100), rows[k - 1].dueDate).presentValue;
          expect(pv.minus(rows[k - 1].balance).abs().lte(new Decimal('0.005').mul(rows.length - k).plus('0.005'))).toBe(true);
        },
      ),
      { seed: 32, numRuns: 150 },
    );
  });

  it('grows the balance pro rata between due dates (accrued interest)', () => {
    // 10 days after the 3rd due date (2025-04-15): balance × 1.02^(10/30)
    const pv = presentValue(remaining(price.slice(3)), '2', '2025-04-25');
    const expected = price[2].balance.mul(new Decimal('1.02').pow(new Decimal(10).div(30)));
    expect(pv.presentValue.minus(expected).abs().lte('0.05')).toBe(true);
    expect(pv.accruedInterest.gt(0)).toBe(true);
  });

  it('refuses overdue, unordered and malformed rows', () => {
    const rows = remaining(price.slice(3));
    expect(() => presentValue(rows, '2', '2025-05-16')).toThrow(/overdue/);
    expect(() => presentValue([rows[1], rows[0]], '2', '2025-05-15')).toThrow(/order/);
    expect(() => presentValue([], '2', '2025-05-15')).toThrow(RangeError);
    expect(() => presentValue(rows, '-1', '2025-05-15')).toThrow(RangeError);
    expect(() => presentValue([{ ...rows[0], payment: '1.001' }], '2', '2025-05-15')).toThrow(RangeError);
    expect(() => presentValue([{ ...rows[0], principal: '99999' }], '2', '2025-05-15')).toThrow(/exceeds/);
  });

  it('is at most the sum of the remaining installments, and equal to it at rate 0 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 1, max: 62 }), cents: fc.integer({ min: 0, max: 10_000_000 }) }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 0, max: 60 }),
        (plan, rateBp, lead) => {
          const date = '2026-01-10';
          let due = addDays(date, lead);
          const rows = plan.map((p, k) => {
            if (k > 0) due = addDays(due, p.gap);
            const payment = new Decimal(p.cents).div(100);
            return { number: k + 1, dueDate: due, payment, principal: payment };
          });
          const nominal = rows.reduce((s, r) => s.plus(r.payment), new Decimal(0));
          expect(presentValue(rows, new Decimal(rateBp).div(100), date).presentValue.lte(nominal)).toBe(true);
          expect(presentValue(rows, 0, date).presentValue.eq(nominal)).toBe(true);
        },
      ),
      { seed: 3516, numRuns: 60 },
    );
  });
});

describe('partial prepayment (CDC art. 52 §2º)', () => {
  const rows = remaining(price.slice(3)); // installments 4…12 remain, the 3rd was paid on 2025-04-15
  const date = '2025-04-25';

  it('reduce the term: same installment, fewer of them, balance to zero', () => {
    const sim = simulatePartialPrepayment({ rows, monthlyRatePercent: '2', amortization: 'price', date, amount: '3000.00', mode: 'reduce_term' });
    expect(sim.rows.length).toBeLessThan(rows.length);
    expect(sim.rows.slice(0, -1).every((r) => r.payment.eq(price[3].payment))).toBe(true);
    expect(sim.rows.at(-1)!.payment.lte(price[3].payment)).toBe(true);
    expect(sim.rows.at(-1)!.balance.toFixed(2)).toBe('0.00');
    expect(sim.rows.reduce((s, r) => s.plus(r.amortization), new Decimal(0)).eq(sim.newBalance)).toBe(true);
    expect(sim.interestPaid.plus(sim.principalPaid).eq('3000.00')).toBe(true);
    expect(sim.rows.map((r) => r.dueDate)).toEqual(rows.slice(0, sim.rows.length).map((r) => r.dueDate));
  });

  it('reduce the installment: same dates, a smaller installment whose present value is the new balance', () => {
    const sim = simulatePartialPrepayment({ rows, monthlyRatePercent: '2', amortization: 'price', date, amount: '3000.00', mode: 'reduce_installment' });
    expect(sim.rows.map((r) => r.dueDate)).toEqual(rows.map((r) => r.dueDate));
    expect(sim.rows[0].payment.lt(price[3].payment)).toBe(true);
    expect(sim.rows.at(-1)!.balance.toFixed(2)).toBe('0.00');
    expect(sim.rows.at(-1)!.payment.minus(sim.rows[1].payment).abs().lte('0.10')).toBe(true);
    const pvNew = presentValue(
      sim.rows.map((r) => ({ number: r.number, dueDate: r.dueDate, payment: r.payment, principal: r.amortization })),
      '2',
      date,
    );
    expect(pvNew.presentValue.minus(sim.newBalance).abs().lte('0.05')).toBe(true);
  });

  it('keeps the SAC amortization when reducing the term, and re-divides it when reducing the installment', () => {
    const sac = buildSchedule({ amortization: 'sac', principal: '12000.00', monthlyRatePercent: '1', installments: 12, disbursementDate: '2025-01-10', firstDueDate: '2025-02-10' });
    const rest = remaining(sac.slice(2));
    const term = simulatePartialPrepayment({ rows: rest, monthlyRatePercent: '1', amortization: 'sac', date: '2025-03-10', amount: '2500.00', mode: 'reduce_term' });
    expect(term.rows.slice(0, -1).every((r) => r.amortization.eq('1000.00'))).toBe(true);
    expect(term.rows.length).toBe(8); // 10 000 − 2 500 = 7 500 → 7 × 1 000 + 500
    const inst = simulatePartialPrepayment({ rows: rest, monthlyRatePercent: '1', amortization: 'sac', date: '2025-03-10', amount: '2500.00', mode: 'reduce_installment' });
    expect(inst.rows.length).toBe(10);
    expect(inst.rows[0].amortization.toFixed(2)).toBe('750.00');
    expect(inst.rows.at(-1)!.balance.toFixed(2)).toBe('0.00');
  });

  it('pays the accrued interest first, and refuses amounts that settle everything or do not reach the accrued interest', () => {
    const pv = presentValue(rows, '2', date);
    const sim = simulatePartialPrepayment({ rows, monthlyRatePercent: '2', amortization: 'price', date, amount: '1000.00', mode: 'reduce_term' });
    expect(sim.interestPaid.eq(pv.accruedInterest)).toBe(true);
    expect(sim.newBalance.eq(pv.presentValue.minus('1000.00'))).toBe(true);
    const base = { rows, monthlyRatePercent: '2', amortization: 'price' as const, date, mode: 'reduce_term' as const };
    expect(() => simulatePartialPrepayment({ ...base, amount: pv.presentValue })).toThrow(/full settlement/);
    expect(() => simulatePartialPrepayment({ ...base, amount: pv.accruedInterest })).toThrow(/accrued/);
    expect(() => simulatePartialPrepayment({ ...base, amount: '0' })).toThrow(RangeError);
    expect(() => simulatePartialPrepayment({ ...base, amount: '10.001' })).toThrow(RangeError);
  });
});

describe('full prepayment (settlement at the present value)', () => {
  it('splits the present value into the principal owed and the interest accrued (worked by hand)', () => {
    // Two installments of 100.00 (principal 95.00 and 98.00) due 2025-03-10 and 2025-04-10, rate 1% a month, settled 2025-02-25.
    // 2025-02-25 → 2025-03-10: 0 months + 13 days = 13/30; → 2025-04-10: 1 + 13/30.
    // PV = 100/1.01^(13/30) + 100/1.01^(43/30) = 99.56973 + 98.58389 = 198.15362 → 198.15
    const rows = [
      { number: 5, dueDate: '2025-03-10', payment: '100.00', principal: '95.00' },
      { number: 6, dueDate: '2025-04-10', payment: '100.00', principal: '98.00' },
    ];
    const full = fullPrepayment(rows, '1', '2025-02-25');
    expect(full.amount.toFixed(2)).toBe('198.15');
    expect(full.principal.toFixed(2)).toBe('193.00');
    expect(full.interest.toFixed(2)).toBe('5.15');
    expect(full.discount.toFixed(2)).toBe('1.85');
    expect(full.principal.plus(full.interest).eq(full.amount)).toBe(true);
  });

  it('on a due date, with the installments up to it paid, is the schedule balance (Price, R$ 10.000,00 at 2%, 12 months)', () => {
    // Source: the schedule itself (domain/credit/schedule.ts): the balance after the 6th installment is what is owed.
    const full = fullPrepayment(remaining(price.slice(6)), '2', price[5].dueDate);
    expect(full.amount.minus(price[5].balance).abs().lte('0.05')).toBe(true);
    expect(full.principal.eq(price.slice(6).reduce((s, r) => s.plus(r.amortization), new Decimal(0)))).toBe(true);
  });
});

/** A schedule with the installments up to `paidUpTo` paid, and a day between the last paid one and the next due date. */
const arbitraryCase = fc.record({
  system: fc.constantFrom('price' as const, 'sac' as const),
  principalCents: fc.integer({ min: 10_000, max: 50_000_000 }),
  rateBp: fc.integer({ min: 0, max: 800 }),
  count: fc.integer({ min: 2, max: 48 }),
  firstOffset: fc.integer({ min: 0, max: 2000 }),
  paidShare: fc.double({ min: 0, max: 0.95, noNaN: true }),
  lead: fc.integer({ min: 0, max: 27 }),
  amountShare: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  mode: fc.constantFrom('reduce_term' as const, 'reduce_installment' as const),
});

describe('partial prepayment properties', () => {
  it('the new schedule amortizes exactly the principal left after the prepayment, to the cent, and ends at zero (property)', () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const disbursementDate = addDays('2024-01-05', c.firstOffset);
        const firstDueDate = addDays(disbursementDate, 30);
        const rate = new Decimal(c.rateBp).div(100);
        const schedule = buildSchedule({
          amortization: c.system,
          principal: new Decimal(c.principalCents).div(100),
          monthlyRatePercent: rate,
          installments: c.count,
          disbursementDate,
          firstDueDate,
        });
        const paid = Math.min(Math.floor(c.paidShare * c.count), c.count - 1);
        const from = paid === 0 ? disbursementDate : schedule[paid - 1].dueDate;
        const date = addDays(from, Math.min(c.lead, Math.max(0, daysUntil(from, schedule[paid].dueDate) - 1)));
        const rows = remaining(schedule.slice(paid));
        const pv = presentValue(rows, rate, date);
        const low = Decimal.max(pv.accruedInterest, 0);
        const amount = low.plus(pv.presentValue.minus(low).mul(c.amountShare)).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        if (amount.lte(low) || amount.gte(pv.presentValue)) return;
        let sim;
        try {
          sim = simulatePartialPrepayment({ rows, monthlyRatePercent: rate, amortization: c.system, date, amount, mode: c.mode });
        } catch (e) {
          // the only refusal left for a valid amount: a level installment that no longer covers the interest
          expect(e).toBeInstanceOf(RangeError);
          expect((e as Error).message).toMatch(/^mode:/);
          return;
        }
        const amortized = sim.rows.reduce((s, r) => s.plus(r.amortization), new Decimal(0));
        expect(amortized.toFixed(2)).toBe(sim.newBalance.toFixed(2));
        expect(sim.newBalance.eq(pv.presentValue.minus(amount))).toBe(true);
        expect(sim.principalPaid.plus(sim.interestPaid).eq(amount)).toBe(true);
        expect(sim.rows.at(-1)!.balance.toFixed(2)).toBe('0.00');
        expect(sim.rows.length).toBeLessThanOrEqual(rows.length);
        for (const r of sim.rows) {
          expect(r.amortization.gte(0) && r.interest.gte(0)).toBe(true);
          expect(r.payment.eq(r.amortization.plus(r.interest))).toBe(true);
          expect(r.amortization.decimalPlaces() <= 2 && r.interest.decimalPlaces() <= 2).toBe(true);
        }
        if (c.mode === 'reduce_installment') expect(sim.rows.map((r) => r.dueDate)).toEqual(rows.map((r) => r.dueDate));
        // the borrower never pays more for the same installments after prepaying
        expect(sim.rows.reduce((s, r) => s.plus(r.payment), new Decimal(0)).lte(pv.nominal)).toBe(true);
      }),
      { seed: 52, numRuns: 80 },
    );
  }, 60_000);

  it('present value is at most the nominal sum, and equals it when discounted on the due date of a single installment (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 1500 }), (cents, rateBp) => {
        const payment = new Decimal(cents).div(100);
        const rows = [{ number: 1, dueDate: '2026-03-10', payment, principal: payment }];
        expect(presentValue(rows, new Decimal(rateBp).div(100), '2026-03-10').presentValue.eq(payment)).toBe(true);
        expect(presentValue(rows, new Decimal(rateBp).div(100), '2026-01-02').presentValue.lte(payment)).toBe(true);
      }),
      { seed: 3517, numRuns: 60 },
    );
  });

  it('answers any malformed input with a RangeError naming the field, never another error (property)', () => {
    const anyValue = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(null), fc.constant(undefined), fc.constant('1.005'), fc.constant('-3'), fc.constant('2025-02-30'));
    fc.assert(
      fc.property(anyValue, anyValue, anyValue, anyValue, anyValue, (amount, date, rate, mode, due) => {
        const rows = [{ number: 1, dueDate: due as string, payment: '100.00', principal: '90.00' }];
        for (const run of [
          () => simulatePartialPrepayment({ rows, monthlyRatePercent: rate as string, amortization: 'price', date: date as string, amount: amount as string, mode: mode as 'reduce_term' }),
          () => presentValue(rows, rate as string, date as string),
          () => fullPrepayment(rows, rate as string, date as string),
        ]) {
          try {
            run();
          } catch (e) {
            expect(e).toBeInstanceOf(RangeError);
            expect((e as Error).message).toMatch(/^(amount|date|rows|mode|amortization|monthly rate|due date|payment|principal|from|to)\b/);
          }
        }
      }),
      { seed: 2007, numRuns: 300 },
    );
  }, 30_000);
});

function daysUntil(from: string, to: string): number {
  let n = 0;
  while (addDays(from, n) < to) n++;
  return n;
}
