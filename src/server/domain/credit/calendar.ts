/**
 * Calendar days ('YYYY-MM-DD') for the money math. They never pass through a
 * time zone: the arithmetic is on the proleptic Gregorian day number (UTC
 * midnight is only the unit, not a place), so the schedule of a loan is the
 * same on every workstation and at every hour.
 */
const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDay {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

export function parseCalendarDay(text: string): CalendarDay {
  const match = CALENDAR_DAY.exec(text);
  if (!match) throw new RangeError(`not a calendar day: ${text}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new RangeError(`not a calendar day: ${text}`);
  return { year, month, day };
}

export function formatCalendarDay({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
}

/** The day's number on a continuous count of days (differences between two are calendar days). */
export function dayNumber(text: string): number {
  const { year, month, day } = parseCalendarDay(text);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The day `days` calendar days after `start` (before it when negative). */
export function addDays(start: string, days: number): string {
  const at = new Date((dayNumber(start) + days) * DAY_MS);
  return formatCalendarDay({ year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() });
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The day `months` months after `start`, on `anchorDay` of that month (the
 * start's own day by default), clamped to the month's last day: 31 Jan + 1
 * month is 28 (or 29) Feb, and the month after is 31 Mar again, because the
 * anchor stays the original day.
 */
export function addMonths(start: string, months: number, anchorDay?: number): string {
  const { year, month, day } = parseCalendarDay(start);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const wanted = anchorDay ?? day;
  return formatCalendarDay({ year: targetYear, month: targetMonth, day: Math.min(wanted, daysInMonth(targetYear, targetMonth)) });
}

/**
 * `count` monthly dates from `first` (the first included), each on the
 * first's day of the month clamped to the month's end, with their day
 * numbers: the same days as addMonths(first, k, first's day), without parsing
 * each one again (a 360-installment schedule asks for all of them).
 */
export function monthlyDates(first: string, count: number): Array<{ date: string; day: number }> {
  const { year, month, day } = parseCalendarDay(first);
  const start = year * 12 + (month - 1);
  const out: Array<{ date: string; day: number }> = [];
  for (let k = 0; k < count; k++) {
    const index = start + k;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    const d = Math.min(day, daysInMonth(y, m));
    out.push({ date: formatCalendarDay({ year: y, month: m, day: d }), day: Date.UTC(y, m - 1, d) / DAY_MS });
  }
  return out;
}
