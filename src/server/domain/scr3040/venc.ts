/**
 * The SCR Doc 3040 maturity buckets (the `Venc` element): what an operation
 * owes at the data-base, spread by when it falls due or how long it is
 * overdue, and what was written off by how long ago.
 *
 * Source: SCR Doc 3040, Instruções de Preenchimento, anexo "Vencimentos"
 * (códigos v110…v330), and the Central Bank's example files (tests/fixtures/scr3040):
 * - falling due (a vencer), by calendar days from the data-base to the due date:
 *   v110 up to 30, v120 31–60, v130 61–90, v140 91–180, v150 181–360, v160 361–720,
 *   v165 721–1080, v170 1081–1440, v175 1441–1800, v180 1801–5400, v190 over 5400;
 * - overdue (vencidos), by calendar days late: v205 1–14, v210 15–30, v220 31–60,
 *   v230 61–90, v240 91–120, v245 121–150, v250 151–180, v255 181–240, v260 241–300,
 *   v270 301–360, v280 361–540, v290 over 540;
 * - written off (baixados como prejuízo), by months since the write-off: v310 up to 12,
 *   v320 over 12 up to 48, v330 over 48.
 * A due date on the data-base itself is not overdue yet (0 days: v110).
 *
 * Pure, decimal.js; calendar days through the credit calendar (no time zone).
 */
import Decimal from 'decimal.js';
import { daysBetween, parseCalendarDay } from '../credit/calendar';

export const VENC_FALLING_DUE = [
  ['v110', 30],
  ['v120', 60],
  ['v130', 90],
  ['v140', 180],
  ['v150', 360],
  ['v160', 720],
  ['v165', 1080],
  ['v170', 1440],
  ['v175', 1800],
  ['v180', 5400],
  ['v190', Infinity],
] as const;

export const VENC_OVERDUE = [
  ['v205', 14],
  ['v210', 30],
  ['v220', 60],
  ['v230', 90],
  ['v240', 120],
  ['v245', 150],
  ['v250', 180],
  ['v255', 240],
  ['v260', 300],
  ['v270', 360],
  ['v280', 540],
  ['v290', Infinity],
] as const;

export const VENC_WRITTEN_OFF = [
  ['v310', 12],
  ['v320', 48],
  ['v330', Infinity],
] as const;

/**
 * Every code the layout knows, in the layout's order. v20/v40 (credit limits), v60/v80 (credits to release) and v199
 * (no fixed term) appear in the Central Bank's examples; this lender writes none of them but the checks accept them.
 */
export const VENC_CODES = [
  'v20',
  'v40',
  'v60',
  'v80',
  ...VENC_FALLING_DUE.map(([c]) => c),
  'v199',
  ...VENC_OVERDUE.map(([c]) => c),
  ...VENC_WRITTEN_OFF.map(([c]) => c),
] as readonly string[];

export type VencBuckets = Record<string, Decimal>;

/** One amount the operation owes, with its due date (an installment's open part). */
export interface VencFlow {
  due: string;
  amount: Decimal.Value;
}

function pick(table: ReadonlyArray<readonly [string, number]>, value: number): string {
  for (const [code, upTo] of table) if (value <= upTo) return code;
  return table[table.length - 1][0];
}

/** The bucket of an amount due on `due`, seen from the data-base's last day `baseDate`. */
export function vencCodeFor(baseDate: string, due: string): string {
  const days = daysBetween(baseDate, due);
  return days >= 0 ? pick(VENC_FALLING_DUE, days) : pick(VENC_OVERDUE, -days);
}

/** Whole months from the write-off to the data-base (a month counts once its day is reached). */
export function monthsSince(from: string, to: string): number {
  const a = parseCalendarDay(from);
  const b = parseCalendarDay(to);
  const months = (b.year - a.year) * 12 + (b.month - a.month) - (b.day < a.day ? 1 : 0);
  return Math.max(0, months);
}

export function writtenOffCodeFor(writeOffDate: string, baseDate: string): string {
  const months = monthsSince(writeOffDate, baseDate);
  // "up to 12 months" holds a write-off exactly 12 months old; over 12 (12 months and a day) is v320.
  const exact = parseCalendarDay(writeOffDate).day === parseCalendarDay(baseDate).day;
  const over = exact ? months : months + 0.5;
  return pick(VENC_WRITTEN_OFF, over);
}

