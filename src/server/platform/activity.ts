/**
 * The activity log behind the Logs screen: who did what to which record, and
 * the record before and after. Snapshots are built from an allow-list of
 * fields so passwords and hashes can never reach the log.
 */
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
