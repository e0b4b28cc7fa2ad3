/**
 * Reading the values of a list filter (the filter map of the spec's query encoding) the same way in
 * every list: one value or several, calendar days as São Paulo days, money in
 * reais written either way, documents compared by their letters and digits,
 * names without accents. A value that does not fit is a 400 naming filter.<name>.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isCalendarDay } from '@shared/contract/index';
import { badRequest, MESSAGES } from './http/errors';

/** Brazil has had no daylight saving time since 2019: a São Paulo day starts at 03:00 UTC. */
const BR_OFFSET = '-03:00';
const DAY_MS = 86_400_000;

export function values(name: string, value: unknown): string[] {
  const list = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '');
  return list.map((v) => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v).trim();
    throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
  });
}

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

