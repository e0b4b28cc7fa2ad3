/**
 * Prepayment (liquidação antecipada) of a disbursed operation: the spec's
 * `amortization-calc`, `amortization/simulation`, `all-parcial` and
 * `amortization` under /api/creditOperation/:id/installments/.
 *
 * Design choices:
 * - Law: the remaining installments are discounted at the contract's rate
 *   (Res. CMN 3.516/2007; CDC art. 52 §2º: interest falls in proportion),
 *   pro rata die: whole months counted back from each due date plus the days
 *   left over 30 (server domain/servicing/prepayment.ts). No fee.
 * - "Remaining" are the installments of the current schedule not yet paid and
 *   due on or after the date. One due before it and still open is overdue:
 *   owed as it stands, with its charges, never discounted — the quote lists it
 *   apart (overdue_total), and a simulation or a prepayment waits until it is
 *   paid (409 naming `installments`).
 * - Dates: between the disbursement and today (400 naming the field), and not
 *   before the operation's last money movement (409: a prepayment is never
 *   slipped under a later payment).
 * - A partial prepayment pays the interest accrued since the last due date,
 *   then principal; the new balance is rescheduled over the same due dates,
 *   keeping the installment (reduce_term: fewer installments) or the term
 *   (reduce_installment: smaller ones). An amount that reaches the present
 *   value is a full settlement (`kind: 'full'`), which must carry exactly the
 *   present value the screen showed (409 naming `amount` with the value now),
 *   and settles the operation.
 * - Schedule versions: the replaced installments stay readable (each
 *   prepayment lists them beside the rows that replaced them); the new rows
 *   get new ids (an installment id never repeats).
 * - Ledger: principal received leaves loans receivable, the accrued interest
 *   is interest income; the discount (the interest not yet due that the
 *   borrower does not pay) was never recognised, so it posts nothing and is
 *   kept on the prepayment.
 * - Who: the panel roles read (quote, simulation, list); AllOperators apply,
 *   with an idempotency key.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { CREDIT_OPERATION_STATUSES } from '../credit-operation-status';
import { PREPAYMENT_KINDS, PREPAYMENT_MODES, RECEIPT_METHODS } from '../servicing';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, optionalText, timestampSchema } from './common';
import { calendarDaySchema, moneySchema, percentSchema, positiveMoneyInputSchema } from './money';
import { installmentRefSchema, scheduleRowSchema, versionSchema } from './fields';

const remainingRowSchema = installmentRefSchema.extend({
  /** what is still to be paid of it (its value less what was paid; no charges: it is not overdue) */
  payment: moneySchema,
  principal: moneySchema,
  /** months to its due date, with the broken part in days / 30 (six places) */
  periods: z.string(),
  present_value: moneySchema,
});

export const prepaymentQuoteSchema = z.object({
  credit_operation_id: z.number().int(),
  date: z.string(),
  schedule_version: versionSchema,
  monthly_rate: percentSchema,
  /** Σ of the remaining installments as scheduled */
  nominal: moneySchema,
  /** what settles them on `date` */
  present_value: moneySchema,
  /** nominal − present value */
  discount: moneySchema,
  /** the principal still owed in them */
  principal: moneySchema,
  /** present value − principal: interest accrued since the last due date */
  accrued_interest: moneySchema,
  rows: z.array(remainingRowSchema),
  /** open installments due before `date`: owed with their charges, not discounted */
  overdue: z.array(installmentRefSchema.extend({ due_total: moneySchema })),
  overdue_total: moneySchema,
  /** present value + overdue: what frees the operation on `date` */
  settlement_total: moneySchema,
});
export type PrepaymentQuote = z.infer<typeof prepaymentQuoteSchema>;

const simulatedModeSchema = z.object({
  mode: z.enum(PREPAYMENT_MODES),
  /** why this mode cannot take the amount (null when it can) */
  refusal: z.string().nullable(),
  result: z
    .object({
      interest_paid: moneySchema,
      principal_paid: moneySchema,
      new_balance: moneySchema,
      installments: z.number().int(),
      /** Σ of the new installments */
      total_payable: moneySchema,
      /** what the borrower stops paying: nominal − amount − total_payable */
      savings: moneySchema,
      rows: z.array(scheduleRowSchema),
    })
    .nullable(),
});

export const prepaymentSimulationSchema = z.object({
  credit_operation_id: z.number().int(),
  date: z.string(),
  schedule_version: versionSchema,
  amount: moneySchema,
  present_value: moneySchema,
  nominal: moneySchema,
  accrued_interest: moneySchema,
  installments_before: z.number().int(),
  modes: z.array(simulatedModeSchema),
});
export type PrepaymentSimulation = z.infer<typeof prepaymentSimulationSchema>;

