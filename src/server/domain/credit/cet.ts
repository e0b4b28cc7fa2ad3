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
 * Solved by Newton's method on (1 + CET) in exact decimals, starting from the
 * simple ratio of what is paid to what is released, with bisection as the
 * fallback, to 1e-12: both figures are then rounded half-up to two places of
 * percent for display.
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
const TOLERANCE = new Decimal('1e-12');

/**
 * PV and its derivative at x = 1 + CET for flows sorted by day. x^(d/365) is
 * (x^(1/365))^d: one fractional power per evaluation, then each flow's factor
 * from the previous one by an integer power of the days between them. The
 * fractional powers (exp/ln in decimal.js) were the cost: 360 of them per
 * Newton step made a 360-plot CET take most of a second.
 */
function presentValue(flows: readonly CashFlow[], factor: Decimal): { value: Decimal; derivative: Decimal } {
  const daily = factor.pow(ONE.div(YEAR));
  // Monthly schedules have only a handful of distinct gaps (28–31 days): each power once.
  const stepOf = new Map<number, Decimal>();
  let value = new Decimal(0);
  let weighted = new Decimal(0);
  let growth = ONE;
  let previousDays = 0;
  for (const flow of flows) {
    const gap = flow.days - previousDays;
    let step = stepOf.get(gap);
    if (!step) {
      step = daily.pow(gap);
      stepOf.set(gap, step);
    }
    growth = growth.mul(step);
    previousDays = flow.days;
    const discounted = flow.amount.div(growth);
    value = value.plus(discounted);
    weighted = weighted.plus(discounted.mul(flow.days));
  }
  // d/dx Σ a·x^(−d/365) = −Σ a·(d/365)·x^(−d/365) / x
  return { value, derivative: weighted.div(YEAR.mul(factor)).neg() };
}

export function cetOf(released: Decimal.Value, payments: readonly CashFlow[]): Cet {
  const target = new Decimal(released);
  if (target.lte(0)) throw new RangeError('released amount must be positive');
  if (payments.length === 0 || payments.some((p) => p.days <= 0)) throw new RangeError('payments must fall after the disbursement');
  const flows = [...payments].sort((a, b) => a.days - b.days);
  const paid = flows.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  if (paid.lt(target)) throw new RangeError('payments do not repay the amount released');

  // f(x) = PV(x) − released is decreasing in x = 1 + CET; PV(1) = paid ≥ released.
  let low = ONE;
  let high = new Decimal(2);
  while (presentValue(flows, high).value.gt(target)) high = high.mul(2);
  const maxDays = flows[flows.length - 1].days;
  let x = Decimal.max(ONE.plus(paid.div(target).minus(ONE).mul(YEAR).div(maxDays)), new Decimal('1.000001'));
  for (let iteration = 0; iteration < 200; iteration++) {
    const { value, derivative } = presentValue(flows, x);
    const f = value.minus(target);
    if (f.abs().lt(TOLERANCE)) break;
    if (f.gt(0)) low = Decimal.max(low, x);
    else high = Decimal.min(high, x);
    let next = derivative.isZero() ? x : x.minus(f.div(derivative));
    // Newton left the bracket: bisect instead.
    if (next.lte(low) || next.gte(high)) next = low.plus(high).div(2);
    if (next.minus(x).abs().lt(TOLERANCE)) {
      x = next;
      break;
    }
    x = next;
  }
  const yearly = x.minus(ONE);
  const monthly = x.pow(ONE.div(12)).minus(ONE);
  return { yearly: yearly.mul(100), monthly: monthly.mul(100) };
}

/** Two places of percent, half-up: "2.34". */
export function percentText(value: Decimal): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
