/**
 * Custo Efetivo Total (Res. CMN 3.517/2007, art. 1 §1 and its annex): the
 * annual rate that equates the amount released at the disbursement to the
 * payments at their dates,
 *
 *     released = Σ payment_j / (1 + CET)^(days_j / 365)
 *
 * with days_j the calendar days from the disbursement to payment j. The
 * monthly figure is the equivalent rate, (1 + CET)^(1/12) − 1.
 *
 * Solved for t = ln(1 + CET) by Newton's method on the present value
 * f(t) = Σ a_j·e^(−t·d_j/365), which is decreasing and convex in t: from a
 * point right of the root one step lands left of it, and from there the steps
 * rise monotonically to it, so Newton converges from any start. A decimal
 * evaluation is one Horner pass over the payments from the last (a
 * multiplication and an addition each), with one exponential for the day
 * factor and one power per distinct gap between due dates.
 *
 * Where to look is found in binary floating point: the same Newton iteration
 * on numbers (microseconds) lands within about 1e-15 of the root, and one
 * decimal Newton step from there decides every digit of the answer (its
 * error is of the order of the square of the start's, and the float slope's
 * own error times a step of 1e-15). No figure is taken from the floats; when
 * they give no root, or one the decimal step moves by more than 1e-8, the
 * iteration runs in decimals alone from a cumulant estimate (startingPoint).
 * A 360-payment CET is then one decimal pass instead of eight or ten.
 * Both figures are rounded half-up to two places of percent for display.
 */
import Decimal from 'decimal.js';

export interface CashFlow {
  days: number;
  amount: Decimal;
}

export interface Cet {
  /** percent per year, full precision */
  yearly: Decimal;
  /** percent per month, full precision */
  monthly: Decimal;
}

const ONE = new Decimal(1);
const YEAR = new Decimal(365);
/** A step this small leaves an error of the order of its square (≈ 1e-16 in t). */
const STEP_DONE = new Decimal('1e-8');
const MAX_STEPS = 100;

/**
 * The root of f(t) = released in binary floating point, with the slope there
 * (the decimal correction's divisor), or null when the floats cannot give one.
 */
function floatRoot(days: readonly number[], amounts: readonly number[], goal: number): { t: number; slope: number } | null {
  const paid = amounts.reduce((sum, a) => sum + a, 0);
  let first = 0;
  for (let j = 0; j < days.length; j++) first += amounts[j] * days[j];
  let t = Math.log(paid / goal) / (first / 365 / paid);
  for (let iteration = 0; iteration < 60; iteration++) {
    let value = 0;
    let moment = 0;
    for (let j = 0; j < days.length; j++) {
      const discounted = amounts[j] * Math.exp((-t * days[j]) / 365);
      value += discounted;
      moment += discounted * days[j];
    }
    const slope = moment / 365;
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope <= 0) return null;
    const step = (value - goal) / slope;
    t += step;
    if (!Number.isFinite(t)) return null;
    if (Math.abs(step) <= 1e-15 * Math.max(1, Math.abs(t))) return { t, slope };
  }
  return null;
}

/** Σ a_j·e^(−t·d_j/365) in decimals, by Horner from the last payment. */
function presentValue(days: readonly number[], amounts: readonly Decimal[], t: Decimal): Decimal {
  const u = t.neg().div(YEAR).exp();
  const stepOf = new Map<number, Decimal>();
  const step = (gap: number) => {
    let s = stepOf.get(gap);
    if (!s) {
      s = u.pow(gap);
      stepOf.set(gap, s);
    }
    return s;
  };
  const last = days.length - 1;
  let value = amounts[last];
  for (let j = last - 1; j >= 0; j--) value = amounts[j].plus(value.mul(step(days[j + 1] - days[j])));
  return value.mul(step(days[0]));
}

