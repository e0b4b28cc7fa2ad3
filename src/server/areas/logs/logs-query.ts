/**
 * The logs list's filters and order as SQL, kept apart from the handlers so
 * the list, the count and the export read exactly the same rows.
 *
 * Speed at a million entries (see migration 0003): every filter column has an
 * index ending in (created_at, id), and the order always ends in
 * (created_at, id) in the chosen direction, so a filtered page is an index
 * walk that stops after `limit` rows.
 */
import { and, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { isDbId, LOG_COUNT_CAP, LOG_FILTERS, LOG_SORTS } from '@shared/contract/index';
import { activityLog } from '../../platform/schema';
import { users } from '../access/schema';
import { containsPattern } from '../../domain/like';
import { listConditions, listOrder, ordered, type ListSpec } from '../../platform/list';

type SortInput = { field?: string | null; order?: string | null } | null | undefined;

/** The list's filters and sorts, named by the contract (LOG_FILTERS / LOG_SORTS); newest first by default. */
export const LOG_LIST: ListSpec<(typeof LOG_FILTERS)[number], (typeof LOG_SORTS)[number]> = {
  filters: {
    // An account id, or a fragment of a staff member's name or e-mail.
    actor: {
      kind: 'where',
      where: (text, bad) => {
        if (/^\d+$/.test(text)) {
          // An id beyond the integer column's range is no id at all, not a name fragment.
          if (!isDbId(Number(text))) throw bad();
          return eq(activityLog.actor_id, Number(text));
        }
        // Staff accounts are few: resolve the fragment to ids, then the actor index does the rest.
        const pattern = containsPattern(text);
        return inArray(activityLog.actor_id, sql`(SELECT ${users.id} FROM ${users} WHERE ${or(ilike(users.name, pattern), ilike(users.email, pattern))})`);
      },
    },
    // 'user.erase' is one action; 'user' is the whole family 'user.*'.
    action: {
      kind: 'where',
      where: (text) => (text.includes('.') ? eq(activityLog.action, text) : like(activityLog.action, `${text.replace(/[\\%_]/g, '\\$&')}.%`)),
    },
    entity: { kind: 'equals', column: activityLog.entity },
    from: { kind: 'since', column: activityLog.created_at, instants: true },
    to: { kind: 'until', column: activityLog.created_at, instants: true },
  },
  sorts: {
    created_at: activityLog.created_at,
    action: activityLog.action,
    entity: activityLog.entity,
    actor: activityLog.actor_id,
  },
  idColumn: activityLog.id,
  defaultOrder: [desc(activityLog.created_at), desc(activityLog.id)],
  // Any sort ends in (created_at, id) in the same direction, the end of every index of the log.
  tiebreak: (direction, field) =>
    field === 'created_at' ? [ordered(direction, activityLog.id)] : [ordered(direction, activityLog.created_at), ordered(direction, activityLog.id)],
  maxText: 200,
  countCap: LOG_COUNT_CAP,
};

export function logConditions(filter: Record<string, unknown> | undefined): SQL[] {
  const where = and(...listConditions(LOG_LIST, filter));
  return where ? [where] : [];
}

/** Newest first by default; any sort ends in (created_at, id) in the same direction. */
export function logOrder(sort: SortInput): SQL[] {
  return listOrder(LOG_LIST, sort);
}
