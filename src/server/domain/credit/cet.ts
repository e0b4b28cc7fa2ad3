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

function presentValue(flows: readonly CashFlow[], factor: Decimal): { value: Decimal; derivative: Decimal } {
  let value = new Decimal(0);
  let derivative = new Decimal(0);
  for (const flow of flows) {
    const t = new Decimal(flow.days).div(YEAR);
    const discounted = flow.amount.div(factor.pow(t));
    value = value.plus(discounted);
    derivative = derivative.minus(discounted.mul(t).div(factor));
  }
  return { value, derivative };
}

export function cetOf(released: Decimal.Value, payments: readonly CashFlow[]): Cet {
  const target = new Decimal(released);
  if (target.lte(0)) throw new RangeError('released amount must be positive');
  if (payments.length === 0 || payments.some((p) => p.days <= 0)) throw new RangeError('payments must fall after the disbursement');
  const paid = payments.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  if (paid.lt(target)) throw new RangeError('payments do not repay the amount released');

  // f(x) = PV(x) − released is decreasing in x = 1 + CET; PV(1) = paid ≥ released.
  let low = ONE;
  let high = new Decimal(2);
  while (presentValue(payments, high).value.gt(target)) high = high.mul(2);
  const maxDays = Math.max(...payments.map((p) => p.days));
  let x = Decimal.max(ONE.plus(paid.div(target).minus(ONE).mul(YEAR).div(maxDays)), new Decimal('1.000001'));
  for (let iteration = 0; iteration < 200; iteration++) {
    const { value, derivative } = presentValue(payments, x);
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
