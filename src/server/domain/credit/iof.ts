/**
 * IOF on credit operations (Decreto 6.306/2007, art. 7, I, and §15):
 * - the daily rate on each installment's amortization, for the days from the
 *   disbursement to its due date, counting at most 365 days per installment
 *   (art. 7 §1: the same charge as a one-year operation beyond that);
 * - plus the additional rate on the principal (art. 7 §15).
 * The rates come from the IOF parameters in force on the disbursement date for
 * the borrower's kind (PF, PJ, PJ under Simples Nacional, MEI); this module
 * only computes with the rates it is given.
 *
 * Rounding: the daily part is summed unrounded over the installments and
 * rounded half-up to the cent once, as is the additional part.
 *
 * Financed IOF (grossUpForIof): the amount financed is the smallest principal
 * P whose release, P − IOF(P), is at least what must reach the borrower (the
 * amount asked plus the fees); the cent or two by which the release may pass
 * it is answered, since no principal may release it exactly (the IOF is
 * rounded to the cent twice, so P − IOF(P) can skip a value).
 */
import Decimal from 'decimal.js';
import { monthlyDates, dayNumber } from './calendar';
import { balancesOf, cents, validateScheduleInput, type ScheduleInput } from './schedule';

/** Days beyond which an installment pays no more daily IOF. */
export const IOF_MAX_DAYS = 365;

export interface IofRates {
  /** percent per day, e.g. "0.0082" */
  dailyPercent: Decimal.Value;
  /** percent, once on the principal, e.g. "0.38" */
  additionalPercent: Decimal.Value;
}

export interface IofAmounts {
  daily: Decimal;
  additional: Decimal;
  total: Decimal;
}

const ZERO = new Decimal(0);
const CENT = new Decimal('0.01');
const HUNDRED = new Decimal(100);
/** How many cents the search walks from its estimate before it bisects the whole bracket. */
const NEAR_STEPS = 4;

const YEAR_DAYS = new Decimal(IOF_MAX_DAYS);
/** A monthly installment after the twelfth falls at least a year and a day after the disbursement. */
const MOST_WITHIN_A_YEAR = 12;

function amountsOf(dailyBase: Decimal, principal: Decimal, dailyPercent: Decimal, additionalPercent: Decimal): IofAmounts {
  const daily = cents(dailyBase.mul(dailyPercent).div(HUNDRED));
  const additional = cents(principal.mul(additionalPercent).div(HUNDRED));
  return { daily, additional, total: daily.plus(additional) };
}

/**
 * IOF of a schedule's amortizations (each with its days from the
 * disbursement, in the schedule's order), which sum to `principal`: the rows
 * due within a year count their days, the rest of the principal counts 365.
 */
export function iofOf(amortizations: ReadonlyArray<{ amortization: Decimal; days: number }>, principal: Decimal, rates: IofRates): IofAmounts {
  let base = ZERO;
  let counted = ZERO;
  for (const row of amortizations) {
    if (row.days >= IOF_MAX_DAYS) break;
    base = base.plus(row.amortization.mul(Math.max(row.days, 0)));
    counted = counted.plus(row.amortization);
  }
  return amountsOf(base.plus(principal.minus(counted).mul(YEAR_DAYS)), principal, new Decimal(rates.dailyPercent), new Decimal(rates.additionalPercent));
}

/**
 * The IOF of the schedule of `conditions` as a function of its principal,
 * without building the schedule: only the installments due within a year
 * count their own days (a dozen or so), and what is owed after them counts
 * 365. Gives the same figures as iofOf over buildSchedule's rows.
 */
export function iofCalculator(conditions: Omit<ScheduleInput, 'principal'>, rates: IofRates): (principal: Decimal) => IofAmounts {
  const n = conditions.installments;
  const start = dayNumber(conditions.disbursementDate);
  const days: Decimal[] = [];
  for (const due of monthlyDates(conditions.firstDueDate, Math.min(n, MOST_WITHIN_A_YEAR + 1))) {
    const d = due.day - start;
    if (d >= IOF_MAX_DAYS) break;
    days.push(new Decimal(d));
  }
  const balances = balancesOf(conditions.amortization, conditions.monthlyRatePercent, n);
  const dailyPercent = new Decimal(rates.dailyPercent);
  const additionalPercent = new Decimal(rates.additionalPercent);
  return (principal) => {
    const after = balances.after(principal, days.length);
    let base = ZERO;
    let before = principal;
    for (let k = 0; k < days.length; k++) {
      base = base.plus(before.minus(after[k]).mul(days[k]));
      before = after[k];
    }
    return amountsOf(base.plus(before.mul(YEAR_DAYS)), principal, dailyPercent, additionalPercent);
  };
}

/** IOF of the schedule `input` describes. */
export function iofOfSchedule(input: ScheduleInput, rates: IofRates): IofAmounts {
  validateScheduleInput(input);
  return iofCalculator(input, rates)(cents(new Decimal(input.principal)));
}