export const prepaymentViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PREPAYMENT_KINDS),
  mode: z.enum(PREPAYMENT_MODES).nullable(),
  paid_on: z.string(),
  amount: moneySchema,
  principal: moneySchema,
  interest: moneySchema,
  present_value: moneySchema,
  nominal: moneySchema,
  discount: moneySchema,
  from_version: versionSchema,
  to_version: versionSchema,
  method: z.enum(RECEIPT_METHODS),
  reference: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
  /** the installments of `from_version` it replaced, as they were scheduled */
  replaced: z.array(scheduleRowSchema.extend({ id: z.number().int() })),
  /** the rows `to_version` added (none for a full settlement) */
  added: z.array(scheduleRowSchema.extend({ id: z.number().int() })),
});
export type PrepaymentView = z.infer<typeof prepaymentViewSchema>;

export const prepaymentListSchema = z.object({
  credit_operation_id: z.number().int(),
  status: z.enum(CREDIT_OPERATION_STATUSES),
  schedule_version: versionSchema,
  prepayments: z.array(prepaymentViewSchema),
});
export type PrepaymentList = z.infer<typeof prepaymentListSchema>;

export const scheduleVersionSchema = z.object({
  credit_operation_id: z.number().int(),
  version: versionSchema,
  /** the version in force now */
  current_version: versionSchema,
  /** the installments of that version, as scheduled (payments are read through the installment's details) */
  installments: z.array(
    scheduleRowSchema.extend({
      id: z.number().int(),
      schedule_version: versionSchema,
      /** the version whose prepayment replaced it (null: still in the current schedule) */
      superseded_in: versionSchema.nullable(),
    }),
  ),
});
export type ScheduleVersion = z.infer<typeof scheduleVersionSchema>;

const operationPath = { id: idSchema };

export const prepaymentOperations = {
  'prepayment.quote': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/installments/amortization-calc',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      "The present value on `startDate` (default: the business date) of the operation's remaining installments, discounted at the contract's monthly rate pro rata die (Res. CMN 3.516/2007), with each installment's figures, the discount, and the open installments due before the date apart. 400 naming startDate before the disbursement or after today; 409 when nothing remains or the operation is not being collected.",
    errors: [409],
    args: z.object({ ...operationPath, startDate: calendarDaySchema.optional() }),
    result: prepaymentQuoteSchema,
  }),
  'prepayment.simulate': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/installments/amortization/simulation',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description:
      'A partial prepayment of `amount` on `date` (default: the business date) simulated both ways: reduce the term (same installment, fewer of them) and reduce the installment (same due dates, smaller ones), each with its new schedule. Nothing is written. 400 naming amount when it reaches the present value (a full settlement) or does not pass the interest accrued; 409 naming installments while an earlier installment is open.',
    errors: [409],
    args: z.object({ ...operationPath, amount: positiveMoneyInputSchema, date: calendarDaySchema.optional() }),
    result: prepaymentSimulationSchema,
  }),
  'prepayment.list': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installments/all-parcial',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description:
      "The operation's prepayments, oldest first (partial ones and the full settlement, if any), each with its split, the discount, and the installments it replaced beside the new ones (the old schedule stays readable).",
    args: z.object(operationPath),
    result: prepaymentListSchema,
  }),
  'prepayment.scheduleVersion': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installments/versions/:version',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "The operation's schedule as it stood in `version` (1: the signed one; each prepayment adds one): the installments of that version with the version that replaced each, if any. 404 for a version the operation never had.",
    args: z.object({ ...operationPath, version: idSchema }),
    result: scheduleVersionSchema,
  }),
  'prepayment.apply': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/installments/amortization',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      "Applies a prepayment received on `paid_on` (default: the business date), in one transaction under the operation's lock: partial (with `mode`) stores the new schedule as a new version; full settles the remaining installments at their present value, which `amount` must equal, and the operation becomes settled. Posts the ledger entries and the activity log. Idempotent by key.",
    args: z
      .object({
        ...operationPath,
        idempotency_key: idempotencyKeySchema,
        kind: z.enum(PREPAYMENT_KINDS, { error: 'escolha amortização parcial ou quitação' }),
        mode: z.enum(PREPAYMENT_MODES, { error: 'escolha reduzir o prazo ou a parcela' }).optional(),
        amount: positiveMoneyInputSchema,
        paid_on: calendarDaySchema.optional(),
        method: z.enum(RECEIPT_METHODS, { error: 'escolha a forma de pagamento' }),
        reference: optionalText(120),
      })
      .superRefine((v, ctx) => {
        if (v.kind === 'partial' && !v.mode) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'escolha reduzir o prazo ou a parcela' });
        if (v.kind === 'full' && v.mode) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'a quitação não tem modalidade' });
      }),
    result: z.object({
      credit_operation_id: z.number().int(),
      status: z.enum(CREDIT_OPERATION_STATUSES),
      schedule_version: versionSchema,
      prepayment: prepaymentViewSchema,
    }),
  }),
} as const;
