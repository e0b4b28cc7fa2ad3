/**
 * The company's reminder rules and working hours (reminder_settings, one row
 * per company; no row: the defaults of @shared/reminders), and a borrower's
 * opt-outs by channel (reminder_opt_outs, kept here, keyed by the borrower's
 * id: the borrowers area stays as it is).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_REMINDER_HOURS, DEFAULT_REMINDER_RULES, REMINDER_CHANNELS, type ReminderChannel, type ReminderRule, type ReminderSettingsInput } from '@shared/reminders';
import type { ReminderSettings } from '@shared/contract/reminders';
import type { Db } from '../../db/connect';
import { logActivity } from '../../platform/activity';
import { notFound } from '../../platform/http/errors';
import { borrowers } from '../borrowers/schema';
import { reminderOptOuts, reminderSettings } from './schema';

/** The lender whose settings the screens edit (one lender per installation). */
export const LENDER_COMPANY_ID = 1;

export interface ActiveSettings {
  rules: ReminderRule[];
  hours: { start: string; end: string };
}

/** Rules ordered by offset, channels in the declared order. */
function tidy(rules: readonly ReminderRule[]): ReminderRule[] {
  return [...rules]
    .map((r) => ({ offset_days: r.offset_days, channels: REMINDER_CHANNELS.filter((c) => r.channels.includes(c)) }))
    .sort((a, b) => a.offset_days - b.offset_days);
}

export async function readSettings(db: Db, companyId = LENDER_COMPANY_ID): Promise<ReminderSettings> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.company_id, companyId));
  if (!row) return { rules: tidy(DEFAULT_REMINDER_RULES), hours_start: DEFAULT_REMINDER_HOURS.start, hours_end: DEFAULT_REMINDER_HOURS.end, saved: false, updated_at: null };
  return { rules: tidy(row.rules), hours_start: row.hours_start, hours_end: row.hours_end, saved: true, updated_at: row.updated_at.toISOString() };
}

export async function activeSettings(db: Db, companyId = LENDER_COMPANY_ID): Promise<ActiveSettings> {
  const s = await readSettings(db, companyId);
  return { rules: s.rules, hours: { start: s.hours_start, end: s.hours_end } };
}

const rulesText = (rules: readonly ReminderRule[]) => rules.map((r) => `${r.offset_days > 0 ? '+' : ''}${r.offset_days}: ${r.channels.join('+')}`).join('; ');

/** Replaces the rules and hours (the input already validated by the contract's schema), logged with before and after. */
export async function saveSettings(db: Db, actorId: number, input: ReminderSettingsInput, companyId = LENDER_COMPANY_ID): Promise<ReminderSettings> {
  const rules = tidy(input.rules);
  await db.transaction(async (tx) => {
    // The row lock (or the insert's conflict) orders two administrators saving at once.
    const [before] = await tx.select().from(reminderSettings).where(eq(reminderSettings.company_id, companyId)).for('update');
    const values = { rules, hours_start: input.hours_start, hours_end: input.hours_end, updated_by: actorId, updated_at: new Date() };
    await tx
      .insert(reminderSettings)
      .values({ company_id: companyId, ...values })
      .onConflictDoUpdate({ target: reminderSettings.company_id, set: values });
    await logActivity(tx, {
      actorId,
      action: 'reminders.save-settings',
      entity: 'reminder_settings',
      entityId: companyId,
      before: before ? { reminder_rules: rulesText(before.rules), hours_start: before.hours_start, hours_end: before.hours_end } : null,
      after: { reminder_rules: rulesText(rules), hours_start: input.hours_start, hours_end: input.hours_end },
    });
  });
  return readSettings(db, companyId);
}

async function assertBorrower(db: Db, borrowerId: number): Promise<void> {
  const [found] = await db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.id, borrowerId));
  if (!found) throw notFound('Tomador não encontrado.');
}

export async function optOutsOf(db: Db, borrowerId: number): Promise<{ borrower_id: number; channels: ReminderChannel[] }> {
  await assertBorrower(db, borrowerId);
  const rows = await db.select({ channel: reminderOptOuts.channel }).from(reminderOptOuts).where(eq(reminderOptOuts.borrower_id, borrowerId));
  const have = new Set(rows.map((r) => r.channel));
  return { borrower_id: borrowerId, channels: REMINDER_CHANNELS.filter((c) => have.has(c)) };
}

/** Sets the whole list of channels a borrower opted out of, logged. */
export async function setOptOuts(db: Db, actorId: number, borrowerId: number, channels: readonly ReminderChannel[]): Promise<{ borrower_id: number; channels: ReminderChannel[] }> {
  await assertBorrower(db, borrowerId);
  await db.transaction(async (tx) => {
    const before = (await tx.select({ channel: reminderOptOuts.channel }).from(reminderOptOuts).where(eq(reminderOptOuts.borrower_id, borrowerId))).map((r) => r.channel);
    const drop = REMINDER_CHANNELS.filter((c) => !channels.includes(c));
    if (drop.length) await tx.delete(reminderOptOuts).where(and(eq(reminderOptOuts.borrower_id, borrowerId), inArray(reminderOptOuts.channel, drop)));
    if (channels.length)
      await tx
        .insert(reminderOptOuts)
        .values(channels.map((channel) => ({ borrower_id: borrowerId, channel, created_by: actorId })))
        .onConflictDoNothing();
    await logActivity(tx, {
      actorId,
      action: 'reminders.opt-out',
      entity: 'borrower',
      entityId: borrowerId,
      before: { opted_out_channels: before.join(', ') },
      after: { opted_out_channels: REMINDER_CHANNELS.filter((c) => channels.includes(c)).join(', ') },
    });
  });
  return optOutsOf(db, borrowerId);
}
