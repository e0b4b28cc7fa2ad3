/**
 * IOF on credit operations (Decreto 6.306/2007, art. 7, I, and §15):
 * - the daily rate on each installment's amortization, for the days from the
 *   disbursement to its due date, counting at most 365 days per installment
 *   (art. 7 §1: the same charge as a one-year operation beyond that);
 * - plus the additional rate on the principal (art. 7 §15).
 * The rates come from the IOF parameters in force on the disbursement date for
 * the borrower's kind (PF, PJ, PJ under Simples Nacional); this module only
 * computes with the rates it is given.
 *
 * Rounding: the daily part is summed unrounded over the installments and
 * rounded half-up to the cent once, as is the additional part.
 *
 * Financed IOF: when the IOF is added to the amount financed, the principal is
 * grossed up so that principal − IOF(principal) is exactly the amount asked
 * (found to the cent; see grossUpForIof).
 */
import Decimal from 'decimal.js';
import { buildSchedule, cents, type ScheduleInput } from './schedule';

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

/** IOF of a schedule's amortizations (each with its days from the disbursement). */
export function iofOf(
  amortizations: ReadonlyArray<{ amortization: Decimal; days: number }>,
  principal: Decimal,
  rates: IofRates,
): IofAmounts {
  const daily = new Decimal(rates.dailyPercent).div(100);
  const additional = new Decimal(rates.additionalPercent).div(100);
  let dailyTotal = new Decimal(0);
  for (const row of amortizations) dailyTotal = dailyTotal.plus(row.amortization.mul(daily).mul(Math.min(Math.max(row.days, 0), IOF_MAX_DAYS)));
  const dailyCents = cents(dailyTotal);
  const additionalCents = cents(principal.mul(additional));
  return { daily: dailyCents, additional: additionalCents, total: dailyCents.plus(additionalCents) };
}

/** IOF of the schedule `input` describes. */
export function iofOfSchedule(input: ScheduleInput, rates: IofRates): IofAmounts {
  const rows = buildSchedule(input);
  return iofOf(rows, cents(new Decimal(input.principal)), rates);
}

/**
 * The principal to finance so that, once the IOF on that principal is
 * deducted, exactly `released` reaches the borrower. Starting from the linear
 * estimate released / (1 − IOF rate per real), the search moves a cent at a
 * time: principal − released grows by a cent per step while the IOF grows by
 * less than a cent (its rate per real is far below 1), so the difference hits
 * zero exactly.
 */
export function grossUpForIof(input: Omit<ScheduleInput, 'principal'> & { released: Decimal.Value }, rates: IofRates): { principal: Decimal; iof: IofAmounts } {
  const released = cents(new Decimal(input.released));
  const at = (principal: Decimal) => iofOfSchedule({ ...input, principal }, rates);
  const perReal = at(released).total.div(released);
  let principal = cents(released.div(new Decimal(1).minus(perReal)));
  for (let step = 0; step < 10_000; step++) {
    const iof = at(principal);
    const gap = principal.minus(iof.total).minus(released);
    if (gap.isZero()) return { principal, iof };
    principal = gap.isNegative() ? principal.plus('0.01') : principal.minus('0.01');
  }
  throw new Error('IOF gross-up did not converge');
}
