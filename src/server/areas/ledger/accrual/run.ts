/**
 * The accrual run: interest recognised on the competence basis up to a date, for every operation accruing
 * (README "Competence basis"). For each operation whose money left and that is still collected (COLLECTING_STATUSES:
 * not settled, written off or cancelled), the interest its current schedule earned up to the date
 * (domain/ledger/accrual.ts) over the installments still the lender's (not renegotiated, written off or assigned),
 * less what was already recognised (interest_accrual_positions.accrued), is posted as interest_accrual
 * (accrued interest receivable ← interest income) dated the run's date, with an interest_accruals row.
 *
 * - Idempotent per date: a second run of the same date finds nothing left to recognise and posts nothing (and the
 *   unique index on (operation, date) refuses a second recognition row outright). A run of an earlier date than one
 *   already run recognises nothing (what is recognised never goes back by a run).
 * - Batches by operation id, each in its own transaction (its postings, rows, positions and the run's totals
 *   together): a run that stops midway leaves every finished batch booked, and the next run of the date (or a later
 *   one) takes up what is left, since it recognises only the difference.
 * - Set-based: one statement reads a batch's operations with their schedule rows, stored statuses, days late and
 *   positions; the postings go in through post()'s few statements; the rows and positions in one statement each.
 * - Stage 3 stops accrual (Res. CMN 4.966/2021 art. 17: no income not yet received is recognised on an asset with a
 *   credit recovery problem): an operation with an installment more than 90 days late on the run's date
 *   (stageFor, @shared/risk-classification) recognises nothing from then on; its position keeps the day and the
 *   days late. What it accrued before stays in the receivable (it is not reversed) and is part of the balance the
 *   monthly close provisions; its interest is income when received (the payment's interest beyond what was
 *   accrued goes to interest income). The stop is not lifted by a run: a cure is the close's decision.
 * - Serialised: each batch locks its operations' rows (lockOperations, id order), then the ledger's and the accrual's
 *   advisory locks (lockAccrual), so two runs at once interleave by batch and never recognise the same interest twice;
 *   reversals and transfers take them too, after their operations' rows: one lock order, no deadlock.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { COLLECTING_STATUSES } from '@shared/credit-operation-status';
import { COLLECTIBLE_STATUSES, ownerOf, STORED_INSTALLMENT_STATUSES } from '@shared/installment-status';
import { stageFor } from '@shared/risk-classification';
import type { Db } from '../../../db/connect';
import { intArray, jsonRows } from '../../../db/batch-sql';
import { accrualPostingDate, accrualScheduleOf, accruedByInstallment } from '../../../domain/ledger/accrual';
import { dayNumber } from '../../../domain/credit/calendar';
import { signedPosting } from '../../../domain/ledger/posting';
import { post, type JournalItem } from '../journal';
import { lockOperations } from '../../operations';
import { lastClose } from '../close/positions';

/** Operations per batch (one transaction each). */
export const ACCRUAL_BATCH = 2_000;

/** The stored statuses under which an installment no longer earns the lender interest: every one but a repurchase (the lender's again). */
export const NOT_EARNING_STATUSES = STORED_INSTALLMENT_STATUSES.filter((s) => !COLLECTIBLE_STATUSES.includes(s) || ownerOf(s) === 'assignee');

/**
 * The accrual's advisory lock (runs, reversals, transfers), after the ledger's (the lock the journal's statement
 * trigger takes, migration 0021): one order for every transaction that posts and touches the accrual — operations'
 * rows (in id order) → the ledger's lock → the accrual's — so a run and a cession, a write-off or a prepayment (which
 * lock their operation's row, then post, then reconcile) never wait on each other in opposite orders.
 */
export async function lockAccrual(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(1818584422, 21)`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ledger.interest_accrual'))`);
}

/**
 * The next `size` operations collected after id `after`, their rows then locked in id order through the operations
 * area (lockOperations): a movement holding one of them finishes before the run takes the ledger's lock, and none
 * starts on them until the batch commits (one short transaction). Answers the ids read (the batch's range).
 */
