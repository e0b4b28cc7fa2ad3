/**
 * Late charges of an installment at a date, only as the frozen contract
 * states them.
 *
 * Conventions and sources:
 * - The charges of delay are those the contract provides and no others
 *   (Res. CMN 4.882/2020), so every term below comes from the contract
 *   frozen at issue (operations' `issued_contracts.frozen.late_charges`,
 *   copied to the disbursement), never from the company's parameters today.
 * - Multa (late fee): charged once, a percentage of the value overdue, at
 *   most 2% — Código de Defesa do Consumidor (Lei 8.078/1990) art. 52 §1º,
 *   as worded by Lei 9.298/1996 ("multas de mora … não poderão ser
 *   superiores a dois por cento do valor da prestação").
 * - Juros de mora (default interest): simple, a percentage per month taken
 *   pro rata die as 1/30 of it per calendar day, at most 1% a month — STJ
 *   Súmula 379 (in bank contracts without a specific law, default interest
 *   may be agreed up to 1% a month).
 * - Remuneratory (contract) interest during delay runs only when the
 *   contract states it (`remuneratory`), at the contract's rate and never
 *   above it (STJ Súmula 296), with the contract's capitalisation:
 *   `compound_daily` = (1 + monthly)^(days/30) − 1 on the value open plus
 *   the remuneratory interest of delay still unpaid (capitalisation
 *   expressly agreed: Lei 10.931/2004 art. 28 §1 I for a CCB; MP
 *   2.170-36/2001 art. 5, STJ Súmula 539 otherwise); `simple_daily` = 1/30
 *   of the monthly rate per day (what was charged before the clause was
 *   frozen); `none`: nothing but multa and mora. No comissão de permanência
 *   (STJ Súmula 472).
 * - Operations released before migration 0038 (`legacyUntil`, their last
 *   recorded movement): up to that day they keep what they were charged —
 *   1/30 of the contract's rate a day, days late from the printed due date
 *   for an installment whose moved due date came before it — so every
 *   payment already recorded keeps its split and the books stay as posted;
 *   after it, only what their contract states (multa and mora: the CCB/MPO
 *   texts said nothing else).
 * - Base: what is open of the installment's value (its amortization and its
 *   scheduled interest); multa and mora never bear charges and are never in
 *   any base. Compounding makes remuneratory interest of delay bear itself
 *   (that is what capitalisation means), never the multa or the mora.
 * - Days late: a due date on a weekend or bank holiday moves to the next
 *   business day (Código Civil art. 132 §1º). Paid by that day, no charges;
 *   paid later, the days count from the moved day (`payable_until`), or from
 *   the printed due date only where the frozen contract says so
 *   (`due_date`).
 * - Every charge is rounded half-up to the cent, per accrual period.
 *
 * Invariants (tests/unit/server/servicing/late-charges.test.ts, fast-check):
 * no clause → exactly multa + mora; each charge grows with the days late;
 * compound is at most simple up to 30 days and at least simple from 30 days
 * on (equal, to the cent, at 0 and 30): "never below simple" does not hold;
 * a period split in two stretches at the same base adds up to the whole
 * period within a cent per stretch — mora by simple interest, remuneratory
 * compounding because the second stretch's base carries the first's
 * interest.
 *
 * The caps are enforced where the contract's conditions are set; they are
 * asserted here again (RangeError) so no path can charge above them.
 */
import Decimal from 'decimal.js';
import { daysBetween, parseCalendarDay } from '../credit/calendar';
import { payableUntil } from './business-days';
import { cents, money, percent, ZERO } from './money';
import { MAX_DEFAULT_INTEREST_MONTHLY_PERCENT as MAX_MORA_TEXT, MAX_LATE_FEE_PERCENT as MAX_FEE_TEXT } from '@shared/contract/company';
import { LATE_DAYS_FROM, REMUNERATORY_IN_DELAY, type LateDaysFrom, type RemuneratoryInDelay } from '@shared/servicing';

/** The legal ceilings (percent), declared once in the contract. */
export const MAX_LATE_FEE_PERCENT = new Decimal(MAX_FEE_TEXT);
export const MAX_DEFAULT_INTEREST_MONTHLY_PERCENT = new Decimal(MAX_MORA_TEXT);

export interface LateChargeTerms {
  /** multa, percent of the value overdue, once */
  lateFeePercent: Decimal.Value;
  /** juros de mora, percent per month, simple, pro rata die */
  defaultInterestMonthlyPercent: Decimal.Value;
  /** whether and how the contract's rate runs during delay, as the frozen contract states it */
  remuneratory: RemuneratoryInDelay;
  /** the contract's rate, percent per month (read only when `remuneratory` is not `none`) */
  contractMonthlyPercent: Decimal.Value;
  /**
   * an operation released before the clause was frozen (migration 0038): up to this day (its last recorded
   * movement), what it was charged then; null for every contract issued since
   */
  legacyUntil?: string | null;
  /** where days late count from when the due date is not a business day */
  lateDaysFrom: LateDaysFrom;
}

/** Terms as fractions: the fee, the daily mora (monthly / 30), the monthly contract rate. */
export interface CheckedTerms {
  lateFee: Decimal;
  dailyDefaultInterest: Decimal;
  remuneratory: RemuneratoryInDelay;
  monthlyContractRate: Decimal;
  legacyUntil: string | null;
  lateDaysFrom: LateDaysFrom;
}

