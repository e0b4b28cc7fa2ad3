/**
 * Cession (cessão de recebíveis): installments sold to an assignee (a
 * receivables fund, through one of the company's assignee accounts) at a
 * price, and the reversal of a cession or part of it.
 *
 * Design choices:
 * - Assignable: an installment of a disbursed operation, of the current
 *   schedule, not settled, with no stored status (not renegotiated, written
 *   off, assigned or repurchased), not in a cession awaiting its second
 *   person, and not more days late than the company's cession_max_days_overdue.
 *   Its face value is what is still to be received of its principal and
 *   interest (late charges are not sold); its carrying amount the open
 *   principal the ledger holds.
 * - Price (domain/servicing/cession.ts): the face value at a monthly discount
 *   rate, compound, over calendar days / 30 from the cession date to the due
 *   date, each installment rounded to the cent; or a stated price shared in
 *   proportion to face value in whole cents. The quote call answers the lines
 *   the screen shows before confirming; assigning prices again under the
 *   operations' locks, so what is recorded is what the rows say then.
 * - One cession record per call (per operation, or across operations with the
 *   batch call POST /creditOperation/installment-assignments: the same body,
 *   installments of any of the company's disbursed operations, up to 500, one
 *   transaction, the operations locked in id order). Its number comes from a
 *   sequence of its own. Cessions, their items and reversals are never
 *   changed or deleted.
 * - Ledger, per operation, dated the cession date: the open principal leaves
 *   loans receivable, the price is due from the assignee, the difference is a
 *   gain or a loss on the sale. A payment of an assigned installment is still
 *   taken by the lender (it keeps collecting) and all of it is owed to the
 *   assignee (due to assignee); a payment dated before the cession date on an
 *   assigned installment is refused (409 on paid_on), and a payment made
 *   before the cession is reversed only after the cession is (409).
 * - Four eyes: a cession priced above the company's cession_approval_above
 *   (counted with the cessions the same person asked for on each operation
 *   within the company's window, LIMITED_MOVES in approvals.ts) waits for
 *   another person of AllOperators (…/cession/:cession/approval); above
 *   second_approval_above an administrator confirms too; meanwhile its
 *   installments are held (not assignable). The same limits hold for a
 *   reversal, on the price of what it reverses.
 * - Reverse cession (DELETE …/installments/reverse-cession with the
 *   installments and a reason): by agreement with the assignee, whenever the
 *   installment is still assigned and something of it is open (collected in
 *   full: 409 naming the installment). What was collected while assigned
 *   stays owed to the assignee (passed through); the open principal comes
 *   back, and the assignee is released from the price share of the open face
 *   value (domain/servicing/cession.ts, returnedPart: Código Civil arts.
 *   286–298 and 472, the cession agreement); the reversal answers those
 *   figures (price, carrying). Contra entries of them dated the business
 *   date; the installment goes back to what its payments say. Only within the company's cession_reversal_max_days after
 *   the cession date, counted to the business date of the request (0: that
 *   day only); past it, 409 on `date` naming the cession, and the way back
 *   is a repurchase. A reversal waiting for its second person when the
 *   window closes may still be approved: the window is the request's.
 * - Refusals: an installment already assigned, paid, out of collection, of
 *   another operation or company, or held by a pending cession: 409 naming
 *   it (field `installments`); a rate above 100% a month or a price above the
 *   face value: 400 on monthly_rate / price; a cession date after today or
 *   before an operation's disbursement: 400 on `date`. Every write carries an
 *   idempotency key.
 * - Who: every panel role reads; AllOperators quote, assign, reverse and decide.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { INSTALLMENT_STATUSES } from '../installment-status';
import { CESSION_PRICINGS } from '../enums';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, optionalText, timestampSchema, trimmedTextSchema } from './common';
import { calendarDaySchema, moneyInputSchema, moneySchema, monthlyRateInputSchema, percentSchema, positiveMoneyInputSchema } from './money';
import { borrowerNamedSchema, installmentRefSchema } from './fields';

/** At most this many installments in one cession or reversal (one transaction). */
export const MAX_CESSION_INSTALLMENTS = 500;
/** At most this many assignable installments in one answer (narrow with the filters). */
export const ASSIGNABLE_LIST_CAP = 1000;

export const CESSION_STATUSES = ['effective', 'pending', 'refused'] as const;
export type CessionStatus = (typeof CESSION_STATUSES)[number];

export const assignableInstallmentSchema = installmentRefSchema.extend({
  credit_operation_id: z.number().int(),
  status: z.enum(INSTALLMENT_STATUSES),
  days_late: z.number().int(),
  /** the scheduled value (principal + interest) */
  value: moneySchema,
  /** what is still to be received of principal and interest: what is sold */
  face_value: moneySchema,
  /** the open principal the ledger carries */
  open_principal: moneySchema,
  ...borrowerNamedSchema.shape,
  product: z.string(),
});
export type AssignableInstallment = z.infer<typeof assignableInstallmentSchema>;

