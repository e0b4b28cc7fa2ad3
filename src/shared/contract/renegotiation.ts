/**
 * Renegotiation agreements (server: areas/renegotiation, its README has the
 * rules and their sources).
 *
 * Design choices:
 * - A borrower's open installments (of every released operation, or of one)
 *   are listed with what is owed on the business date: principal, interest,
 *   late charges (multa + juros de mora). An installment not yet due owes its
 *   principal only: the new schedule charges its own interest.
 * - simulate writes nothing; agree repeats the simulation's arguments and the
 *   figures the screen showed (`expected`): when today's figures differ, 409
 *   naming `expected` (simulate again).
 * - Discounts are percentages of the late charges and of the interest, each
 *   at most the caller's role limit (a company parameter per role, 409 naming
 *   the field). Above the role's amount limit (`alone_up_to`, of the
 *   discount), the agreement waits for another person (four eyes,
 *   `renegotiation.decide`), who decides on the same business date.
 * - Who: every panel role lists, simulates and proposes (agents work the
 *   collections; their limits are the smallest); operators and admins decide
 *   another's agreement. Usuário gets 403.
 */
import { z } from 'zod';
import { AllAdmins, AllOperators, AllPanelUsers } from '../roles';
import { AMORTIZATION_SYSTEMS } from '../enums';
import { AGREEMENT_INSTALLMENT_STATUSES, RENEGOTIATION_STATUSES } from '../renegotiation';
import { defineOperation } from './define';
import { dayAnswerSchema } from './fields';
import { approvalRequestSchema } from './approvals';
import { idSchema, idempotencyKeySchema, optionalText, timestampSchema } from './common';
import { calendarDaySchema, moneyInputSchema, moneySchema, percentInputSchema, percentSchema, positiveMoneyInputSchema } from './money';

export { AGREEMENT_INSTALLMENT_STATUSES, RENEGOTIATION_OUTCOMES, RENEGOTIATION_STATUSES, type AgreementInstallmentStatus, type RenegotiationStatus } from '../renegotiation';

const idListSchema = z
  .array(idSchema, { error: 'parcelas inválidas: informe a lista de ids das parcelas' })
  .min(1, { message: 'escolha ao menos uma parcela' })
  .max(500, { message: 'no máximo 500 parcelas por acordo' });

export const renegotiationConditionsSchema = z.object({
  borrower_id: idSchema,
  installment_ids: idListSchema,
  late_charges_discount_percent: percentInputSchema.refine((v) => Number(v) <= 100, { message: 'no máximo 100%' }),
  interest_discount_percent: percentInputSchema.refine((v) => Number(v) <= 100, { message: 'no máximo 100%' }),
  down_payment: moneyInputSchema,
  amortization: z.enum(AMORTIZATION_SYSTEMS, { error: 'sistema de amortização inválido: use price ou sac' }),
  monthly_rate: percentInputSchema.refine((v) => Number(v) <= 15, { message: 'no máximo 15% ao mês' }),
  term: z.number({ error: 'prazo inválido: informe o número de parcelas' }).int({ message: 'prazo inválido: um número inteiro de parcelas' }).min(1, { message: 'no mínimo 1 parcela' }).max(360, { message: 'no máximo 360 parcelas' }),
  first_due_date: calendarDaySchema,
  finance_iof: z.boolean({ error: 'informe se o IOF é financiado (true ou false)' }),
  /** the down payment's due date (installment 0): from the agreement's date (the default, also when null) to before the first due date */
  down_payment_due_date: calendarDaySchema.nullish(),
});
export type RenegotiationConditions = z.infer<typeof renegotiationConditionsSchema>;

/** The figures the screen shows and agree repeats. */
export const renegotiationFiguresSchema = z.object({
  renegotiated_balance: moneySchema,
  discount: moneySchema,
  principal: moneySchema,
  iof_total: moneySchema,
  total_payable: moneySchema,
});
const expectedSchema = z.object({
  renegotiated_balance: moneyInputSchema,
  discount: moneyInputSchema,
  principal: moneyInputSchema,
  iof_total: moneyInputSchema,
  total_payable: moneyInputSchema,
});

