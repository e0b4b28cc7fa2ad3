/**
 * The accrual's calls: a run up to a date (no later than the business date; the run's own batches commit one by
 * one, then the activity log entry), and the status (the last finished run, the accrued interest open, the stops).
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { ACCRUAL_RECENT_RUNS, type AccrualRunResult, type AccrualRunRow, type AccrualStatus } from '@shared/contract/ledger-accrual';
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
    after: { up_to: run.upTo, operations: run.operations, amount: run.amount, stopped: run.stopped, posted_on: run.postedOn },
  });
  return { run_id: run.runId, up_to: run.upTo, operations: run.operations, amount: run.amount, stopped: run.stopped, posted_on: run.postedOn };
}

type Rows<T> = { rows: T[] };

export async function accrualStatus(db: Db): Promise<AccrualStatus> {
  const runs = ((await db.execute(sql`
    SELECT id, up_to::text AS up_to, operations, amount::text AS amount, stopped, finished_at, posted_on::text AS posted_on
      FROM interest_accrual_runs WHERE finished_at IS NOT NULL ORDER BY up_to DESC, id DESC LIMIT ${ACCRUAL_RECENT_RUNS}`)) as unknown as Rows<{
    id: number;
    up_to: string;
    operations: number;
    amount: string;
    stopped: number;
    finished_at: Date | string;
    posted_on: string | null;
  }>).rows;
  const [open] = ((await db.execute(sql`
    SELECT COALESCE(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)::text AS open
      FROM journal_entries WHERE account = 'accrued_interest_receivable'`)) as unknown as Rows<{ open: string }>).rows;
  const [stops] = ((await db.execute(sql`SELECT count(*)::int AS n FROM interest_accrual_positions WHERE stopped_on IS NOT NULL`)) as unknown as Rows<{ n: number }>).rows;
  const recent = runs.map(
    (r): AccrualRunRow => ({
      run_id: Number(r.id),
      up_to: r.up_to,
      operations: Number(r.operations),
      amount: new Decimal(r.amount).toFixed(2),
      stopped: Number(r.stopped),
      finished_at: new Date(r.finished_at).toISOString(),
      posted_on: r.posted_on ?? null,
    }),
  );
  return {
    last_run: recent[0] ?? null,
    recent_runs: recent,
    accrued_open: new Decimal(open.open).toFixed(2),
    stopped_operations: Number(stops.n),
  };
}
