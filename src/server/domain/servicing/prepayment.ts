/**
 * Prepayment (liquidação antecipada): the present value of the remaining
 * installments, and a partial prepayment that reduces either the term or
 * the installment.
 *
 * Law: the borrower may settle early, in whole or in part, with a
 * proportional reduction of interest (CDC, Lei 8.078/1990, art. 52 §2º);
 * for fixed-rate operations the present value of the payments still due is
 * computed at the rate agreed in the contract (Resolução CMN 3.516/2007,
 * art. 2º), and no fee is charged for settling early (art. 1º).
 *
 * Day count (the convention of this module):
 * - a payment due on date d is discounted to date D by (1 + i)^t, i the
 *   contract's monthly rate, t = the whole calendar months that fit between
 *   D and d counted back from d (the same day of earlier months; a due date
 *   clamped to a short month's end counts back to the schedule's due day, so
 *   with due day 31, 28 Feb → 31 Mar is one month), plus the days left from
 *   D / 30 (commercial month);
 *   counting back from the due date gives every installment of a schedule
 *   the same broken part, as the schedule's whole-month periods require;
 * - this matches the schedule (domain/credit/schedule.ts charges whole
 *   months at i between due dates), so on a due date, with the installments
 *   up to it paid, the present value is the principal still owed up to the
 *   rounding of the payments it discounts: the schedule rounded each to the
 *   cent, and the law discounts the payments as agreed, so the two differ by
 *   at most half a cent per remaining payment (R$ 300.000,00 over 360 months
 *   at 0,99%: R$ 299.911,38 against a balance of R$ 299.911,85 after the
 *   first month; the unit tests hold the bound for any schedule); between
 *   due dates it is that value grown pro rata;
 * - each payment's present value is exact; the total is rounded half-up to
 *   the cent once.
 * Only installments due on or after D are "remaining": an overdue one is
 * owed as it stands, with its late charges (allocation.ts), never
 * discounted, so its presence is an error here.
 *
 * Partial prepayment: the amount first pays the interest accrued since the
 * last due date (present value − principal owed), then principal; the new
 * balance (present value − amount) is rescheduled over the same due dates:
 * - reduce_term keeps the installment (Price: the level payment; SAC: the
 *   constant amortization) and drops installments from the end;
 * - reduce_installment keeps every remaining due date and recomputes the
 *   installment (Price: the level payment whose present value is the new
 *   balance; SAC: the new balance over the same count);
 * interest in each new row is the balance × ((1 + i)^t − 1) over its period,
 * every figure half-up to the cent, the last row absorbing the residue so
 * the amortizations sum to the new balance exactly. The new rows are a new
 * version of the schedule; the old one stays as it was.
 */
import Decimal from 'decimal.js';
import { addMonths, daysBetween, daysInMonth, parseCalendarDay } from '../credit/calendar';
import type { AmortizationSystem } from '../credit/schedule';
import { checkedDay } from './days';
import { cents, money, percent, positiveMoney, sum, ZERO } from './money';

export interface RemainingInstallment {
  number: number;
  dueDate: string;
  /** what is still to be paid of the installment's value (no charges) */
  payment: Decimal.Value;
  /** the part of `payment` that is amortization */
  principal: Decimal.Value;
}

const ONE = new Decimal(1);
const THIRTY = new Decimal(30);

function isMonthEnd(date: string): boolean {
  const { year, month, day } = parseCalendarDay(date);
  return day === daysInMonth(year, month);
}

/**
 * Months (with the broken part in days / 30) from `from` to `to`, per the
 * module's day count. `anchorDay` is the schedule's due day (its first due
 * date's day): a due date clamped to a short month's end counts back to that
 * day of earlier months (28 Feb with anchor 31 → 31 Jan), as the schedule
 * built it.
 */
export function periodsBetween(from: string, to: string, anchorDay?: number): Decimal {
  if (daysBetween(day(from, 'from'), day(to, 'to')) < 0) throw new RangeError(`to: ${to} is before ${from}`);
  const a = parseCalendarDay(from);
  const b = parseCalendarDay(to);
  const anchor = anchorDay !== undefined && anchorDay > b.day && isMonthEnd(to) ? Math.min(anchorDay, 31) : b.day;
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  while (months > 0 && addMonths(to, -months, anchor) < from) months--;
  const rest = daysBetween(from, months === 0 ? to : addMonths(to, -months, anchor));
  return new Decimal(months).plus(new Decimal(rest).div(THIRTY));
}

