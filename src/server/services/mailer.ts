/**
 * E-mail: every message is written to the outbox table first (so tests and
 * operators can always see what went out); with SMTP settings it is then
 * delivered by nodemailer after the request that queued it. A delivery
 * failure is recorded on the row and never fails the request.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/connect';
import { outbox } from '../db/schema';

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
    await db.insert(outbox).values({
      channel: 'email',
      to: message.to,
      subject: message.subject,
      body: message.body,
      // Without SMTP the outbox is the delivery: nothing more will happen to the row.
      status: this.smtp ? 'pending' : 'stored',
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
    while (this.delivering) await this.delivering;
  }

  private async run(): Promise<void> {
    const smtp = this.smtp;
    if (!smtp) return;
    try {
      const pending = await this.db.select().from(outbox).where(eq(outbox.status, 'pending')).orderBy(asc(outbox.id)).limit(50);
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
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          await this.db.update(outbox).set({ status: 'failed', error: text.slice(0, 1000) }).where(eq(outbox.id, row.id));
        }
      }
    } catch {
      // Delivery is best effort; the rows stay 'pending' for the next run.
    }
  }

  async list(to?: string): Promise<OutboxMessage[]> {
    const rows = await this.db
      .select()
      .from(outbox)
      .where(to ? and(eq(sql`lower(${outbox.to})`, to.toLowerCase())) : undefined)
      .orderBy(asc(outbox.id));
    return rows.map(toMessage);
  }

  async latest(to: string): Promise<OutboxMessage | null> {
    const rows = await this.db
      .select()
      .from(outbox)
      .where(eq(sql`lower(${outbox.to})`, to.toLowerCase()))
      .orderBy(desc(outbox.id))
      .limit(1);
    return rows[0] ? toMessage(rows[0]) : null;
  }
}
