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
import { IntervalJob } from '../../platform/interval-job';
import { runReminders, type Senders } from './job';

export const REMINDER_INTERVAL_MS = 15 * 60 * 1000;

export class ReminderScheduler extends IntervalJob<unknown> {
  constructor(db: Db, senders: Senders, clock: Clock, intervalMs = REMINDER_INTERVAL_MS) {
    super(() => runReminders(db, senders, clock.now(), clock.today(), null), intervalMs);
  }
}
