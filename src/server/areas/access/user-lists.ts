/** One page of accounts of a kind (staff, entrepreneurs): the users screens' lists and the entrepreneurs' list share it. */
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { pageMeta } from '@shared/contract/index';
import type { Db } from '../../db/connect';
import { users } from './schema';
import { listConditions, listOrder, type ListSpec } from '../../platform/list';

const live = isNull(users.deleted_at);

/** One page of accounts of a kind (staff, entrepreneurs) under a list declaration. */
export async function pagedUsers(db: Db, spec: ListSpec, base: SQL, args: ListArgsOut) {
  const where = and(base, live, ...listConditions(spec, args.filter));
  const order = listOrder(spec, args.sort);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(args.limit)
    .offset((args.page - 1) * args.limit);
  return { rows, meta: pageMeta(args.page, args.limit, Number(count)) };
}

export interface ListArgsOut {
  page: number;
  limit: number;
  filter?: Record<string, unknown>;
  sort?: { field?: string | null; order?: string | null } | null;
}