async function lockBatch(tx: Db, after: number, size: number): Promise<number[]> {
  const collecting = sql.join(COLLECTING_STATUSES.map((s) => sql`${s}`), sql`, `);
  const result = await tx.execute(sql`SELECT id FROM credit_operations WHERE id > ${after} AND status IN (${collecting}) ORDER BY id LIMIT ${size}`);
  const ids = (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  await lockOperations(tx, ids);
  return ids;
}

export interface AccrualRunOptions {
  actorId?: number | null;
  batchSize?: number;
  /** called after each batch commits (a test stops the run here) */
  afterBatch?: (batch: number) => void | Promise<void>;
}

export interface AccrualRunResult {
  runId: number;
  upTo: string;
  /** operations that recognised interest in this run */
  operations: number;
  amount: string;
  /** operations whose accrual stopped in this run (stage 3) */
  stopped: number;
  batches: number;
  /** the business date its postings carry when `upTo` fell in a closed month (the first open month's first day), else null */
  postedOn: string | null;
}

/** A batch row: the operation, its start and position, and its current schedule rows (n installment id, d due date, i interest, b balance after, x no longer the lender's to earn on, u unpaid on the date). */
export interface BatchRow {
  id: number;
  principal: string;
  start: string;
  accrued: string | null;
  stopped_on: string | null;
  rows: Array<{ n: number; d: string; i: string; b: string; x: boolean; u: boolean }>;
}

export interface Outcome {
  op: number;
  amount: Decimal;
  stopDaysLate: number | null;
}

/** The interest the operation's installments still the lender's earned up to `date` (the pure rule). */
export function recognisedOf(row: BatchRow, date: string): Decimal {
  const schedule = accrualScheduleOf(row.start, row.principal, row.rows.map((r) => ({ dueDate: r.d, interest: r.i, balance: r.b })));
  return accruedByInstallment(schedule, date).reduce((sum, a, k) => (row.rows[k].x ? sum : sum.plus(a)), new Decimal(0));
}

/** What one operation recognises up to `date` (or its stop), from its batch row. */
export function outcomeOf(row: BatchRow, date: string): Outcome | null {
  if (row.stopped_on !== null) return null;
  const today = dayNumber(date);
  let daysLate = 0;
  for (const r of row.rows) if (!r.x && r.u && dayNumber(r.d) < today) daysLate = Math.max(daysLate, today - dayNumber(r.d));
  if (stageFor(daysLate) === '3') return { op: row.id, amount: new Decimal(0), stopDaysLate: daysLate };
  const amount = recognisedOf(row, date).minus(row.accrued ?? '0');
  return amount.gt(0) ? { op: row.id, amount, stopDaysLate: null } : null;
}

/** The next `size` operations accruing after id `after` (or those of `only` still accruing), with their schedules. */
export async function readBatch(tx: Db, date: string, after: number, size: number, only?: readonly number[]): Promise<BatchRow[]> {
  const collecting = sql.join(COLLECTING_STATUSES.map((s) => sql`${s}`), sql`, `);
  const ended = sql.join(NOT_EARNING_STATUSES.map((s) => sql`${s}`), sql`, `);
  const result = await tx.execute(sql`
    WITH ops AS (
      SELECT o.id, o.principal, COALESCE(d.disbursed_on, o.disbursement_date) AS start
        FROM credit_operations o
        LEFT JOIN disbursements d ON d.credit_operation_id = o.id
       WHERE ${only ? sql`o.id = ANY(${intArray(only)})` : sql`o.id > ${after}`} AND o.status IN (${collecting})
         AND COALESCE(d.disbursed_on, o.disbursement_date) < ${date}::date
       ORDER BY o.id
       LIMIT ${size}
    )
    SELECT ops.id, ops.principal::text AS principal, ops.start::text AS start,
           p.accrued::text AS accrued, p.stopped_on::text AS stopped_on, sch.rows
      FROM ops
      -- Per operation, through the (operation, number) index: a join of the whole table was hashed, each batch
      -- reading every current installment (a batch's cost grew with the portfolio).
      CROSS JOIN LATERAL (
        SELECT json_agg(json_build_object(
                 'n', i.id, 'd', i.due_date::text, 'i', i.interest::text, 'b', i.balance::text,
                 'x', COALESCE(s.status IN (${ended}), false),
                 'u', i.paid_on IS NULL OR i.paid_on > ${date}::date
               ) ORDER BY i.due_date, i.schedule_version, i.number) AS rows
          FROM credit_operation_installments i
          LEFT JOIN installment_states s ON s.installment_id = i.id
         WHERE i.credit_operation_id = ops.id AND i.superseded_in IS NULL
      ) sch
      LEFT JOIN interest_accrual_positions p ON p.credit_operation_id = ops.id
     WHERE sch.rows IS NOT NULL
     ORDER BY ops.id`);
  return (result as unknown as { rows: BatchRow[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Books one batch's outcomes: postings (dated `postOn`), recognition rows, positions (recognised and stops). */
async function book(tx: Db, date: string, postOn: string, outcomes: readonly Outcome[]): Promise<void> {
  const recognised = outcomes.filter((o) => o.amount.gt(0));
  const items: JournalItem[] = recognised.map((o) => ({
    posting: signedPosting('interest_accrual', [
      ['accrued_interest_receivable', o.amount],
      ['interest_income', o.amount.neg()],
    ]),
    link: { operationId: o.op, businessDate: postOn },
  }));
  const ids = await post(tx, items);
  if (recognised.length > 0) {
    const rows = recognised.map((o, k) => ({ op: o.op, amount: o.amount.toFixed(2), posting: ids[k] }));
    await tx.execute(sql`
      INSERT INTO interest_accruals (credit_operation_id, accrual_date, kind, amount, posting_id)
      SELECT v.op, ${date}::date, 'accrual', v.amount, v.posting FROM json_to_recordset(${jsonRows(rows)}) AS v(op int, amount numeric, posting int)`);
  }
  const positions = outcomes.map((o) => ({ op: o.op, amount: o.amount.toFixed(2), late: o.stopDaysLate }));
  if (positions.length === 0) return;
  await tx.execute(sql`
    INSERT INTO interest_accrual_positions AS p (credit_operation_id, accrued, accrued_to, stopped_on, stop_days_late)
    SELECT v.op, v.amount, CASE WHEN v.late IS NULL THEN ${date}::date END, CASE WHEN v.late IS NOT NULL THEN ${date}::date END, v.late
      FROM json_to_recordset(${jsonRows(positions)}) AS v(op int, amount numeric, late int)
    ON CONFLICT (credit_operation_id) DO UPDATE SET
      accrued = p.accrued + EXCLUDED.accrued,
      accrued_to = COALESCE(GREATEST(p.accrued_to, EXCLUDED.accrued_to), p.accrued_to, EXCLUDED.accrued_to),
      stopped_on = COALESCE(p.stopped_on, EXCLUDED.stopped_on),
      stop_days_late = COALESCE(p.stop_days_late, EXCLUDED.stop_days_late),
      updated_at = now()`);
}

/**
 * Recognises interest up to `date` for every operation accruing (see the file's comment). Answers the run's totals;
 * throws what a batch threw (the batches before it stay booked; the run's row stays unfinished).
 */
export async function accrueUpTo(db: Db, date: string, options: AccrualRunOptions = {}): Promise<AccrualRunResult> {
  const size = options.batchSize ?? ACCRUAL_BATCH;
  // A month the monthly close closed is never posted into: what belongs to it goes to the first open month's first day.
  const postOn = accrualPostingDate(date, (await lastClose(db))?.month ?? null);
  const postedOn = postOn === date ? null : postOn;
  const started = await db.execute(
    sql`INSERT INTO interest_accrual_runs (up_to, actor_id, posted_on) VALUES (${date}::date, ${options.actorId ?? null}, ${postedOn}::date) RETURNING id`,
  );
  const runId = Number((started as unknown as { rows: Array<{ id: number }> }).rows[0].id);
  let after = 0;
  let batches = 0;
  let operations = 0;
  let stopped = 0;
  let amount = new Decimal(0);
  for (;;) {
    const read = await db.transaction(async (tx) => {
      const ids = await lockBatch(tx, after, size);
      if (ids.length === 0) return 0;
      after = ids[ids.length - 1];
      await lockAccrual(tx);
      const rows = await readBatch(tx, date, 0, ids.length, ids);
      const outcomes = rows.map((r) => outcomeOf(r, date)).filter((o): o is Outcome => o !== null);
      await book(tx, date, postOn, outcomes);
      const recognised = outcomes.filter((o) => o.amount.gt(0));
      const total = recognised.reduce((s, o) => s.plus(o.amount), new Decimal(0));
      const stops = outcomes.length - recognised.length;
      await tx.execute(sql`
        UPDATE interest_accrual_runs SET operations = operations + ${recognised.length}, amount = amount + ${total.toFixed(2)}::numeric, stopped = stopped + ${stops}
         WHERE id = ${runId}`);
      operations += recognised.length;
      stopped += stops;
      amount = amount.plus(total);
      return ids.length;
    });
    if (read === 0) break;
    batches += 1;
    await options.afterBatch?.(batches);
    if (read < size) break;
  }
  await db.execute(sql`UPDATE interest_accrual_runs SET finished_at = now() WHERE id = ${runId}`);
  return { runId, upTo: date, operations, amount: amount.toFixed(2), stopped, batches, postedOn };
}
