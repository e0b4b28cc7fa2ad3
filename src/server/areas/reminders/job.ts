/**
 * The reminders' job: choose what is due on the business date and queue it
 * (one set-based statement), then send what is queued when the instant is
 * within working hours.
 *
 * Choosing (queueReminders): for every rule and channel, the installments due
 * on date − offset that are still collected (the same conditions as the
 * collections desk's: operation collected, unpaid, in the current schedule,
 * no stored status that ends collection) get one row, in one INSERT … SELECT
 * with ON CONFLICT DO NOTHING on (installment, offset, channel): a second run,
 * or a second server running at the same moment, adds nothing (the unique
 * index decides; PostgreSQL waits for the first insert of a key and skips it).
 * A borrower who opted out of the channel, or has no e-mail / phone, gets the
 * row skipped with its reason at once (collection that does not disturb the
 * debtor: CDC art. 42, caput; the contact data serve the contract: LGPD art. 7 V).
 *
 * Sending (sendQueued): outside working hours nothing goes; the queued rows
 * are marked outside_hours and wait for the next run. Within them, rows are
 * claimed in batches (UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED),
 * queued → sent before the provider is called: at most once, as the broadcast
 * sender, a crash between the claim and the call loses a reminder rather than
 * sending it twice); an installment settled since is marked skipped
 * (settled); a provider's refusal marks the row failed with the error.
 * The message carries the installment's boleto digitable line and Pix
 * copia-e-cola when the run has an actor (boletos' issueBoleto: the slip the
 * installment is collected by, the same one a reprint gives; pix's
 * dynamicPixCodes for its charge); a slip the boletos area refuses (no
 * collecting account, nothing payable) leaves those lines out.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseBrazilianPhone } from '@shared/phone';
import { REMINDER_FAILED, REMINDER_QUEUED, REMINDER_SENT, REMINDER_SKIPPED, type ReminderChannel, type ReminderRule } from '@shared/reminders';
import type { ReminderRunResult } from '@shared/contract/reminders';
import type { Db } from '../../db/connect';
import type { Mailer } from '../../platform/mailer';
import { logActivity } from '../../platform/activity';
import { borrowers } from '../borrowers/schema';
import { companies } from '../company/schema';
import { stillCollected } from '../servicing';
import { issueBoleto } from '../boletos';
import { dynamicPixCodes } from '../pix';
import type { Actor } from '../operations';
import type { SmsProvider } from '../messages';
import { paymentReminders } from './schema';
import { activeSettings, LENDER_COMPANY_ID, type ActiveSettings } from './settings';
import { dueDateFor, renderReminder, withinWorkingHours } from './rules';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** What a run chose: new rows queued and skipped (an earlier run's rows are not counted again). */
export interface Queued {
  queued: number;
  skipped: number;
}

/**
 * The sort of a run's rows (by installment, offset and channel: the order two concurrent runs insert the keys in) held
 * in memory: 200,000 rows spill PostgreSQL's default 4 MB to temporary files.
 */
const QUEUE_WORK_MEM = '64MB';

/**
 * Queues the reminders due on `date` under `rules` (idempotent per installment, offset and channel).
 *
 * The installments are chosen once by their due dates (one per offset: `dueDateFor`, an index's range) with their
 * operation and borrower, then paired with the rules and channels of their date: the joins run once per installment,
 * not once per channel, and the planner reads only the days the rules name.
 */