export const renegotiableInstallmentSchema = z.object({
  installment_id: z.number().int(),
  credit_operation_id: z.number().int(),
  number: z.number().int(),
  due_date: dayAnswerSchema,
  overdue: z.boolean(),
  days_late: z.number().int(),
  principal: moneySchema,
  interest: moneySchema,
  late_charges: moneySchema,
  total: moneySchema,
});

export const renegotiationRowSchema = z.object({
  number: z.number().int(),
  due_date: dayAnswerSchema,
  payment: moneySchema,
  interest: moneySchema,
  amortization: moneySchema,
  balance: moneySchema,
});

export const renegotiationSimulationSchema = renegotiationFiguresSchema.extend({
  open_principal: moneySchema,
  open_interest: moneySchema,
  open_late_charges: moneySchema,
  late_charges_discount: moneySchema,
  interest_discount: moneySchema,
  down_payment: moneySchema,
  /** balance − discount − down payment: what the agreement lends before IOF */
  base: moneySchema,
  iof_complement: moneySchema,
  iof_new_daily: moneySchema,
  iof_new_additional: moneySchema,
  iof_financed: moneySchema,
  cet_monthly: percentSchema,
  cet_yearly: percentSchema,
  agreement_date: z.string(),
  /** the down payment's due date (installment 0 of the agreement), null without a down payment */
  down_payment_due_date: dayAnswerSchema.nullable(),
  /** whether agreeing needs another person's check (the discount above the role's alone_up_to) */
  needs_approval: z.boolean(),
  schedule: z.array(renegotiationRowSchema),
});
export type RenegotiationSimulation = z.infer<typeof renegotiationSimulationSchema>;

/** One of the agreement's installments as collected on the business date. */
export const agreementInstallmentSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  due_date: dayAnswerSchema,
  /** the due date in force: the break day for one not yet due when the agreement broke */
  due_now: dayAnswerSchema,
  payment: moneySchema,
  interest: moneySchema,
  amortization: moneySchema,
  status: z.enum(AGREEMENT_INSTALLMENT_STATUSES),
  days_late: z.number().int(),
  /** paid so far (every part) and owed today by part */
  paid: moneySchema,
  due_late_charges: moneySchema,
  due_interest: moneySchema,
  due_principal: moneySchema,
  due_total: moneySchema,
});

export const agreementPaymentSchema = z.object({
  id: z.number().int(),
  installment_id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(['payment', 'reversal']),
  paid_on: dayAnswerSchema,
  amount: moneySchema,
  late_fee: moneySchema,
  default_interest: moneySchema,
  interest: moneySchema,
  principal: moneySchema,
  bank_account_id: z.number().int().nullable(),
  reverses_id: z.number().int().nullable(),
  reversed: z.boolean(),
  reference: z.string().nullable(),
  /** a suspense item (valor a identificar) applied: its reversal gives the money back to suspense, not to the bank */
  from_suspense: z.boolean(),
  /**
   * what the company's settlement tolerance posted to rounding differences when the bank or a Pix paid within it of
   * what was due (positive: credited short; negative: over); '0.00' for every other payment
   */
  rounding_difference: moneySchema,
  created_at: timestampSchema,
});

/**
 * A reversal of one of the agreement's payments waiting for another person (above the company's
 * reversal_approval_above): which payment, why, who asked, the checks it needs and has, and the roles that may give
 * the next one (the maker and the first checker never may).
 */
export const pendingAgreementReversalSchema = z.object({
  request_id: z.number().int(),
  payment_id: z.number().int(),
  installment_number: z.number().int(),
  amount: moneySchema,
  paid_on: dayAnswerSchema,
  reason: z.string(),
  maker_id: z.number().int(),
  maker_name: z.string().nullable(),
  checker_id: z.number().int().nullable(),
  required_checks: z.number().int(),
  checks_given: z.number().int(),
  next_check_roles: z.array(z.number().int()),
  made_at: timestampSchema,
});
export type PendingAgreementReversal = z.infer<typeof pendingAgreementReversalSchema>;

