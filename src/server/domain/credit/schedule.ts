/**
 * Repayment schedules: Price (French, equal payments) and SAC (constant
 * amortization), in exact decimal arithmetic.
 *
 * Conventions (issue 9 §4):
 * - due dates fall on the first due date's day of each later month, clamped
 *   to the month's last day, and are not moved to business days;
 * - the rate is per month; when the first due date is not exactly one month
 *   after the disbursement, the first period's interest is pro rata by days on
 *   a 30-day month, compounded: balance × ((1 + i)^(days/30) − 1); later
 *   periods are whole months at i;
 * - Price: the payment is the level payment of n months on the principal
 *   carried to one month before the first due date, P × (1 + i)^((days − 30)/30),
 *   so the irregular first period is paid by the same level payment;
 * - every interest, payment and amortization is rounded half-up to the cent;
 *   the last installment absorbs the residue, so the amortizations sum to the
 *   principal exactly and the final balance is zero.
 */
import Decimal from 'decimal.js';
import { addMonths, daysBetween } from './calendar';

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

const ONE = new Decimal(1);
const THIRTY = new Decimal(30);

export function cents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Due dates of a schedule: the first, then the same day of each later month (clamped). */
export function dueDates(firstDueDate: string, installments: number): string[] {
  const anchor = Number(firstDueDate.slice(8, 10));
  return Array.from({ length: installments }, (_, k) => addMonths(firstDueDate, k, anchor));
}

/** The first period's rate: i for a whole month, (1 + i)^(days/30) − 1 otherwise. */
export function firstPeriodRate(monthlyRate: Decimal, disbursementDate: string, firstDueDate: string): Decimal {
  if (addMonths(disbursementDate, 1) === firstDueDate) return monthlyRate;
  const days = daysBetween(disbursementDate, firstDueDate);
  return ONE.plus(monthlyRate).pow(new Decimal(days).div(THIRTY)).minus(ONE);
}

export function validateScheduleInput(input: ScheduleInput): void {
  const principal = new Decimal(input.principal);
  if (!principal.isFinite() || principal.lte(0)) throw new RangeError('principal must be positive');
  const rate = new Decimal(input.monthlyRatePercent);
  if (!rate.isFinite() || rate.lt(0)) throw new RangeError('monthly rate must not be negative');
  if (!Number.isInteger(input.installments) || input.installments < 1 || input.installments > MAX_INSTALLMENTS) {
    throw new RangeError(`installments must be 1..${MAX_INSTALLMENTS}`);
  }
  if (daysBetween(input.disbursementDate, input.firstDueDate) <= 0) throw new RangeError('first due date must be after the disbursement');
}

export function buildSchedule(input: ScheduleInput): ScheduleRow[] {
  validateScheduleInput(input);
  const principal = cents(new Decimal(input.principal));
  const i = new Decimal(input.monthlyRatePercent).div(100);
  const n = input.installments;
  const dates = dueDates(input.firstDueDate, n);
  const rateOf = (k: number) => (k === 0 ? firstPeriodRate(i, input.disbursementDate, input.firstDueDate) : i);

  let level: Decimal | null = null;
  if (input.amortization === 'price') {
    const firstDays = daysBetween(input.disbursementDate, input.firstDueDate);
    const carried = principal.mul(ONE.plus(i).pow(new Decimal(firstDays - 30).div(THIRTY)));
    const isWholeMonth = addMonths(input.disbursementDate, 1) === input.firstDueDate;
    const base = isWholeMonth ? principal : carried;
    level = cents(i.isZero() ? base.div(n) : base.mul(i).div(ONE.minus(ONE.plus(i).pow(-n))));
  }
  const sacAmortization = cents(principal.div(n));

  const rows: ScheduleRow[] = [];
  let balance = principal;
  for (let k = 0; k < n; k++) {
    const interest = cents(balance.mul(rateOf(k)));
    const last = k === n - 1;
    let amortization: Decimal;
    if (last) amortization = balance;
    else if (level) amortization = Decimal.max(level.minus(interest), 0);
    else amortization = Decimal.min(sacAmortization, balance);
    const payment = amortization.plus(interest);
    balance = balance.minus(amortization);
    rows.push({ number: k + 1, dueDate: dates[k], days: daysBetween(input.disbursementDate, dates[k]), payment, interest, amortization, balance });
  }
  return rows;
}