export async function queueReminders(db: Db, date: string, rules: readonly ReminderRule[]): Promise<Queued> {
  const pairs = rules.flatMap((r) => r.channels.map((c) => sql`(${r.offset_days}::int, ${c}::text, ${dueDateFor(date, r.offset_days)}::date)`));
  if (!pairs.length) return { queued: 0, skipped: 0 };
  const days = [...new Set(rules.map((r) => dueDateFor(date, r.offset_days)))];
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('work_mem', ${QUEUE_WORK_MEM}, true)`);
    const result = await tx.execute(sql`
      WITH due AS (
        SELECT i.id, i.credit_operation_id, i.due_date, o.borrower_id, b.email, b.phone
        FROM credit_operation_installments i
        JOIN credit_operations o ON o.id = i.credit_operation_id
        JOIN borrowers b ON b.id = o.borrower_id
        WHERE i.due_date = ANY(${`{${days.join(',')}}`}::date[])
          AND i.collecting AND i.paid_on IS NULL AND i.superseded_in IS NULL AND ${stillCollected(sql`i.id`)}
      ), chosen AS (
        INSERT INTO payment_reminders (installment_id, credit_operation_id, borrower_id, offset_days, channel, due_date, scheduled_on, status, reason, recipient)
        SELECT i.id, i.credit_operation_id, i.borrower_id, r.offset_days, r.channel, i.due_date, ${date}::date,
          CASE WHEN oo.borrower_id IS NOT NULL OR coalesce(btrim(CASE WHEN r.channel = 'email' THEN i.email ELSE i.phone END), '') = '' THEN ${REMINDER_SKIPPED} ELSE ${REMINDER_QUEUED} END,
          CASE WHEN oo.borrower_id IS NOT NULL THEN 'opted_out'
               WHEN r.channel = 'email' AND coalesce(btrim(i.email), '') = '' THEN 'no_email'
               WHEN r.channel = 'sms' AND coalesce(btrim(i.phone), '') = '' THEN 'no_phone' END,
          CASE WHEN r.channel = 'email' THEN i.email ELSE i.phone END
        FROM due i
        JOIN (VALUES ${sql.join(pairs, sql`, `)}) AS r(offset_days, channel, due_date) ON r.due_date = i.due_date
        LEFT JOIN reminder_opt_outs oo ON oo.borrower_id = i.borrower_id AND oo.channel = r.channel
        ORDER BY i.id, r.offset_days, r.channel
        ON CONFLICT ON CONSTRAINT payment_reminders_once DO NOTHING
        RETURNING status
      )
      SELECT count(*) FILTER (WHERE status = ${REMINDER_QUEUED})::int AS queued, count(*) FILTER (WHERE status = ${REMINDER_SKIPPED})::int AS skipped FROM chosen`);
    const [row] = rowsOf<{ queued: number; skipped: number }>(result);
    return { queued: Number(row?.queued ?? 0), skipped: Number(row?.skipped ?? 0) };
  });
}

export interface Senders {
  mailer: Mailer;
  sms: SmsProvider;
}

export interface SendResult {
  sent: number;
  deferred: number;
  failed: number;
  withinHours: boolean;
}

const BATCH = 200;

interface Claimed {
  id: number;
  installment_id: number;
  credit_operation_id: number;
  offset_days: number;
  channel: ReminderChannel;
  due_date: string;
  recipient: string | null;
}

/** Sends what is queued when `now` is within working hours; else marks it held back (outside_hours). */
export async function sendQueued(db: Db, senders: Senders, settings: ActiveSettings, now: Date, today: string, actor: Actor | null): Promise<SendResult> {
  if (!withinWorkingHours(now, settings.hours)) {
    await db.update(paymentReminders).set({ reason: 'outside_hours' }).where(and(eq(paymentReminders.status, REMINDER_QUEUED), sql`${paymentReminders.reason} IS NULL`));
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM payment_reminders WHERE status = ${REMINDER_QUEUED}`));
    return { sent: 0, deferred: Number(n), failed: 0, withinHours: false };
  }
  const [company] = await db.select({ trade: companies.trade_name, legal: companies.legal_name }).from(companies).where(eq(companies.id, LENDER_COMPANY_ID));
  const companyName = company?.trade || company?.legal || null;
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = rowsOf<Claimed>(
      await db.execute(sql`
        UPDATE payment_reminders SET status = ${REMINDER_SENT}, reason = NULL, sent_at = now()
        WHERE id IN (SELECT id FROM payment_reminders WHERE status = ${REMINDER_QUEUED} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          AND status = ${REMINDER_QUEUED}
        RETURNING id, installment_id, credit_operation_id, offset_days, channel, to_char(due_date, 'YYYY-MM-DD') AS due_date, recipient`),
    );
    if (!claimed.length) break;
    const open = await stillOpen(db, claimed.map((c) => c.installment_id));
    const settled = claimed.filter((c) => !open.has(c.installment_id)).map((c) => c.id);
    if (settled.length) await db.update(paymentReminders).set({ status: REMINDER_SKIPPED, reason: 'installment_closed', sent_at: null }).where(inArray(paymentReminders.id, settled));
    failed += settled.length;
    for (const c of claimed) {
      const inst = open.get(c.installment_id);
      if (!inst) continue;
      try {
        const extra = actor ? await slipOf(db, actor, c.installment_id, today) : { line: null, pix: null, amount: null };
        const message = renderReminder(c.channel, {
          name: inst.name,
          amount: extra.amount ?? inst.payment,
          dueDate: c.due_date,
          installmentNumber: inst.number,
          offsetDays: c.offset_days,
          companyName,
          digitableLine: extra.line,
          pixCode: extra.pix,
        });
        if (c.channel === 'email') {
          await senders.mailer.enqueue(db, { to: c.recipient ?? '', subject: message.subject, body: message.body });
        } else {
          const phone = normaliseBrazilianPhone(c.recipient);
          if (!phone) {
            await db.update(paymentReminders).set({ status: REMINDER_SKIPPED, reason: 'no_phone', sent_at: null }).where(eq(paymentReminders.id, c.id));
            failed += 1;
            continue;
          }
          await senders.sms.send(phone, message.body);
        }
        sent += 1;
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        await db.update(paymentReminders).set({ status: REMINDER_FAILED, reason: 'provider_error', error: text.slice(0, 1000) }).where(eq(paymentReminders.id, c.id));
        failed += 1;
      }
    }
  }
  return { sent, deferred: 0, failed, withinHours: true };
}