/**
 * The schedule's due day, read from its remaining due dates: they keep the
 * first due date's day, clamped to shorter months, so the largest day among
 * them is that day (unless every remaining one falls in a short month, when
 * the clamped day serves as well).
 */
export function anchorDayOf(dueDates: readonly string[]): number {
  return Math.max(...dueDates.map((d) => parseCalendarDay(d).day));
}

interface Row {
  number: number;
  dueDate: string;
  payment: Decimal;
  principal: Decimal;
}

/** A calendar day, or a RangeError naming the field. */
const day = checkedDay;

function checkRows(rows: readonly RemainingInstallment[], date: string): Row[] {
  day(date, 'date');
  if (!Array.isArray(rows) || rows.length === 0) throw new RangeError('rows: no remaining installments');
  const checked = rows.map((r) => {
    day(r.dueDate, `due date of installment ${r.number}`);
    if (r.dueDate < date) throw new RangeError(`installment ${r.number} is overdue on ${date}: settle it with its charges`);
    const payment = money(r.payment, `payment of installment ${r.number}`);
    const principal = money(r.principal, `principal of installment ${r.number}`);
    if (principal.gt(payment)) throw new RangeError(`principal of installment ${r.number} exceeds its payment`);
    return { number: r.number, dueDate: r.dueDate, payment, principal };
  });
  for (let k = 1; k < checked.length; k++) {
    if (checked[k].dueDate <= checked[k - 1].dueDate) throw new RangeError('rows: installments must be in due-date order, one per date');
  }
  return checked;
}

function monthlyRate(ratePercent: Decimal.Value): Decimal {
  return percent(ratePercent, 'monthly rate').div(100);
}

export interface PresentValueRow {
  number: number;
  dueDate: string;
  payment: Decimal;
  periods: Decimal;
  /** exact (not rounded) */
  presentValue: Decimal;
}

export interface PresentValue {
  date: string;
  /** Σ of the remaining payments */
  nominal: Decimal;
  /** to the cent */
  presentValue: Decimal;
  /** nominal − present value: the interest the borrower does not pay */
  discount: Decimal;
  /** the principal still owed (Σ of the rows' principal) */
  principal: Decimal;
  /** present value − principal: the interest accrued since the last due date (negative only through discounts on partly paid rows) */
  accruedInterest: Decimal;
  rows: PresentValueRow[];
}

/** The present value on `date` of the remaining installments at the contract's monthly rate. */
export function presentValue(rows: readonly RemainingInstallment[], monthlyRatePercent: Decimal.Value, date: string): PresentValue {
  const checked = checkRows(rows, date);
  const i = monthlyRate(monthlyRatePercent);
  const anchor = anchorDayOf(checked.map((r) => r.dueDate));
  const pvRows = checked.map((r) => {
    const periods = periodsBetween(date, r.dueDate, anchor);
    return { number: r.number, dueDate: r.dueDate, payment: r.payment, periods, presentValue: r.payment.div(ONE.plus(i).pow(periods)) };
  });
  const nominal = sum(checked.map((r) => r.payment));
  const pv = cents(sum(pvRows.map((r) => r.presentValue)));
  const principal = sum(checked.map((r) => r.principal));
  return { date, nominal, presentValue: pv, discount: nominal.minus(pv), principal, accruedInterest: pv.minus(principal), rows: pvRows };
}

export const PREPAYMENT_MODES = ['reduce_term', 'reduce_installment'] as const;
export type PrepaymentMode = (typeof PREPAYMENT_MODES)[number];

export interface PartialPrepaymentInput {
  rows: readonly RemainingInstallment[];
  monthlyRatePercent: Decimal.Value;
  amortization: AmortizationSystem;
  date: string;
  amount: Decimal.Value;
  mode: PrepaymentMode;
}

export interface NewScheduleRow {
  number: number;
  dueDate: string;
  payment: Decimal;
  interest: Decimal;
  amortization: Decimal;
  /** owed after this payment */
  balance: Decimal;
}

export interface PartialPrepayment {
  date: string;
  amount: Decimal;
  presentValueBefore: Decimal;
  /** the part of the amount that pays accrued interest (negative: a discount on principal) */
  interestPaid: Decimal;
  principalPaid: Decimal;
  /** present value − amount: the principal still owed, rescheduled below */
  newBalance: Decimal;
  rows: NewScheduleRow[];
}

