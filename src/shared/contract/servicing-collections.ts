/**
 * Collections: the expired-installments list (the spec's GET /expired-installments,
 * under the operations' resource) and the portfolio figures of the dashboard.
 *
 * Design choices:
 * - Overdue is derived from the business date, never stored: an installment
 *   of an operation being collected, not settled, whose last charge-free day
 *   (the due date, or the next business day when it falls on a weekend or a
 *   bank holiday) is before today. Days late count from the due date itself.
 * - Charges (multa, juros de mora, contract interest) and the amount due are
 *   those of the installment's details on the same day (one replay of its
 *   payments), so the list and the payments screen never disagree.
 * - Who: every panel role reads the list (agents call the borrowers in
 *   arrears: collections is their daily work too); the export — a file with
 *   every debtor's name, document and debt leaving the system — is for
 *   AllOperators, who also move the money.
 * - Filters: `band` (days late: 1–15, 16–30, 31–60, 61–90, more than 90; one
 *   or several), `borrower` (a name fragment, or part of the CPF/CNPJ),
 *   `borrower_id`, `product`, `credit_operation_id`, and `valueStart` /
 *   `valueEnd` on the installment's value as scheduled (the amount due moves
 *   every day with the charges; the value does not). Sorts: days late, due
 *   date, value, borrower name, product; most days late first by default.
 * - The portfolio figures are read by every panel role (the dashboard is
 *   theirs): the outstanding principal (the journal's loans receivable), what
 *   was disbursed in the business date's month, and the portfolio at risk
 *   by 15, 30, 60 and 90 days.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { CREDIT_PRODUCT_IDS } from './credit-operations';
import { defineOperation, type ExcelColumn } from './define';
import { exportRowsSchema, filterSchema, listArgs, paged, sortSchema } from './common';
import { moneySchema } from './money';
import { borrowerRefSchema, dayAnswerSchema, installmentRefSchema } from './fields';
import { RISK_STAGES } from '../risk-classification';
import { lastContactSchema, promiseViewSchema } from './collections-contacts';

/** Days-late bands of the collections desk: [code, first day, last day (null: no end)]. */
export const DAYS_LATE_BANDS = [
  ['1-15', 1, 15],
  ['16-30', 16, 30],
  ['31-60', 31, 60],
  ['61-90', 61, 90],
  ['90+', 91, null],
] as const satisfies ReadonlyArray<readonly [string, number, number | null]>;
export type DaysLateBand = (typeof DAYS_LATE_BANDS)[number][0];
export const DAYS_LATE_BAND_CODES = DAYS_LATE_BANDS.map((b) => b[0]) as DaysLateBand[];

export const EXPIRED_INSTALLMENT_FILTERS = ['band', 'borrower', 'borrower_id', 'product', 'credit_operation_id', 'valueStart', 'valueEnd'] as const;
export const EXPIRED_INSTALLMENT_SORTS = ['days_late', 'due_date', 'value', 'borrower_name', 'product'] as const;

/**
 * Counting stops here ("mais de 1.000"): the count is the costly part of a
 * filtered page at a million installments (each candidate checked against
 * its operation's filter), and a desk works the most late first; narrower
 * filters give exact counts.
 */
export const EXPIRED_INSTALLMENT_COUNT_CAP = 1_000;
/** The most rows one export writes (each needs its charges computed). */
export const EXPIRED_INSTALLMENT_EXPORT_MAX = 50_000;

export const expiredInstallmentSchema = installmentRefSchema.extend({
  credit_operation_id: z.number().int(),
  operation_number: z.string(),
  installments_count: z.number().int(),
  /** the last day it was payable without charges */
  payable_until: dayAnswerSchema,
  days_late: z.number().int(),
  band: z.enum(DAYS_LATE_BAND_CODES as [DaysLateBand, ...DaysLateBand[]]),
  /** the value as scheduled (principal + interest) */
  value: moneySchema,
  /** what is open of it (principal + interest not yet paid), without charges */
  open_value: moneySchema,
  late_fee: moneySchema,
  default_interest: moneySchema,
  contract_interest: moneySchema,
  /** owed today: the open value and the charges not yet paid */
  amount_due: moneySchema,
  /**
   * why it is still open after the bank paid it: the installment's last standing payment came from the bank's return
   * file short of what was due by more than the company's bank settlement tolerance — what it left open on that day
   * ("Pago a menor no banco: faltam R$ x"); null otherwise
   */
  bank_short: moneySchema.nullable(),
  ...borrowerRefSchema.shape,
  product: z.enum(CREDIT_PRODUCT_IDS),
});
export type ExpiredInstallment = z.infer<typeof expiredInstallmentSchema>;

/**
 * A row of the list: the installment and its operation at the last monthly close in force (the ledger's close: stage
 * by Res. CMN 4.966/2021, provision by Res. BCB 352/2023); null when no month is closed or the close did not hold
 * the operation (released after it). The export leaves it out.
 */
export const expiredInstallmentRowSchema = expiredInstallmentSchema.extend({
  at_last_close: z
    .object({
      /** the month closed, YYYY-MM */
      month: z.string(),
      stage: z.enum(RISK_STAGES),
      provision: moneySchema,
      /** the operation's days late on the month's last day, as the close counted them */
      days_late: z.number().int(),
    })
    .nullable(),
  /** the operation's last contact logged (collections.contacts: when, channel, outcome); null when none */
  last_contact: lastContactSchema.nullable(),
  /** the operation's latest promise to pay and its state on the business date; null when none */
  promise: promiseViewSchema.nullable(),
});
export type ExpiredInstallmentRow = z.infer<typeof expiredInstallmentRowSchema>;