/** The collection of an agreement: its installments, payments, what is paid and open, and its break. */
export const agreementCollectionSchema = z.object({
  as_of: z.string(),
  installments: z.array(agreementInstallmentSchema),
  payments: z.array(agreementPaymentSchema),
  /** Σ principal + interest paid (charges apart) and the installments' value still open: they add up to total_payable + down_payment (installment 0) */
  value_paid: moneySchema,
  value_open: moneySchema,
  charges_paid: moneySchema,
  due_total: moneySchema,
  broken: z
    .object({ broken_on: dayAnswerSchema, installment_number: z.number().int(), days_late: z.number().int(), break_days: z.number().int(), remaining: moneySchema, reason: z.string() })
    .nullable(),
  /** a reversal waiting for another person, if any (one at a time per agreement) */
  pending_reversal: pendingAgreementReversalSchema.nullable(),
});

export type AgreementCollection = z.infer<typeof agreementCollectionSchema>;

export const renegotiationAgreementSchema = renegotiationSimulationSchema.extend({
  id: z.number().int(),
  borrower_id: z.number().int(),
  status: z.enum(RENEGOTIATION_STATUSES),
  amortization: z.enum(AMORTIZATION_SYSTEMS),
  monthly_rate: percentSchema,
  term: z.number().int(),
  first_due_date: dayAnswerSchema,
  items: z.array(renegotiableInstallmentSchema.omit({ overdue: true, days_late: true, number: true }).extend({ number: z.number().int() })),
  maker_id: z.number().int(),
  maker_name: z.string().nullable(),
  approval_request_id: z.number().int().nullable(),
  decided_reason: z.string().nullable(),
  created_at: timestampSchema,
  collection: agreementCollectionSchema,
});
export type RenegotiationAgreement = z.infer<typeof renegotiationAgreementSchema>;

/** One role's renegotiation limits: the most percent of the late charges or the interest forgiven, the discount (R$) agreed alone. */
export const roleLimitSchema = z.object({
  role_id: z.number().int(),
  max_discount_percent: percentSchema,
  alone_up_to: moneySchema,
});
export type RoleLimit = z.infer<typeof roleLimitSchema>;

/** A change of the limits waiting for another administrator (four eyes, approval kind renegotiation.limits). */
export const limitsChangeSchema = z.object({
  request: approvalRequestSchema,
  before: z.array(roleLimitSchema),
  proposed: z.array(roleLimitSchema),
  /** the roles whose limits it changes */
  changed: z.array(z.number().int()),
  asked_by_you: z.boolean(),
});
export type LimitsChange = z.infer<typeof limitsChangeSchema>;

export const renegotiationLimitsSchema = z.object({
  company_id: z.number().int(),
  /** every panel role, in the order of AllPanelUsers */
  roles: z.array(roleLimitSchema),
  pending_change: limitsChangeSchema.nullable(),
});
export type RenegotiationLimits = z.infer<typeof renegotiationLimitsSchema>;

/** A role's limits as typed: percent 0–100, money ≥ 0. */
export const roleLimitInputSchema = z.object({
  role_id: z.number().int(),
  max_discount_percent: percentInputSchema.refine((v) => Number(v) <= 100, { message: 'no máximo 100%' }),
  alone_up_to: moneyInputSchema,
});

