/**
 * E-mail: every message is written to the outbox table first (so tests and
 * operators can always see what went out); with SMTP settings it is then
 * delivered by nodemailer after the request that queued it. A delivery
 * failure is recorded on the row and never fails the request.
 *
 * Secrets (codes, temporary passwords, confirmation tokens) must not stay in
 * the outbox: a message that carries one keeps, in `outbox_meta`, its body
 * with the secret blanked, and that body replaces the original once the
 * message is delivered over SMTP, once the secret expires, or once it is used
 * or superseded (redactSecrets). Without SMTP the outbox is the only mailbox
 * (sandbox, tests), so there the secret stays readable until it expires or is
 * used. `outbox_meta.user_id` ties messages to their person for the LGPD erase.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Transporter } from 'nodemailer';
import { normaliseBrazilianPhone } from '@shared/phone';
import type { Db } from '../db/connect';
import { outbox } from './schema';

/** Migration 0006: what an outbox row needs beyond the message itself. */
export const outboxMeta = pgTable('outbox_meta', {
  outbox_id: integer('outbox_id').primaryKey(),
  user_id: integer('user_id'),
  secret_kind: text('secret_kind'),
  redacted_body: text('redacted_body'),
  secret_expires_at: timestamp('secret_expires_at', { withTimezone: true, mode: 'date' }),
});

export type SecretKind = 'two-factor' | 'recovery' | 'temporary-password' | 'confirmation';

/** What replaces a secret in a message once it is delivered, expired or used (not one word, so no code reader takes it for a code). */
export const REDACTED_SECRET = '•••••• (removido)';

/** How often, at most, one process looks for expired secrets to blank. */
const SWEEP_INTERVAL_MS = 30 * 1000;

export interface SmtpSettings {
  host: string;
  port: number;
  secure?: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  status: string;
  created_at: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** the account the message is about (LGPD erase removes its messages) */
  userId?: number;
  /** the secret the body carries: blanked after delivery, expiry or use */
  secret?: { value: string; kind: SecretKind; expiresAt: Date };
}

type OutboxRow = typeof outbox.$inferSelect;

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    to: row.to,
    subject: row.subject,
    body: row.body,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

