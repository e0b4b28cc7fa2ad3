/**
 * The company's reports (the spec's /company/report/* calls).
 *
 * IOF report (GET /company/report/iof, /company/report/pdf/iof and the
 * designed /company/report/excel/iof):
 * - What the lender collected as IOF on its credit operations, from the IOF
 *   recorded at each operation's release (disbursements.iof, dated by
 *   disbursed_on), gathered per ten-day period (decêndio: 1–10, 11–20, 21 to
 *   the month's end) and payer type, with the DARF revenue code (7893
 *   individuals, 1150 companies — Simples and MEI are companies) and the due
 *   date: the third bank business day after the decêndio (bank calendar:
 *   weekends, national and bank holidays). Operations with no IOF (0.00) are
 *   not counted: they have nothing to pay.
 * - filter[from] and filter[to] (YYYY-MM-DD, both required, from ≤ to, at
 *   most IOF_REPORT_MAX_DAYS apart) are widened to whole decêndios, so a
 *   period never shows half a DARF; the answer says the period it covers.
 * - Excel: the same decêndio lines as rows (plus a total row per decêndio),
 *   written by the main process with the project's export (info sheet,
 *   frozen header, typed cells). PDF: rendered by the server, paginated with
 *   the table header repeated on each page.
 * - Who: AllOperators (superadmin, admin, operator) read reports; agents and
 *   the registered role never.
 */
import { z } from 'zod';
import { CREDIT_OPERATION_STATUSES } from '../enums';
import { AllOperators } from '../roles';
import { defineOperation, type ExcelColumn } from './define';
import { exportRowsSchema, idSchema, knownFilters, pageMetaSchema, sortSchema, textSchema } from './common';
import { calendarDaySchema, moneySchema } from './money';
import { borrowerNamedSchema, dayAnswerSchema } from './fields';
import { REMITTANCE_BANK_CODES } from './company-remittance';

/** The longest period one IOF report covers (about five years of decêndios). */
export const IOF_REPORT_MAX_DAYS = 1830;

export const IOF_PAYER_TYPES = ['PF', 'PJ'] as const;

const iofPeriodFilter = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .refine((f) => f.from <= f.to, { message: 'o fim do período não pode ser antes do início', path: ['to'] });

/**
 * The spec's filter[...] query: the period, both ends included. Field names
 * pass the list rule first (built-in object names refused by name), as on
 * every list call; sort is accepted by that rule and ignored (the order is
 * the decêndios').
 */
export const iofReportArgs = z.object({
  // sort first: a bad sort field is named even when the period is missing too.
  sort: sortSchema,
  filter: knownFilters(iofPeriodFilter),
});
export type IofReportArgs = z.input<typeof iofReportArgs>;

export const iofReportLineSchema = z.object({
  payer_type: z.enum(IOF_PAYER_TYPES),
  darf_code: z.string(),
  operation_count: z.number().int(),
  total: moneySchema,
});

export const iofReportDecendioSchema = z.object({
  /** 1, 2 or 3 within its month */
  index: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** the DARF's due date */
  due_date: dayAnswerSchema,
  lines: z.array(iofReportLineSchema),
  operation_count: z.number().int(),
  total: moneySchema,
});
export type IofReportDecendio = z.infer<typeof iofReportDecendioSchema>;

export const iofReportSchema = z.object({
  /** the period asked, widened to whole decêndios */
  from: z.string(),
  to: z.string(),
  decendios: z.array(iofReportDecendioSchema),
  operation_count: z.number().int(),
  total: moneySchema,
});
export type IofReport = z.infer<typeof iofReportSchema>;

export const IOF_REPORT_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'start', header: 'reports.iof.columns.start', format: 'date' },
  { key: 'end', header: 'reports.iof.columns.end', format: 'date' },
  { key: 'payer_type', header: 'reports.iof.columns.payerType', format: 'text' },
  { key: 'darf_code', header: 'reports.iof.columns.darfCode', format: 'text' },
  { key: 'operation_count', header: 'reports.iof.columns.operationCount', format: 'integer' },
  { key: 'total', header: 'reports.iof.columns.total', format: 'currency' },
  { key: 'due_date', header: 'reports.iof.columns.dueDate', format: 'date' },
];

