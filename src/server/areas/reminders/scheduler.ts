/**
 * The server's own run of the reminders job: every `intervalMs` (default 15
 * minutes; 0 turns it off), the first run one interval after the start, so a
 * server that starts and stops (tests, the embedded app's restarts) sends
 * nothing on its own. A run chooses for the business date and sends within
 * working hours: a reminder held back in the evening goes out at the first
 * run after 08:00 on the next business day. Two servers running it at once
 * queue each reminder once (the unique key) and claim each row once (SKIP
 * LOCKED). It runs without an actor, so its messages carry no slip (see
 * job.ts): the on-demand run of an operator attaches it.
 */
import type { Db } from '../../db/connect';
import type { Clock } from '../../platform/clock';
import { runReminders, type Senders } from './job';

export const REMINDER_INTERVAL_MS = 15 * 60 * 1000;

export class ReminderScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly senders: Senders,
    private readonly clock: Clock,
    private readonly intervalMs = REMINDER_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      // A failed run (database away) is tried again at the next tick.
      this.running = runReminders(this.db, this.senders, this.clock.now(), this.clock.today(), null)
        .catch(() => undefined)
        .finally(() => {
          this.running = null;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
