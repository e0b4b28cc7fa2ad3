/**
 * The lender's books in COSIF: the monthly balancete (balancete mensal por
 * conta COSIF) — for a month, every account of the chart (@shared/ledger) with
 * its COSIF code and title, the balance at the month's opening, the month's
 * debits and credits, and the closing balance — as JSON, Excel rows (written
 * by the main process like every export) and PDF (rendered by the server).
 *
 * Design choices:
 * - Balances are signed debits − credits (an asset's or expense's normal
 *   balance is positive, a liability's, income's or the allowance's negative),
 *   the same convention as the trial balance by date, which stays as it is.
 * - The opening is the closing of the month before (entries dated up to the
 *   day before the first day); the closing equals the trial balance on the
 *   month's last day. The totals' difference (debits − credits) is "0.00"
 *   when the books balance.
 * - filter[month] (YYYY-MM; default the business date's month) is the only filter; the order is the
 *   chart's (no sort: a sort field sent is refused, like an unknown filter).
 * - Who: AllAdmins (the books are the administrators'; operators keep the
 *   trial balance by date).
 */
import { z } from 'zod';
import { LEDGER_ACCOUNTS } from '../ledger';
import { AllAdmins } from '../roles';
import { defineOperation, type ExcelColumn } from './define';
import { exportRowsSchema, knownFilters, sortSchema } from './common';
import { moneySchema } from './money';

/** A month as YYYY-MM (1900–2999). */
export const monthSchema = z.string().regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/, 'informe o mês como AAAA-MM');

export const BALANCETE_FILTERS = ['month'] as const;

export const balanceteArgs = z.object({
  // sort first: a sort field is named even when the month is missing too.
  sort: sortSchema,
  filter: knownFilters(z.object({ month: monthSchema.optional() })).optional(),
});
export type BalanceteArgs = z.input<typeof balanceteArgs>;

export const balanceteLineSchema = z.object({
  account: z.enum(LEDGER_ACCOUNTS),
  /** the servicing desk's code (the trial balance's) */
  code: z.string(),
  name: z.string(),
  nature: z.enum(['asset', 'liability', 'income', 'expense']),
  normal_balance: z.enum(['debit', 'credit']),
  cosif_code: z.string(),
  cosif_title: z.string(),
  /** a subtítulo de uso interno opened under a COSIF account */
  cosif_internal: z.boolean(),
  /** debits − credits up to the day before the month's first day */
  opening: moneySchema,
  debits: moneySchema,
  credits: moneySchema,
  /** opening + debits − credits: the trial balance on the month's last day */
  closing: moneySchema,
});
export type BalanceteLine = z.infer<typeof balanceteLineSchema>;

export const balanceteSchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  accounts: z.array(balanceteLineSchema),
  totals: z.object({
    /** the sum of the openings: "0.00" when the books balanced at the month's opening */
    opening: moneySchema,
    debits: moneySchema,
    credits: moneySchema,
    /** the sum of the closings */
    closing: moneySchema,
    /** the month's debits − credits: "0.00" when the books balance */
    difference: moneySchema,
  }),
});
export type Balancete = z.infer<typeof balanceteSchema>;

export const BALANCETE_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'cosif_code', header: 'books.columns.cosifCode', format: 'text' },
  { key: 'cosif_title', header: 'books.columns.cosifTitle', format: 'text' },
  { key: 'name', header: 'books.columns.account', format: 'text' },
  { key: 'opening', header: 'books.columns.opening', format: 'currency' },
  { key: 'debits', header: 'books.columns.debits', format: 'currency' },
  { key: 'credits', header: 'books.columns.credits', format: 'currency' },
  { key: 'closing', header: 'books.columns.closing', format: 'currency' },
];

const list = { filters: BALANCETE_FILTERS, sorts: [] } as const;

export const ledgerBooksOperations = {
  'ledger.balancete': defineOperation({
    method: 'GET',
    path: '/api/ledger/balancete',
    access: AllAdmins,
    encoding: 'list',
    origin: 'designed',
    description:
      "The monthly balancete by COSIF account for filter[month] (YYYY-MM; default: the business date's month): every account of the chart with its COSIF code and title, the opening balance (the month before's closing), the month's debits and credits and the closing balance (the trial balance on the month's last day), balances as debits − credits; the totals' difference is zero when the books balance. A sort or an unknown filter is refused.",
    list,
    args: balanceteArgs,
    result: balanceteSchema,
  }),
  'ledger.balanceteExcel': defineOperation({
    method: 'GET',
    path: '/api/ledger/balancete/excel',
    access: AllAdmins,
    encoding: 'list',
    origin: 'designed',
    description: 'The monthly balancete as rows for the Excel export: one row per account, then the totals row.',
    file: { kind: 'excel-export', columns: BALANCETE_EXCEL_COLUMNS, title: 'books.title' },
    list,
    args: balanceteArgs,
    result: exportRowsSchema,
  }),
  'ledger.balancetePdf': defineOperation({
    method: 'GET',
    path: '/api/ledger/balancete/pdf',
    access: AllAdmins,
    encoding: 'list',
    origin: 'designed',
    description: 'The monthly balancete as a PDF (A4 landscape, the table header repeated on each page), rendered by the server.',
    file: { kind: 'download', extension: 'pdf' },
    list,
    args: balanceteArgs,
    result: z.unknown(),
  }),
} as const;
