/**
 * The activity log behind the Logs screen: who did what to which record, and
 * the record before and after. Snapshots are built from an allow-list of
 * fields so passwords and hashes can never reach the log.
 *
 * Its rows are written here only (eslint-rules/area-writes.js): areas add
 * entries with logActivity / logActivities, and an LGPD erase redacts the
 * snapshots of earlier entries with redactPersonalFields / redactSnapshotsTo.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityAction, ActivityEntityKind } from '@shared/activity';
import type { Db } from '../db/connect';
import { insertRows } from '../db/insert-rows';
import { activityLog } from './schema';
import { type UserRow } from '../areas/access/schema';

export type Snapshot = Record<string, string | number | boolean | null>;

export interface ActivityEntry {
  actorId: number | null;
  /** one of src/shared/activity.ts, so the logs screens have a label for it */
  action: ActivityAction;
  entity: ActivityEntityKind;
  entityId: number | null;
  before?: Snapshot | null;
  after?: Snapshot | null;
}

export async function logActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await logActivities(db, [entry]);
}

/** Several entries in one statement (a movement of hundreds of records), ids in the entries' order. */
export async function logActivities(db: Db, entries: readonly ActivityEntry[]): Promise<void> {
  if (entries.length === 1) {
    const [entry] = entries;
    await db.insert(activityLog).values(logRow(entry));
    return;
  }
  await insertRows(db, activityLog, entries.map(logRow));
}

function logRow(entry: ActivityEntry): typeof activityLog.$inferInsert {
  return {
    actor_id: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

export function userSnapshot(user: UserRow): Snapshot {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role_id: user.role_id,
    active: user.active,
    two_factor: user.two_factor,
    force_senha: user.force_senha,
    email_confirmed: user.email_confirmed,
    cpf: user.cpf,
    phone: user.phone,
    deleted_at: user.deleted_at ? user.deleted_at.toISOString() : null,
  };
}

/** Personal fields removed from earlier log entries by the LGPD erase. */
export const PERSONAL_SNAPSHOT_FIELDS = ['name', 'email', 'cpf', 'phone', 'state', 'city', 'birthday', 'cep', 'address', 'cnpj', 'company_name', 'bank_accounts'] as const;

/** Removes the personal fields (PERSONAL_SNAPSHOT_FIELDS) from the snapshots of every entry about `entity` `entityId` (an erased account). */
export async function redactPersonalFields(tx: Db, entity: ActivityEntityKind, entityId: number): Promise<void> {
  let before = sql`${activityLog.before}`;
  let after = sql`${activityLog.after}`;
  for (const field of PERSONAL_SNAPSHOT_FIELDS) {
    before = sql`(${before}) - ${field}::text`;
    after = sql`(${after}) - ${field}::text`;
  }
  await tx
    .update(activityLog)
    .set({ before, after })
    .where(and(eq(activityLog.entity, entity), eq(activityLog.entity_id, entityId)));
}

/**
 * Whose entries a redaction reaches: the entries about these ids of `entity`,
 * or the entries of `entities` whose snapshot (before or after) names one of
 * the ids under `key` (a borrower's records name their borrower).
 */
export type LogSubjects =
  | { entity: ActivityEntityKind; ids: readonly number[] }
  | { entities: readonly ActivityEntityKind[]; key: string; ids: readonly number[] };

/** A snapshot cut down to `keep` (null stays null; a snapshot with none of them becomes {}). */
function cutTo(column: typeof activityLog.before | typeof activityLog.after, keep: readonly string[]): SQL {
  const keys = sql.join(
    keep.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`CASE WHEN ${column} IS NULL THEN NULL
    ELSE COALESCE((SELECT jsonb_object_agg(key, value) FROM jsonb_each(${column}) WHERE key = ANY(ARRAY[${keys}]::text[])), '{}'::jsonb) END`;
}

/**
 * Cuts the snapshots of the subjects' entries down to the keys in `keep` (the
 * LGPD erase of a borrower: the log still says that something was done, not
 * to whom).
 */
export async function redactSnapshotsTo(tx: Db, keep: readonly string[], subjects: readonly LogSubjects[]): Promise<void> {
  const which = subjects
    .filter((s) => s.ids.length > 0)
    .map((s) => {
      if ('entity' in s) return and(eq(activityLog.entity, s.entity), inArray(activityLog.entity_id, [...s.ids]));
      const idList = sql.join(
        s.ids.map((id) => sql`${String(id)}`),
        sql`, `,
      );
      return and(
        inArray(activityLog.entity, [...s.entities]),
        or(sql`${activityLog.before}->>${s.key} IN (${idList})`, sql`${activityLog.after}->>${s.key} IN (${idList})`),
      );
    });
  if (which.length === 0) return;
  await tx
    .update(activityLog)
    .set({ before: cutTo(activityLog.before, keep), after: cutTo(activityLog.after, keep) })
    .where(or(...which));
}
