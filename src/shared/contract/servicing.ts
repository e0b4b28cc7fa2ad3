/**
 * Servicing (the spec's per-operation calls under `creditOperation`): the
 * disbursement, the installments with their state as of a date, payments and
 * their reversals, and the ledger's trial balance.
 *
 * Design choices:
 * - Paths keep the spec's last segments under /api/creditOperation/:id/…:
 *   `disbursement` (GET, PATCH), `installments` (GET, with `date`),
 *   `installments/:installment/details` (GET the installment with its
 *   transactions, POST a payment), `…/details/:detailId` (DELETE: the
 *   reversal of that payment, with a reason). `:installment` is the
 *   installment's id (schedules get new versions with prepayment; the id
 *   never repeats, the number may).
 * - Who: every panel role reads; AllOperators move money (disburse, pay,
 *   reverse). The trial balance is the lender's books, read by AllOperators,
 *   who move and reconcile the money; agents work borrowers, not the books.
 * - Money is decimal text with at most two places; a payment is positive and
 *   never above what is due on its date (409 naming `amount` with the amount
 *   due); its date is a calendar day between the disbursement and today (400
 *   naming `paid_on`). Every money write carries an idempotency key.
 * - The disbursement happens on the business date (today), releases the
 *   contract's amount to the borrower's payout account (or the one named),
 *   and keeps the signed schedule as it is: no disbursement on or after the
 *   first due date (409: the contract must be issued again).
 * - An empty transfer reference or account travels as null (the spec's
 *   disbursement save).
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { CREDIT_OPERATION_STATUSES } from '../credit-operation-status';
import { INSTALLMENT_STATUSES } from '../installment-status';
import { DISBURSEMENT_METHODS, INSTALLMENT_TRANSACTION_KINDS, LATE_DAYS_FROM, RECEIPT_METHODS, REMUNERATORY_IN_DELAY } from '../servicing';
import { LEDGER_ACCOUNTS, LEDGER_SIDES, POSTING_KINDS } from '../ledger';
import { defineOperation } from './define';
import { borrowerBankAccountSchema } from './borrowers';
import { boletoRejectionSchema } from './servicing-boleto';
import { idSchema, idempotencyKeySchema, optionalText, timestampSchema, trimmedTextSchema } from './common';
import { calendarDaySchema, moneySchema, percentSchema, positiveMoneyInputSchema } from './money';
import { dayAnswerSchema, installmentRefSchema, versionSchema } from './fields';

/** The account the money went to: the borrower's bank account's fields (a copy is kept with the disbursement). */
const payoutAccountSchema = borrowerBankAccountSchema.pick({
  bank_code: true,
  bank_name: true,
  agency: true,
  agency_digit: true,
  account: true,
  account_digit: true,
  account_type: true,
  pix_key: true,
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;


/** The late-charge terms an operation is charged by: its frozen contract's, copied to the disbursement at release. */
export const lateChargeTermsSchema = z.object({
  late_fee_percent: percentSchema,
  default_interest_monthly_percent: percentSchema,
  contract_monthly_percent: percentSchema,
  /** whether and how the contract's rate runs during delay, as the frozen contract states it (none: multa and mora only) */
  remuneratory: z.enum(REMUNERATORY_IN_DELAY),
  /** where days late count from when the due date is not a business day (Código Civil art. 132 §1) */
  late_days_from: z.enum(LATE_DAYS_FROM),
  /** released before migration 0038: up to this day, what it was charged then (1/30 of the rate a day); null otherwise */
  legacy_until: z.string().nullable(),
});
export const disbursementViewSchema = z.object({
  credit_operation_id: z.number().int(),
  status: z.enum(CREDIT_OPERATION_STATUSES),
  version: versionSchema,
  /** what the contract says, for the confirmation with the amounts */
  amounts: z.object({ financed: moneySchema, released: moneySchema, iof: moneySchema, fees: moneySchema }),
  first_due_date: dayAnswerSchema,
  /** the borrower's payout account now (null when none is registered) */
  payout_account: payoutAccountSchema.extend({ id: z.number().int() }).nullable(),
  disbursement: z
    .object({
      id: z.number().int(),
      disbursed_on: z.string(),
      released: moneySchema,
      method: z.enum(DISBURSEMENT_METHODS),
      payout_account: payoutAccountSchema,
      transfer_reference: z.string().nullable(),
      /** the frozen contract's late-charge terms, copied at release */
      ...lateChargeTermsSchema.shape,
      actor_name: z.string().nullable(),
      created_at: timestampSchema,
    })
    .nullable(),
});
export type DisbursementView = z.infer<typeof disbursementViewSchema>;

const splitSchema = z.object({ late_fee: moneySchema, default_interest: moneySchema, interest: moneySchema, principal: moneySchema });

export const installmentStateSchema = installmentRefSchema.extend({
  /** the last day it is payable without charges (the next business day when the due date is not one) */
  payable_until: dayAnswerSchema,
  value: moneySchema,
  principal: moneySchema,
  interest: moneySchema,
  status: z.enum(INSTALLMENT_STATUSES),
  overdue: z.boolean(),
  days_late: z.number().int(),
  /** owed on the date asked, by bucket, and in all */
  due: splitSchema,
  due_total: moneySchema,
  paid: splitSchema,
  paid_total: moneySchema,
  /** charges assessed up to the date asked */
  charges: z.object({ late_fee: moneySchema, default_interest: moneySchema, contract_interest: moneySchema }),
  paid_on: z.string().nullable(),
});

export const installmentsViewSchema = z.object({
  credit_operation_id: z.number().int(),
  status: z.enum(CREDIT_OPERATION_STATUSES),
  as_of: z.string(),
  /** the terms the charges are counted by */
  terms: lateChargeTermsSchema,
  installments: z.array(installmentStateSchema),
  totals: z.object({ value: moneySchema, paid: moneySchema, due: moneySchema }),
});
export type InstallmentsView = z.infer<typeof installmentsViewSchema>;

export const installmentTransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INSTALLMENT_TRANSACTION_KINDS),
  amount: moneySchema,
  paid_on: z.string(),
  method: z.enum(RECEIPT_METHODS).nullable(),
  reference: z.string().nullable(),
  /** the split as recorded */
  split: splitSchema,
  /** a payment's split today (a payment dated earlier may have moved it); null for reversals and reversed payments */
  current_split: splitSchema.nullable(),
  reverses_id: z.number().int().nullable(),
  /** a payment's reversal, when it has one */
  reversed_by: z.number().int().nullable(),
  /** a reversal of this payment awaiting a second person (four eyes): the request's id */
  reversal_request_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});