export class Mailer {
  private transporter: Transporter | null = null;
  private delivering: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly smtp: SmtpSettings | undefined,
  ) {}

  /** Writes the message to the outbox within the caller's transaction (db may be a transaction). */
  async enqueue(db: Db, message: MailMessage): Promise<void> {
    const [row] = await db
      .insert(outbox)
      .values({
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.body,
        // Without SMTP the outbox is the delivery: nothing more will happen to the row.
        status: this.smtp ? 'pending' : 'stored',
      })
      .returning({ id: outbox.id });
    if (message.userId === undefined && !message.secret) return;
    const secret = message.secret;
    await db.insert(outboxMeta).values({
      outbox_id: row.id,
      user_id: message.userId ?? null,
      secret_kind: secret?.kind ?? null,
      redacted_body: secret ? message.body.split(secret.value).join(REDACTED_SECRET) : null,
      secret_expires_at: secret?.expiresAt ?? null,
    });
  }

  /**
   * Writes one message to the outbox and, with SMTP settings, delivers it now,
   * throwing the SMTP error (the row is marked 'failed' with it). For callers
   * that record the outcome themselves, such as the broadcast sender.
   */
  async deliverNow(message: MailMessage & { channel?: 'email' | 'sms' }): Promise<void> {
    const smtp = message.channel === 'sms' ? undefined : this.smtp;
    const [row] = await this.db
      .insert(outbox)
      .values({
        channel: message.channel ?? 'email',
        to: message.to,
        subject: message.subject,
        body: message.body,
        status: smtp ? 'sending' : 'stored',
      })
      .returning({ id: outbox.id });
    if (!smtp) return;
    try {
      await (await this.transport(smtp)).sendMail({ from: smtp.from, to: message.to, subject: message.subject, text: message.body });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await this.db.update(outbox).set({ status: 'failed', error: text.slice(0, 1000) }).where(eq(outbox.id, row.id));
      throw error;
    }
    await this.db.update(outbox).set({ status: 'sent', sent_at: new Date(), error: null }).where(eq(outbox.id, row.id));
  }

  private async transport(smtp: SmtpSettings): Promise<Transporter> {
    if (!this.transporter) {
      const nodemailer = await import('nodemailer');
      this.transporter = nodemailer.default.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure ?? smtp.port === 465,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
      });
    }
    return this.transporter;
  }

  /** Sends pending messages; called after each request, one run at a time. */
  deliverPending(): Promise<void> {
    void this.sweepExpired();
    if (!this.smtp) return Promise.resolve();
    if (this.delivering) {
      this.again = true;
      return this.delivering;
    }
    this.delivering = this.run().finally(() => {
      this.delivering = null;
      if (this.again) {
        this.again = false;
        void this.deliverPending();
      }
    });
    return this.delivering;
  }

  async idle(): Promise<void> {
    while (this.delivering || this.sweeping) await (this.delivering ?? this.sweeping);
  }

  private sweeping: Promise<void> | null = null;
  private lastSweep = 0;

  /** Blanks the secrets that expired; at most every SWEEP_INTERVAL_MS (called after each request). */
  async sweepExpired(force = false): Promise<void> {
    if (this.sweeping) {
      // A sweep already running may have started before the caller's secret expired.
      await this.sweeping;
      if (!force) return;
    }
    if (!force && Date.now() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = Date.now();
    this.sweeping = blankSecrets(this.db, lte(outboxMeta.secret_expires_at, new Date()))
      // Best effort: the next sweep tries again.
      .catch(() => undefined)
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  private async run(): Promise<void> {
    const smtp = this.smtp;
    if (!smtp) return;
    try {
      const pending = await this.claimPending();
      if (pending.length === 0) return;
      if (!this.transporter) {
        const nodemailer = await import('nodemailer');
        this.transporter = nodemailer.default.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure ?? smtp.port === 465,
          auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
        });
      }
      for (const row of pending) {
        try {
          await this.transporter.sendMail({ from: smtp.from, to: row.to, subject: row.subject, text: row.body });
          await this.db.update(outbox).set({ status: 'sent', sent_at: new Date(), error: null }).where(eq(outbox.id, row.id));
          // Delivered: the mailbox has it now, the outbox no longer needs the secret.
          await blankSecrets(this.db, eq(outboxMeta.outbox_id, row.id));
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          await this.db.update(outbox).set({ status: 'failed', error: text.slice(0, 1000) }).where(eq(outbox.id, row.id));
        }
      }
    } catch {
      // Delivery is best effort; the rows stay 'pending' for the next run.
    }
  }

  /**
   * Takes up to 50 pending messages for this process: one statement moves them
   * to 'sending' under FOR UPDATE SKIP LOCKED, so two servers on one PostgreSQL
   * database never both send the same message (a code or a temporary password
   * arriving twice). A crash after the claim leaves the row 'sending', not
   * resent: the person asks for a new code, as with broadcasts.
   */
  private async claimPending(): Promise<Array<typeof outbox.$inferSelect>> {
    const next = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.status, 'pending'))
      .orderBy(asc(outbox.id))
      .limit(50)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(outbox)
      .set({ status: 'sending' })
      .where(and(inArray(outbox.id, next), eq(outbox.status, 'pending')))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** The outbox as stored (tests, operators); expired secrets are blanked first, so reading never shows one. */
  async list(to?: string): Promise<OutboxMessage[]> {
    await this.sweepExpired(true);
    const rows = await this.db
      .select()
      .from(outbox)
      .where(to ? and(eq(sql`lower(${outbox.to})`, to.toLowerCase())) : undefined)
      .orderBy(asc(outbox.id));
    return rows.map(toMessage);
  }

  async latest(to: string): Promise<OutboxMessage | null> {
    await this.sweepExpired(true);
    const rows = await this.db
      .select()
      .from(outbox)
      .where(eq(sql`lower(${outbox.to})`, to.toLowerCase()))
      .orderBy(desc(outbox.id))
      .limit(1);
    return rows[0] ? toMessage(rows[0]) : null;
  }
}

/** Replaces the body of every message matching `where` (on outbox_meta) that still carries a secret by its blanked copy. */
async function blankSecrets(db: Db, where: SQL | undefined): Promise<void> {
  const blanked = await db
    .update(outbox)
    .set({ body: sql`${outboxMeta.redacted_body}` })
    .from(outboxMeta)
    .where(and(eq(outboxMeta.outbox_id, outbox.id), isNotNull(outboxMeta.redacted_body), where))
    .returning({ id: outbox.id });
  if (blanked.length === 0) return;
  // Only the rows blanked above: a secret queued meanwhile keeps its blanked copy for later.
  await db
    .update(outboxMeta)
    .set({ redacted_body: null, secret_expires_at: null })
    .where(inArray(outboxMeta.outbox_id, blanked.map((r) => r.id)));
}

/** The secrets of one kind sent to an account are used or superseded: blank them in the outbox now. */
export async function redactSecrets(db: Db, userId: number, kind: SecretKind): Promise<void> {
  await blankSecrets(db, and(eq(outboxMeta.user_id, userId), eq(outboxMeta.secret_kind, kind)));
}

/** LGPD erase: every message about the person or sent to one of their addresses goes. */
export async function eraseOutboxOf(db: Db, person: { id: number; email: string; phone: string | null }): Promise<number> {
  const linked = db.select({ id: outboxMeta.outbox_id }).from(outboxMeta).where(eq(outboxMeta.user_id, person.id));
  const addressed = [eq(sql`lower(${outbox.to})`, person.email.toLowerCase())];
  // SMS rows carry the phone as E.164, as the broadcast sender normalised it.
  const phone = normaliseBrazilianPhone(person.phone);
  if (phone) addressed.push(eq(outbox.to, phone));
  const removed = await db
    .delete(outbox)
    .where(or(inArray(outbox.id, linked), ...addressed))
    .returning({ id: outbox.id });
  return removed.length;
}
