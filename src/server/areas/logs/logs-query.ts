/**
 * The logs list's filters and order as SQL, kept apart from the handlers so
 * the list, the count and the export read exactly the same rows.
 *
 * Speed at a million entries (see migration 0003): every filter column has an
 * index ending in (created_at, id), and the order always ends in
 * (created_at, id) in the chosen direction, so a filtered page is an index
 * walk that stops after `limit` rows.
 */
import { and, asc, desc, eq, ilike, inArray, like, lt, gte, or, sql, type SQL } from 'drizzle-orm';
import { instantMs, isCalendarDay, isDbId, LOG_FILTERS } from '@shared/contract/index';
import { ownValue } from '@shared/query';
import { activityLog } from '../../platform/schema';
import { users } from '../access/schema';
import { containsPattern } from '../../domain/like';
import { badRequest, MESSAGES } from '../../platform/http/errors';

type SortInput = { field?: string | null; order?: string | null } | null | undefined;

const SORT_COLUMNS = {
  created_at: activityLog.created_at,
  action: activityLog.action,
  entity: activityLog.entity,
  actor: activityLog.actor_id,
} as const;

/** Brazil has had no daylight saving since 2019: a bare date is a day in UTC-3. */
const BR_OFFSET = '-03:00';
const DAY_MS = 86_400_000;

function single(name: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value) || typeof value === 'object') throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
  const text = String(value).trim();
  if (!text) return null;
  if (text.length > 200) throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
  return text;
}

/**
 * 'YYYY-MM-DD' (a Brazilian calendar day) or an ISO timestamp with zone, both
 * in the contract's 1900–2100 range: beyond PostgreSQL's timestamp range a
 * date failed in the database as a 500.
 */
function parseMoment(name: string, text: string, endOfDay: boolean): Date {
  const day = isCalendarDay(text);
  const ms = day ? Date.parse(`${text}T00:00:00${BR_OFFSET}`) : instantMs(text);
  if (ms === null || Number.isNaN(ms)) throw badRequest(MESSAGES.badDate(name), `filter.${name}`);
  return new Date(day && endOfDay ? ms + DAY_MS : ms);
}

export function logConditions(filter: Record<string, unknown> | undefined): SQL[] {
  const out: SQL[] = [];
  for (const [name, value] of Object.entries(filter ?? {})) {
    if (!(LOG_FILTERS as readonly string[]).includes(name)) throw badRequest(MESSAGES.unknownFilter(name), `filter.${name}`);
    const text = single(name, value);
    if (text === null) continue;
    switch (name) {
      case 'actor': {
        if (/^\d+$/.test(text)) {
          // An id beyond the integer column's range is no id at all, not a name fragment.
          if (!isDbId(Number(text))) throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
          out.push(eq(activityLog.actor_id, Number(text)));
        } else {
          // Staff accounts are few: resolve the fragment to ids, then the actor index does the rest.
          const pattern = containsPattern(text);
          const ids = sql`(SELECT ${users.id} FROM ${users} WHERE ${or(ilike(users.name, pattern), ilike(users.email, pattern))})`;
          out.push(inArray(activityLog.actor_id, ids));
        }
        break;
      }
      case 'action':
        // 'user.erase' is one action; 'user' is the whole family 'user.*'.
        out.push(text.includes('.') ? eq(activityLog.action, text) : like(activityLog.action, `${text.replace(/[\\%_]/g, '\\$&')}.%`));
        break;
      case 'entity':
        out.push(eq(activityLog.entity, text));
        break;
      case 'from':
        out.push(gte(activityLog.created_at, parseMoment(name, text, false)));
        break;
      case 'to': {
        const day = isCalendarDay(text);
        const end = parseMoment(name, text, true);
        // A bare day includes the whole day; a timestamp is an inclusive bound.
        out.push(day ? lt(activityLog.created_at, end) : sql`${activityLog.created_at} <= ${end}`);
        break;
      }
    }
  }
  const from = out.length ? and(...out) : undefined;
  return from ? [from] : [];
}

/** Newest first by default; any sort ends in (created_at, id) in the same direction. */
export function logOrder(sort: SortInput): SQL[] {
  if (!sort || !sort.field || !sort.order) return [desc(activityLog.created_at), desc(activityLog.id)];
  const column = ownValue<(typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS]>(SORT_COLUMNS, sort.field);
  if (!column) throw badRequest(MESSAGES.unknownSort(sort.field), 'sort');
  const dir = sort.order.toUpperCase() === 'ASC' || sort.order.toLowerCase().startsWith('asc') ? asc : desc;
  if (sort.field === 'created_at') return [dir(activityLog.created_at), dir(activityLog.id)];
  return [dir(column), dir(activityLog.created_at), dir(activityLog.id)];
}
