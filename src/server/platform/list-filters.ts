/**
 * Reading the values of a list filter (the filter map of the spec's query encoding) the same way in
 * every list: one value or several, calendar days as São Paulo days, money in
 * reais written either way, documents compared by their letters and digits,
 * names without accents. A value that does not fit is a 400 naming filter.<name>.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { instantMs, isCalendarDay } from '@shared/contract/index';
import { badRequest, MESSAGES } from './http/errors';

/** Brazil has had no daylight saving time since 2019: a São Paulo day starts at 03:00 UTC. */
const BR_OFFSET = '-03:00';
const DAY_MS = 86_400_000;

/**
 * The values of a filter, trimmed, without the empty ones: one value or a list
 * of them. Anything but text, numbers and booleans is a 400 naming the filter.
 */
export function values(name: string, value: unknown): string[] {
  const out: string[] = [];
  for (const v of Array.isArray(value) ? value : [value]) {
    if (v === null || v === undefined) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
    const text = String(v).trim();
    if (text !== '') out.push(text);
  }
  return out;
}

/** The one value of a filter that takes one (null when none is given); several are a 400 naming it. */
export function single(name: string, value: unknown): string | null {
  const list = values(name, value);
  if (list.length === 0) return null;
  if (list.length > 1) throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
  return list[0];
}

/** Lower case without accents, so "São Paulo" matches "sao paulo". */
const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
export function foldSql(column: AnyColumn): SQL {
  return sql`translate(lower(coalesce(${column}, '')), ${ACCENTED}, ${PLAIN})`;
}

export function dayStart(name: string, text: string, endOfDay: boolean): Date {
  if (!isCalendarDay(text)) throw badRequest(`Campo filter.${name}: data inválida: use AAAA-MM-DD`, `filter.${name}`);
  return new Date(Date.parse(`${text}T00:00:00${BR_OFFSET}`) + (endOfDay ? DAY_MS : 0));
}

/**
 * A São Paulo calendar day (its start, or the next day's start for an end) or
 * an ISO timestamp with zone, both in the contract's 1900–2100 range: beyond
 * PostgreSQL's timestamp range a date failed in the database as a 500.
 */
export function momentOf(name: string, text: string, endOfDay: boolean): Date {
  const day = isCalendarDay(text);
  const ms = day ? Date.parse(`${text}T00:00:00${BR_OFFSET}`) : instantMs(text);
  if (ms === null || Number.isNaN(ms)) throw badRequest(MESSAGES.badDate(name), `filter.${name}`);
  return new Date(day && endOfDay ? ms + DAY_MS : ms);
}

/** "1500", "1500.00", "1500,5" or the Brazilian "1.500,00": at most 12 integer digits and 2 decimals. */
export const MONEY_FILTER_TEXT = /^(?:\d{1,12}(?:[.,]\d{1,2})?|\d{1,3}(?:\.\d{3}){1,3},\d{1,2})$/;

export function moneyValue(text: string): string {
  return text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
}

export function bareDocument(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

export function docColumn(column: AnyColumn): SQL {
  return sql`regexp_replace(upper(coalesce(${column}, '')), '[^0-9A-Z]', '', 'g')`;
}