/**
 * Operations report (GET /company/report/operations, Excel rows at the
 * designed /company/report/excel/operations): every operation whose planned
 * release date (disbursement_date) is in filter[from]..filter[to] (both
 * optional), of the statuses asked (filter[status], one or many), the
 * product (exact), the borrower (name or CPF/CNPJ contains) and the
 * assignee (filter[assignee], an assignment account's id: operations with at
 * least one installment ceded to it and not ceded back), by release date
 * then id, paged, with the totals of everything that matches. The Excel rows
 * carry at most OPERATIONS_REPORT_EXPORT_MAX operations.
 */
export const OPERATIONS_REPORT_EXPORT_MAX = 100_000;

const statusSchema = z.enum(CREDIT_OPERATION_STATUSES);
/** The operations report's filter fields, shared with the parameterized report (one rule per field). */
export const operationsFilterFields = z.object({
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  status: z.union([statusSchema, z.array(statusSchema)]).optional(),
  product: textSchema(100).optional(),
  borrower: textSchema(100).optional(),
  assignee: idSchema.optional(),
});
export const periodInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
export const PERIOD_ORDER_ERROR = { message: 'o fim do período não pode ser antes do início', path: ['to'] };
const operationsFilter = operationsFilterFields.refine(periodInOrder, PERIOD_ORDER_ERROR);

/** The filter keys the operations report's screen may send (the list kit's typed filters). */
export const OPERATIONS_REPORT_FILTERS = ['from', 'to', 'status', 'product', 'borrower', 'assignee'] as const;

export const operationsReportArgs = z.object({
  sort: sortSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  filter: knownFilters(operationsFilter),
});

export const operationsReportItemSchema = z.object({
  id: z.number().int(),
  ...borrowerNamedSchema.shape,
  product: z.string(),
  status: statusSchema,
  disbursement_date: z.string(),
  installments_count: z.number().int(),
  monthly_rate: z.string(),
  principal: moneySchema,
  iof_total: moneySchema,
  total_payable: moneySchema,
});
export type OperationsReportItem = z.infer<typeof operationsReportItemSchema>;

export const operationsReportSchema = z.object({
  items: z.array(operationsReportItemSchema),
  meta: pageMetaSchema,
  totals: z.object({ count: z.number().int(), principal: moneySchema, iof_total: moneySchema, total_payable: moneySchema }),
});

export const OPERATIONS_REPORT_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'id', header: 'reports.operations.columns.id', format: 'integer' },
  { key: 'borrower_name', header: 'reports.operations.columns.borrowerName', format: 'text' },
  { key: 'borrower_document', header: 'reports.operations.columns.borrowerDocument', format: 'text' },
  { key: 'product', header: 'reports.operations.columns.product', format: 'text' },
  { key: 'status', header: 'reports.operations.columns.status', format: 'text' },
  { key: 'disbursement_date', header: 'reports.operations.columns.disbursementDate', format: 'date' },
  { key: 'installments_count', header: 'reports.operations.columns.installments', format: 'integer' },
  { key: 'monthly_rate', header: 'reports.operations.columns.monthlyRate', format: 'text' },
  { key: 'principal', header: 'reports.operations.columns.principal', format: 'currency' },
  { key: 'iof_total', header: 'reports.operations.columns.iof', format: 'currency' },
  { key: 'total_payable', header: 'reports.operations.columns.totalPayable', format: 'currency' },
];

/**
 * The remittance report over a period (GET /company/report/operation/
 * remittance/excel and /pdf): every CNAB 240 file generated between
 * filter[from] and filter[to] (the generation day, both required, from ≤ to,
 * at most REMITTANCE_REPORT_MAX_DAYS apart), of one bank when filter[bank]
 * (001, 104, 341) is given, by generation day, bank and NSA; each file with
 * what it carried line by line (the per-file report's lines) and the totals
 * per instruction. At most REMITTANCE_REPORT_MAX_FILES files: a longer list is
 * a 400 naming filter.to (shorten the period). Excel: one row per line with
 * the file it went in, the totals on the info sheet; PDF: one section per
 * file, each from a new page, the table header repeated on every page.
 */
export const REMITTANCE_REPORT_MAX_DAYS = 366;
export const REMITTANCE_REPORT_MAX_FILES = 200;

const remittancePeriodFilter = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    bank: z.enum(REMITTANCE_BANK_CODES, { error: 'banco sem remessa CNAB 240: use 001, 104 ou 341' }).optional(),
  })
  .refine((f) => f.from <= f.to, { message: 'o fim do período não pode ser antes do início', path: ['to'] });