export interface VencInput {
  /** the data-base's last day, YYYY-MM-DD */
  baseDate: string;
  /** the open amounts by due date (overdue ones included) */
  flows: readonly VencFlow[];
  /**
   * The operation's balance at the data-base (the close's book balance). When given, the buckets add up to it: the
   * difference from the flows (interest accrued but not yet due, or the part of the flows that is future interest)
   * goes to the bucket of the next amount falling due, else to that of the latest overdue one.
   */
  balance?: Decimal.Value;
  /** a write-off in force: the whole balance is reported by how long ago it was written off */
  writtenOff?: { date: string; amount: Decimal.Value };
  /**
   * The amounts written off and still in force at the data-base, by the day each was written off (an operation partly
   * written off keeps its open balance in the buckets above): each in v310/v320/v330, beside the balance's buckets.
   */
  writeOffs?: readonly WrittenOffAmount[];
}

/** An amount written off (baixado como prejuízo) on `date`, still written off at the data-base. */
export interface WrittenOffAmount {
  date: string;
  amount: Decimal.Value;
}

/** The written-off codes (v310, v320, v330), in the layout's order. */
export const WRITTEN_OFF_CODES = VENC_WRITTEN_OFF.map(([c]) => c) as readonly string[];

export function isWrittenOffCode(code: string): boolean {
  return WRITTEN_OFF_CODES.includes(code);
}

/**
 * The written-off buckets at the data-base `baseDate` (anexo Vencimentos: v310 written off up to 12 months ago, v320
 * over 12 up to 48 months, v330 over 48 months): each amount goes to exactly one bucket by the months from its
 * write-off day to the data-base (writtenOffCodeFor), so the buckets add up to the amounts. A write-off after the
 * data-base is not one yet: refused (the caller reads the write-offs in force on the data-base).
 */
export function writtenOffBuckets(baseDate: string, amounts: readonly WrittenOffAmount[]): VencBuckets {
  const out: VencBuckets = {};
  for (const a of amounts) {
    if (a.date > baseDate) throw new RangeError(`write-off on ${a.date} after the data-base ${baseDate}`);
    const amount = new Decimal(a.amount);
    if (amount.isNegative()) throw new RangeError('a written-off amount is not negative');
    if (amount.isZero()) continue;
    const code = writtenOffCodeFor(a.date, baseDate);
    out[code] = (out[code] ?? new Decimal(0)).plus(amount);
  }
  return out;
}

/** The sum of the buckets of amounts owed (every code but the written-off ones). */
export function vencOwedTotal(buckets: VencBuckets): Decimal {
  return Object.entries(buckets).reduce((sum, [code, v]) => (isWrittenOffCode(code) ? sum : sum.plus(v)), new Decimal(0));
}

/** The sum of the written-off buckets (v310–v330). */
export function vencWrittenOffTotal(buckets: VencBuckets): Decimal {
  return Object.entries(buckets).reduce((sum, [code, v]) => (isWrittenOffCode(code) ? sum.plus(v) : sum), new Decimal(0));
}

export function vencBuckets(input: VencInput): VencBuckets {
  const out: VencBuckets = {};
  const add = (code: string, amount: Decimal) => {
    if (amount.isZero()) return;
    out[code] = (out[code] ?? new Decimal(0)).plus(amount);
  };
  if (input.writtenOff) {
    add(writtenOffCodeFor(input.writtenOff.date, input.baseDate), new Decimal(input.writtenOff.amount));
    return out;
  }
  const flows = input.flows.map((f) => ({ due: f.due, amount: new Decimal(f.amount) })).filter((f) => !f.amount.isZero());
  if (input.balance !== undefined) {
    const total = flows.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));
    let difference = new Decimal(input.balance).minus(total);
    if (difference.isPositive() && !difference.isZero()) {
      const upcoming = flows.filter((f) => f.due >= input.baseDate).sort((a, b) => (a.due < b.due ? -1 : 1));
      const overdue = flows.filter((f) => f.due < input.baseDate).sort((a, b) => (a.due > b.due ? -1 : 1));
      flows.push({ due: upcoming[0]?.due ?? overdue[0]?.due ?? input.baseDate, amount: difference });
    } else if (difference.isNegative()) {
      // More in the flows than the balance: the excess leaves the farthest amounts first (never a negative bucket).
      for (const flow of [...flows].sort((a, b) => (a.due > b.due ? -1 : 1))) {
        if (difference.isZero()) break;
        const taken = Decimal.min(flow.amount, difference.negated());
        flow.amount = flow.amount.minus(taken);
        difference = difference.plus(taken);
      }
    }
  }
  for (const flow of flows) add(vencCodeFor(input.baseDate, flow.due), flow.amount);
  for (const [code, amount] of Object.entries(writtenOffBuckets(input.baseDate, input.writeOffs ?? []))) add(code, amount);
  return out;
}

/** The sum of the buckets. */
export function vencTotal(buckets: VencBuckets): Decimal {
  return Object.values(buckets).reduce((sum, v) => sum.plus(v), new Decimal(0));
}
