/**
 * Late charges of an installment at a date.
 *
 * Conventions and sources:
 * - Multa (late fee): charged once, a percentage of the value overdue, at
 *   most 2% — Código de Defesa do Consumidor (Lei 8.078/1990) art. 52 §1º,
 *   as worded by Lei 9.298/1996 ("multas de mora … não poderão ser
 *   superiores a dois por cento do valor da prestação").
 * - Juros de mora (default interest): simple, a percentage per month taken
 *   pro rata die as 1/30 of it per calendar day, at most 1% a month — STJ
 *   Súmula 379 (in bank contracts without a specific law, default interest
 *   may be agreed up to 1% a month).
 * - Contract (remunerative) interest keeps running after the due date, at
 *   the contract's rate and never above it — STJ Súmula 296; we charge no
 *   comissão de permanência, which could not be added to the others (STJ
 *   Súmula 472). Convention: simple, 1/30 of the monthly rate per calendar
 *   day, on the same base as the default interest. Simple interest is chosen
 *   so the charges of a period split by a partial payment add up exactly to
 *   those of the whole period; the schedule's own periods stay compound.
 * - Base: what is open of the installment's value (its amortization and its
 *   scheduled interest); charges never bear charges.
 * - Days late: calendar days from the original due date. An installment
 *   paid by the due date — or, when the due date is not a business day, by
 *   the next business day (Código Civil art. 132 §1º) — has no charges at
 *   all; paid later, the days count from the original due date.
 * - Every charge is rounded half-up to the cent, per accrual period.
 *
 * The caps are enforced where the contract's conditions are set; they are
 * asserted here again (RangeError) so no path can charge above them.
 */
import Decimal from 'decimal.js';
import { daysBetween } from '../credit/calendar';
import { payableUntil } from './business-days';
import { cents, money, percent, ZERO } from './money';
import { MAX_DEFAULT_INTEREST_MONTHLY_PERCENT as MAX_MORA_TEXT, MAX_LATE_FEE_PERCENT as MAX_FEE_TEXT } from '@shared/contract/company';

/** The legal ceilings (percent), declared once in the contract. */
export const MAX_LATE_FEE_PERCENT = new Decimal(MAX_FEE_TEXT);
export const MAX_DEFAULT_INTEREST_MONTHLY_PERCENT = new Decimal(MAX_MORA_TEXT);

export interface LateChargeTerms {
  /** multa, percent of the value overdue, once */
  lateFeePercent: Decimal.Value;
  /** juros de mora, percent per month, simple, pro rata die */
  defaultInterestMonthlyPercent: Decimal.Value;
  /** the contract's rate, percent per month, charged pro rata die after the due date */
  contractMonthlyPercent: Decimal.Value;
}

/** Terms as fractions: the fee, and the daily rates (monthly / 30). */
export interface CheckedTerms {
  lateFee: Decimal;
  dailyDefaultInterest: Decimal;
  dailyContractInterest: Decimal;
}

const HUNDRED = new Decimal(100);
const THIRTY = new Decimal(30);

export function checkTerms(terms: LateChargeTerms): CheckedTerms {
  const fee = percent(terms.lateFeePercent, 'late fee', MAX_LATE_FEE_PERCENT);
  const mora = percent(terms.defaultInterestMonthlyPercent, 'default interest', MAX_DEFAULT_INTEREST_MONTHLY_PERCENT);
  const contract = percent(terms.contractMonthlyPercent, 'contract rate');
  return {
    lateFee: fee.div(HUNDRED),
    dailyDefaultInterest: mora.div(HUNDRED).div(THIRTY),
    dailyContractInterest: contract.div(HUNDRED).div(THIRTY),
  };
}

/** Whether an amount due on `dueDate` and unpaid on `date` bears charges. */
export function isLate(dueDate: string, date: string): boolean {
  return date > payableUntil(dueDate);
}

/** Calendar days late on `date`: 0 within the grace of a non-business due date, else counted from the due date. */
export function daysLate(dueDate: string, date: string): number {
  return isLate(dueDate, date) ? daysBetween(dueDate, date) : 0;
}

/** The multa on a value overdue. */
export function lateFeeOn(base: Decimal, terms: CheckedTerms): Decimal {
  return cents(base.mul(terms.lateFee));
}

export interface PeriodCharges {
  defaultInterest: Decimal;
  contractInterest: Decimal;
}

/** Default and contract interest on `base` for `days` calendar days. */
export function periodCharges(base: Decimal, days: number, terms: CheckedTerms): PeriodCharges {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number, not negative');
  if (days === 0 || base.isZero()) return { defaultInterest: ZERO, contractInterest: ZERO };
  return {
    defaultInterest: cents(base.mul(terms.dailyDefaultInterest).mul(days)),
    contractInterest: cents(base.mul(terms.dailyContractInterest).mul(days)),
  };
}

export interface LateCharges {
  daysLate: number;
  lateFee: Decimal;
  defaultInterest: Decimal;
  contractInterest: Decimal;
  total: Decimal;
}

export interface LateChargesInput {
  /** the value of the installment still open (no charges in it) */
  overdue: Decimal.Value;
  dueDate: string;
  /** the day the charges are counted to (payment date, or today) */
  date: string;
  terms: LateChargeTerms;
}

/** The charges of an open value at a date, with no payment in between. */
export function lateChargesAt(input: LateChargesInput): LateCharges {
  const terms = checkTerms(input.terms);
  const base = money(input.overdue, 'overdue amount');
  const days = daysLate(input.dueDate, input.date);
  if (days === 0 || base.isZero()) return { daysLate: days, lateFee: ZERO, defaultInterest: ZERO, contractInterest: ZERO, total: ZERO };
  const lateFee = lateFeeOn(base, terms);
  const { defaultInterest, contractInterest } = periodCharges(base, days, terms);
  return { daysLate: days, lateFee, defaultInterest, contractInterest, total: lateFee.plus(defaultInterest).plus(contractInterest) };
}