const HUNDRED = new Decimal(100);
const THIRTY = new Decimal(30);

export function checkTerms(terms: LateChargeTerms): CheckedTerms {
  const fee = percent(terms.lateFeePercent, 'late fee', MAX_LATE_FEE_PERCENT);
  const mora = percent(terms.defaultInterestMonthlyPercent, 'default interest', MAX_DEFAULT_INTEREST_MONTHLY_PERCENT);
  if (!REMUNERATORY_IN_DELAY.includes(terms.remuneratory)) throw new RangeError(`unknown remuneratory clause: ${String(terms.remuneratory)}`);
  if (!LATE_DAYS_FROM.includes(terms.lateDaysFrom)) throw new RangeError(`unknown start of the days late: ${String(terms.lateDaysFrom)}`);
  const until = terms.legacyUntil ?? null;
  const contract = terms.remuneratory === 'none' && until === null ? ZERO : percent(terms.contractMonthlyPercent, 'contract rate');
  if (until !== null) parseCalendarDay(until);
  return {
    lateFee: fee.div(HUNDRED),
    dailyDefaultInterest: mora.div(HUNDRED).div(THIRTY),
    remuneratory: terms.remuneratory,
    monthlyContractRate: contract.div(HUNDRED),
    legacyUntil: until,
    lateDaysFrom: terms.lateDaysFrom,
  };
}

/** Whether an amount due on `dueDate` and unpaid on `date` bears charges (after the moved due date, Código Civil art. 132 §1). */
export function isLate(dueDate: string, date: string): boolean {
  return date > payableUntil(dueDate);
}

type DayCount = Pick<CheckedTerms, 'lateDaysFrom'> & Partial<Pick<CheckedTerms, 'legacyUntil'>>;

/**
 * The day the days late count from: the moved due date, or the printed one where the contract says so — or, for an
 * operation released before migration 0038, where the moved due date came before its last recorded movement (a
 * late payment of it may be recorded, counted from the printed date).
 */
export function lateFrom(dueDate: string, terms: DayCount): string {
  const moved = payableUntil(dueDate);
  if (terms.lateDaysFrom === 'due_date') return dueDate;
  return terms.legacyUntil != null && moved < terms.legacyUntil ? dueDate : moved;
}

/** Calendar days late on `date`: 0 by the moved due date, else counted from `lateFrom`. */
export function daysLate(dueDate: string, date: string, terms: DayCount = { lateDaysFrom: 'payable_until' }): number {
  return isLate(dueDate, date) ? daysBetween(lateFrom(dueDate, terms), date) : 0;
}

/** The multa on a value overdue. */
export function lateFeeOn(base: Decimal, terms: CheckedTerms): Decimal {
  return cents(base.mul(terms.lateFee));
}

/** Juros de mora on `base` for `days` calendar days: simple, 1/30 of the monthly rate a day. */
export function defaultInterestFor(base: Decimal, days: number, terms: CheckedTerms): Decimal {
  checkDays(days);
  if (days === 0 || base.isZero()) return ZERO;
  return cents(base.mul(terms.dailyDefaultInterest).mul(days));
}

/** Remuneratory interest of delay on `base` for `days` under `clause` (0 with none). */
export function remuneratoryFor(base: Decimal, days: number, terms: CheckedTerms, clause: RemuneratoryInDelay = terms.remuneratory): Decimal {
  checkDays(days);
  if (days === 0 || base.isZero() || clause === 'none') return ZERO;
  const m = terms.monthlyContractRate;
  if (clause === 'simple_daily') return cents(base.mul(m).div(THIRTY).mul(days));
  return cents(base.mul(m.plus(1).pow(new Decimal(days).div(THIRTY)).minus(1)));
}

/**
 * Remuneratory interest of delay over the stretch `from` → `to`: the days up to `legacyUntil` at 1/30 of the rate a
 * day on `base` (what an operation released before migration 0038 was charged), the rest by the contract's clause on
 * `clauseBase` (the value open, plus the interest still unpaid when it compounds).
 */
export function remuneratoryOver(from: string, to: string, base: Decimal, clauseBase: Decimal, terms: CheckedTerms): Decimal {
  const until = terms.legacyUntil;
  if (until === null || until <= from) return remuneratoryFor(clauseBase, Math.max(0, daysBetween(from, to)), terms);
  const legacyEnd = until < to ? until : to;
  const legacy = remuneratoryFor(base, Math.max(0, daysBetween(from, legacyEnd)), terms, 'simple_daily');
  return legacy.plus(remuneratoryFor(clauseBase.plus(legacy), Math.max(0, daysBetween(legacyEnd, to)), terms));
}

function checkDays(days: number): void {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number, not negative');
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
  const days = daysLate(input.dueDate, input.date, terms);
  if (days === 0 || base.isZero()) return { daysLate: days, lateFee: ZERO, defaultInterest: ZERO, contractInterest: ZERO, total: ZERO };
  const lateFee = lateFeeOn(base, terms);
  const defaultInterest = defaultInterestFor(base, days, terms);
  const contractInterest = remuneratoryOver(lateFrom(input.dueDate, terms), input.date, base, base, terms);
  return { daysLate: days, lateFee, defaultInterest, contractInterest, total: lateFee.plus(defaultInterest).plus(contractInterest) };
}