export const assignableListSchema = z.object({
  as_of: z.string(),
  /** the company's cession_max_days_overdue in force */
  max_days_overdue: z.number().int(),
  installments: z.array(assignableInstallmentSchema),
  /** more matched than ASSIGNABLE_LIST_CAP: narrow the filters */
  truncated: z.boolean(),
  face_value: moneySchema,
});
export type AssignableList = z.infer<typeof assignableListSchema>;

export const pricedInstallmentSchema = installmentRefSchema.extend({
  credit_operation_id: z.number().int(),
  /** calendar days from the cession date to the due date (0 when due on or before it) */
  days: z.number().int(),
  face_value: moneySchema,
  price: moneySchema,
  discount: moneySchema,
  carrying: moneySchema,
  /** price − carrying: a gain when positive, a loss when negative */
  result: moneySchema,
});

export const cessionQuoteSchema = z.object({
  date: z.string(),
  installments: z.array(pricedInstallmentSchema),
  face_value: moneySchema,
  price: moneySchema,
  discount: moneySchema,
  carrying: moneySchema,
  result: moneySchema,
  /** above the company's cession_approval_above, counted with the cessions the person reading asked for on each operation within the company's window (LIMITED_MOVES): the cession will wait for a second person */
  needs_approval: z.boolean(),
  approval_above: moneySchema,
});
export type CessionQuote = z.infer<typeof cessionQuoteSchema>;

export const cessionSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: z.enum(CESSION_STATUSES),
  assignment_account_id: z.number().int(),
  assignee_name: z.string(),
  assignee_cnpj: z.string(),
  cession_date: z.string(),
  pricing: z.enum(CESSION_PRICINGS),
  monthly_rate: percentSchema.nullable(),
  stated_price: moneySchema.nullable(),
  face_value: moneySchema,
  price: moneySchema,
  carrying: moneySchema,
  result: moneySchema,
  installment_count: z.number().int(),
  approval_request_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
  installments: z.array(pricedInstallmentSchema.extend({ reversed: z.boolean() })),
});
export type Cession = z.infer<typeof cessionSchema>;

export const reversibleInstallmentSchema = installmentRefSchema.extend({
  status: z.enum(INSTALLMENT_STATUSES),
  cession_id: z.number().int(),
  cession_number: z.number().int(),
  cession_date: z.string(),
  assignee_name: z.string(),
  face_value: moneySchema,
  price: moneySchema,
  carrying: moneySchema,
  /** null when it may be reversed now; else why not */
  blocked: z.string().nullable(),
  /** a reversal of it awaiting the second person */
  pending_reversal_id: z.number().int().nullable(),
});

export const reversibleListSchema = z.object({
  credit_operation_id: z.number().int(),
  as_of: z.string(),
  installments: z.array(reversibleInstallmentSchema),
});
export type ReversibleList = z.infer<typeof reversibleListSchema>;

export const cessionReversalSchema = z.object({
  id: z.number().int(),
  credit_operation_id: z.number().int(),
  status: z.enum(CESSION_STATUSES),
  reversed_on: z.string(),
  reason: z.string(),
  price: moneySchema,
  carrying: moneySchema,
  installment_count: z.number().int(),
  installment_ids: z.array(z.number().int()),
  approval_request_id: z.number().int().nullable(),
  created_at: timestampSchema,
});
export type CessionReversal = z.infer<typeof cessionReversalSchema>;

export const operationCessionsSchema = z.object({
  credit_operation_id: z.number().int(),
  /** the cessions holding installments of this operation, newest first (installments of other operations left out of each) */
  cessions: z.array(cessionSchema),
  /** its reversals, newest first */
  reversals: z.array(cessionReversalSchema),
});
export type OperationCessions = z.infer<typeof operationCessionsSchema>;

/** Installment ids as every id is taken (idSchema: 1..2^31-1, the integer columns), so none past the range reaches the database. */
const installmentIds = z
  .array(idSchema, { error: 'escolha as parcelas' })
  .min(1, 'escolha ao menos uma parcela')
  .max(MAX_CESSION_INSTALLMENTS, `no máximo ${MAX_CESSION_INSTALLMENTS} parcelas por vez`)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'a mesma parcela aparece duas vezes' });

/** How it is priced: exactly one of a monthly discount rate or a stated price. */
const pricingFields = {
  date: calendarDaySchema,
  monthly_rate: monthlyRateInputSchema.optional(),
  price: positiveMoneyInputSchema.optional(),
};
const onePricing = <T extends { monthly_rate?: string; price?: string }>(v: T) => (v.monthly_rate === undefined) !== (v.price === undefined);
const onePricingMessage = { message: 'informe a taxa de desconto mensal ou o preço (um dos dois)', path: ['monthly_rate'] };

const assignFields = {
  idempotency_key: idempotencyKeySchema,
  assignment_account_id: idSchema,
  installments: installmentIds,
  ...pricingFields,
};

const decision = {
  idempotency_key: idempotencyKeySchema,
  approve: z.boolean({ error: 'informe se aprova' }),
  /** required when refusing */
  reason: optionalText(1000),
};

