/**
 * Repurchase (recompra): an assigned installment bought back from the
 * assignee, and the undoing of a repurchase.
 *
 * Design choices:
 * - The amount due to the assignee follows one rule per assignee account
 *   (its agreement, assignment_bank_accounts.repurchase_rule): what the
 *   borrower owes on the day, charges included ('face_plus_charges', the
 *   default), or the open face value discounted at the cession's own rate to
 *   the due date ('present_value'). The rule and its rounding are in
 *   src/server/domain/servicing/repurchase.ts.
 * - Repurchasable: an installment that an assignee holds (its cession in
 *   force, not reversed, not repurchased), with something still open. The
 *   agreement makes the lender buy it back when it is more days late than the
 *   account's repurchase_after_days (cause 'overdue'), and every one of an
 *   operation marked for fraud or for its contract cancelled or rescinded
 *   (causes 'fraud', 'contract_cancelled'), however late: the list answers
 *   those by default (include=all: every assigned installment still open,
 *   each saying whether it is required and why). Any other buy-back is asked
 *   for under the agreement (cause 'agreement') with a reason.
 * - Marks (…/repurchase-causes): a person of AllAdmins sets a cause on a
 *   disbursed operation with a reason (at least five characters) and clears
 *   it with another; each is a row of its own, never changed, and the mark
 *   in force is the latest row of its cause (the rows are the history).
 *   Setting a cause in force, or clearing one that is not, is a 409 naming
 *   `cause`; an operation not disbursed (nothing was lent, nothing could be
 *   assigned) is a 409 naming `id`. When a mark is in force and the days
 *   late also pass the limit, the mark is the cause the list gives (fraud
 *   before contract_cancelled before overdue). A repurchase waiting for its
 *   second person because of a mark is refused on approval (409) once the
 *   mark was cleared since.
 * - Repurchasing (POST …/installment/:installment/repurchase) on the business
 *   date, under the operation's lock: the record with the figures the screen
 *   showed, the installment moved to repurchased (the lender's again, payable
 *   like an open one), ledger entries (the open principal back to loans
 *   receivable, the amount due to the assignee, the loss or gain), the log.
 *   Above the company's cession_approval_above it waits for another person.
 * - Undoing it (DELETE …/installment/:installment/repurchase, with a reason):
 *   the contra entries dated the business date, the installment back to
 *   assigned; refused (409) once a payment or a reversal was recorded on the
 *   installment since the repurchase. Same four-eyes limit. Nothing is ever
 *   deleted.
 * - Refusals: an installment not assigned, already repurchased (or waiting
 *   for its second person), or with nothing open (paid): 409 naming it;
 *   a missing reason where one is required: 400 on `reason`. Every write
 *   carries an idempotency key.
 * - Who: every panel role reads; AllOperators repurchase, undo and decide.
 */
import { z } from 'zod';
import { AllAdmins, AllOperators, AllPanelUsers } from '../roles';
import { INSTALLMENT_STATUSES } from '../installment-status';
import { REPURCHASE_CAUSES, REPURCHASE_MARK_ACTIONS, REPURCHASE_MARK_CAUSES, REPURCHASE_RULES } from '../servicing';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, optionalText, timestampSchema, trimmedTextSchema } from './common';
import { moneySchema } from './money';
import { installmentLinkSchema, installmentRefSchema } from './fields';

/** effective: in force; pending / refused: its four-eyes request; reversed: undone; reversal_pending: an undoing waits for its second person. */
export const REPURCHASE_STATUSES = ['effective', 'pending', 'refused', 'reversed', 'reversal_pending'] as const;
export type RepurchaseStatus = (typeof REPURCHASE_STATUSES)[number];

/** What the installment would cost to buy back today, by its account's rule. */
const amountFields = {
  rule: z.enum(REPURCHASE_RULES),
  /** principal and interest still open */
  face_value: moneySchema,
  /** late charges the amount includes (zero under present_value) */
  charges: moneySchema,
  /** face value − its discounted value (zero under face_plus_charges) */
  discount: moneySchema,
  /** what the lender pays the assignee */
  amount: moneySchema,
  /** the open principal that comes back to loans receivable */
  carrying: moneySchema,
  /** carrying − amount: a gain when positive, a loss when negative */
  result: moneySchema,
};

