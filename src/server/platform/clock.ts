/**
 * The lender's clock: the one place the server asks what day it is for money
 * and dates (due dates, overdue, disbursement and issue dates, the seed's
 * story). "Today" is the lender's calendar day in São Paulo, whatever the
 * machine's time zone; it is a business date, separate from the instant a row
 * is written (created_at keeps the real time).
 *
 * Tests and the demo seed set the business date with a SettableClock; nothing
 * that decides money or dates calls `new Date()` for the day.
 */

/** The zone the lender's calendar days are counted in. */
export const LENDER_ZONE = 'America/Sao_Paulo';

export interface Clock {
  /** the real instant, for timestamps */
  now(): Date;
  /** the lender's business date, 'YYYY-MM-DD' */
  today(): string;
}

/**
 * Made on first use: the first formatter with a time zone loads ICU's zone
 * data, 25–35 ms of CPU that the embedded server's restart does not need
 * (nothing asks for the day before the first request).
 */
let dayFormat: Intl.DateTimeFormat | null = null;

/** The calendar day an instant falls on in São Paulo, 'YYYY-MM-DD'. */
export function calendarDayInSaoPaulo(instant: Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: LENDER_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = dayFormat.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => calendarDayInSaoPaulo(new Date()),
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkDay(day: string): string {
  if (!CALENDAR_DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`not a calendar day: ${day}`);
  }
  return day;
}

/**
 * A clock whose business date can be set and moved (tests, the demo seed's
 * story); instants stay real. Without a date set it follows the system clock.
 */
export class SettableClock implements Clock {
  private fixed: string | null;

  constructor(today?: string) {
    this.fixed = today === undefined ? null : checkDay(today);
  }

  now(): Date {
    return new Date();
  }

  today(): string {
    return this.fixed ?? systemClock.today();
  }

  /** Sets the business date; null goes back to the system's day. */
  set(day: string | null): void {
    this.fixed = day === null ? null : checkDay(day);
  }

  /** Moves the business date by whole days (negative goes back). */
  advance(days: number): string {
    const at = new Date(`${this.today()}T00:00:00Z`);
    at.setUTCDate(at.getUTCDate() + days);
    this.fixed = at.toISOString().slice(0, 10);
    return this.fixed;
  }
}

/**
 * The clock a server starts with: BACKOFFICE_BUSINESS_DATE (YYYY-MM-DD) fixes
 * the business date for a sandbox or a test run; otherwise the system's day.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv = process.env): SettableClock {
  const day = env.BACKOFFICE_BUSINESS_DATE?.trim();
  return new SettableClock(day ? day : undefined);
}
