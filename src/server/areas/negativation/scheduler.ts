/**
 * The server's own run of the negativação job (job.ts), as the reminders' (areas/reminders/scheduler.ts): every
 * `intervalMs` (default one hour; 0 turns it off), the first run one interval after the start, so a server that
 * starts and stops (tests, the embedded app's restarts) sends nothing to the bureau on its own. A run works for the
 * lender's business date (`clock.today()`), never a wall-clock wait: the sandbox answers from the dates it is given.
 *
 * Why hourly: a removal is due within five business days of the payment (STJ Súmula 548) and the deadline counts
 * from the payment day, not from the run, so a missed run loses nothing; an hour keeps a paid installment's removal
 * queued and sent the same day, and the bureau's notice and inclusion seen on the day they happen.
 *
 * Two servers on one PostgreSQL database running it at once: each record moves in its own transaction that locks its
 * row first and reads it in a new statement (job.ts), so the second finds the state the first left and no step is sent
 * to the bureau, evented or logged twice. Within one server a tick while a run is under way joins that run. The run has
 * no actor: its steps are logged with none (the scheduler), as the reminders' are.
 *
 * `tick()` is the run itself, for tests: they call it instead of waiting on the timer.
 */
import type { NegativationRunResult } from '@shared/contract/negativation';
import type { Db } from '../../db/connect';
import type { Clock } from '../../platform/clock';
import { IntervalJob } from '../../platform/interval-job';
import { runNegativation } from './job';
import { negativationProvider, type NegativationProvider } from './provider';

export const NEGATIVATION_INTERVAL_MS = 60 * 60 * 1000;

export class NegativationScheduler extends IntervalJob<NegativationRunResult> {
  constructor(
    db: Db,
    clock: Clock,
    intervalMs = NEGATIVATION_INTERVAL_MS,
    /** the bureau: the process's provider unless given (made on first use, as the on-demand call does) */
    provider: () => NegativationProvider = negativationProvider,
  ) {
    // A provider that cannot be made fails the run (null), as the bureau's refusal of a whole run does; job.ts counts
    // the refusal of one record.
    super(() => runNegativation(db, provider(), clock.today(), null), intervalMs);
  }

  /** One run for the business date; a tick while one is under way answers that run; null when it failed. */
  tick(): Promise<NegativationRunResult | null> {
    return this.runOnce();
  }
}
