/**
 * The collections desk's contact log and promises to pay, per credit
 * operation (server: areas/collections-desk, its README has the rules).
 *
 * Design choices:
 * - A contact (a call, a WhatsApp or SMS message, an e-mail, a visit) is a
 *   fact: never edited nor removed (the database refuses it); a wrong entry is
 *   corrected by a new one that says so in its note.
 * - A promise to pay (a date and an amount) comes only with the outcome
 *   `promised`, and that outcome always carries one. Its state is derived, not
 *   stored: kept when the operation's standing payments from the day it was
 *   made through its date plus the company's grace (PROMISE_GRACE_BUSINESS_DAYS
 *   business days) add up to its amount; open until then; broken after.
 * - Who: every panel role reads the log and logs a contact — agents work the
 *   collections (the list is theirs too), operators and admins talk to
 *   borrowers as well; a contact not written down is lost to whoever calls
 *   next. The role without the panel (Usuário) gets 403.
 */
import { z } from 'zod';
import { AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, instantSchema, optionalText, timestampSchema } from './common';
import { calendarDaySchema, moneySchema, positiveMoneyInputSchema } from './money';
import { CONTACT_CHANNELS, CONTACT_DIRECTIONS, CONTACT_NOTE_MAX, CONTACT_OUTCOMES, PROMISE_OUTCOME, PROMISE_STATES } from '../contacts';

export { CONTACT_CHANNELS, CONTACT_DIRECTIONS, CONTACT_OUTCOMES, PROMISE_STATES, PROMISE_GRACE_BUSINESS_DAYS, PromiseState } from '../contacts';
export type { ContactChannel, ContactDirection, ContactOutcome } from '../contacts';

/** A promise as the list and the log show it, with its state on the business date. */
export const promiseViewSchema = z.object({
  id: z.number().int(),
  /** the business date it was made on: payments from that day count */
  made_on: z.string(),
  promised_on: z.string(),
  amount: moneySchema,
  /** the last day a payment counts (the promised date plus the grace, in business days) */
  window_end: z.string(),
  /** the operation's standing payments from made_on through window_end (up to the business date) */
  paid: moneySchema,
  state: z.enum(PROMISE_STATES),
});
export type PromiseView = z.infer<typeof promiseViewSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  credit_operation_id: z.number().int(),
  channel: z.enum(CONTACT_CHANNELS),
  direction: z.enum(CONTACT_DIRECTIONS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string().nullable(),
  /** when the contact happened, an instant (ISO 8601, UTC) */
  contacted_at: timestampSchema,
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
  promise: promiseViewSchema.nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** The last contact of an operation, as the overdue list shows it. */
export const lastContactSchema = z.object({ contacted_at: timestampSchema, outcome: z.enum(CONTACT_OUTCOMES), channel: z.enum(CONTACT_CHANNELS) });

const promiseInputSchema = z.object({
  promised_on: calendarDaySchema,
  amount: positiveMoneyInputSchema,
});

export const logContactArgsSchema = z
  .object({
    id: idSchema,
    idempotency_key: idempotencyKeySchema,
    channel: z.enum(CONTACT_CHANNELS, { error: `canal inválido: use ${CONTACT_CHANNELS.join(', ')}` }),
    direction: z.enum(CONTACT_DIRECTIONS, { error: `sentido inválido: use ${CONTACT_DIRECTIONS.join(' ou ')}` }),
    outcome: z.enum(CONTACT_OUTCOMES, { error: `resultado inválido: use ${CONTACT_OUTCOMES.join(', ')}` }),
    note: optionalText(CONTACT_NOTE_MAX),
    /** when it happened (default: now); not in the future, at most 30 days back */
    contacted_at: instantSchema.optional(),
    promise: promiseInputSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === PROMISE_OUTCOME && !v.promise) ctx.addIssue({ code: 'custom', path: ['promise'], message: 'informe a data e o valor prometidos (resultado "promessa de pagamento")' });
    if (v.outcome !== PROMISE_OUTCOME && v.promise) ctx.addIssue({ code: 'custom', path: ['promise'], message: 'uma promessa de pagamento vem só com o resultado "promessa de pagamento"' });
  });

export const contactsOperations = {
  'collections.contacts': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/contacts',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "The operation's contact log, newest first: channel, direction, outcome, note, who and when (an instant, UTC), and the promise to pay it carried with its state on the business date (open, kept, broken; the payments counted and the window's last day).",
    errors: [404],
    args: z.object({ id: idSchema }),
    result: z.object({ as_of: z.string(), grace_business_days: z.number().int(), items: z.array(contactSchema) }),
  }),
  'collections.logContact': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/contacts',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description:
      'Logs a contact with the borrower of the operation (never edited: a correction is a new entry) and, with the outcome promised, its promise to pay (a date from the business date up to PROMISE_MAX_DAYS_AHEAD days on, an amount). 409 naming the field for a promise dated in the past or too far ahead, a promise on an operation not released, a contact in the future or more than 30 days back. Idempotent by key.',
    errors: [404, 409],
    args: logContactArgsSchema,
    result: contactSchema,
  }),
} as const;