/** Σ a_j·d_j·e^(−t·d_j/365) in decimals (the slope's sum), for the decimal-only iteration. */
function moment(days: readonly number[], amounts: readonly Decimal[], t: Decimal): Decimal {
  return presentValue(days, amounts.map((a, j) => a.mul(days[j])), t);
}

/**
 * Where the decimal-only iteration starts: f(t) = paid·E[e^(−tT)] with T the
 * payments' times in years weighted by amount; its cumulants to the second
 * order, ln(paid/released) = t·μ − t²·σ²/2, solved for t (the smaller root),
 * or ln(paid/released)/μ when that has none.
 */
function startingPoint(days: readonly number[], amounts: readonly Decimal[], paid: Decimal, target: Decimal): Decimal {
  let first = new Decimal(0);
  let second = new Decimal(0);
  for (let j = 0; j < days.length; j++) {
    const weighted = amounts[j].mul(days[j]);
    first = first.plus(weighted);
    second = second.plus(weighted.mul(days[j]));
  }
  const mean = first.div(paid.mul(YEAR));
  const variance = second.div(paid.mul(YEAR).mul(YEAR)).minus(mean.mul(mean));
  const log = paid.div(target).ln();
  const discriminant = mean.mul(mean).minus(variance.mul(log).mul(2));
  if (variance.lte(0) || discriminant.lt(0)) return log.div(mean);
  return mean.minus(discriminant.sqrt()).div(variance);
}

/** Newton in decimals alone, from the cumulant start (when the floats gave no root). */
function decimalRoot(days: readonly number[], amounts: readonly Decimal[], paid: Decimal, target: Decimal): Decimal {
  let t = startingPoint(days, amounts, paid, target);
  for (let iteration = 0; iteration < MAX_STEPS; iteration++) {
    const excess = presentValue(days, amounts, t).minus(target);
    const slope = moment(days, amounts, t).div(YEAR);
    if (excess.isZero() || slope.isZero()) break;
    const step = excess.div(slope);
    t = t.plus(step);
    if (step.abs().lt(STEP_DONE.mul(Decimal.max(ONE, t.abs())))) break;
  }
  return t;
}

export function cetOf(released: Decimal.Value, payments: readonly CashFlow[]): Cet {
  const target = new Decimal(released);
  if (target.lte(0)) throw new RangeError('released amount must be positive');
  if (payments.length === 0 || payments.some((p) => !Number.isInteger(p.days) || p.days <= 0)) {
    throw new RangeError('payments must fall after the disbursement');
  }
  const sorted = [...payments].sort((a, b) => a.days - b.days);
  // Payments on the same day are one payment (Horner's passes step by the gaps between days).
  const days: number[] = [];
  const amounts: Decimal[] = [];
  for (const p of sorted) {
    if (p.amount.isNegative()) throw new RangeError('payments must not be negative');
    const at = days.length - 1;
    if (at >= 0 && days[at] === p.days) amounts[at] = amounts[at].plus(p.amount);
    else {
      days.push(p.days);
      amounts.push(p.amount);
    }
  }
  const paid = amounts.reduce((sum, a) => sum.plus(a), new Decimal(0));
  if (paid.lt(target)) throw new RangeError('payments do not repay the amount released');

  let t: Decimal | null = null;
  const guess = floatRoot(days, amounts.map((a) => a.toNumber()), target.toNumber());
  if (guess) {
    // One Newton step in decimals from the floats' root decides the digits: the step is ~1e-15, so
    // the slope's own float error (~1e-15 of it) and the step's square stay far below 1e-20.
    const start = new Decimal(guess.t);
    const step = presentValue(days, amounts, start).minus(target).div(guess.slope);
    if (step.abs().lt(STEP_DONE)) t = start.plus(step);
  }
  t ??= decimalRoot(days, amounts, paid, target);
  const yearly = t.exp().minus(ONE);
  const monthly = t.div(12).exp().minus(ONE);
  return { yearly: yearly.mul(100), monthly: monthly.mul(100) };
}

/** Two places of percent, half-up: "2.34". */
export function percentText(value: Decimal): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
