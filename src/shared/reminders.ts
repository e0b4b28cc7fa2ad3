/**
 * Payment reminders (server: areas/reminders, its README has the rules): the
 * company's rules of when to remind, the channels, the states of a reminder
 * and why one was skipped or held back. One list each, read by the contract,
 * the server and the screens.
 */
import { z } from 'zod';

export const REMINDER_CHANNELS = ['email', 'sms'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** queued (waiting for working hours or the next run) → sent | failed; skipped at choice or at sending (with its reason). */
export const REMINDER_STATUSES = ['queued', 'sent', 'skipped', 'failed'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];
export const [REMINDER_QUEUED, REMINDER_SENT, REMINDER_SKIPPED, REMINDER_FAILED] = REMINDER_STATUSES;

/**
 * Why a reminder was not sent (yet): the borrower opted out of the channel, has no e-mail / no valid mobile number,
 * the run fell outside working hours (kept queued for the next run within them), the installment was settled (or
 * left collection) before it went, the provider refused it.
 */
export const REMINDER_REASONS = ['opted_out', 'no_email', 'no_phone', 'outside_hours', 'installment_closed', 'provider_error'] as const;
export type ReminderReason = (typeof REMINDER_REASONS)[number];

/** Offsets in days relative to the due date: −30 (a month before) to +90 (three months late). */
export const REMINDER_OFFSET_MIN = -30;
export const REMINDER_OFFSET_MAX = 90;
export const REMINDER_RULES_MAX = 20;

export interface ReminderRule {
  offset_days: number;
  channels: ReminderChannel[];
}

/** The company's rules before an administrator changes them: five days before, on the day, one, seven and fifteen days after. */
export const DEFAULT_REMINDER_RULES: readonly ReminderRule[] = [-5, 0, 1, 7, 15].map((offset_days) => ({ offset_days, channels: ['email', 'sms'] }));
/** Working hours (São Paulo's clock, business days of the bank calendar): from start inclusive to end exclusive. */
export const DEFAULT_REMINDER_HOURS = { start: '08:00', end: '20:00' } as const;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

export const reminderRuleSchema = z.object({
  offset_days: z
    .number()
    .int('dias: um número inteiro')
    .min(REMINDER_OFFSET_MIN, `dias: de ${REMINDER_OFFSET_MIN} a +${REMINDER_OFFSET_MAX}`)
    .max(REMINDER_OFFSET_MAX, `dias: de ${REMINDER_OFFSET_MIN} a +${REMINDER_OFFSET_MAX}`),
  channels: z
    .array(z.enum(REMINDER_CHANNELS, { error: `canal inválido: use ${REMINDER_CHANNELS.join(' ou ')}` }))
    .min(1, 'escolha ao menos um canal')
    .max(REMINDER_CHANNELS.length)
    .refine((c) => new Set(c).size === c.length, 'canal repetido'),
});

export const reminderSettingsInputSchema = z
  .object({
    rules: z.array(reminderRuleSchema).max(REMINDER_RULES_MAX, `no máximo ${REMINDER_RULES_MAX} regras`),
    hours_start: z.string().regex(HOUR, 'horário inválido: use HH:MM'),
    hours_end: z.string().regex(HOUR, 'horário inválido: use HH:MM'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.rules.forEach((r, i) => {
      if (seen.has(r.offset_days)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'offset_days'], message: `dias repetidos: ${r.offset_days}` });
      seen.add(r.offset_days);
    });
    if (HOUR.test(v.hours_start) && HOUR.test(v.hours_end) && v.hours_start >= v.hours_end)
      ctx.addIssue({ code: 'custom', path: ['hours_end'], message: 'o fim do horário deve ser depois do início' });
  });
export type ReminderSettingsInput = z.infer<typeof reminderSettingsInputSchema>;
