/**
 * The accrual's calls: a run up to a date (no later than the business date; the run's own batches commit one by
 * one, then the activity log entry), and the status (the last finished run, the accrued interest open, the stops).
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { AccrualRunResult, AccrualStatus } from '@shared/contract/ledger-accrual';
import type { Db } from '../../../db/connect';
import { logActivity } from '../../../platform/activity';
import { conflict } from '../../../platform/http/errors';
import { accrueUpTo } from './run';

export const ACCRUAL_MESSAGES = {
  future: (today: string) => `Campo date: os juros só podem ser apropriados até a data de hoje (${today}).`,
} as const;

export async function runAccrual(db: Db, actorId: number, date: string, today: string): Promise<AccrualRunResult> {
  if (date > today) throw conflict(ACCRUAL_MESSAGES.future(today), 'date');
  const run = await accrueUpTo(db, date, { actorId });
  await logActivity(db, {
    actorId,
    action: 'ledger.accrual-run',
    entity: 'system',
    entityId: run.runId,
    before: null,
    after: { up_to: run.upTo, operations: run.operations, amount: run.amount, stopped: run.stopped },
  });
  return { run_id: run.runId, up_to: run.upTo, operations: run.operations, amount: run.amount, stopped: run.stopped };
}

type Rows<T> = { rows: T[] };

export async function accrualStatus(db: Db): Promise<AccrualStatus> {
  const last = ((await db.execute(sql`
    SELECT id, up_to::text AS up_to, operations, amount::text AS amount, stopped, finished_at
      FROM interest_accrual_runs WHERE finished_at IS NOT NULL ORDER BY up_to DESC, id DESC LIMIT 1`)) as unknown as Rows<{ id: number; up_to: string; operations: number; amount: string; stopped: number; finished_at: Date | string }>).rows[0];
  const [open] = ((await db.execute(sql`
    SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::text AS open
      FROM journal_entries WHERE account = 'accrued_interest_receivable'`)) as unknown as Rows<{ open: string }>).rows;
  const [stops] = ((await db.execute(sql`SELECT count(*)::int AS n FROM interest_accrual_positions WHERE stopped_on IS NOT NULL`)) as unknown as Rows<{ n: number }>).rows;
  return {
    last_run: last
      ? { run_id: Number(last.id), up_to: last.up_to, operations: Number(last.operations), amount: new Decimal(last.amount).toFixed(2), stopped: Number(last.stopped), finished_at: new Date(last.finished_at).toISOString() }
      : null,
    accrued_open: new Decimal(open.open).toFixed(2),
    stopped_operations: Number(stops.n),
  };
}