/** The installments still collected among these, with what the message needs. */
async function stillOpen(db: Db, ids: readonly number[]): Promise<Map<number, { number: number; payment: string; name: string }>> {
  const rows = rowsOf<{ id: number; number: number; payment: string; name: string }>(
    await db.execute(sql`
      SELECT i.id, i.number, i.payment::text AS payment, b.name
      FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id JOIN ${borrowers} b ON b.id = o.borrower_id
      WHERE i.id IN (${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)})
        AND i.collecting AND i.paid_on IS NULL AND i.superseded_in IS NULL AND ${stillCollected(sql`i.id`)}`),
  );
  return new Map(rows.map((r) => [Number(r.id), { number: Number(r.number), payment: r.payment, name: r.name }]));
}

/** The installment's slip (digitable line, amount) and its Pix code, or nothing when the boletos area refuses one. */
async function slipOf(db: Db, actor: Actor, installmentId: number, today: string): Promise<{ line: string | null; pix: string | null; amount: string | null }> {
  let slip;
  try {
    slip = await db.transaction((tx) => issueBoleto(tx, actor, installmentId, today));
  } catch {
    return { line: null, pix: null, amount: null };
  }
  let pix: string | null = null;
  try {
    const codes = await dynamicPixCodes(db, [slip.charge]);
    pix = codes.get(slip.slip.id) ?? null;
  } catch {
    pix = null;
  }
  return { line: slip.slip.digitable_line ?? null, pix, amount: String(slip.slip.amount) };
}

/** One run: choose and queue for the business date, then send (or hold back) what is queued; logged when someone ran it. */
export async function runReminders(db: Db, senders: Senders, now: Date, today: string, actor: Actor | null): Promise<ReminderRunResult> {
  const settings = await activeSettings(db);
  const chosen = await queueReminders(db, today, settings.rules);
  const sent = await sendQueued(db, senders, settings, now, today, actor);
  const result: ReminderRunResult = { date: today, queued: chosen.queued, skipped: chosen.skipped, sent: sent.sent, deferred: sent.deferred, failed: sent.failed, within_hours: sent.withinHours };
  if (actor)
    await logActivity(db, {
      actorId: actor.id,
      action: 'reminders.run',
      entity: 'system',
      entityId: null,
      after: { business_date: today, reminders_queued: result.queued, reminders_sent: result.sent, reminders_deferred: result.deferred },
    });
  return result;
}