export const assignableFilterSchema = z.object({
  product: optionalText(60),
  /** borrower's name or document contains */
  borrower: optionalText(120),
  due_from: calendarDaySchema.optional(),
  due_to: calendarDaySchema.optional(),
  value_min: moneyInputSchema.optional(),
  value_max: moneyInputSchema.optional(),
});
export type AssignableFilter = z.input<typeof assignableFilterSchema>;

export const cessionOperations = {
  'cession.assignable': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/assignable-installments',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description:
      "The operation's installments that may be assigned on the business date (open or partially paid, not overdue beyond the company's cession_max_days_overdue, not assigned or held by a pending cession), each with its face value and open principal; filters as the across-operations list.",
    args: assignableFilterSchema.extend({ id: idSchema }),
    result: assignableListSchema,
  }),
  'cession.assignableAcross': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/installments/cession',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description:
      'Assignable installments across every disbursed operation on the business date, earliest due first, up to ASSIGNABLE_LIST_CAP (truncated says more matched): filters product, borrower (name or document contains), due_from/due_to, value_min/value_max (the scheduled value).',
    errors: [404],
    args: assignableFilterSchema,
    result: assignableListSchema,
  }),
  'cession.quote': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installment-assignments/quote',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      'What the chosen assignable installments sell for on `date`, at monthly_rate (present value) or a stated price (shared by face value): per installment and in total, with the gain or loss against the open principal, and whether the cession will need a second person. Writes nothing; the same refusals as assigning.',
    errors: [404, 409],
    args: z
      .object({ installments: installmentIds, ...pricingFields })
      .refine(onePricing, onePricingMessage),
    result: cessionQuoteSchema,
  }),
  'cession.assign': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/installment-assignments',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      "Assigns installments of this operation to one of the company's assignee accounts on `date`, at monthly_rate or a stated price: the cession record, the installments marked assigned, the ledger (receivable out, price due from the assignee, gain or loss), the log. Above cession_approval_above it waits for a second person (status pending). 409 naming an installment already assigned, paid, of another operation or held; 400 naming date, monthly_rate or price. Idempotent by key.",
    args: z.object({ id: idSchema, ...assignFields }).refine(onePricing, onePricingMessage),
    result: cessionSchema,
  }),
  'cession.assignBatch': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installment-assignments',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "The cession across operations: the same as …/:id/installment-assignments for installments of any of the company's disbursed operations (up to 500), one record and one transaction, the operations locked in id order.",
    errors: [404],
    args: z.object(assignFields).refine(onePricing, onePricingMessage),
    result: cessionSchema,
  }),
  'cession.get': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/installments/cession/:cession',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: 'One cession record: its number, assignee, date, pricing, totals, status (effective, pending its second person, refused) and each installment with its price and whether it was reversed.',
    args: z.object({ cession: idSchema }),
    result: cessionSchema,
  }),
  'cession.ofOperation': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/cessions',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "The cessions and cession reversals of this operation's installments, newest first, with their status (effective, pending its second person, refused): where a pending one is decided.",
    args: z.object({ id: idSchema }),
    result: operationCessionsSchema,
  }),
  'cession.decide': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installments/cession/:cession/approval',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "The second person on a cession waiting for approval: approve posts it (each installment checked again: one paid or changed since is a 409, refuse it); refuse (with a reason) frees its installments; the person who asked may withdraw it the same way. 403 four-eyes for the asker's approval. Idempotent by key.",
    args: z.object({ cession: idSchema, ...decision }),
    result: cessionSchema,
  }),
  'cession.reversible': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installments/reverse-cession',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description:
      "The operation's assigned installments with their cession (number, date, assignee, price), whether each may be reversed now (blocked says why not: collected in full, or past the company's reversal window) and a reversal awaiting its second person.",
    args: z.object({ id: idSchema }),
    result: reversibleListSchema,
  }),
  'cession.reverse': defineOperation({
    method: 'DELETE',
    path: '/api/creditOperation/:id/installments/reverse-cession',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      'Reverses the cession of some assigned installments of the operation, with a reason: contra entries dated the business date (the open principal back in the receivable, the price share of the open face value off what the assignee owes, the gain or loss of that part undone; what was collected stays owed to the assignee), the installments back to what their payments say; above cession_approval_above it waits for a second person. 409 naming an installment not assigned, collected in full, or already in a pending reversal. Idempotent by key.',
    args: z.object({
      id: idSchema,
      idempotency_key: idempotencyKeySchema,
      installments: installmentIds,
      reason: trimmedTextSchema(1000).min(5, 'informe o motivo (ao menos 5 caracteres)'),
    }),
    result: cessionReversalSchema,
  }),
  'cession.decideReversal': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installments/reverse-cession/:reversal/approval',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: "The second person on a cession's reversal waiting for approval: approve posts it (a payment since the request moved what returns: 409, refuse it); refuse (with a reason) leaves the installments assigned. 403 four-eyes for the asker's approval. Idempotent by key.",
    args: z.object({ reversal: idSchema, ...decision }),
    result: cessionReversalSchema,
  }),
} as const;