export const EXPIRED_INSTALLMENT_EXPORT_COLUMNS: readonly ExcelColumn[] = [
  { key: 'operation_number', header: 'collections.columns.operation' },
  { key: 'number', header: 'collections.columns.number', format: 'integer' },
  { key: 'borrower_name', header: 'collections.columns.borrower' },
  { key: 'borrower_document', header: 'collections.columns.document' },
  { key: 'product', header: 'collections.columns.product' },
  { key: 'due_date', header: 'collections.columns.dueDate', format: 'date' },
  { key: 'days_late', header: 'collections.columns.daysLate', format: 'integer' },
  { key: 'value', header: 'collections.columns.value', format: 'currency' },
  { key: 'open_value', header: 'collections.columns.openValue', format: 'currency' },
  { key: 'late_fee', header: 'collections.columns.lateFee', format: 'currency' },
  { key: 'default_interest', header: 'collections.columns.defaultInterest', format: 'currency' },
  { key: 'contract_interest', header: 'collections.columns.contractInterest', format: 'currency' },
  { key: 'amount_due', header: 'collections.columns.amountDue', format: 'currency' },
];

/**
 * The totals of every installment the filters match (not only the page's): how many, what is open of them without
 * charges, the charges (multa, juros de mora, contract interest) and the amount due, as of the business date. Null
 * when the count stops at EXPIRED_INSTALLMENT_COUNT_CAP (each total needs every match's charges: narrower filters
 * give them).
 */
export const expiredTotalsSchema = z.object({
  count: z.number().int(),
  open_value: moneySchema,
  charges: moneySchema,
  amount_due: moneySchema,
});
export type ExpiredTotals = z.infer<typeof expiredTotalsSchema>;

/** Portfolio-at-risk thresholds of the dashboard, in days late. */
export const PORTFOLIO_RISK_DAYS = [15, 30, 60, 90] as const;

export const portfolioSchema = z.object({
  /** the business date the figures are of */
  as_of: z.string(),
  /** principal still to receive: the journal's loans receivable on that day */
  outstanding: moneySchema,
  /** operations being collected */
  operations: z.number().int(),
  /** disbursements in the business date's month, up to that day */
  disbursed_month: z.object({ month: z.string(), count: z.number().int(), released: moneySchema, financed: moneySchema }),
  /**
   * For each threshold: the operations with an installment more than that many
   * days late, how many such installments, their principal still open, and
   * the outstanding principal of those operations (portfolio at risk).
   */
  at_risk: z.array(
    z.object({
      days: z.number().int(),
      operations: z.number().int(),
      installments: z.number().int(),
      overdue_principal: moneySchema,
      outstanding: moneySchema,
    }),
  ),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

const expiredFilterSchema = filterSchema;

export const collectionsOperations = {
  'collections.expiredInstallments': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/expired-installments',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description:
      'Every overdue installment on the business date (operations being collected, not settled, past their charge-free day), most days late first: days late, value, open value, multa, juros de mora, contract interest and amount due as of today, borrower and product; per row, the operation at the last monthly close (stage, provision; last_close: which month), its last contact (when, channel, outcome) and its latest promise to pay with its state (open, kept, broken). Filters: band (1-15, 16-30, 31-60, 61-90, 90+; one or a list), borrower (name or document contains), borrower_id, product, credit_operation_id, valueStart/valueEnd (the scheduled value). The count stops at EXPIRED_INSTALLMENT_COUNT_CAP (capped). totals: count, open value, charges and amount due of every match (null when capped).',
    list: { filters: EXPIRED_INSTALLMENT_FILTERS, sorts: EXPIRED_INSTALLMENT_SORTS },
    errors: [404],
    args: listArgs.extend({ filter: expiredFilterSchema.optional() }),
    result: paged(expiredInstallmentRowSchema).extend({
      /** the last monthly close in force the rows' at_last_close are of (month YYYY-MM, its last day); null before any */
      last_close: z.object({ month: z.string(), as_of: z.string() }).nullable(),
      capped: z.boolean(),
      /** the business date the list is of */
      as_of: z.string(),
      /** every match's totals; null when the count is capped */
      totals: expiredTotalsSchema.nullable(),
    }),
  }),
  'collections.expiredInstallmentsExport': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/expired-installments/export',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: 'The expired installments matching the list filters, in its order, as rows for the Excel export (at most EXPIRED_INSTALLMENT_EXPORT_MAX).',
    file: { kind: 'excel-export', columns: EXPIRED_INSTALLMENT_EXPORT_COLUMNS, title: 'collections.exportTitle' },
    list: { filters: EXPIRED_INSTALLMENT_FILTERS, sorts: EXPIRED_INSTALLMENT_SORTS },
    errors: [404],
    args: z.object({ filter: expiredFilterSchema.optional(), sort: sortSchema }),
    result: exportRowsSchema,
  }),
  'home.portfolio': defineOperation({
    method: 'GET',
    path: '/api/home/portfolio',
    access: AllPanelUsers,
    encoding: 'none',
    cacheable: true,
    origin: 'designed',
    description:
      "The portfolio on the business date: outstanding principal (loans receivable), operations being collected, disbursements of the date's month, and for 15, 30, 60 and 90 days late the operations and installments past it, their open principal and the outstanding principal of those operations.",
    args: z.object({}),
    result: portfolioSchema,
  }),
} as const;
