/**
 * The background sender of broadcast messages, running inside the server
 * process: it takes queued recipients in small batches and delivers them
 * (e-mail through the mailer, SMS through the SmsProvider), recording
 * 'sent' or 'failed' with the reason on each row.
 *
 * Never twice — the guarantee and how it holds across crashes and restarts:
 * 1. Claim: one `UPDATE … SET status = 'sending', claimed_at = now() WHERE id
 *    IN (SELECT … status = 'queued' … FOR UPDATE SKIP LOCKED) RETURNING`, so
 *    two senders (two servers on one PostgreSQL) never take the same row.
 * 2. Before calling the provider, the row gets a fresh `attempt_id` in its own
 *    committed UPDATE, guarded by `attempt_id IS NULL`. Only the sender whose
 *    UPDATE matched may call the provider, and only once for that attempt.
 * 3. After the call, the row becomes 'sent' or 'failed' (guarded by the
 *    same attempt id).
 * Recovery (at start, then every minute) looks only at rows left in
 * 'sending' for longer than `stuckAfterMs` (at start of a server that owns
 * its data folder alone, i.e. PGlite, any such row is stale):
 * - without an attempt id the provider was certainly never called: back to
 *   'queued', they are sent normally;
 * - with an attempt id the provider may or may not have been reached before
 *   the crash, and it cannot tell us: the row is marked 'failed' with a
 *   reason saying so, never retried. At most once, by design: a message
 *   lost to a hard crash is visible in the history; a duplicate SMS is not
 *   undoable.
 * A normal stop (server close) finishes the provider call in progress,
 * records it, and hands the rest of the claimed batch back to 'queued', so
 * after a graceful restart every recipient is sent exactly once.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import type { Mailer } from '../../platform/mailer';
import { broadcastRecipients as R, broadcasts, type BroadcastRecipientRow } from './messages-schema';
import type { SmsProvider } from './messages-sms';

export interface SenderOptions {
  /** recipients per claim (small: a stop loses at most this many seconds of work) */
  batchSize?: number;
  /** pause between full batches (provider rate limits) */
  batchPauseMs?: number;
  /** how often an idle sender looks for work (creation also wakes it) */
  pollMs?: number;
  /** a row in 'sending' for longer than this is considered abandoned */
  stuckAfterMs?: number;
  /** true when no other process can be sending from the same database (PGlite folder) */
  exclusive?: boolean;
}

export const INTERRUPTED_REASON =
  'Envio interrompido (o servidor parou durante a entrega); não reenviado para evitar mensagem duplicada.';

const RECOVER_EVERY_MS = 60_000;

export class BroadcastSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private lastRecover = 0;
  private readonly batchSize: number;
  private readonly batchPauseMs: number;
  private readonly pollMs: number;
  private readonly stuckAfterMs: number;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly sms: SmsProvider,
    private readonly options: SenderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 5;
    this.batchPauseMs = options.batchPauseMs ?? 0;
    this.pollMs = options.pollMs ?? 1000;
    this.stuckAfterMs = options.stuckAfterMs ?? 5 * 60_000;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.recover(this.options.exclusive ? 0 : this.stuckAfterMs);
    this.schedule(0);
  }

  /** New work was queued: look now instead of at the next poll. */
  wake(): void {
    if (this.stopped || this.running) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) return;
      this.running = this.tick().finally(() => {
        this.running = null;
      });
    }, delay);
  }

  private async tick(): Promise<void> {
    let full = false;
    try {
      if (Date.now() - this.lastRecover > RECOVER_EVERY_MS) await this.recover(this.stuckAfterMs);
      const claimed = await this.claim();
      full = claimed.length === this.batchSize;
      const bodies = await this.bodiesOf(claimed);
      for (let i = 0; i < claimed.length; i++) {
        if (this.stopped) {
          // Not attempted yet: safe to hand back for the next start.
          await this.release(claimed.slice(i));
          break;
        }
        await this.deliver(claimed[i], bodies.get(claimed[i].broadcast_id));
      }
    } catch {
      // The database went away (closing, network): the rows keep their state for the next tick or start.
    }
    this.schedule(full ? this.batchPauseMs : this.pollMs);
  }

  private async recover(olderThanMs: number): Promise<void> {
    this.lastRecover = Date.now();
    const before = new Date(Date.now() - olderThanMs + (olderThanMs === 0 ? 1000 : 0));
    await this.db
      .update(R)
      .set({ status: 'queued', claimed_at: null })
      .where(and(eq(R.status, 'sending'), isNull(R.attempt_id), lt(R.claimed_at, before)));
    await this.db
      .update(R)
      .set({ status: 'failed', error: INTERRUPTED_REASON })
      .where(and(eq(R.status, 'sending'), isNotNull(R.attempt_id), lt(R.attempted_at, before)));
  }

  private async claim(): Promise<BroadcastRecipientRow[]> {
    // Two statements in one transaction, not UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED): the
    // planner may run that subquery as the inner side of a nested loop and rescan it per row, each rescan skipping
    // the rows the same UPDATE just changed, so one "batch" claimed every queued row (seen once the database held
    // the servicing tables; the batch size and a clean stop mid-queue depend on it).
    return this.db.transaction(async (tx) => {
      const next = await tx
        .select({ id: R.id })
        .from(R)
        .where(eq(R.status, 'queued'))
        .orderBy(asc(R.id))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (next.length === 0) return [];
      const rows = await tx
        .update(R)
        .set({ status: 'sending', claimed_at: new Date(), attempt_id: null, attempted_at: null })
        .where(and(inArray(R.id, next.map((r) => r.id)), eq(R.status, 'queued')))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    });
  }


  private async release(rows: BroadcastRecipientRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .update(R)
      .set({ status: 'queued', claimed_at: null })
      .where(and(inArray(R.id, rows.map((r) => r.id)), eq(R.status, 'sending'), isNull(R.attempt_id)));
  }

  private async bodiesOf(rows: BroadcastRecipientRow[]) {
    const ids = [...new Set(rows.map((r) => r.broadcast_id))];
    const out = new Map<number, { channel: string; subject: string | null; body: string }>();
    if (ids.length === 0) return out;
    const found = await this.db
      .select({ id: broadcasts.id, channel: broadcasts.channel, subject: broadcasts.subject, body: broadcasts.body })
      .from(broadcasts)
      .where(inArray(broadcasts.id, ids));
    for (const b of found) out.set(b.id, b);
    return out;
  }

  private async deliver(row: BroadcastRecipientRow, message: { channel: string; subject: string | null; body: string } | undefined) {
    const attemptId = randomUUID();
    // Step 2 of the guarantee: committed before the provider is called.
    const owned = await this.db
      .update(R)
      .set({ attempt_id: attemptId, attempted_at: new Date() })
      .where(and(eq(R.id, row.id), eq(R.status, 'sending'), isNull(R.attempt_id)))
      .returning({ id: R.id });
    if (owned.length === 0) return;
    let error: string | null = null;
    try {
      if (!message) throw new Error('Disparo não encontrado.');
      if (message.channel === 'email') await this.mailer.deliverNow({ to: row.contact, subject: message.subject ?? '', body: message.body });
      else await this.sms.send(row.contact, message.body);
    } catch (e) {
      error = (e instanceof Error ? e.message : String(e)).slice(0, 1000) || 'Falha no envio.';
    }
    await this.db
      .update(R)
      .set(error === null ? { status: 'sent', sent_at: new Date(), error: null } : { status: 'failed', error })
      .where(and(eq(R.id, row.id), eq(R.attempt_id, attemptId)));
  }
}
