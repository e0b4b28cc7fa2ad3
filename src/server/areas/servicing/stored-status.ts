/**
 * The installment's stored status (installment_states): only the statuses
 * payments do not give (renegotiated, written off; assigned and repurchased
 * with cessions). Without one, the payments decide (open, partially paid,
 * paid), as the replay says. Read by the installments' views and by payments
 * and reversals, which an installment out of collection refuses.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  canBeOverdue,
  INSTALLMENT_STATUS_LABELS_PT,
  ownerOf,
  paymentsDecide,
  STORED_INSTALLMENT_STATUSES,
  statusFromPayments,
  type InstallmentStatus,
  type PaymentProgress,
  type StoredInstallmentStatus,
} from '@shared/installment-status';
import type { Db } from '../../db/connect';
import { insertRows } from '../../db/insert-rows';
import { conflict } from '../../platform/http/errors';
import { installmentStates, installmentStatusHistory } from './schema-status';

/** What to do instead, by status. */
const NEXT_STEP: Partial<Record<InstallmentStatus, string>> = {
  written_off: ' Para receber uma recuperação, desfaça a baixa antes.',
};

export const STORED_STATUS_MESSAGES = {
  notCollecting: (status: InstallmentStatus) =>
    `A parcela está na situação "${INSTALLMENT_STATUS_LABELS_PT[status]}": não recebe pagamentos, estornos nem alterações do título.${NEXT_STEP[status] ?? ''}`,
} as const;

export function isStoredStatus(status: InstallmentStatus): status is StoredInstallmentStatus {
  return (STORED_INSTALLMENT_STATUSES as readonly string[]).includes(status);
}

/**
 * The installment's status: the stored one, or what its payments give. An
 * installment the assignee owns or that was bought back still takes payments,
 * so once they settle it, it is paid.
 */
export function currentStatus(stored: StoredInstallmentStatus | null, progress: PaymentProgress): InstallmentStatus {
  return stored !== null && !paymentsDecide(stored) ? stored : statusFromPayments(progress, ownerOf(stored));
}

/** The stored statuses of these installments (those without one are left out). */
export async function storedStatusesOf(db: Db, installmentIds: readonly number[]): Promise<Map<number, StoredInstallmentStatus>> {
  if (installmentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: installmentStates.installment_id, status: installmentStates.status })
    .from(installmentStates)
    .where(and(inArray(installmentStates.installment_id, [...installmentIds]), isNotNull(installmentStates.status)));
  return new Map(rows.flatMap((r) => (r.status ? [[r.id, r.status] as const] : [])));
}

export async function storedStatusOf(db: Db, installmentId: number): Promise<StoredInstallmentStatus | null> {
  return (await storedStatusesOf(db, [installmentId])).get(installmentId) ?? null;
}

/** 409 naming `status` when the installment's stored status takes no more payments (written off, renegotiated). */
export async function assertCollecting(db: Db, installmentId: number): Promise<void> {
  refuseUnlessCollecting(await storedStatusOf(db, installmentId));
}

/** The same check on a stored status already read. */
export function refuseUnlessCollecting(stored: StoredInstallmentStatus | null): void {
  if (stored && !canBeOverdue(stored)) throw conflict(STORED_STATUS_MESSAGES.notCollecting(stored), 'status');
}

export interface StoredStatusRow {
  installmentId: number;
  operationId: number;
  status: StoredInstallmentStatus | null;
  reason: string;
  actorId: number;
  at: Date;
  on: string;
}

/**
 * Writes the stored status (null: the payments decide again) in force from the
 * business date `on`, inside the caller's transaction and lock: the status now,
 * and a history row that the views of a past day read.
 */
export async function storeStatus(tx: Db, row: StoredStatusRow): Promise<void> {
  await storeStatuses(tx, [row]);
}

/**
 * storeStatus for many installments (each at most once) in two statements:
 * the statuses now, their rows taken in installment id order (two movements
 * over the same installments never wait on each other crosswise), and the
 * history rows in the order given.
 */
export async function storeStatuses(tx: Db, rows: readonly StoredStatusRow[]): Promise<void> {
  if (rows.length === 0) return;
  const byId = [...rows].sort((a, b) => a.installmentId - b.installmentId);
  await insertRows(
    tx,
    installmentStates,
    byId.map((row) => ({ installment_id: row.installmentId, credit_operation_id: row.operationId, status: row.status, reason: row.reason, actor_id: row.actorId, updated_at: row.at })),
    sql`ON CONFLICT (installment_id) DO UPDATE SET status = excluded.status, reason = excluded.reason, actor_id = excluded.actor_id, updated_at = excluded.updated_at`,
  );
  await insertRows(
    tx,
    installmentStatusHistory,
    rows.map((row) => ({
      installment_id: row.installmentId,
      credit_operation_id: row.operationId,
      status: row.status,
      effective_on: row.on,
      reason: row.reason,
      actor_id: row.actorId,
      created_at: row.at,
    })),
  );
}

/**
 * The stored statuses these installments had on `asOf` (those without one that
 * day are left out): each one's latest move dated on or before it, the one
 * written last when a day has several.
 */
export async function storedStatusesAsOf(db: Db, installmentIds: readonly number[], asOf: string): Promise<Map<number, StoredInstallmentStatus>> {
  if (installmentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: installmentStatusHistory.installment_id, status: installmentStatusHistory.status })
    .from(installmentStatusHistory)
    .where(and(inArray(installmentStatusHistory.installment_id, [...installmentIds]), lte(installmentStatusHistory.effective_on, asOf)))
    .orderBy(asc(installmentStatusHistory.effective_on), asc(installmentStatusHistory.id));
  const latest = new Map<number, StoredInstallmentStatus | null>();
  for (const r of rows) latest.set(r.id, r.status);
  return new Map([...latest].flatMap(([id, status]) => (status ? [[id, status] as const] : [])));
}

/** The installments of an operation with a stored status. */
export async function storedStatusesOfOperation(db: Db, operationId: number): Promise<Map<number, StoredInstallmentStatus>> {
  const rows = await db
    .select({ id: installmentStates.installment_id, status: installmentStates.status })
    .from(installmentStates)
    .where(and(eq(installmentStates.credit_operation_id, operationId), isNotNull(installmentStates.status)));
  return new Map(rows.flatMap((r) => (r.status ? [[r.id, r.status] as const] : [])));
}

/**
 * SQL condition: the installment (its id column given, e.g. sql`i.id`) is
 * still collected, i.e. has no stored status that ends collection (written
 * off, renegotiated). Lists of overdue installments (the collections desk's
 * expired list) add it, so an installment written off leaves them.
 */
export function stillCollected(installmentId: SQL): SQL {
  const ended = STORED_INSTALLMENT_STATUSES.filter((s) => !canBeOverdue(s));
  return sql`NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = ${installmentId} AND s.status IN (${sql.join(
    ended.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
}