export const remittancePeriodArgs = z.object({
  sort: sortSchema,
  filter: knownFilters(remittancePeriodFilter),
});
export type RemittancePeriodArgs = z.input<typeof remittancePeriodArgs>;

export const companyReportsOperations = {
  'report.operations': defineOperation({
    method: 'GET',
    path: '/api/company/report/operations',
    access: AllOperators,
    encoding: 'list',
    origin: 'spec',
    description:
      'Credit operations for analysis: filter[from]/filter[to] on the planned release date, filter[status] (one or many), filter[product], filter[borrower] (name or CPF/CNPJ contains), filter[assignee] (an assignment account id: operations with an installment ceded to it and not ceded back); paged, by release date, with the totals of all matches.',
    list: { filters: OPERATIONS_REPORT_FILTERS, sorts: [] },
    args: operationsReportArgs,
    result: operationsReportSchema,
  }),
  'report.operationsExcel': defineOperation({
    method: 'GET',
    path: '/api/company/report/excel/operations',
    access: AllOperators,
    encoding: 'list',
    origin: 'designed',
    description: 'The operations report as rows for the Excel export (the same filters, every match up to OPERATIONS_REPORT_EXPORT_MAX).',
    file: { kind: 'excel-export', columns: OPERATIONS_REPORT_EXCEL_COLUMNS, title: 'reports.operations.title' },
    list: { filters: OPERATIONS_REPORT_FILTERS, sorts: [] },
    args: operationsReportArgs,
    result: exportRowsSchema,
  }),
  'report.iof': defineOperation({
    method: 'GET',
    path: '/api/company/report/iof',
    access: AllOperators,
    encoding: 'list',
    origin: 'spec',
    description:
      'The IOF collected at the release of the credit operations, per decêndio and payer type (PF, PJ), with the DARF code (7893, 1150), the due date (third bank business day after the decêndio) and totals; filter[from] and filter[to] are widened to whole decêndios.',
    list: { sorts: [] },
    args: iofReportArgs,
    result: iofReportSchema,
  }),
  'report.iofCurrentPeriod': defineOperation({
    method: 'GET',
    path: '/api/company/report/iof/current-period',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: "The decêndio of the lender's business date (the server's clock, not the workstation's): the period the IOF report's screen opens on.",
    args: z.object({}),
    result: z.object({ from: z.string(), to: z.string() }),
  }),
  'report.iofPdf': defineOperation({
    method: 'GET',
    path: '/api/company/report/pdf/iof',
    access: AllOperators,
    encoding: 'list',
    origin: 'spec',
    description: 'The IOF report as a PDF (paginated, the table header repeated on each page), rendered by the server.',
    file: { kind: 'download', extension: 'pdf' },
    list: { sorts: [] },
    args: iofReportArgs,
    result: z.unknown(),
  }),
  'report.iofExcel': defineOperation({
    method: 'GET',
    path: '/api/company/report/excel/iof',
    access: AllOperators,
    encoding: 'list',
    origin: 'designed',
    description: 'The IOF report as rows for the Excel export: one row per decêndio and payer type, then the decêndio total.',
    file: { kind: 'excel-export', columns: IOF_REPORT_EXCEL_COLUMNS, title: 'reports.iof.title' },
    list: { sorts: [] },
    args: iofReportArgs,
    result: exportRowsSchema,
  }),
  'report.remittanceExcel': defineOperation({
    method: 'GET',
    path: '/api/company/report/operation/remittance/excel',
    access: AllOperators,
    encoding: 'list',
    origin: 'spec',
    description:
      'The remittances generated in filter[from]..filter[to] (of filter[bank] when given) as an Excel workbook: one row per line carried with its file (day, bank, account, NSA, name), the count and total per instruction on the info sheet.',
    file: { kind: 'download', extension: 'xlsx' },
    list: { sorts: [] },
    errors: [404],
    args: remittancePeriodArgs,
    result: z.unknown(),
  }),
  'report.remittancePdf': defineOperation({
    method: 'GET',
    path: '/api/company/report/operation/remittance/pdf',
    access: AllOperators,
    encoding: 'list',
    origin: 'spec',
    description:
      'The remittances generated in filter[from]..filter[to] (of filter[bank] when given) as a PDF: a summary of the files, then each file as its remittance report (lines, totals per instruction), paginated with the table header repeated.',
    file: { kind: 'download', extension: 'pdf' },
    list: { sorts: [] },
    errors: [404],
    args: remittancePeriodArgs,
    result: z.unknown(),
  }),
} as const;