export interface GrossUp {
  principal: Decimal;
  iof: IofAmounts;
  /** principal − IOF − the amount that had to be released: zero, or the cent(s) no principal could avoid */
  excess: Decimal;
}

/**
 * The smallest principal P (in cents) whose release P − IOF(P) is at least
 * `released`, in a bounded number of IOF evaluations.
 *
 * Bounds: with c = daily rate × 365 + additional rate (the most IOF per real
 * of principal), IOF(P) ≤ c·P + 0.01, so P = ⌈(released + 0.01)/(1 − c)⌉
 * releases enough, and released − 0.01 does not (the IOF is never negative).
 * The search first walks at most four cents from the linear estimate
 * released / (1 − IOF(released)/released) looking for two neighbouring cents
 * of which the lower releases too little and the upper enough (usually the
 * estimate and its neighbour); failing that, it bisects the whole bracket,
 * which keeps the same property and ends with such a pair: at most
 * log2(c·released/0.01) + 2 steps (about 25 for a million reais, 45 at the
 * contract's largest amount), never a cent-by-cent walk.
 *
 * The release is not monotone by the cent in general (the two roundings of the
 * IOF can each take a cent at the same step), but it cannot fall back far:
 * raising P by δ raises the IOF by at most c·δ + g, with g = 0.02 + 0.01 ×
 * the daily rate × 365 (each rounding a cent, and the schedule's balances a
 * cent each, which weigh at most 365 days of the daily rate), so the release
 * rises by at least δ·(1 − c) − g, which is positive once δ > g/(1 − c).
 * Below the cent the bisection found releasing too little, only the cents
 * within that distance (two, at any rate Brazil has had) could release
 * enough; they are tried too, so the answer is the smallest principal. (With
 * this module's schedules the IOF never falls when P rises — every balance is
 * P times a fixed share, rounded — so the release passes every cent and the
 * excess is zero; the rule does not depend on it.)
 */
export function grossUpForIof(input: Omit<ScheduleInput, 'principal'> & { released: Decimal.Value }, rates: IofRates): GrossUp {
  const target = cents(new Decimal(input.released));
  if (target.lte(0)) throw new RangeError('the amount to release must be positive');
  const perReal = new Decimal(rates.dailyPercent).mul(IOF_MAX_DAYS).plus(rates.additionalPercent).div(HUNDRED);
  if (perReal.gte(1)) throw new RangeError('the IOF would take the whole principal');
  const iofAt = iofCalculator(input, rates);
  const seen = new Map<string, { iof: IofAmounts; release: Decimal }>();
  const releases = (principal: Decimal) => {
    const key = principal.toFixed(2);
    let known = seen.get(key);
    if (!known) {
      const iof = iofAt(principal);
      known = { iof, release: principal.minus(iof.total) };
      seen.set(key, known);
    }
    return known;
  };

  const releasesEnough = (principal: Decimal) => releases(principal).release.gte(target);
  // From the linear estimate, a walk of a few cents finds the neighbouring pair (usually at once).
  let pair: [Decimal, Decimal] | null = null;
  let at = target.div(new Decimal(1).minus(iofAt(target).total.div(target))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const direction = releasesEnough(at) ? CENT.neg() : CENT;
  for (let step = 0; step < NEAR_STEPS && !pair; step++) {
    const next = at.plus(direction);
    if (next.lt(CENT.mul(input.installments))) break;
    const nextEnough = releasesEnough(next);
    if (direction.isNegative() && !nextEnough) pair = [next, at];
    else if (direction.isPositive() && nextEnough) pair = [at, next];
    at = next;
  }
  let low: Decimal;
  let high: Decimal;
  if (pair) [low, high] = pair;
  else {
    low = target.minus(CENT); // releases too little (or is no principal at all)
    high = target.plus(CENT).div(new Decimal(1).minus(perReal)).toDecimalPlaces(2, Decimal.ROUND_UP);
    if (high.lte(low)) high = low.plus(CENT);
    while (!releasesEnough(high)) high = high.mul(2); // never happens by the bound above; kept as a guard
  }
  while (high.minus(low).gt(CENT)) {
    const middle = low.plus(high).div(2).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    if (releasesEnough(middle)) high = middle;
    else low = middle;
  }
  // The cents just below `low` that could still release enough (see above): those within
  // (0.02 + 0.01·daily rate·365)/(1 − c), the most two roundings and the balances' cents can give back.
  const giveBack = new Decimal('0.02').plus(CENT.mul(rates.dailyPercent).mul(IOF_MAX_DAYS).div(HUNDRED));
  const reach = giveBack.div(CENT.mul(new Decimal(1).minus(perReal))).floor().toNumber();
  let best = high;
  for (let j = 1; j <= reach; j++) {
    const candidate = low.minus(CENT.mul(j));
    if (candidate.lt(CENT.mul(input.installments))) break;
    if (releases(candidate).release.gte(target)) best = candidate;
  }
  const { iof, release } = releases(best);
  return { principal: best, iof, excess: release.minus(target) };
}
