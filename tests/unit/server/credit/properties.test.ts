/**
 * The money math over the whole input space the product allows (fast-check,
 * fixed seed, 10,000 cases in all): Price and SAC, 1–360 installments, monthly
 * rates from 0 to 15% (the demo company's range) with four places, first
 * periods from 1 day to the 60 the company allows by default, principals from
 * R$ 100,00 to R$ 1.000.000,00, every IOF rate pair Brazil has had for PF,
 * PJ, Simples Nacional and MEI, IOF financed or not, fees.
 *
 * Each case checks what makes a schedule a loan (every payment positive, no
 * negative interest, a balance that never rises, amortizations summing to the
 * principal, a zero last balance, level Price payments), the IOF within its
 * caps (the daily part at most a year of the daily rate on the principal, the
 * additional part exact) and equal by both of its paths, the financed gross-up
 * rule (the smallest principal releasing at least the amount), a finite CET,
 * and that nothing throws. The cases are spread so the suite stays quick:
 * schedules mostly short (every length still drawn), CETs fewer.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { addDays, addMonths } from '../../../../src/server/domain/credit/calendar';
import { cetOf } from '../../../../src/server/domain/credit/cet';
import { grossUpForIof, iofCalculator, iofOf, iofOfSchedule, IOF_MAX_DAYS, type IofRates } from '../../../../src/server/domain/credit/iof';
import { buildSchedule, cents, levelPayment, type ScheduleInput, type ScheduleRow } from '../../../../src/server/domain/credit/schedule';

const SEED = 20_140_430;
const RUNS = { schedules: 6_000, iof: 3_000, simulations: 1_000 };
/** Seconds on a quiet machine; a loaded one (other suites, other worktrees) can take several times that. */
const TIMEOUT_MS = 60_000;
const MAX_FIRST_PERIOD_DAYS = 60;
const CENT = new Decimal('0.01');

/** Every (daily %, additional %) pair of the IOF periods since 2008, PF, PJ, Simples and MEI, and the 2020 zero. */
const IOF_RATES: IofRates[] = [
  { dailyPercent: '0.0082', additionalPercent: '0.38' },
  { dailyPercent: '0.0041', additionalPercent: '0.38' },
  { dailyPercent: '0.0068', additionalPercent: '0.38' },
  { dailyPercent: '0.01118', additionalPercent: '0.38' },
  { dailyPercent: '0.00559', additionalPercent: '0.38' },
  { dailyPercent: '0.0082', additionalPercent: '0.95' },
  { dailyPercent: '0.00137', additionalPercent: '0.38' },
  { dailyPercent: '0.00274', additionalPercent: '0.95' },
  { dailyPercent: '0.00274', additionalPercent: '0.38' },
  { dailyPercent: '0', additionalPercent: '0' },
];

/** Short schedules most of the time (they cost less), every length from 1 to 360 still drawn. */
const installments = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 24 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 360 }) });
/** 0% to 15% a month with four places, the ends drawn often. */
const ratePercent = fc
  .oneof({ weight: 1, arbitrary: fc.constantFrom(0, 1, 150_000) }, { weight: 8, arbitrary: fc.integer({ min: 0, max: 150_000 }) })
  .map((tenThousandths) => new Decimal(tenThousandths).div(10_000).toFixed(4));
const principalCents = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(10_000, 100_000_000) }, { weight: 6, arbitrary: fc.integer({ min: 10_000, max: 100_000_000 }) });
/** A first due date a whole month after the disbursement (the usual case), or 1 to 60 days after it. */
const dates = fc
  .record({
    offset: fc.integer({ min: 0, max: 4_000 }),
    firstPeriod: fc.oneof(
      { weight: 2, arbitrary: fc.constant('month' as const) },
      { weight: 1, arbitrary: fc.constantFrom(1, 28, 30, 31, MAX_FIRST_PERIOD_DAYS) },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: MAX_FIRST_PERIOD_DAYS }) },
    ),
  })
  .map(({ offset, firstPeriod }) => {
    const disbursementDate = addDays('2020-01-01', offset);
    return { disbursementDate, firstDueDate: firstPeriod === 'month' ? addMonths(disbursementDate, 1) : addDays(disbursementDate, firstPeriod) };
  });

const conditions = fc
  .record({ amortization: fc.constantFrom('price' as const, 'sac' as const), monthlyRatePercent: ratePercent, installments, dates })
  .map(({ dates: d, ...rest }) => ({ ...rest, ...d }));
const scheduleInput = fc.record({ conditions, principal: principalCents }).map(({ conditions: c, principal }) => ({ ...c, principal: new Decimal(principal).div(100) }));

