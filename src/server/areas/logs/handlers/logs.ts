/** The activity log screens (the spec's "logs" calls): list, one entry with what changed, and the export rows. */
import { and, eq, sql } from 'drizzle-orm';
import { LOG_EXPORT_COLUMNS, LOG_EXPORT_MAX, pageMeta, type LogChange, type LogItem } from '@shared/contract/index';
import type { Db } from '../../../db/connect';
import { activityLog } from '../../../platform/schema';
import { users } from '../../access/schema';
import { notFound } from '../../../platform/http/errors';
import type { Handler } from '../../../platform/http/handler';
import { LOG_LIST, logConditions, logOrder } from '../logs-query';
import { exportRows, listTotal } from '../../../platform/list';

type Value = string | number | boolean | null;
type Snapshot = Record<string, Value>;

const itemColumns = {
  id: activityLog.id,
  created_at: activityLog.created_at,
  action: activityLog.action,
  entity: activityLog.entity,
  entity_id: activityLog.entity_id,
  actor_id: activityLog.actor_id,
  actor_name: users.name,
  actor_email: users.email,
};

interface ItemRow {
  id: number;
  created_at: Date;
  action: string;
  entity: string;
  entity_id: number | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
}

function toItem(row: ItemRow): LogItem {
  return { ...row, created_at: row.created_at.toISOString() };
}

function baseQuery(db: Db, where: ReturnType<typeof and>) {
  return db.select(itemColumns).from(activityLog).leftJoin(users, eq(users.id, activityLog.actor_id)).where(where);
}

export const listLogs: Handler<'logs.all'> = async (args, { deps }) => {
  const where = and(...logConditions(args.filter));
  const order = logOrder(args.sort);
  const [rows, total] = await Promise.all([
    baseQuery(deps.db, where)
      .orderBy(...order)
      .limit(args.limit)
      .offset((args.page - 1) * args.limit),
    listTotal(deps.db, LOG_LIST, (n) => deps.db.select({ one: sql`1` }).from(activityLog).where(where).limit(n).as('matches')),
  ]);
  return { items: rows.map(toItem), meta: pageMeta(args.page, args.limit, total.count), capped: total.capped };
};

function asSnapshot(value: unknown): Snapshot | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Snapshot = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = v === null || ['string', 'number', 'boolean'].includes(typeof v) ? (v as Value) : JSON.stringify(v);
  }
  return out;
}

/** Every field of either side, before's order first; a field counts as changed when the sides differ. */
export function diffSnapshots(before: Snapshot | null, after: Snapshot | null): LogChange[] {
  const fields = [...Object.keys(before ?? {}), ...Object.keys(after ?? {}).filter((k) => !before || !(k in before))];
  return fields.map((field) => {
    const hasBefore = !!before && field in before;
    const hasAfter = !!after && field in after;
    const change: LogChange = { field, changed: hasBefore !== hasAfter || before?.[field] !== after?.[field] };
    if (hasBefore) change.before = before[field];
    if (hasAfter) change.after = after[field];
    return change;
  });
}

export const logById: Handler<'logs.byId'> = async ({ id }, { deps }) => {
  const rows = await deps.db
    .select({ ...itemColumns, before: activityLog.before, after: activityLog.after })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actor_id))
    .where(eq(activityLog.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound();
  const before = asSnapshot(row.before);
  const after = asSnapshot(row.after);
  return { ...toItem(row), before, after, changes: diffSnapshots(before, after) };
};

export const exportLogs: Handler<'logs.export'> = async ({ filter, sort }, { deps }) => {
  const rows = await baseQuery(deps.db, and(...logConditions(filter)))
    .orderBy(...logOrder(sort))
    .limit(LOG_EXPORT_MAX);
  return exportRows(rows, LOG_EXPORT_COLUMNS, toItem);
};
