/**
 * Negativação through a credit bureau, lawfully (server: areas/negativation, its README has the rules).
 *
 * Design choices:
 * - Candidates: installments still collected, unpaid, at least N days past due on the business date, where N is the
 *   title's "negativar após N dias" (the one declaration the slip and the CNAB file read), else 30 days; a title
 *   that declares protest is left to the notary. Not yet sent (one open record per installment).
 * - Submit: administrators and operators, with an explicit confirmation; refused in Portuguese when the borrower's
 *   address (where the bureau mails the notice, CDC art. 43 §2) is missing, when the installment is not late enough
 *   or was already sent.
 * - The job (run on demand, driven by the business date): asks the bureau's provider how each record stands
 *   (notified, active), queues the removal of every record whose installment has nothing overdue any more, with its
 *   deadline of five business days (STJ Súmula 548), and sends the queued removals. One run at a time.
 * - Who: administrators and operators for every call; the agent and the user get 403.
 */
import { z } from 'zod';
import { AllOperators } from '../roles';
import { defineOperation } from './define';
import { idSchema, timestampSchema } from './common';
import { moneySchema } from './money';
import { dayAnswerSchema } from './fields';
import { NEGATIVATION_ADDRESS_FIELDS, NEGATIVATION_EVENT_KINDS, NEGATIVATION_REMOVAL_REASONS, NEGATIVATION_STATUSES } from '../negativation';

export { NEGATIVATION_EVENT_KINDS, NEGATIVATION_REMOVAL_REASONS, NEGATIVATION_STATUSES } from '../negativation';

export const NEGATIVATION_PAGE_SIZE = 50;

export const negativationRowSchema = z.object({
  id: z.number().int(),
  installment_id: z.number().int(),
  installment_number: z.number().int(),
  credit_operation_id: z.number().int(),
  borrower_id: z.number().int(),
  borrower_name: z.string(),
  document: z.string(),
  amount: moneySchema,
  due_date: dayAnswerSchema,
  status: z.enum(NEGATIVATION_STATUSES),
  provider: z.string(),
  protocol: z.string().nullable(),
  submitted_on: dayAnswerSchema,
  notified_on: dayAnswerSchema.nullable(),
  active_on: dayAnswerSchema.nullable(),
  settled_on: dayAnswerSchema.nullable(),
  removal_reason: z.enum(NEGATIVATION_REMOVAL_REASONS).nullable(),
  /** five business days after the payment (STJ Súmula 548) */
  removal_due_on: dayAnswerSchema.nullable(),
  removed_on: dayAnswerSchema.nullable(),
  /** the removal is still not sent and its deadline has passed (on the business date) */
  removal_overdue: z.boolean(),
});
export type NegativationRow = z.infer<typeof negativationRowSchema>;

export const negativationEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NEGATIVATION_EVENT_KINDS),
  business_date: dayAnswerSchema,
  detail: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});

export const negativationCandidateSchema = z.object({
  installment_id: z.number().int(),
  installment_number: z.number().int(),
  credit_operation_id: z.number().int(),
  borrower_id: z.number().int(),
  borrower_name: z.string(),
  document: z.string(),
  amount: moneySchema,
  due_date: dayAnswerSchema,
  days_late: z.number().int(),
  /** the N of "after N days" that made it a candidate */
  after_days: z.number().int(),
  /** the borrower's address fields missing to send it (the bureau mails the notice there), empty when it can go */
  missing: z.array(z.enum(NEGATIVATION_ADDRESS_FIELDS)),
});
export type NegativationCandidate = z.infer<typeof negativationCandidateSchema>;

export const negativationRunResultSchema = z.object({
  date: dayAnswerSchema,
  notified: z.number().int(),
  activated: z.number().int(),
  removals_queued: z.number().int(),
  removed: z.number().int(),
  /** removals still not sent past their deadline after this run */
  removals_overdue: z.number().int(),
  /** records whose step the provider refused (left for the next run) */
  failed: z.number().int(),
});
export type NegativationRunResult = z.infer<typeof negativationRunResultSchema>;

const page = z.coerce.number().int().min(1).max(100000).optional();

export const negativationOperations = {
  'negativation.list': defineOperation({
    method: 'GET',
    path: '/api/negativation',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description: 'The installments sent to the credit bureau, newest first, 50 a page; filter by status and by removals past their five-business-day deadline (STJ Súmula 548).',
    args: z.object({ status: z.enum(NEGATIVATION_STATUSES).optional(), overdue_removal: z.enum(['true', 'false']).optional(), page }),
    result: z.object({ items: z.array(negativationRowSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
  }),
  'negativation.candidates': defineOperation({
    method: 'GET',
    path: '/api/negativation/candidates',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description: 'Installments past the days after which they may be sent (the title’s “negativar após N dias”, else 30) and not yet sent, oldest due first, with the borrower’s address fields missing to send each (keys: cep, address, city, state; empty when it can go).',
    args: z.object({ page }),
    result: z.object({ items: z.array(negativationCandidateSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
  }),
  'negativation.submit': defineOperation({
    method: 'POST',
    path: '/api/negativation',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: 'Sends one installment to the credit bureau (after an explicit confirmation). Refused when the borrower’s address is missing (the bureau mails the notice first: CDC art. 43 §2), when it is not late enough or already sent. Logged.',
    errors: [404, 409, 502],
    args: z.object({ installment_id: idSchema, confirmed: z.literal(true, { error: 'confirme o envio ao birô de crédito' }) }),
    result: negativationRowSchema,
  }),
  'negativation.run': defineOperation({
    method: 'POST',
    path: '/api/negativation/run',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: 'Runs the job for the business date: the bureau’s notices and inclusions, the removals due (nothing overdue any more) queued with their deadline, the queued removals sent. One run at a time. Logged.',
    errors: [502],
    args: z.object({}),
    result: negativationRunResultSchema,
  }),
  'negativation.get': defineOperation({
    method: 'GET',
    path: '/api/negativation/:id',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: 'One record with its events (the record’s life, append-only).',
    errors: [404],
    args: z.object({ id: idSchema }),
    result: negativationRowSchema.extend({ events: z.array(negativationEventSchema) }),
  }),
} as const;
