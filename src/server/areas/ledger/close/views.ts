/**
 * The monthly close as the screens read it: the preview (computed, nothing
 * written), a month's close as it was recorded (its stored positions), the
 * history. Names of people and borrowers are read for the page only.
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { PREVIEW_POSITIONS, type ClosePositionView, type CloseRecordView, type CloseView } from '@shared/contract/ledger-close';
import type { Db } from '../../../db/connect';
import { notFound } from '../../../platform/http/errors';
import { HttpError } from '../../../platform/http/errors';
import { users } from '../../access/schema';
import { borrowers } from '../../borrowers/schema';
import { checkRefusal, pendingApproval, type Actor } from '../../operations';
import { CLOSE_APPROVAL_KIND, CLOSE_MESSAGES, closeRefusal, computeClose, largestProvisions, monthEntityId, previousClose, totalsOf, type ComputedPosition } from './close';
import { ledgerClosePositions, ledgerCloses, type LedgerCloseRow } from '../schema-close';
import { closeOf } from './positions';

/** The named money fields of a row as two-place strings (the wire's form of numeric columns). */
function twoPlaces<R extends Record<K, Decimal.Value>, K extends keyof R & string>(row: R, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, new Decimal(row[k]).toFixed(2)])) as Record<K, string>;
}

async function namesOf(db: Db, ids: ReadonlyArray<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function recordViews(db: Db, rows: readonly LedgerCloseRow[]): Promise<CloseRecordView[]> {
  const names = await namesOf(db, rows.flatMap((r) => [r.requested_by, r.approved_by, r.undone_by]));
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    as_of: r.as_of,
    business_date: r.business_date,
    status: r.status,
    operations: r.operations,
    ...twoPlaces(r, ['balance', 'allowance', 'previous_allowance']),
    change: new Decimal(r.allowance).minus(r.previous_allowance).toFixed(2),
    posting_id: r.posting_id,
    requested_by_name: name(r.requested_by),
    approved_by_name: name(r.approved_by),
    undone_by_name: name(r.undone_by),
    undone_on: r.undone_on,
    created_at: r.created_at.toISOString(),
  }));
}

/** Every close, newest month first, then newest run first. */
export async function closeHistory(db: Db): Promise<CloseRecordView[]> {
  const rows = await db.select().from(ledgerCloses).orderBy(desc(ledgerCloses.month), desc(ledgerCloses.id));
  return recordViews(db, rows);
}

/** The largest provisions first, with the borrower's name and the provision at the close before. */
type ViewedPosition = Omit<ComputedPosition, 'contracted_on' | 'last_due_on' | 'oldest_unpaid_due_on' | 'overdue' | 'falling_due' | 'written_off_first_on' | 'written_off_last_on'>;

async function positionViews(db: Db, month: string, positions: readonly ViewedPosition[]): Promise<ClosePositionView[]> {
  const top = largestProvisions(positions, PREVIEW_POSITIONS);
  if (top.length === 0) return [];
  const opIds = top.map((p) => p.credit_operation_id);
  const before = await previousClose(db, month);
  const prev = before
    ? await db
        .select({ op: ledgerClosePositions.credit_operation_id, provision: ledgerClosePositions.provision })
        .from(ledgerClosePositions)
        .where(and(eq(ledgerClosePositions.close_id, before.id), inArray(ledgerClosePositions.credit_operation_id, opIds)))
    : [];
  const prevOf = new Map(prev.map((r) => [r.op, new Decimal(r.provision).toFixed(2)]));
  const names = await db.select({ id: borrowers.id, name: borrowers.name }).from(borrowers).where(inArray(borrowers.id, [...new Set(top.map((p) => p.borrower_id))]));
  const nameOf = new Map(names.map((r) => [r.id, r.name]));
  return top.map((p) => ({
    credit_operation_id: p.credit_operation_id,
    borrower_id: p.borrower_id,
    borrower_name: nameOf.get(p.borrower_id) ?? null,
    stage: p.stage,
    stage_reason: p.stage_reason,
    portfolio: p.portfolio,
    days_late: p.days_late,
    months_in_default: p.months_in_default,
    defaulted: p.defaulted,
    restructured: p.restructured,
    ...twoPlaces(p, ['principal', 'accrued', 'balance', 'provision_rate', 'provision', 'written_off']),
    previous_provision: prevOf.get(p.credit_operation_id) ?? null,
  }));
}

