/**
 * The server's own run of the break rule (collection.ts `runBreaks`), once per
 * business date, as the reminders job runs (reminders/scheduler.ts):
 *
 * - every `intervalMs` (StartServerOptions.renegotiationBreaksIntervalMs,
 *   default one hour; 0 turns it off) the server looks whether the business
 *   date's run is done, the first look one interval after the start (a server
 *   that starts and stops — tests, the embedded app — changes nothing on its
 *   own); the rule runs at most once a day, so an app restarted several
 *   times a day still runs it, once;
 * - the day's run is a row of renegotiation_break_runs (migration 0065, its
 *   key the day) written in the transaction that records the breaks: a
 *   second run that day, on this server or another, finds it and does
 *   nothing; a run that failed wrote nothing and is tried at the next look;
 * - two servers at the same moment: the first takes a transaction-scoped
 *   advisory lock and the other skips that look (it would find the day's row
 *   next time); below that, each agreement is broken at most once anyway
 *   (its own advisory lock, the read after it, the UNIQUE agreement_id of
 *   renegotiation_breaks).
 *
 * It runs without an actor (the breaks' actor_id is null); a person's
 * `renegotiation.runBreaks` runs the same rule on demand at any time. `tick`
 * is the job itself, for tests: nothing here waits on a clock.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import type { Clock } from '../../platform/clock';
import { IntervalJob } from '../../platform/interval-job';
import { runBreaks } from './collection';
import { renegotiationBreakRuns } from './schema';

export const BREAK_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export type BreakRun =
  /** the rule ran on the day and broke these agreements */
  | { ran: true; broken: number[] }
  /** the day's run was already done, or another server is doing it now */
  | { ran: false; reason: 'done' | 'busy' };

/** The day's run of the break rule, unless done already or under way on another server. */
export async function runBreaksOnce(db: Db, today: string): Promise<BreakRun> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext('renegotiation_break_job')) AS locked`);
    const [lock] = (result as unknown as { rows: Array<{ locked: boolean }> }).rows;
    if (!lock?.locked) return { ran: false, reason: 'busy' } as const;
    const [done] = await tx.select({ day: renegotiationBreakRuns.business_date }).from(renegotiationBreakRuns).where(eq(renegotiationBreakRuns.business_date, today));
    if (done) return { ran: false, reason: 'done' } as const;
    const broken = await runBreaks(tx, null, today);
    await tx.insert(renegotiationBreakRuns).values({ business_date: today, broken: broken.length });
    return { ran: true, broken } as const;
  });
}

export class BreakScheduler extends IntervalJob<BreakRun> {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    intervalMs = BREAK_CHECK_INTERVAL_MS,
  ) {
    super(() => runBreaksOnce(db, clock.today()), intervalMs);
  }

  /** One look, not joined with one under way (tests call it directly, also two at once, to meet the lock). */
  tick(): Promise<BreakRun> {
    return runBreaksOnce(this.db, this.clock.today());
  }
}
