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
import { runNegativation } from './job';
import { negativationProvider, type NegativationProvider } from './provider';

export const NEGATIVATION_INTERVAL_MS = 60 * 60 * 1000;

export class NegativationScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<NegativationRunResult | null> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly intervalMs = NEGATIVATION_INTERVAL_MS,
    /** the bureau: the process's provider unless given (made on first use, as the on-demand call does) */
    private readonly provider: () => NegativationProvider = negativationProvider,
  ) {}

  /** Whether the timer runs (false when the interval is 0 or below, or once stopped). */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /**
   * One run for the business date; a tick while one is under way answers that run. A failed run (database away, an
   * error other than the bureau's refusal of one record, which job.ts counts, a provider that cannot be made) answers
   * null and is tried again at the next tick: nothing escapes the timer.
   */
  tick(): Promise<NegativationRunResult | null> {
    this.running ??= (async () => runNegativation(this.db, this.provider(), this.clock.today(), null))()
      .catch(() => null)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
