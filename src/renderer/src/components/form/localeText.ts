/**
 * What people type in amount, number and date fields, read and written the
 * way the app's language writes them, never the way the workstation's
 * operating system does: an English Windows must not turn a date field into
 * MM/DD/YYYY. Pure text work (no Date, no Intl), so the result is the same on
 * any machine, in any time zone.
 *
 * - Amounts: "1.234,56" in Portuguese, "1,234.56" in English; kept as the
 *   wire's decimal text ("1234.56"), never a binary float.
 * - Dates: DD/MM/YYYY in both languages (the app shows every date that way);
 *   "31122025", "31-12-2025" and an ISO "2025-12-31" are understood too; kept
 *   as the wire's 'YYYY-MM-DD'.
 */
import { decimalToMoneyInput, moneyInputToDecimal } from '@shared/format';

/** The languages of the catalogue; anything else reads as Portuguese, the app's default. */
export type TextLocale = 'pt-BR' | 'en';

export function textLocaleOf(language: string | undefined): TextLocale {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

const EN_AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** An amount as typed → the wire's decimal text ("1234.56"); null when it is not an amount (a sign makes it one it is not). */
export function amountTextToDecimal(text: string | null | undefined, locale: TextLocale): string | null {
  if (text === null || text === undefined) return null;
  if (locale === 'pt-BR') return moneyInputToDecimal(text);
  const m = EN_AMOUNT.exec(text.trim().replace(/^R\$\s*/, ''));
  if (!m) return null;
  const whole = m[1].replace(/,/g, '').replace(/^0+(?=\d)/, '');
  return `${whole}.${(m[2] ?? '').padEnd(2, '0')}`;
}

/** The wire's decimal text → what the field shows ("1.234,50" / "1,234.50"); '' when it is not a decimal. */
export function decimalToAmountText(decimal: string | null | undefined, locale: TextLocale): string {
  const pt = decimalToMoneyInput(decimal);
  if (locale === 'pt-BR' || pt === '') return pt;
  // Swap the separators: "1.234,50" → "1,234.50".
  return pt.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
}

/** A whole number or decimal as typed in the language ("-3", "2,5" / "2.5", "1.000" / "1,000"); null when it is not a number. */
export function numberTextToNumber(text: string | null | undefined, locale: TextLocale): number | null {
  if (text === null || text === undefined) return null;
  const [group, decimal] = locale === 'pt-BR' ? ['.', ','] : [',', '.'];
  const t = text.trim().replace(/^[−–]/, '-');
  const esc = (c: string) => `\\${c}`;
  const re = new RegExp(`^(-?)(\\d{1,3}(?:${esc(group)}\\d{3})+|\\d+)(?:${esc(decimal)}(\\d+))?$`);
  const m = re.exec(t);
  if (!m) return null;
  const n = Number(`${m[1]}${m[2].split(group).join('')}${m[3] ? `.${m[3]}` : ''}`);
  return Number.isFinite(n) ? n : null;
}

/** A decimal amount, positive or not, to describe a refused value: the sign and how many whole digits. */
export function amountShape(text: string, locale: TextLocale): { negative: boolean; wholeDigits: number } | null {
  const t = text.trim().replace(/^R\$\s*/, '').replace(/^[−–]/, '-');
  const negative = t.startsWith('-');
  const decimal = amountTextToDecimal(negative ? t.slice(1).trim() : t, locale);
  if (decimal === null) return null;
  return { negative, wholeDigits: decimal.split('.')[0].replace(/^0+(?=\d)/, '').length };
}

const DAY_TEXT = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const DAY_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function realDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** A date as typed (DD/MM/YYYY and its variants, or ISO) → 'YYYY-MM-DD'; null when it is not a real calendar day. */
export function dateTextToIso(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  const iso = ISO_DAY.exec(t);
  const m = iso ? [iso[0], iso[3], iso[2], iso[1]] : (DAY_TEXT.exec(t) ?? DAY_DIGITS.exec(t));
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!realDay(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Whether a value is already a real day as the wire takes it ('YYYY-MM-DD'). */
export const isIsoDay = (value: string): boolean => ISO_DAY.test(value) && dateTextToIso(value) === value;

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' for the field; any other text is shown as it is. */
export function isoToDateText(value: string | null | undefined): string {
  const m = ISO_DAY.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (value ?? '');
}

/**
 * Slashes put in while a date is typed digit by digit ("3112" → "31/12"),
 * only when the text grew by one digit at its end, so deleting and editing
 * inside the text behave as usual.
 */
export function maskDateTyping(previous: string, typed: string): string {
  if (typed.length !== previous.length + 1 || !typed.startsWith(previous)) return typed;
  // The slash the person types after one already put in is not a second one.
  if (typed.endsWith('/') && previous.endsWith('/')) return previous;
  return /^\d{2}$|^\d{2}\/\d{2}$/.test(typed) ? `${typed}/` : typed;
}