/** A partial prepayment on `date` and the new schedule rows it leaves. */
export function simulatePartialPrepayment(input: PartialPrepaymentInput): PartialPrepayment {
  if (!(PREPAYMENT_MODES as readonly unknown[]).includes(input.mode)) throw new RangeError(`mode must be one of ${PREPAYMENT_MODES.join(', ')}`);
  if (input.amortization !== 'price' && input.amortization !== 'sac') throw new RangeError('amortization must be price or sac');
  const pv = presentValue(input.rows, input.monthlyRatePercent, input.date);
  const checked = checkRows(input.rows, input.date);
  const i = monthlyRate(input.monthlyRatePercent);
  const amount = positiveMoney(input.amount, 'amount');
  if (amount.gte(pv.presentValue)) {
    throw new RangeError(`amount: it settles the whole balance (${pv.presentValue.toFixed(2)}): that is a full settlement, not a partial prepayment`);
  }
  if (pv.accruedInterest.gt(0) && amount.lte(pv.accruedInterest)) {
    throw new RangeError(`amount: it must exceed the interest accrued since the last due date (${pv.accruedInterest.toFixed(2)})`);
  }
  const newBalance = pv.presentValue.minus(amount);
  const anchor = anchorDayOf(checked.map((r) => r.dueDate));
  const discountFactor = (due: string) => ONE.div(ONE.plus(i).pow(periodsBetween(input.date, due, anchor)));
  const periodFactor = (from: string, to: string) => ONE.plus(i).pow(periodsBetween(from, to, anchor)).minus(ONE);

  const rows: NewScheduleRow[] = [];
  let balance = newBalance;
  let previous = input.date;
  const push = (r: Row, payment: Decimal, interest: Decimal, amortization: Decimal) => {
    balance = balance.minus(amortization);
    rows.push({ number: r.number, dueDate: r.dueDate, payment, interest, amortization, balance });
    previous = r.dueDate;
  };

  if (input.mode === 'reduce_installment') {
    const n = checked.length;
    const level =
      input.amortization === 'price'
        ? cents(newBalance.div(sum(checked.map((r) => discountFactor(r.dueDate)))))
        : null;
    const constant = cents(newBalance.div(n));
    checked.forEach((r, k) => {
      const interest = cents(balance.mul(periodFactor(previous, r.dueDate)));
      const last = k === n - 1;
      let amortization: Decimal;
      if (last) amortization = balance;
      else if (level) amortization = Decimal.min(Decimal.max(level.minus(interest), ZERO), balance);
      else amortization = Decimal.min(constant, balance);
      push(r, amortization.plus(interest), interest, amortization);
    });
  } else {
    const keep =
      input.amortization === 'price' ? Decimal.max(...checked.map((r) => r.payment)) : Decimal.max(...checked.map((r) => r.principal));
    for (let k = 0; k < checked.length && balance.gt(0); k++) {
      const r = checked[k];
      const interest = cents(balance.mul(periodFactor(previous, r.dueDate)));
      const lastDate = k === checked.length - 1;
      let amortization: Decimal;
      if (input.amortization === 'price') {
        amortization = lastDate || balance.plus(interest).lte(keep) ? balance : keep.minus(interest);
        if (amortization.lte(0)) throw new RangeError('mode: the installment no longer covers the interest: reduce the installment instead');
      } else {
        amortization = lastDate ? balance : Decimal.min(keep, balance);
      }
      push(r, amortization.plus(interest), interest, amortization);
    }
  }

  return {
    date: input.date,
    amount,
    presentValueBefore: pv.presentValue,
    interestPaid: pv.accruedInterest,
    principalPaid: amount.minus(pv.accruedInterest),
    newBalance,
    rows,
  };
}

export interface FullPrepayment {
  date: string;
  /** what settles the remaining installments: their present value */
  amount: Decimal;
  /** the principal still owed, all of it received */
  principal: Decimal;
  /** amount − principal: the interest accrued since the last due date (negative when the discount reached principal) */
  interest: Decimal;
  /** nominal − amount: the interest the borrower does not pay (CDC art. 52 §2º) */
  discount: Decimal;
  nominal: Decimal;
}

/** Settling every remaining installment on `date`: their present value, split into principal and accrued interest. */
export function fullPrepayment(rows: readonly RemainingInstallment[], monthlyRatePercent: Decimal.Value, date: string): FullPrepayment {
  const pv = presentValue(rows, monthlyRatePercent, date);
  return { date, amount: pv.presentValue, principal: pv.principal, interest: pv.accruedInterest, discount: pv.discount, nominal: pv.nominal };
}