/** Why the month may not be asked for now (the same rules askClose enforces), or null. */
async function refusalOf(db: Db, month: string, today: string): Promise<string | null> {
  return (await closeRefusal(db, month, today))?.message ?? null;
}

async function pendingOf(db: Db, month: string, viewer: Actor): Promise<CloseView['pending']> {
  const request = await pendingApproval(db, CLOSE_APPROVAL_KIND, monthEntityId(month));
  if (!request) return null;
  const names = await namesOf(db, [request.maker_id]);
  return {
    approval_request_id: request.id,
    maker_name: names.get(request.maker_id) ?? null,
    made_at: request.made_at.toISOString(),
    asked_by_you: request.maker_id === viewer.id,
    can_check: checkRefusal(request, viewer) === null,
  };
}

/** What closing `month` would record now. */
export async function previewView(db: Db, month: string, viewer: Actor, today: string): Promise<CloseView> {
  // The facts through a cursor: in a transaction of their own (read only, nothing written).
  const preview = await db.transaction((tx) => computeClose(tx, month));
  const inForce = await closeOf(db, month);
  const refusal = (await refusalOf(db, month, today)) ?? ((await pendingOf(db, month, viewer)) ? CLOSE_MESSAGES.pending(month) : null);
  return {
    month,
    as_of: preview.as_of,
    source: 'preview',
    totals: preview.totals,
    positions: await positionViews(db, month, preview.top),
    close: inForce ? (await recordViews(db, [inForce]))[0] : null,
    pending: await pendingOf(db, month, viewer),
    refusal,
  };
}

/** The month's close in force as it was recorded. */
export async function recordedView(db: Db, month: string, viewer: Actor, today: string): Promise<CloseView> {
  const close = await closeOf(db, month);
  if (!close) throw notFound(`O mês ${month} não tem fechamento em vigor.`);
  const rows = await db
    .select({
      credit_operation_id: ledgerClosePositions.credit_operation_id,
      borrower_id: ledgerClosePositions.borrower_id,
      stage: ledgerClosePositions.stage,
      stage_reason: ledgerClosePositions.stage_reason,
      portfolio: ledgerClosePositions.portfolio,
      days_late: ledgerClosePositions.days_late,
      months_in_default: ledgerClosePositions.months_in_default,
      defaulted: ledgerClosePositions.defaulted,
      restructured: ledgerClosePositions.restructured,
      principal: ledgerClosePositions.principal,
      accrued: ledgerClosePositions.accrued,
      balance: ledgerClosePositions.balance,
      provision_rate: ledgerClosePositions.provision_rate,
      provision: ledgerClosePositions.provision,
      written_off: ledgerClosePositions.written_off,
      written_off_v310: ledgerClosePositions.written_off_v310,
      written_off_v320: ledgerClosePositions.written_off_v320,
      written_off_v330: ledgerClosePositions.written_off_v330,
    })
    .from(ledgerClosePositions)
    .where(eq(ledgerClosePositions.close_id, close.id))
    .orderBy(asc(ledgerClosePositions.credit_operation_id));
  const totals = totalsOf(rows, close.previous_allowance);
  if (!new Decimal(totals.allowance).eq(close.allowance)) throw new HttpError(500, `close ${close.id}: stored positions disagree with its allowance`);
  return {
    month,
    as_of: close.as_of,
    source: 'recorded',
    totals,
    positions: await positionViews(db, month, rows),
    close: (await recordViews(db, [close]))[0],
    pending: await pendingOf(db, month, viewer),
    refusal: await refusalOf(db, month, today),
  };
}

