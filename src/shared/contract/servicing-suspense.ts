/**
 * Valores a identificar (suspense): money the bank credited that no
 * installment took, listed with who paid, when, how much and why, and what a
 * person does with it — apply it to an installment of the same borrower, or
 * refund it to the borrower's bank account (four eyes above the company's
 * reversal_approval_above). The server's area is areas/suspense (its README
 * has the rules).
 *
 * Design choices:
 * - An item is never edited: applying or refunding is a move of its own; what
 *   is left open is the amount less its moves, and the state (open, applied,
 *   refunded) follows from them. The list's open total equals the ledger's
 *   suspense account (2.1.03) on the business date.
 * - Who: AllOperators — those who move and reconcile the money — list, apply
 *   and refund; another person of AllOperators confirms a refund above the
 *   limit (approval kind suspense.refund).
 */
import { z } from 'zod';
import { AllOperators } from '../roles';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, listArgs, optionalText, paged, timestampSchema } from './common';
import { moneySchema, positiveMoneyInputSchema } from './money';
import { SUSPENSE_MOVE_KINDS, SUSPENSE_REASONS, SUSPENSE_SOURCES, SUSPENSE_STATES } from '../suspense';

export { SUSPENSE_MOVE_KINDS, SUSPENSE_REASONS, SUSPENSE_SOURCES, SUSPENSE_STATES };
export type { SuspenseMoveKind, SuspenseReason, SuspenseSource, SuspenseState } from '../suspense';

export const SUSPENSE_FILTERS = ['state', 'borrower_id'] as const;
export const SUSPENSE_SORTS = ['received_on', 'amount'] as const;

export const suspenseMoveSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SUSPENSE_MOVE_KINDS),
  amount: moneySchema,
  moved_on: z.string(),
  installment_id: z.number().int().nullable(),
  /** the installment's number in its operation's schedule (what people call it), with installment_id */
  installment_number: z.number().int().nullable(),
  transaction_id: z.number().int().nullable(),
  borrower_bank_account_id: z.number().int().nullable(),
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** an application whose payment was later reversed: its money went back to the item, which counts it no more */
  reversed: z.boolean(),
  created_at: timestampSchema,
});

export const suspenseItemSchema = z.object({
  id: z.number().int(),
  amount: moneySchema,
  /** what is still to apply or refund */
  open_amount: moneySchema,
  state: z.enum(SUSPENSE_STATES),
  received_on: z.string(),
  payer_name: z.string().nullable(),
  payer_document: z.string().nullable(),
  source: z.enum(SUSPENSE_SOURCES),
  return_file_id: z.number().int().nullable(),
  return_line: z.number().int().nullable(),
  source_reference: z.string().nullable(),
  reason: z.enum(SUSPENSE_REASONS),
  borrower_id: z.number().int().nullable(),
  borrower_name: z.string().nullable(),
  credit_operation_id: z.number().int().nullable(),
  installment_id: z.number().int().nullable(),
  /** a refund waiting for a second person (its approval request), or null */
  pending_refund_id: z.number().int().nullable(),
  /** the person reading asked for that refund, so another person must decide it (four eyes) */
  pending_refund_asked_by_me: z.boolean(),
  moves: z.array(suspenseMoveSchema),
  created_at: timestampSchema,
});
export type SuspenseItem = z.infer<typeof suspenseItemSchema>;

const itemArgs = { item: idSchema };

export const suspenseOperations = {
  'suspense.list': defineOperation({
    method: 'GET',
    path: '/api/suspense',
    access: AllOperators,
    encoding: 'list',
    origin: 'designed',
    description:
      'Money the bank credited that no installment took (valores a identificar), newest first: amount, what is still open, who paid, when, the source line and why it was not applied, the borrower when known. Filters: state (open — the default —, applied, refunded, all), borrower_id. open_total is the open amount of every item matching the filters (all open items: the ledger\'s suspense account).',
    list: { filters: SUSPENSE_FILTERS, sorts: SUSPENSE_SORTS },
    args: listArgs,
    result: paged(suspenseItemSchema).extend({ open_total: moneySchema, as_of: z.string() }),
  }),
  'suspense.get': defineOperation({
    method: 'GET',
    path: '/api/suspense/:item',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: 'One suspense item with its moves (an application whose payment was reversed is kept and marked reversed).',
    errors: [404],
    args: z.object(itemArgs),
    result: suspenseItemSchema,
  }),
  'suspense.apply': defineOperation({
    method: 'POST',
    path: '/api/suspense/:item/apply',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Applies the item (or part of it: amount, default all that is open) to an installment of the same borrower as a payment dated the day it was received, through the payment path (the installment's allocation, its posting), and posts suspense → bank. 409 naming installment_id for another borrower's installment, amount above what is open or above what the installment owes. Idempotent by key.",
    errors: [404, 409],
    args: z.object({ ...itemArgs, idempotency_key: idempotencyKeySchema, installment_id: idSchema, amount: positiveMoneyInputSchema.optional() }),
    result: suspenseItemSchema,
  }),
  'suspense.applyAgreement': defineOperation({
    method: 'POST',
    path: '/api/suspense/:item/apply-agreement',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Applies the item (or part of it) to an agreement's installment (renegotiation; 0 the down payment) of the same borrower, as the agreement's payment dated the day the money was received (its allocation and entries), and posts suspense → bank. 404 unknown agreement installment; 409 naming agreement_installment_id for another borrower's agreement, the installment already paid (installment_id), amount above what is open or above what the installment owes. Idempotent by key.",
    errors: [404, 409],
    args: z.object({ ...itemArgs, idempotency_key: idempotencyKeySchema, agreement_installment_id: idSchema, amount: positiveMoneyInputSchema.optional() }),
    result: suspenseItemSchema,
  }),
  'suspense.refund': defineOperation({
    method: 'POST',
    path: '/api/suspense/:item/refund',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Records the refund of what is open of the item to one of its borrower's bank accounts (suspense → bank). Above the company's reversal_approval_above (counted with the person's refunds on the operation in the window) it waits for another person (approval kind suspense.refund). 409 on an item with no borrower known, a bank account of another borrower, nothing open, or a refund already waiting. Idempotent by key.",
    errors: [404, 409],
    args: z.object({ ...itemArgs, idempotency_key: idempotencyKeySchema, borrower_bank_account_id: idSchema, note: optionalText(1000) }),
    result: suspenseItemSchema,
  }),
  'suspense.decideRefund': defineOperation({
    method: 'POST',
    path: '/api/suspense/:item/refund/approval',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: "The second person on a refund waiting for approval: approve records it; refuse (with a reason) leaves the item open. 403 four-eyes for the asker's own request. Idempotent by key.",
    errors: [404, 409],
    args: z.object({ ...itemArgs, idempotency_key: idempotencyKeySchema, approve: z.boolean({ error: 'informe se aprova' }), reason: optionalText(1000) }),
    result: suspenseItemSchema,
  }),
} as const;
