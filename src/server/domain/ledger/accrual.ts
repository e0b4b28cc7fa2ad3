/**
 * Interest on the competence basis (regime de competência: Res. CMN 4.966/2021
 * art. 16 and COSIF 1.1.4.1 — income belongs to the period in which it is
 * earned, whether or not received): how much of an operation's schedule
 * interest is recognised up to a date. Pure, decimal.js, calendar days as
 * 'YYYY-MM-DD' (day numbers, never a time zone).
 *
 * - Each installment's interest is earned over its own period: from the
 *   previous due date (the disbursement for the first) to its due date, pro
 *   rata die by calendar days.
 * - Compounded (the contract's capitalisation: CCB, Lei 10.931/2004 art. 28
 *   §1 I; the schedule itself is built compounded, domain/credit/schedule.ts):
 *   on day t of a period of T days with opening balance B and schedule
 *   interest I, what is earned is B × ((1 + r)^(t/T) − 1) with r = I / B, the
 *   period's own rate, so that at t = T it is exactly I. Simple (or a period
 *   with no balance): I × t / T.
 * - Cumulative and rounded once: the recognised total up to D is the sum of
 *   the interest of every installment due on or before D (whole cents, the
 *   schedule's own figures) plus the running period's share rounded half-up
 *   to the cent, which never exceeds that installment's interest. So at each
 *   due date the total equals the schedule's interest to the cent, and the
 *   total never falls as D moves on.
 * - Nothing beyond a due date: interest for the time an installment is late
 *   (remuneratory interest of delay, under the frozen contract terms) is a
 *   late charge, income only when received; the total stops at the last due
 *   date's sum.
 */
import Decimal from 'decimal.js';
import { dayNumber } from '../credit/calendar';

export type Capitalisation = 'compound' | 'simple';

export interface AccrualInstallment {
  /** 'YYYY-MM-DD' */
  dueDate: string;
  /** the schedule's interest of the installment, whole cents, not negative */
  interest: Decimal.Value;
  /** the balance the period's interest runs on (what was owed after the previous installment) */
  openingBalance: Decimal.Value;
}

export interface AccrualSchedule {
  /** 'YYYY-MM-DD': where the first period starts */
  disbursementDate: string;
  /** in due-date order */
  installments: readonly AccrualInstallment[];
  capitalisation?: Capitalisation;
}

const ZERO = new Decimal(0);
const ONE = new Decimal(1);

function cents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The share of a period's interest earned after `elapsed` of `length` days (0 ≤ elapsed < length). */
export function periodShare(interest: Decimal, openingBalance: Decimal, elapsed: number, length: number, capitalisation: Capitalisation): Decimal {
  if (elapsed <= 0 || interest.lte(0)) return ZERO;
  if (elapsed >= length) return interest;
  const fraction = new Decimal(elapsed).div(length);
  if (capitalisation === 'simple' || openingBalance.lte(0)) return cents(interest.mul(fraction));
  const rate = interest.div(openingBalance);
  // B × ((1 + r)^(t/T) − 1), r = I/B; below a cent the two rules agree and the power is skipped.
  const earned = openingBalance.mul(ONE.plus(rate).pow(fraction).minus(ONE));
  return Decimal.min(cents(earned), interest);
}

/** Interest recognised per installment up to `date` (inclusive), in the installments' order. */
export function accruedByInstallment(schedule: AccrualSchedule, date: string): Decimal[] {
  const capitalisation = schedule.capitalisation ?? 'compound';
  const day = dayNumber(date);
  let start = dayNumber(schedule.disbursementDate);
  const out: Decimal[] = [];
  for (const row of schedule.installments) {
    const due = dayNumber(row.dueDate);
    const interest = Decimal.max(new Decimal(row.interest), ZERO);
    if (day >= due) out.push(interest);
    else if (day <= start) out.push(ZERO);
    else out.push(periodShare(interest, new Decimal(row.openingBalance), day - start, due - start, capitalisation));
    start = Math.max(start, due);
  }
  return out;
}

/** The interest recognised up to `date` (inclusive): the installments' shares summed (each already whole cents). */
export function accruedInterest(schedule: AccrualSchedule, date: string): Decimal {
  return accruedByInstallment(schedule, date).reduce((a, b) => a.plus(b), ZERO);
}

/** The schedule's interest in all: what accruedInterest reaches at the last due date. */
export function scheduleInterest(schedule: AccrualSchedule): Decimal {
  return schedule.installments.reduce((a, r) => a.plus(Decimal.max(new Decimal(r.interest), ZERO)), ZERO);
}

/**
 * An AccrualSchedule from schedule rows (number order) as the operations area stores them: each row's opening
 * balance is the previous row's balance after payment (the principal for the first).
 */
export function accrualScheduleOf(
  disbursementDate: string,
  principal: Decimal.Value,
  rows: ReadonlyArray<{ dueDate: string; interest: Decimal.Value; balance: Decimal.Value }>,
  capitalisation: Capitalisation = 'compound',
): AccrualSchedule {
  let opening = new Decimal(principal);
  const installments: AccrualInstallment[] = [];
  for (const row of rows) {
    installments.push({ dueDate: row.dueDate, interest: row.interest, openingBalance: opening });
    opening = new Decimal(row.balance);
  }
  return { disbursementDate, installments, capitalisation };
}

/**
 * The business date an accrual run's postings carry (README "Competence basis", "A closed month stays closed"): the
 * run's own date, unless its month is already closed by the monthly close (`lastClosedMonth` 'YYYY-MM', the latest
 * close in force; months close in order, so every month up to it is closed) — then the first day of the first open
 * month, the month after the last close. A closed month's books are never posted into: its balancete, its close's
 * balances and the SCR's figures taken from them stay as they were (Res. CMN 4.966/2021 art. 16 and COSIF 1.1.4.1
 * put the income in the period; the period closed without it, so it enters the first open one, as a correction of
 * the period it belongs to would, and the interest_accruals rows keep the day it was earned up to).
 */
export function accrualPostingDate(date: string, lastClosedMonth: string | null): string {
  if (lastClosedMonth === null || date.slice(0, 7) > lastClosedMonth) return date;
  const [year, month] = lastClosedMonth.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return `${next}-01`;
}
