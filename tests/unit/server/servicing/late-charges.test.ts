/** Late charges (src/server/domain/servicing/late-charges.ts): worked examples, the contract's clause, the moved due date, the legal caps, the invariants over the input space. */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../src/server/domain/servicing/days';
import { checkTerms, daysLate, defaultInterestFor, lateChargesAt, lateFeeOn, remuneratoryFor, type LateChargeTerms } from '../../../../src/server/domain/servicing/late-charges';
import { replayInstallment } from '../../../../src/server/domain/servicing/allocation';
import { isBusinessDay } from '../../../../src/server/domain/servicing/business-days';

/** A contract issued before the clause was frozen: 1/30 of the rate a day, counted from the printed due date. */
const terms: LateChargeTerms = { lateFeePercent: '2', defaultInterestMonthlyPercent: '1', remuneratory: 'simple_daily', contractMonthlyPercent: '3', lateDaysFrom: 'due_date' };
/** A contract that states only multa and mora (the CCB/MPO templates): nothing else runs during delay. */
const noClause: LateChargeTerms = { lateFeePercent: '2', defaultInterestMonthlyPercent: '1', remuneratory: 'none', contractMonthlyPercent: '3', lateDaysFrom: 'payable_until' };
const compound = (rate: string): LateChargeTerms => ({ ...noClause, remuneratory: 'compound_daily', contractMonthlyPercent: rate });
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

  it('let a due date on a holiday or weekend be paid on the next business day without charges, then count from the printed due date where the contract says so', () => {
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
    expect(daysLate('2025-03-01', '2025-03-05', { lateDaysFrom: 'due_date' })).toBe(0);
    expect(daysLate('2025-03-01', '2025-03-06', { lateDaysFrom: 'due_date' })).toBe(5);
  });

  it('count the days late from the moved due date (Código Civil art. 132 §1) unless the contract says otherwise', () => {
    // Saturday 2025-03-01, Carnival Monday and Tuesday: the due date moves to Ash Wednesday 05
    expect(daysLate('2025-03-01', '2025-03-05')).toBe(0);
    expect(daysLate('2025-03-01', '2025-03-06')).toBe(1);
    expect(fixed(lateChargesAt({ overdue: '1000.00', dueDate: '2025-03-01', date: '2025-03-06', terms: noClause }))).toEqual({
      daysLate: 1,
      lateFee: '20.00',
      defaultInterest: '0.33',
      contractInterest: '0.00',
      total: '20.33',
    });
    // Corpus Christi 2025-06-19 paid Monday 23: three days from Friday 20, not four from Thursday
    expect(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-19', date: '2025-06-23', terms: noClause }).daysLate).toBe(3);
    // a business due date: the same either way
    expect(daysLate('2025-06-10', '2025-06-18')).toBe(daysLate('2025-06-10', '2025-06-18', { lateDaysFrom: 'due_date' }));
  });

  it('charge no remuneratory interest during delay when the contract does not state it (the figures seen: R$ 974,87 eight days, R$ 1.040,00 eighteen)', () => {
    // before: the contract's rate ran per day on top (2,5% a month → R$ 6,50; 4% a month → R$ 24,96)
    const before = (overdue: string, rate: string, date: string) =>
      lateChargesAt({ overdue, dueDate: '2025-06-10', date, terms: { ...terms, contractMonthlyPercent: rate } }).contractInterest.toFixed(2);
    expect(before('974.87', '2.5', '2025-06-18')).toBe('6.50');
    expect(before('1040.00', '4', '2025-06-28')).toBe('24.96');
    const after = (overdue: string, rate: string, date: string) => fixed(lateChargesAt({ overdue, dueDate: '2025-06-10', date, terms: { ...noClause, contractMonthlyPercent: rate } }));
    // 2% of 974,87 = 19,50; 974,87 × 1%/30 × 8 = 2,5996 → 2,60
    expect(after('974.87', '2.5', '2025-06-18')).toEqual({ daysLate: 8, lateFee: '19.50', defaultInterest: '2.60', contractInterest: '0.00', total: '22.10' });
    // 2% of 1.040 = 20,80; 1.040 × 1%/30 × 18 = 6,24
    expect(after('1040.00', '4', '2025-06-28')).toEqual({ daysLate: 18, lateFee: '20.80', defaultInterest: '6.24', contractInterest: '0.00', total: '27.04' });
  });

  it('compound the contract rate pro rata die where the contract states it', () => {
    // 1.040 × (1,04^(18/30) − 1) = 1.040 × 0,0238115… = 24,76 (simple would be 24,96)
    expect(lateChargesAt({ overdue: '1040.00', dueDate: '2025-06-10', date: '2025-06-28', terms: compound('4') }).contractInterest.toFixed(2)).toBe('24.76');
    // thirty days: one month's rate exactly
    expect(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-10', date: '2025-07-10', terms: compound('3') }).contractInterest.toFixed(2)).toBe('30.00');
    // sixty days: 1.000 × (1,03² − 1) = 60,90 (simple: 60,00)
    expect(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-10', date: '2025-08-09', terms: compound('3') }).contractInterest.toFixed(2)).toBe('60.90');
  });

  it('keep what an operation released before migration 0038 was charged up to its last movement, then only what its contract states', () => {
    const old: LateChargeTerms = { ...noClause, legacyUntil: '2025-06-15' };
    // 1.000 × 3%/30 × 5 days (10 → 15), then nothing
    expect(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-10', date: '2025-07-10', terms: old }).contractInterest.toFixed(2)).toBe('5.00');
    expect(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-10', date: '2025-06-13', terms: old }).contractInterest.toFixed(2)).toBe('3.00');
    // a moved due date before that day counts from the printed date (as its recorded payments did), one after it from the moved day
    expect(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-07', date: '2025-06-12', terms: old }).daysLate).toBe(5);
    expect(lateChargesAt({ overdue: '1000.00', dueDate: '2025-06-21', date: '2025-06-25', terms: old }).daysLate).toBe(2);
  });

  it('enforce the legal caps and refuse bad inputs with RangeError', () => {
    const at = (t: Partial<LateChargeTerms>, overdue: Decimal.Value = '100') =>
      lateChargesAt({ overdue, dueDate: '2025-01-10', date: '2025-02-10', terms: { ...terms, ...t } });
    expect(() => at({ lateFeePercent: '2.01' })).toThrow(RangeError);
    expect(() => at({ defaultInterestMonthlyPercent: '1.0001' })).toThrow(RangeError);
    expect(() => at({ lateFeePercent: '-1' })).toThrow(RangeError);
    expect(() => at({ contractMonthlyPercent: '-0.5' })).toThrow(RangeError);
    expect(() => at({ contractMonthlyPercent: 'abc' })).toThrow(RangeError);
    expect(() => at({ remuneratory: 'daily' as never })).toThrow(RangeError);
    expect(() => at({ lateDaysFrom: 'never' as never })).toThrow(RangeError);
    expect(() => at({ legacyUntil: '2025-02-30' })).toThrow(RangeError);
    // with no clause the contract's rate is not read at all
    expect(at({ remuneratory: 'none', contractMonthlyPercent: 'abc' }).contractInterest.toFixed(2)).toBe('0.00');
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
            ...terms,
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

  const termsArb = fc.record({
    fee: fc.integer({ min: 0, max: 200 }),
    mora: fc.integer({ min: 0, max: 100 }),
    rate: fc.integer({ min: 0, max: 1000 }),
    clause: fc.constantFrom('none', 'compound_daily', 'simple_daily') as fc.Arbitrary<LateChargeTerms['remuneratory']>,
    from: fc.constantFrom('payable_until', 'due_date') as fc.Arbitrary<LateChargeTerms['lateDaysFrom']>,
  }).map(
    ({ fee, mora, rate, clause, from }): LateChargeTerms => ({
      lateFeePercent: new Decimal(fee).div(100),
      defaultInterestMonthlyPercent: new Decimal(mora).div(100),
      remuneratory: clause,
      contractMonthlyPercent: new Decimal(rate).div(100),
      lateDaysFrom: from,
    }),
  );

  it('with no clause, charge exactly the multa and the mora on the value open (property)', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 400 }), (t0, baseCents, dueOffset, late) => {
        const t = { ...t0, remuneratory: 'none' as const };
        const dueDate = addDays('2024-01-01', dueOffset);
        const date = addDays(dueDate, late);
        const base = new Decimal(baseCents).div(100);
        const c = lateChargesAt({ overdue: base, dueDate, date, terms: t });
        const checked = checkTerms(t);
        expect(c.contractInterest.isZero()).toBe(true);
        const expected = c.daysLate === 0 ? new Decimal(0) : lateFeeOn(base, checked).plus(defaultInterestFor(base, c.daysLate, checked));
        expect(c.total.toFixed(2)).toBe(expected.toFixed(2));
        // the moved due date: no charge by it, and never more days than from the printed date
        expect(c.daysLate).toBeLessThanOrEqual(late);
        if (isBusinessDay(dueDate)) expect(c.daysLate).toBe(late);
      }),
      { seed: 4882, numRuns: 200 },
    );
  });

  it('compounded is at most simple up to 30 days and at least simple from 30 on — never below simple does not hold (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 720 }), (baseCents, rate, days) => {
        const base = new Decimal(baseCents).div(100);
        const r = new Decimal(rate).div(100);
        const c = remuneratoryFor(base, days, checkTerms(compound(r.toString())));
        const s = remuneratoryFor(base, days, checkTerms({ ...compound(r.toString()), remuneratory: 'simple_daily' }));
        if (days <= 30) expect(c.lte(s)).toBe(true);
        if (days >= 30) expect(c.gte(s)).toBe(true);
        if (days === 0 || days === 30) expect(c.toFixed(2)).toBe(s.toFixed(2));
      }),
      { seed: 539, numRuns: 300 },
    );
  });

  it('a period split in two stretches adds up to the whole within a cent per stretch: mora simple, remuneratory compounding on its own interest (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (baseCents, rate, mora, a, b) => {
        const base = new Decimal(baseCents).div(100);
        const t = checkTerms({ ...compound(new Decimal(rate).div(100).toString()), defaultInterestMonthlyPercent: new Decimal(mora).div(100) });
        const first = remuneratoryFor(base, a, t);
        const second = remuneratoryFor(base.plus(first), b, t);
        expect(first.plus(second).minus(remuneratoryFor(base, a + b, t)).abs().lte('0.02')).toBe(true);
        const moraSplit = defaultInterestFor(base, a, t).plus(defaultInterestFor(base, b, t));
        expect(moraSplit.minus(defaultInterestFor(base, a + b, t)).abs().lte('0.01')).toBe(true);
      }),
      { seed: 28, numRuns: 300 },
    );
  });

  it('in a replay, charges never bear charges and a partial payment adds up: paid + due = value + charges (property)', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: 100, max: 5_000_000 }), fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 99 }), (t, valueCents, dueOffset, payDay, after, share) => {
        const dueDate = addDays('2024-01-01', dueOffset);
        const value = new Decimal(valueCents).div(100);
        const figures = { dueDate, principal: value, interest: 0 };
        const payOn = addDays(dueDate, payDay);
        const asOf = addDays(payOn, after);
        const dueThen = replayInstallment(figures, t, [], payOn).state.dueTotal;
        const amount = Decimal.max(dueThen.mul(share).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN), '0.01');
        const withPayment = replayInstallment(figures, t, [{ id: 'p', date: payOn, amount }], asOf);
        const s = withPayment.state;
        const charges = s.charges.lateFee.plus(s.charges.defaultInterest).plus(s.charges.contractInterest);
        expect(s.paidTotal.plus(s.dueTotal).toFixed(2)).toBe(value.plus(charges).toFixed(2));
        // the multa is 2% at most of the value, whatever was paid
        expect(s.charges.lateFee.lte(value.mul('0.02').toDecimalPlaces(2, Decimal.ROUND_HALF_UP))).toBe(true);
        // charges never bear charges: mora is that of the value open in each stretch, never above the value's for the whole delay
        const alone = replayInstallment(figures, t, [], asOf).state;
        expect(s.charges.defaultInterest.lte(alone.charges.defaultInterest.plus('0.01'))).toBe(true);
        expect(s.charges.contractInterest.lte(alone.charges.contractInterest.plus('0.01'))).toBe(true);
        if (t.remuneratory === 'none') expect(s.charges.contractInterest.isZero()).toBe(true);
        // a payment that left the value whole (it only paid charges) leaves the mora as if it had not been made
        if (withPayment.allocations[0].split.principal.isZero() && t.remuneratory === 'none') {
          expect(s.charges.defaultInterest.minus(alone.charges.defaultInterest).abs().lte('0.01')).toBe(true);
        }
      }),
      { seed: 979, numRuns: 200 },
    );
  });

  it('an operation released before migration 0038 keeps the split of every payment recorded up to its last movement (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.record({ offset: fc.integer({ min: -10, max: 90 }), share: fc.integer({ min: 1, max: 100 }) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 60 }),
        (valueCents, dueOffset, rate, plan, after) => {
          const figures = { dueDate: addDays('2024-01-01', dueOffset), principal: new Decimal(valueCents).div(100), interest: 0 };
          const before: LateChargeTerms = { ...terms, contractMonthlyPercent: new Decimal(rate).div(100) };
          // payments that fit under the old terms, in date order
          const payments: { id: string; date: string; amount: Decimal }[] = [];
          for (const [k, step] of [...plan].sort((a, b) => a.offset - b.offset).entries()) {
            const date = addDays(figures.dueDate, step.offset);
            const due = replayInstallment(figures, before, payments, date).state.dueTotal;
            const amount = due.mul(step.share).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
            if (amount.gt(0)) payments.push({ id: `p${k}`, date, amount });
          }
          if (payments.length === 0) return;
          const last = payments[payments.length - 1].date;
          const now: LateChargeTerms = { ...noClause, contractMonthlyPercent: before.contractMonthlyPercent, legacyUntil: last };
          const old = replayInstallment(figures, before, payments, last);
          const migrated = replayInstallment(figures, now, payments, addDays(last, after));
          expect(migrated.allocations.map((a) => [a.id, a.split.lateFee.toFixed(2), a.split.defaultInterest.toFixed(2), a.split.interest.toFixed(2), a.split.principal.toFixed(2)])).toEqual(
            old.allocations.map((a) => [a.id, a.split.lateFee.toFixed(2), a.split.defaultInterest.toFixed(2), a.split.interest.toFixed(2), a.split.principal.toFixed(2)]),
          );
          // and from then on no remuneratory interest runs: what was due on the last day grows by the mora alone
          const grown = migrated.state.charges.contractInterest.minus(replayInstallment(figures, now, payments, last).state.charges.contractInterest);
          expect(grown.isZero()).toBe(true);
        },
      ),
      { seed: 38, numRuns: 200 },
    );
  });
});