export const installmentDetailsSchema = z.object({
  credit_operation_id: z.number().int(),
  as_of: z.string(),
  /** the schedule version that added the installment (1: the signed schedule; each prepayment applied adds one) */
  schedule_version: versionSchema,
  installment: installmentStateSchema,
  transactions: z.array(installmentTransactionSchema),
  /** the boleto's registration rejected by the bank, when that is the bank's last word on it */
  boleto_rejection: boletoRejectionSchema.nullable(),
});
export type InstallmentDetails = z.infer<typeof installmentDetailsSchema>;

export const trialBalanceSchema = z.object({
  date: z.string(),
  accounts: z.array(
    z.object({
      account: z.enum(LEDGER_ACCOUNTS),
      code: z.string(),
      name: z.string(),
      nature: z.enum(['asset', 'liability', 'income', 'expense']),
      debits: moneySchema,
      credits: moneySchema,
      /** debits − credits */
      balance: moneySchema,
    }),
  ),
  debits: moneySchema,
  credits: moneySchema,
  /** debits − credits over every account: "0.00" when the books balance */
  difference: moneySchema,
});
export type TrialBalanceView = z.infer<typeof trialBalanceSchema>;

export const operationJournalSchema = z.object({
  credit_operation_id: z.number().int(),
  postings: z.array(
    z.object({
      posting_id: z.number().int(),
      kind: z.enum(POSTING_KINDS),
      business_date: z.string(),
      transaction_id: z.number().int().nullable(),
      disbursement_id: z.number().int().nullable(),
      created_at: timestampSchema,
      lines: z.array(z.object({ account: z.enum(LEDGER_ACCOUNTS), code: z.string(), name: z.string(), side: z.enum(LEDGER_SIDES), amount: moneySchema })),
    }),
  ),
  /** debits − credits of this operation's entries, per account that has any */
  balances: z.array(z.object({ account: z.enum(LEDGER_ACCOUNTS), balance: moneySchema })),
});
export type OperationJournal = z.infer<typeof operationJournalSchema>;

const installmentPath = { id: idSchema, installment: idSchema };