export const renegotiationOperations = {
  'renegotiation.installments': defineOperation({
    method: 'GET',
    path: '/api/renegotiation/borrower/:id/installments',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'designed',
    description:
      "The borrower's installments that may be renegotiated (of released operations, still collecting, not assigned), or those of one operation (`credit_operation_id`), with what each owes on the business date, and the caller's limits (the most discount percent, the discount up to which they agree alone).",
    errors: [404],
    args: z.object({ id: idSchema, credit_operation_id: idSchema.optional() }),
    result: z.object({
      as_of: z.string(),
      borrower_id: z.number().int(),
      borrower_name: z.string(),
      max_discount_percent: percentSchema,
      alone_up_to: moneySchema,
      items: z.array(renegotiableInstallmentSchema),
    }),
  }),
  'renegotiation.simulate': defineOperation({
    method: 'POST',
    path: '/api/renegotiation/simulate',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description:
      'Simulates an agreement (writes nothing): the renegotiated balance, the discounts, the down payment, the IOF (complement on the principal already taxed, new credit on what is capitalised), the new Price or SAC schedule and the CET. 409 naming the field for a discount above the role limit, an installment not renegotiable, a down payment covering the balance.',
    errors: [404, 409],
    args: renegotiationConditionsSchema,
    result: renegotiationSimulationSchema,
  }),
  'renegotiation.agree': defineOperation({
    method: 'POST',
    path: '/api/renegotiation',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description:
      'Agrees the simulated agreement with the figures the screen showed (`expected`; 409 naming it when they changed): at once when the discount is within the role\'s alone_up_to — the installments close as renegotiated, the new schedule is the agreement\'s, every operation posts its balanced entries —, otherwise the agreement waits for another person (status pending). Idempotent by key.',
    errors: [404, 409],
    args: renegotiationConditionsSchema.extend({ idempotency_key: idempotencyKeySchema, expected: expectedSchema }),
    result: renegotiationAgreementSchema,
  }),
  'renegotiation.get': defineOperation({
    method: 'GET',
    path: '/api/renegotiation/:id',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: 'An agreement: its figures, the installments it renegotiated with what they owed, its schedule, its status and who made it.',
    errors: [404],
    args: z.object({ id: idSchema }),
    result: renegotiationAgreementSchema,
  }),
  'renegotiation.decide': defineOperation({
    method: 'POST',
    path: '/api/renegotiation/:id/decision',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Another person's answer to an agreement waiting (never its maker: 403 saying why): approved on the agreement's business date with the same figures, it is carried out; when the figures changed or the day passed it is withdrawn (status withdrawn, the reason kept); refused with a reason, nothing moves.",
    errors: [403, 404, 409],
    args: z
      .object({ id: idSchema, approve: z.boolean({ error: 'informe approve (true ou false)' }), reason: optionalText(500) })
      .superRefine((v, ctx) => {
        if (!v.approve && !v.reason?.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'informe o motivo da recusa' });
      }),
    result: renegotiationAgreementSchema,
  }),
  'renegotiation.pay': defineOperation({
    method: 'POST',
    path: '/api/renegotiation/:id/payments',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Records a payment of one of an agreed agreement's installments (amount, date, the company's bank account it reached), allocated to multa, juros de mora (the original contract's frozen terms), interest, then principal, with balanced entries against the agreement's receivable. 409 naming amount with the amount due when it is more than due on its date, paid_on before the installment's last payment (reverse that first), an installment already paid, an agreement not agreed; 400 on paid_on before the agreement or after today. Idempotent by key.",
    errors: [400, 404, 409],
    args: z.object({
      id: idSchema,
      idempotency_key: idempotencyKeySchema,
      installment_id: idSchema,
      amount: positiveMoneyInputSchema,
      paid_on: calendarDaySchema,
      bank_account_id: idSchema,
      reference: optionalText(120),
    }),
    result: renegotiationAgreementSchema,
  }),
  'renegotiation.reversePayment': defineOperation({
    method: 'POST',
    path: '/api/renegotiation/:id/payments/:payment_id/reversal',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Reverses (estorno) an agreement installment's last payment with a reason, on the business date: a row of its own, the payment's entries swapped. Above the company's reversal_approval_above (counted with the asker's reversals on the same operations over the company's window, as the installment reversal) it waits for another person instead (collection.pending_reversal; renegotiation.decideReversal). 409 when it is already reversed, a later payment of the installment stands or a reversal of the agreement already waits. Idempotent by key.",
    errors: [400, 404, 409],
    args: z.object({
      id: idSchema,
      payment_id: idSchema,
      idempotency_key: idempotencyKeySchema,
      reason: z.string({ error: 'informe o motivo do estorno' }).trim().min(3, { message: 'informe o motivo do estorno' }).max(500, { message: 'no máximo 500 caracteres' }),
    }),
    result: renegotiationAgreementSchema,
  }),
  'renegotiation.decideReversal': defineOperation({
    method: 'POST',
    path: '/api/renegotiation/:id/reversal-decision',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Another person's answer to the agreement's payment reversal waiting (never who asked for it: 403 saying why; above second_approval_above a second check by an administrator): approved with every check given, the reversal is posted on the business date; refused with a reason (or withdrawn by who asked), nothing moves. 409 naming id when no reversal waits.",
    errors: [403, 404, 409],
    args: z
      .object({ id: idSchema, approve: z.boolean({ error: 'informe approve (true ou false)' }), reason: optionalText(500) })
      .superRefine((v, ctx) => {
        if (!v.approve && !v.reason?.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'informe o motivo da recusa' });
      }),
    result: renegotiationAgreementSchema,
  }),
  'renegotiation.runBreaks': defineOperation({
    method: 'POST',
    path: '/api/renegotiation/breaks',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Applies the break rule on the business date: every agreed agreement with an installment more than the company's renegotiation_break_days late breaks — recorded with its reason, the installments not yet due fall due that day without their future interest. No entry is posted (the receivable does not change). Answers the agreements broken.",
    errors: [],
    args: z.object({}),
    result: z.object({ as_of: z.string(), broken: z.array(z.number().int()) }),
  }),
  'renegotiation.limits': defineOperation({
    method: 'GET',
    path: '/api/renegotiation/limits/:id',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "The company's renegotiation limits per role (the most discount percent on the late charges and on the interest, the discount in reais agreed alone), with the change waiting for another administrator, if any.",
    errors: [404],
    args: z.object({ id: idSchema }),
    result: renegotiationLimitsSchema,
  }),
  'renegotiation.updateLimits': defineOperation({
    method: 'PUT',
    path: '/api/renegotiation/limits',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      'Asks for a change of the renegotiation limits per role (four eyes, as the company parameters: nothing changes until another administrator approves it). 409 when a change already waits; 400 when nothing changes.',
    errors: [400, 404, 409],
    args: z.object({
      company_id: idSchema,
      roles: z.array(roleLimitInputSchema).min(1, { message: 'informe os limites de ao menos um perfil' }).max(10),
    }),
    result: renegotiationLimitsSchema,
  }),
  'renegotiation.decideLimits': defineOperation({
    method: 'POST',
    path: '/api/renegotiation/limits/:id/approval',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      "Another administrator's answer to the change of the renegotiation limits waiting: approved, it applies at once (logged per role with before and after); refused (with a reason) or withdrawn by who asked, nothing changes; approving one's own is a 403 four-eyes. 409 when none waits or the limits changed since.",
    errors: [400, 403, 409],
    args: z.object({ id: idSchema, approve: z.boolean({ error: 'informe se aprova' }), reason: optionalText(1000) }),
    result: renegotiationLimitsSchema,
  }),
  'renegotiation.document': defineOperation({
    method: 'GET',
    path: '/api/renegotiation/:id/document',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "The agreement's confession of debt as a PDF: the template filled when the agreement was carried out and kept (frozen) — the debt, the discounts, the schedule, the original contract's late charges, the break rule with the company's days then in force, the parties' and two witnesses' signature lines (CPC art. 784 III). 409 naming id for an agreement not carried out.",
    file: { kind: 'download', extension: 'pdf' },
    errors: [404, 409],
    args: z.object({ id: idSchema }),
    result: z.unknown(),
  }),
} as const;
