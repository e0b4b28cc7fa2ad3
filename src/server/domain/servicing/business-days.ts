/**
 * Bank business days in Brazil, for due dates and late charges.
 *
 * Convention and sources:
 * - A day is not a business day for the financial market on Saturdays,
 *   Sundays, national holidays and the Monday and Tuesday of Carnival
 *   (Resolução CMN 4.880/2020, which replaced Res. CMN 2.932/2002 on this
 *   point). National holidays: Lei 662/1949 with Lei 10.607/2002 (1 Jan,
 *   21 Apr, 1 May, 7 Sep, 2 Nov, 15 Nov, 25 Dec), Lei 6.802/1980 (12 Oct),
 *   Lei 14.759/2023 (20 Nov, from 2024), Good Friday; Corpus Christi is not a
 *   national holiday by law but the banks' national calendar closes on it
 *   (FEBRABAN and ANBIMA calendars), so it counts here too. Election Sundays
 *   are national holidays (Código Eleitoral, art. 380) and fall on Sundays.
 * - The dates come from the date-holidays library (BR, types public + bank;
 *   the library's "optional" half days such as Ash Wednesday morning and
 *   24/31 Dec afternoons are business days). The unit test checks the
 *   library against a written table for 2024–2030, so a library update that
 *   moves a date fails loudly instead of moving a due date.
 * - Local (state and municipal) holidays are not counted: the boleto and PIX
 *   networks settle nationally. The last business day of the year keeps
 *   clearing (banks close to the public only), so it stays a business day.
 * - A due date that falls on a non-business day may be paid on the next
 *   business day without charges (Código Civil art. 132 §1 for the extension
 *   of a term ending on a holiday; the FEBRABAN boleto rules apply it to
 *   every boleto).
 *
 * Dates are 'YYYY-MM-DD' strings; the arithmetic uses the day number of
 * UTC midnight only as a unit (see domain/credit/calendar.ts), never a zone,
 * and the library's own 'date' strings (local to Brazil), never its Date
 * objects.
 */
import Holidays from 'date-holidays';
import { parseCalendarDay } from '../credit/calendar';
import { addDays, weekday } from './days';

export { addDays, weekday } from './days';

/** Years the calendar answers for; outside them a date is a mistake, not a plan. */
const FIRST_YEAR = 1990;
const LAST_YEAR = 2100;

function checkYear(date: string): number {
  const { year } = parseCalendarDay(date);
  if (year < FIRST_YEAR || year > LAST_YEAR) throw new RangeError(`date out of the supported range: ${date}`);
  return year;
}

export interface BankHoliday {
  date: string;
  name: string;
}

let calendar: Holidays | null = null;
const byYear = new Map<number, readonly BankHoliday[]>();
const setByYear = new Map<number, ReadonlySet<string>>();

/** The national and bank holidays of `year`, in date order (weekends included when a holiday falls on one). */
export function bankHolidays(year: number): readonly BankHoliday[] {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) throw new RangeError(`year out of the supported range: ${year}`);
  const cached = byYear.get(year);
  if (cached) return cached;
  calendar ??= new Holidays('BR', { types: ['public', 'bank'] });
  const seen = new Map<string, string>();
  for (const h of calendar.getHolidays(year)) {
    if (h.type !== 'public' && h.type !== 'bank') continue;
    // 'YYYY-MM-DD hh:mm:ss' in the holiday's own (Brazilian) calendar.
    const date = h.date.slice(0, 10);
    if (!seen.has(date)) seen.set(date, h.name);
  }
  const list = [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, name]) => ({ date, name }));
  byYear.set(year, list);
  setByYear.set(year, new Set(list.map((h) => h.date)));
  return list;
}

export function isBankHoliday(date: string): boolean {
  const year = checkYear(date);
  bankHolidays(year);
  return setByYear.get(year)!.has(date);
}

/** Answers by date string; at most one entry per day of the supported years. */
const businessDayCache = new Map<string, boolean>();

export function isBusinessDay(date: string): boolean {
  const cached = businessDayCache.get(date);
  if (cached !== undefined) return cached;
  checkYear(date);
  const wd = weekday(date);
  const answer = wd !== 0 && wd !== 6 && !isBankHoliday(date);
  businessDayCache.set(date, answer);
  return answer;
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: string): string {
  let d = addDays(date, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(date: string): string {
  let d = addDays(date, -1);
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/**
 * The last day an amount due on `dueDate` can be paid without charges: the
 * due date itself when it is a business day, else the next business day.
 */
export function payableUntil(dueDate: string): string {
  return isBusinessDay(dueDate) ? dueDate : nextBusinessDay(dueDate);
}

/**
 * `n` business days after `date` (before it when `n` is negative); `date`
 * itself need not be a business day, and n = 0 gives `date` back.
 */
export function addBusinessDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`n must be an integer: ${n}`);
  let d = date;
  for (let k = 0; k < Math.abs(n); k++) d = n > 0 ? nextBusinessDay(d) : previousBusinessDay(d);
  return d;
}