export const repurchasableInstallmentSchema = installmentRefSchema.extend({
  status: z.enum(INSTALLMENT_STATUSES),
  days_late: z.number().int(),
  cession_id: z.number().int(),
  cession_number: z.number().int(),
  cession_date: z.string(),
  assignment_account_id: z.number().int(),
  assignee_name: z.string(),
  /** the account's days-late limit */
  after_days: z.number().int(),
  /** the agreement makes the lender buy it back now */
  required: z.boolean(),
  cause: z.enum(REPURCHASE_CAUSES),
  ...amountFields,
  /** null when it may be repurchased now; else why not */
  blocked: z.string().nullable(),
  pending_repurchase_id: z.number().int().nullable(),
  /** the amount is above cession_approval_above, counted with the repurchases the person reading asked for on the operation within the company's window (LIMITED_MOVES): the repurchase will wait for a second person */
  needs_approval: z.boolean(),
});
export type RepurchasableInstallment = z.infer<typeof repurchasableInstallmentSchema>;

export const repurchasableListSchema = z.object({
  credit_operation_id: z.number().int(),
  as_of: z.string(),
  installments: z.array(repurchasableInstallmentSchema),
  amount: moneySchema,
});
export type RepurchasableList = z.infer<typeof repurchasableListSchema>;

export const repurchaseSchema = z.object({
  id: z.number().int(),
  ...installmentLinkSchema.shape,
  status: z.enum(REPURCHASE_STATUSES),
  cession_id: z.number().int(),
  cession_number: z.number().int(),
  assignee_name: z.string(),
  repurchased_on: z.string(),
  cause: z.enum(REPURCHASE_CAUSES),
  reason: z.string().nullable(),
  days_late: z.number().int(),
  ...amountFields,
  approval_request_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
  /** its undoing, when asked for */
  reversal: z
    .object({
      id: z.number().int(),
      reversed_on: z.string(),
      reason: z.string(),
      status: z.enum(['effective', 'pending', 'refused']),
      approval_request_id: z.number().int().nullable(),
    })
    .nullable(),
});
export type Repurchase = z.infer<typeof repurchaseSchema>;

export const repurchaseListSchema = z.object({
  credit_operation_id: z.number().int(),
  /** newest first */
  repurchases: z.array(repurchaseSchema),
});
export type RepurchaseList = z.infer<typeof repurchaseListSchema>;

