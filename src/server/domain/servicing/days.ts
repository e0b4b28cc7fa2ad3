/**
 * Calendar-day steps the servicing rules need beyond domain/credit/calendar.ts:
 * adding days and the weekday, on 'YYYY-MM-DD' strings. The day number of
 * UTC midnight is only the unit of the arithmetic, never a place, so the
 * answer is the same under any time zone.
 */
import { formatCalendarDay, parseCalendarDay } from '../credit/calendar';

const DAY_MS = 86_400_000;

export function dayNumber(date: string): number {
  const { year, month, day } = parseCalendarDay(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function fromDayNumber(n: number): string {
  const d = new Date(n * DAY_MS);
  return formatCalendarDay({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** The calendar day `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer: ${days}`);
  return fromDayNumber(dayNumber(date) + days);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  // Day 0 (1970-01-01) was a Thursday.
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** A calendar day given to a rule, or a RangeError naming the field (never a time-zone guess). */
export function checkedDay(text: unknown, field: string): string {
  if (typeof text !== 'string') throw new RangeError(`${field} must be a calendar day (YYYY-MM-DD)`);
  try {
    parseCalendarDay(text);
  } catch {
    throw new RangeError(`${field} must be a calendar day (YYYY-MM-DD): ${text}`);
  }
  return text;
}