export const servicingOperations = {
  'servicing.disbursement': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/disbursement',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description:
      "The operation's disbursement: the contract's amounts, the borrower's payout account, and the disbursement made (date, amount, method, account, transfer reference, the late-charge terms in force), or null.",
    args: z.object({ id: idSchema }),
    result: disbursementViewSchema,
  }),
  'servicing.disburse': defineOperation({
    method: 'PATCH',
    path: '/api/creditOperation/:id/disbursement',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      "Records the release of an operation whose contract is issued, on the business date: the contract's released amount to the payout account (or bank_account_id, the borrower's), by PIX or TED, with the transfer's reference; the operation becomes disbursed and the ledger gets the disbursement's entries, in one transaction. Idempotent by key; 409 on a stale version, another status, or a date on or after the first due date.",
    args: z.object({
      id: idSchema,
      version: versionSchema,
      idempotency_key: idempotencyKeySchema,
      method: z.enum(DISBURSEMENT_METHODS, { error: 'escolha PIX ou TED' }),
      bank_account_id: idSchema.nullable().optional(),
      transfer_reference: optionalText(120),
    }),
    result: disbursementViewSchema,
  }),
  'servicing.installments': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installments',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description:
      "The operation's installments as of `date` (default: the business date): value, paid, due by bucket, late charges (multa once, juros de mora and contract interest pro rata die), days late, status; a due date on a weekend or bank holiday is payable the next business day without charges.",
    args: z.object({ id: idSchema, date: calendarDaySchema.optional() }),
    result: installmentsViewSchema,
  }),
  'servicing.installmentDetails': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installments/:installment/details',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description: 'One installment as of `date` (default: the business date) with its payments and reversals, oldest first; reversed payments stay, marked.',
    args: z.object({ ...installmentPath, date: calendarDaySchema.optional() }),
    result: installmentDetailsSchema,
  }),
  'servicing.pay': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/installments/:installment/details',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      'Records a payment (full or partial) of an installment of a disbursed operation, allocated to late fee, default interest, interest, then principal; a payment dated in the past re-allocates the later ones. 409 naming amount with the amount due when it is more than due on its date; 400 on paid_on before the disbursement or after today. Idempotent by key.',
    args: z.object({
      ...installmentPath,
      idempotency_key: idempotencyKeySchema,
      amount: positiveMoneyInputSchema,
      paid_on: calendarDaySchema,
      method: z.enum(RECEIPT_METHODS, { error: 'escolha a forma de pagamento' }),
      reference: optionalText(120),
    }),
    result: installmentDetailsSchema,
  }),
  'servicing.reverse': defineOperation({
    method: 'DELETE',
    path: '/api/creditOperation/:id/installments/:installment/details/:detailId',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      "Reverses (estorno) a payment with a reason, on the business date: a reversal entry of its own that undoes it, the payment kept and marked reversed, the later payments re-allocated. Above the company's reversal_approval_above it opens a four-eyes request instead (the payment shows reversal_request_id) for servicing.decideReversal. 409 when it is already reversed or a request is pending. Idempotent by key.",
    args: z.object({
      ...installmentPath,
      detailId: idSchema,
      idempotency_key: idempotencyKeySchema,
      reason: trimmedTextSchema(1000).min(5, 'informe o motivo do estorno (ao menos 5 caracteres)'),
    }),
    result: installmentDetailsSchema,
  }),
  'servicing.reversalWeight': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installments/:installment/details/:detailId/reversal-weight',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description:
      "Whether the asker's reversal of this payment would wait for a second person if asked now: the same weighing servicing.reverse makes (the payment with the asker's other limited moves on the operation over the company's window, against reversal_approval_above and second_approval_above), so the dialog's button can say \"Pedir aprovação\" before the person confirms. Nothing is recorded. 404/409 as servicing.reverse would answer.",
    errors: [404, 409],
    args: z.object({ ...installmentPath, detailId: idSchema }),
    result: z.object({
      needs_approval: z.boolean(),
      /** the payment's amount */
      amount: moneySchema,
      /** what met the limits: the operation's sum over the window with this reversal */
      window_total: moneySchema,
      /** the limit it was weighed against (null: the kind has none alone) */
      limit: moneySchema.nullable(),
    }),
  }),
  'servicing.decideReversal': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/installments/:installment/details/:detailId/reversal-approval',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      'The second person on a pending reversal: approve posts it (dated the business date); refuse (with a reason) closes the request and nothing moves. 403 four-eyes for the person who asked for it; 409 when none is pending. Idempotent by key.',
    args: z.object({
      ...installmentPath,
      detailId: idSchema,
      idempotency_key: idempotencyKeySchema,
      approve: z.boolean({ error: 'informe se aprova o estorno' }),
      reason: optionalText(1000),
    }),
    result: installmentDetailsSchema,
  }),
  'servicing.journal': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/journal',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "The operation's journal: every posting under its money movements (disbursement, payments, reversals, re-allocations), oldest first, each with its balanced lines, and the operation's balance per account.",
    args: z.object({ id: idSchema }),
    result: operationJournalSchema,
  }),
  'ledger.trialBalance': defineOperation({
    method: 'GET',
    path: '/api/ledger/trial-balance',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description:
      'The balance of every account of the chart on `date` (default: the business date), entries dated up to that day: debits, credits, balance; the difference of all debits and credits is zero when the books balance.',
    args: z.object({ date: calendarDaySchema.optional() }),
    result: trialBalanceSchema,
  }),
} as const;
