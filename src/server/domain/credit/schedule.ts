/**
 * Repayment schedules: Price (French, level payments) and SAC (constant
 * amortization), in exact decimal arithmetic. Every schedule this module
 * answers is a loan, for every valid input: every payment is positive, no
 * interest is negative, the balance never rises, the amortizations sum to the
 * principal exactly and the last balance is zero.
 *
 * The convention for a first period that is not one month (one convention,
 * for both systems): the installments amortize as if the first period were a
 * whole month, and the first installment pays the interest the first period
 * really accrued — pro rata by days on a 30-day month, compounded:
 * balance × ((1 + i)^(days/30) − 1). So a long first period makes the first
 * installment larger by the extra days' interest, a short one smaller; nothing
 * is capitalised, and from the second installment on the schedule is the
 * ordinary one. A first due date exactly one month after the disbursement
 * (same day of the month, clamped to the month's end) is a whole month at i.
 *
 * Why not the level payment on the principal carried forward (what this module
 * did before): that payment, P × (1 + i)^((days − 30)/30) × i / (1 − (1 + i)^−n),
 * only repays the loan if the first period's extra interest is capitalised
 * (added to the balance). The schedule instead charged that interest in cash
 * in the first installment and, when the interest was larger than the payment,
 * clamped the amortization at zero: the borrower paid the extra interest once
 * in the first installment and again inside every level payment, the balance
 * fell to zero before the end and then below it (negative interest, a negative
 * last installment), or the payments stopped repaying at all.
 *
 * Rounding, the second way a schedule stopped being a loan: a level payment
 * rounded to the cent differs from the exact one by up to half a cent, and in
 * the usual recursion (interest on the rounded balance, amortization = payment
 * − interest) that difference compounds at (1 + i) a month, so a long schedule
 * at a high rate ends with a last installment hundreds of thousands of reais
 * off (a balloon, or a negative one). Here:
 * - Price (i > 0): the balance after each installment is the exact Price
 *   balance, P × ((1 + i)^n − (1 + i)^k) / ((1 + i)^n − 1), rounded half-up to
 *   the cent, so it never drifts; the payment is the level payment rounded
 *   half-up to the cent; the amortization is the fall of the balance and the
 *   interest is what the payment leaves after it (never below zero: where the
 *   exact interest is under about a cent, the payment is the amortization).
 *   The payments are therefore level to the cent from the second installment,
 *   the last one included, except rows whose exact interest is under a cent
 *   or two, which pay a cent or two more.
 * - SAC, and Price at a zero rate (the same loan): the amortization is the
 *   principal divided by n, rounded down to the cent, and the cents the
 *   division leaves are paid one each by the last installments; the interest
 *   is the period's rate on the balance, rounded half-up to the cent.
 * A principal smaller than one cent per installment is no schedule (every
 * payment would not be positive) and is refused.
 *
 * Due dates fall on the first due date's day of each later month, clamped to
 * the month's last day, and are not moved to business days.
 */
import Decimal from 'decimal.js';
import { addMonths, dayNumber, monthlyDates } from './calendar';

export type AmortizationSystem = 'price' | 'sac';

export interface ScheduleInput {
  amortization: AmortizationSystem;
  /** the amount financed, in reais */
  principal: Decimal.Value;
  /** percent per month, e.g. "2.00" */
  monthlyRatePercent: Decimal.Value;
  installments: number;
  disbursementDate: string;
  firstDueDate: string;
}

export interface ScheduleRow {
  number: number;
  dueDate: string;
  /** days from the disbursement to this due date */
  days: number;
  payment: Decimal;
  interest: Decimal;
  amortization: Decimal;
  /** what is still owed after this payment */
  balance: Decimal;
}

/** The most installments a schedule takes (30 years of monthly payments). */
export const MAX_INSTALLMENTS = 360;

/**
 * Twenty significant digits (decimal.js's default) are enough: the principal
 * is at most 12 integer digits (the contract's money), so every balance is
 * computed to 1e-8 of a real or better, including the (1 + i)^360 ≈ 7·10^21
 * of a 360-month schedule at 15% a month, which only ever appears divided by
 * itself; checked against 40 and 60 digits over random schedules (same rows).
 */
const ONE = new Decimal(1);
const THIRTY = new Decimal(30);
const CENT = new Decimal('0.01');
const ZERO = new Decimal(0);

export function cents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Due dates of a schedule: the first, then the same day of each later month (clamped). */
export function dueDates(firstDueDate: string, installments: number): string[] {
  return monthlyDates(firstDueDate, installments).map((d) => d.date);
}

/** Whether the first period is a whole month: the first due date is the disbursement's day one month later (clamped). */
export function isWholeMonth(disbursementDate: string, firstDueDate: string): boolean {
  return addMonths(disbursementDate, 1) === firstDueDate;
}

/** The first period's rate: i for a whole month, (1 + i)^(days/30) − 1 otherwise. */
export function firstPeriodRate(monthlyRate: Decimal, disbursementDate: string, firstDueDate: string): Decimal {
  if (isWholeMonth(disbursementDate, firstDueDate)) return monthlyRate;
  const days = dayNumber(firstDueDate) - dayNumber(disbursementDate);
  return new Decimal(1).plus(monthlyRate).pow(new Decimal(days).div(THIRTY)).minus(ONE);
}

