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
 *   account's repurchase_after_days (cause 'overdue'): the list answers those
 *   by default (include=all: every assigned installment still open, each
 *   saying whether it is required). Nothing in the system cancels an
 *   operation after disbursement nor flags fraud yet, so any other buy-back
 *   is asked for under the agreement (cause 'agreement') with a reason.
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
import { AllOperators, AllPanelUsers } from '../roles';
import { INSTALLMENT_STATUSES } from '../installment-status';
import { REPURCHASE_CAUSES, REPURCHASE_RULES } from '../servicing';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, optionalText, timestampSchema, trimmedTextSchema } from './common';
import { moneySchema } from './money';

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

export const repurchasableInstallmentSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  due_date: z.string(),
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
  /** the amount is above cession_approval_above: the repurchase will wait for a second person */
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
  credit_operation_id: z.number().int(),
  installment_id: z.number().int(),
  installment_number: z.number().int(),
  due_date: z.string(),
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
} as const;
