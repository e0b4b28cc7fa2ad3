/**
 * Payment reminders before and after an installment's due date, by e-mail and
 * SMS (server: areas/reminders, its README has the rules).
 *
 * Design choices:
 * - The rules (offsets in days from the due date, each with its channels) and
 *   the working hours are the company's settings, kept by the reminders area
 *   (one row per company; the defaults until an administrator saves).
 * - The run chooses, for the business date, every open installment whose due
 *   date plus a rule's offset is that date, and queues one reminder per
 *   installment, rule and channel (unique: a second run, or a second server,
 *   queues nothing more); then sends what is queued when the instant is within
 *   working hours on a business day, else leaves it queued (reason
 *   outside_hours) for the next run. The server's scheduler runs it too.
 * - A borrower may opt out of a channel (kept by the reminders area, keyed by
 *   the borrower's id): their reminders on it are skipped (reason opted_out).
 * - Who: administrators change the rules; administrators and operators run the
 *   job, read the list and set a borrower's opt-out; the agent and the user
 *   get 403.
 */
import { z } from 'zod';
import { AllAdmins, AllOperators } from '../roles';
import { defineOperation } from './define';
import { idSchema, timestampSchema } from './common';
import { moneySchema } from './money';
import { dayAnswerSchema } from './fields';
import { REMINDER_CHANNELS, REMINDER_REASONS, REMINDER_STATUSES, reminderRuleSchema, reminderSettingsInputSchema } from '../reminders';

export { REMINDER_CHANNELS, REMINDER_REASONS, REMINDER_STATUSES } from '../reminders';

export const reminderSettingsSchema = z.object({
  rules: z.array(reminderRuleSchema),
  hours_start: z.string(),
  hours_end: z.string(),
  /** false while the company runs on the defaults */
  saved: z.boolean(),
  updated_at: timestampSchema.nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderRunResultSchema = z.object({
  /** the business date the reminders were chosen for */
  date: z.string(),
  /** reminders queued by this run (new rows) */
  queued: z.number().int(),
  /** reminders skipped by this run at choice (opted out, no e-mail, no phone) */
  skipped: z.number().int(),
  /** reminders sent by this run (also those queued earlier) */
  sent: z.number().int(),
  /** reminders left queued because the instant is outside working hours */
  deferred: z.number().int(),
  /** reminders that failed at the provider or were dropped (installment settled) by this run */
  failed: z.number().int(),
  within_hours: z.boolean(),
});
export type ReminderRunResult = z.infer<typeof reminderRunResultSchema>;

export const reminderRowSchema = z.object({
  id: z.number().int(),
  installment_id: z.number().int(),
  installment_number: z.number().int(),
  credit_operation_id: z.number().int(),
  borrower_id: z.number().int(),
  borrower_name: z.string(),
  due_date: dayAnswerSchema,
  amount: moneySchema,
  offset_days: z.number().int(),
  channel: z.enum(REMINDER_CHANNELS),
  status: z.enum(REMINDER_STATUSES),
  reason: z.enum(REMINDER_REASONS).nullable(),
  /** the business date it was chosen for */
  scheduled_on: dayAnswerSchema,
  sent_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type ReminderRow = z.infer<typeof reminderRowSchema>;

export const REMINDERS_PAGE_SIZE = 50;

export const reminderOptOutsSchema = z.object({ borrower_id: z.number().int(), channels: z.array(z.enum(REMINDER_CHANNELS)) });

export const remindersOperations = {
  'reminders.settings': defineOperation({
    method: 'GET',
    path: '/api/reminders/settings',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: "The company's reminder rules (offset in days from the due date and channels) and working hours (São Paulo's clock, business days); the defaults (−5, 0, +1, +7, +15 by e-mail and SMS, 08:00–20:00) until an administrator saves.",
    args: z.object({}),
    result: reminderSettingsSchema,
  }),
  'reminders.saveSettings': defineOperation({
    method: 'PUT',
    path: '/api/reminders/settings',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description: 'Replaces the reminder rules and working hours. Offsets between −30 and +90, no offset twice, at least one channel per rule; the working hours end after they start. Logged.',
    args: reminderSettingsInputSchema,
    result: reminderSettingsSchema,
  }),
  'reminders.run': defineOperation({
    method: 'POST',
    path: '/api/reminders/run',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      'Chooses the reminders due on the business date (open installments whose due date plus a rule’s offset is that date) and queues each once per installment, rule and channel (idempotent); then, within working hours on a business day, sends what is queued through the outbox (e-mail) and the SMS provider; outside them leaves it queued. Answers the counts.',
    args: z.object({}),
    result: reminderRunResultSchema,
  }),
  'reminders.list': defineOperation({
    method: 'GET',
    path: '/api/reminders',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description: 'The reminders queued, sent, skipped or failed, newest first, 50 a page, with the reason of those skipped or held back; filter by status.',
    args: z.object({ status: z.enum(REMINDER_STATUSES).optional(), page: z.coerce.number().int().min(1).max(100000).optional() }),
    result: z.object({ items: z.array(reminderRowSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
  }),
  'reminders.optOuts': defineOperation({
    method: 'GET',
    path: '/api/reminders/opt-outs/:id',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: 'The channels a borrower opted out of (reminders on them are skipped).',
    errors: [404],
    args: z.object({ id: idSchema }),
    result: reminderOptOutsSchema,
  }),
  'reminders.setOptOuts': defineOperation({
    method: 'PUT',
    path: '/api/reminders/opt-outs/:id',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: "Sets the channels a borrower opted out of (the whole list: an empty list opts back in to every channel). Logged.",
    errors: [404],
    args: z.object({ id: idSchema, channels: z.array(z.enum(REMINDER_CHANNELS)).max(REMINDER_CHANNELS.length).refine((c) => new Set(c).size === c.length, 'canal repetido') }),
    result: reminderOptOutsSchema,
  }),
} as const;
