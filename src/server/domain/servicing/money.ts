/**
 * Money and rate inputs of the servicing rules: decimal.js values checked
 * once at the door (finite, not negative, money in whole cents), so the
 * rules below never meet a float, NaN or a third decimal place. Rounding is
 * half-up to the cent, the same as the schedule's (domain/credit/schedule.ts).
 */
import Decimal from 'decimal.js';

export const ZERO = new Decimal(0);

export function cents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

function decimal(value: Decimal.Value, what: string): Decimal {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new RangeError(`${what} must be a number`);
  }
  if (!d.isFinite()) throw new RangeError(`${what} must be a finite number`);
  return d;
}

/** An amount of money: not negative, at most two decimal places. */
export function money(value: Decimal.Value, what: string): Decimal {
  const d = decimal(value, what);
  if (d.isNeg()) throw new RangeError(`${what} must not be negative`);
  if (d.decimalPlaces() > 2) throw new RangeError(`${what} must have at most two decimal places`);
  return d;
}

/** A strictly positive amount of money. */
export function positiveMoney(value: Decimal.Value, what: string): Decimal {
  const d = money(value, what);
  if (d.isZero()) throw new RangeError(`${what} must be positive`);
  return d;
}

/** A percentage that is not negative and, when `max` is given, not above it. */
export function percent(value: Decimal.Value, what: string, max?: Decimal.Value): Decimal {
  const d = decimal(value, what);
  if (d.isNeg()) throw new RangeError(`${what} must not be negative`);
  if (max !== undefined && d.gt(max)) throw new RangeError(`${what} must not exceed ${new Decimal(max).toString()}%`);
  return d;
}

export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce((a, b) => a.plus(b), ZERO);
}