export function validateScheduleInput(input: ScheduleInput): void {
  const principal = new Decimal(input.principal);
  if (!principal.isFinite() || principal.lte(0)) throw new RangeError('principal must be positive');
  const rate = new Decimal(input.monthlyRatePercent);
  if (!rate.isFinite() || rate.lt(0)) throw new RangeError('monthly rate must not be negative');
  if (!Number.isInteger(input.installments) || input.installments < 1 || input.installments > MAX_INSTALLMENTS) {
    throw new RangeError(`installments must be 1..${MAX_INSTALLMENTS}`);
  }
  if (cents(principal).lt(CENT.mul(input.installments))) throw new RangeError('principal must be at least a cent per installment');
  if (dayNumber(input.firstDueDate) <= dayNumber(input.disbursementDate)) throw new RangeError('first due date must be after the disbursement');
}

/**
 * The balances after the installments, as a function of the principal: what
 * the IOF needs (the amortizations and their days) without building rows, and
 * what buildSchedule writes. `after(P, count)` answers the balances after
 * installments 1..count (the one after the last is zero), computed the same
 * way whatever `count` is, so a prefix always agrees with the full schedule.
 */
export interface Balances {
  readonly installments: number;
  after(principal: Decimal, count: number): Decimal[];
}

/** Whether the schedule is a Price one with a positive rate (the other cases amortize in equal parts). */
function isLevelPayment(system: AmortizationSystem, monthlyRate: Decimal): boolean {
  return system === 'price' && monthlyRate.gt(0);
}

class PriceBalances implements Balances {
  private readonly growth: Decimal;
  private readonly total: Decimal;
  private readonly inverse: Decimal;

  constructor(
    monthlyRate: Decimal,
    readonly installments: number,
  ) {
    this.growth = ONE.plus(monthlyRate);
    this.total = this.growth.pow(installments);
    this.inverse = ONE.div(this.total.minus(ONE));
  }

  /** The level payment P·i/(1 − (1 + i)^−n) = P·i·(1 + i)^n/((1 + i)^n − 1), half-up to the cent. */
  level(principal: Decimal, monthlyRate: Decimal): Decimal {
    return cents(principal.mul(monthlyRate).mul(this.total).mul(this.inverse));
  }

  /** P·((1 + i)^n − (1 + i)^k)/((1 + i)^n − 1) = P·(1+i)^n/((1+i)^n − 1) − P/((1+i)^n − 1)·(1+i)^k, half-up to the cent. */
  after(principal: Decimal, count: number): Decimal[] {
    const share = principal.mul(this.inverse);
    const owed = share.mul(this.total);
    let repaid = share;
    const out: Decimal[] = [];
    for (let k = 1; k <= count; k++) {
      repaid = repaid.mul(this.growth);
      out.push(k >= this.installments ? ZERO : cents(owed.minus(repaid)));
    }
    return out;
  }
}

class EqualPartsBalances implements Balances {
  constructor(readonly installments: number) {}

  after(principal: Decimal, count: number): Decimal[] {
    const n = this.installments;
    const part = principal.mul(100).divToInt(n).div(100);
    const left = principal.minus(part.mul(n)).mul(100).toNumber(); // fewer than n cents
    const partAndCent = part.plus(CENT);
    const out: Decimal[] = [];
    let balance = principal;
    for (let k = 1; k <= count; k++) {
      // The last `left` installments pay one cent more.
      balance = k >= n ? ZERO : balance.minus(k > n - left ? partAndCent : part);
      out.push(balance);
    }
    return out;
  }
}

export function balancesOf(system: AmortizationSystem, monthlyRatePercent: Decimal.Value, installments: number): Balances {
  const rate = new Decimal(monthlyRatePercent).div(100);
  return isLevelPayment(system, rate) ? new PriceBalances(rate, installments) : new EqualPartsBalances(installments);
}

/** The level payment of a Price schedule, rounded half-up to the cent: P × i / (1 − (1 + i)^−n) (as buildSchedule computes it). */
export function levelPayment(principal: Decimal, monthlyRate: Decimal, installments: number): Decimal {
  return new PriceBalances(monthlyRate, installments).level(principal, monthlyRate);
}

export function buildSchedule(input: ScheduleInput): ScheduleRow[] {
  validateScheduleInput(input);
  const principal = cents(new Decimal(input.principal));
  const i = new Decimal(input.monthlyRatePercent).div(100);
  const n = input.installments;
  const dates = monthlyDates(input.firstDueDate, n);
  const start = dayNumber(input.disbursementDate);
  const firstRate = firstPeriodRate(i, input.disbursementDate, input.firstDueDate);
  const balances = balancesOf(input.amortization, i.mul(100), n);
  const level = balances instanceof PriceBalances ? balances.level(principal, i) : null;
  // What the first period's days add to (or take from) a whole month's interest, for the level payment.
  const firstExtra = level ? cents(principal.mul(firstRate)).minus(cents(principal.mul(i))) : ZERO;

  const after = balances.after(principal, n);
  const rows: ScheduleRow[] = [];
  let before = principal;
  for (let k = 1; k <= n; k++) {
    const balance = after[k - 1];
    const amortization = before.minus(balance);
    let interest: Decimal;
    let payment: Decimal;
    if (level) {
      interest = k === 1 ? level.minus(amortization).plus(firstExtra) : level.minus(amortization);
      if (interest.isNegative()) interest = ZERO;
      payment = k !== 1 && !interest.isZero() ? level : amortization.plus(interest);
    } else {
      interest = cents(before.mul(k === 1 ? firstRate : i));
      payment = amortization.plus(interest);
    }
    const due = dates[k - 1];
    rows.push({ number: k, dueDate: due.date, days: due.day - start, payment, interest, amortization, balance });
    before = balance;
  }
  return rows;
}