/** One row of an operation's repurchase marks: a cause set or cleared, on a business date, with its reason. */
export const repurchaseCauseMarkSchema = z.object({
  id: z.number().int(),
  cause: z.enum(REPURCHASE_MARK_CAUSES),
  action: z.enum(REPURCHASE_MARK_ACTIONS),
  marked_on: z.string(),
  reason: z.string(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type RepurchaseCauseMark = z.infer<typeof repurchaseCauseMarkSchema>;

export const repurchaseCausesSchema = z.object({
  credit_operation_id: z.number().int(),
  /** the operation was disbursed: a cause may be set on it */
  markable: z.boolean(),
  /** the causes in force, each with the row that set it */
  in_force: z.array(repurchaseCauseMarkSchema),
  /** every row, newest first */
  history: z.array(repurchaseCauseMarkSchema),
});
export type RepurchaseCauses = z.infer<typeof repurchaseCausesSchema>;

const markReason = trimmedTextSchema(1000).min(5, 'informe o motivo (ao menos 5 caracteres)');
const markCause = z.enum(REPURCHASE_MARK_CAUSES, { error: 'cause: fraud ou contract_cancelled' });

const decision = {
  idempotency_key: idempotencyKeySchema,
  approve: z.boolean({ error: 'informe se aprova' }),
  /** required when refusing */
  reason: optionalText(1000),
};

const installmentArgs = { id: idSchema, installment: idSchema };

export const repurchaseOperations = {
  'repurchase.repurchasable': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installments/repurchasable',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description:
      "The operation's assigned installments the agreement makes the lender buy back on the business date (more days late than the assignee account's repurchase_after_days), each with the amount due to the assignee by the account's rule; include=all lists every assigned installment still open, each saying whether it is required.",
    errors: [409],
    args: z.object({ id: idSchema, include: z.enum(['required', 'all'], { error: 'include: required ou all' }).optional() }),
    result: repurchasableListSchema,
  }),
  'repurchase.list': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installment/repurchase',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: "The operation's repurchases, newest first, with their figures, status (effective, pending or refused by the second person, reversed, reversal pending) and undoing.",
    args: z.object({ id: idSchema }),
    result: repurchaseListSchema,
  }),
  'repurchase.count': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installment/repurchase/count',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description: "How many of the operation's installments stand repurchased (in force, not undone), and how many repurchase records it has in all.",
    args: z.object({ id: idSchema }),
    result: z.object({ count: z.number().int(), total: z.number().int() }),
  }),
  'repurchase.get': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installment/:installment/repurchase',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: "The installment's latest repurchase with its figures, status and undoing (404 when it was never repurchased).",
    args: z.object(installmentArgs),
    result: repurchaseSchema,
  }),
  'repurchase.create': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/installment/:installment/repurchase',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      'Buys the assigned installment back on the business date for the amount its assignee account\'s rule gives: the record, the installment repurchased, the ledger (open principal back to loans receivable, the amount due to the assignee, the loss or gain), the log. A reason is required unless the agreement requires it (days late). Above cession_approval_above it waits for a second person. 409 naming an installment not assigned, already repurchased or paid. Idempotent by key.',
    args: z.object({ ...installmentArgs, idempotency_key: idempotencyKeySchema, reason: optionalText(1000) }),
    result: repurchaseSchema,
  }),
  'repurchase.reverse': defineOperation({
    method: 'DELETE',
    path: '/api/creditOperation/:id/installment/:installment/repurchase',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      'Undoes the standing repurchase of the installment, with a reason: contra entries dated the business date, the installment back to assigned. 409 when it is not repurchased, a payment was recorded since, or an undoing already waits. Above cession_approval_above it waits for a second person. Idempotent by key.',
    args: z.object({
      ...installmentArgs,
      idempotency_key: idempotencyKeySchema,
      reason: trimmedTextSchema(1000).min(5, 'informe o motivo (ao menos 5 caracteres)'),
    }),
    result: repurchaseSchema,
  }),
  'repurchase.decide': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installment/repurchase/:repurchase/approval',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "The second person on a repurchase waiting for approval: approve posts it (the installment checked again: one paid or moved since is a 409, refuse it); refuse (with a reason) leaves it assigned. 403 four-eyes for the asker's approval. Idempotent by key.",
    args: z.object({ repurchase: idSchema, ...decision }),
    result: repurchaseSchema,
  }),
  'repurchase.decideReversal': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installment/repurchase-reversal/:reversal/approval',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: "The second person on a repurchase's undoing waiting for approval: approve posts the contra entries; refuse (with a reason) leaves it repurchased. 403 four-eyes for the asker's approval. Idempotent by key.",
    args: z.object({ reversal: idSchema, ...decision }),
    result: repurchaseSchema,
  }),
  'repurchase.causes': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/repurchase-causes',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "The operation's repurchase marks: the causes in force (fraud, contract cancelled or rescinded), each with the row that set it, and every set and clear, newest first. While a cause is in force every installment of the operation an assignee holds is repurchasable, however late.",
    args: z.object({ id: idSchema }),
    result: repurchaseCausesSchema,
  }),
  'repurchase.setCause': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/repurchase-causes',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      "Marks a disbursed operation for fraud or for its contract cancelled or rescinded (the borrower's right of withdrawal, a court decision), with a reason of at least five characters, on the business date: a row of its own, logged. From then on the agreement makes the lender buy back every installment of it an assignee holds. 409 naming id for an operation not disbursed, naming cause when that cause is already in force. Idempotent by key.",
    args: z.object({ id: idSchema, idempotency_key: idempotencyKeySchema, cause: markCause, reason: markReason }),
    result: repurchaseCausesSchema,
  }),
  'repurchase.clearCause': defineOperation({
    method: 'DELETE',
    path: '/api/creditOperation/:id/repurchase-causes/:cause',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      'Clears a cause in force on the operation, with a reason of at least five characters: a row of its own (the row that set it stays), logged. Repurchases already made stay; the installments still assigned are repurchasable again only by days late. 409 naming cause when it is not in force. Idempotent by key.',
    args: z.object({ id: idSchema, cause: markCause, idempotency_key: idempotencyKeySchema, reason: markReason }),
    result: repurchaseCausesSchema,
  }),
} as const;