function fail(what: string, input: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(input)}`);
}

/** What makes the rows a loan of `input.principal`. */
function assertLoan(input: ScheduleInput, rows: ScheduleRow[]): void {
  const principal = new Decimal(input.principal);
  if (rows.length !== input.installments) fail('one row per installment', input);
  let before = principal;
  let amortized = new Decimal(0);
  for (const row of rows) {
    if (!row.payment.isPositive() || row.payment.isZero()) fail(`payment ${row.number} not positive (${row.payment})`, input);
    if (row.interest.isNegative()) fail(`interest ${row.number} negative (${row.interest})`, input);
    if (row.amortization.isNegative() || row.balance.gt(before)) fail(`balance ${row.number} rose`, input);
    if (!row.payment.eq(row.interest.plus(row.amortization))) fail(`payment ${row.number} is not interest + amortization`, input);
    if (row.payment.decimalPlaces() > 2 || row.balance.decimalPlaces() > 2) fail(`row ${row.number} not in cents`, input);
    amortized = amortized.plus(row.amortization);
    before = row.balance;
  }
  if (!amortized.eq(principal)) fail(`amortizations sum to ${amortized}`, input);
  if (!before.isZero()) fail(`last balance ${before}`, input);
  const i = new Decimal(input.monthlyRatePercent).div(100);
  if (input.amortization === 'price' && i.gt(0)) {
    // Level from the second installment on, the last included; a row whose exact interest is under a cent or two pays its amortization.
    const level = levelPayment(principal, i, input.installments);
    for (const row of rows.slice(1)) {
      if (!row.payment.eq(level) && !(row.interest.isZero() && row.payment.minus(level).lte('0.02'))) fail(`payment ${row.number} (${row.payment}) is not the level ${level}`, input);
    }
  }
}

/** The IOF caps: the daily part at most a year of the daily rate on the principal, the additional part exact. */
function assertIofCaps(principal: Decimal, iof: { daily: Decimal; additional: Decimal; total: Decimal }, rates: IofRates, input: unknown): void {
  const yearCap = cents(principal.mul(rates.dailyPercent).div(100).mul(IOF_MAX_DAYS));
  if (iof.daily.isNegative() || iof.daily.gt(yearCap)) fail(`daily IOF ${iof.daily} above a year's ${yearCap}`, input);
  if (!iof.additional.eq(cents(principal.mul(rates.additionalPercent).div(100)))) fail(`additional IOF ${iof.additional}`, input);
  if (!iof.total.eq(iof.daily.plus(iof.additional))) fail('IOF total', input);
}

describe('every schedule in the allowed space is a loan (property)', () => {
  it(`Price and SAC, 1–360 installments, 0–15% a month, first periods of 1–${MAX_FIRST_PERIOD_DAYS} days: ${RUNS.schedules} cases`, () => {
    fc.assert(
      fc.property(scheduleInput, (input) => assertLoan(input, buildSchedule(input))),
      { seed: SEED, numRuns: RUNS.schedules },
    );
  }, TIMEOUT_MS);
});

describe('IOF and the financed gross-up over the space (property)', () => {
  it(`IOF within its caps, the same by rows and by balances; the gross-up is the smallest principal releasing the amount: ${RUNS.iof} cases`, () => {
    const arbitrary = fc.record({
      conditions,
      asked: principalCents,
      fees: fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 3 }),
      rates: fc.constantFrom(...IOF_RATES),
    });
    fc.assert(
      fc.property(arbitrary, ({ conditions: c, asked, fees, rates }) => {
        const iofAt = iofCalculator(c, rates);
        const target = new Decimal(asked + fees.reduce((a, b) => a + b, 0)).div(100);
        const up = grossUpForIof({ ...c, released: target }, rates);
        const release = up.principal.minus(up.iof.total);
        if (release.lt(target)) fail(`releases ${release} < ${target}`, { c, target, rates });
        if (!up.excess.eq(release.minus(target)) || up.excess.gte('0.03')) fail(`excess ${up.excess}`, { c, target, rates });
        const below = up.principal.minus(CENT);
        if (below.minus(iofAt(below).total).gte(target)) fail('a smaller principal releases enough', { c, target, rates });
        assertIofCaps(up.principal, up.iof, rates, { c, target, rates });
        // Not financed: the amount asked is the principal.
        const principal = new Decimal(asked).div(100);
        const direct = iofAt(principal);
        assertIofCaps(principal, direct, rates, { c, asked, rates });
        if (c.installments <= 12) {
          // The fast path equals the IOF over the built rows (checked where rows are cheap to build).
          const byRows = iofOf(buildSchedule({ ...c, principal }), principal, rates);
          if (!byRows.total.eq(direct.total) || !byRows.daily.eq(direct.daily)) fail(`IOF by rows ${byRows.total} ≠ ${direct.total}`, { c, asked, rates });
        }
      }),
      { seed: SEED + 1, numRuns: RUNS.iof },
    );
  }, TIMEOUT_MS);
});

describe('the whole simulation over the space: schedule, IOF, fees, CET (property)', () => {
  it(`PF/PJ/Simples/MEI rates, IOF financed or not, fees: a loan, a finite CET, nothing thrown: ${RUNS.simulations} cases`, () => {
    const arbitrary = fc.record({
      conditions,
      asked: principalCents,
      fees: fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 3 }),
      rates: fc.constantFrom(...IOF_RATES),
      financed: fc.boolean(),
    });
    fc.assert(
      fc.property(arbitrary, ({ conditions: c, asked, fees, rates, financed }) => {
        const amount = new Decimal(asked).div(100);
        const feesTotal = new Decimal(fees.reduce((a, b) => a + b, 0)).div(100);
        let principal = amount;
        let iofTotal: Decimal;
        if (financed) {
          const up = grossUpForIof({ ...c, released: amount.plus(feesTotal) }, rates);
          principal = up.principal;
          iofTotal = up.iof.total;
        } else {
          iofTotal = iofOfSchedule({ ...c, principal }, rates).total;
        }
        const released = principal.minus(iofTotal).minus(feesTotal);
        if (!released.gt(0)) return; // the simulation answers a 400 here (fees and IOF take everything)
        const input = { ...c, principal };
        const rows = buildSchedule(input);
        assertLoan(input, rows);
        const cet = cetOf(released, rows.map((r) => ({ days: r.days, amount: r.payment })));
        if (!cet.yearly.isFinite() || !cet.monthly.isFinite() || cet.yearly.isNegative()) fail(`CET ${cet.yearly}`, { input, released });
      }),
      { seed: SEED + 2, numRuns: RUNS.simulations },
    );
  }, TIMEOUT_MS);
});
