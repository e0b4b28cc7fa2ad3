/**
 * The parameterized report (GET /company/report/parameterized, with the
 * spec's filter[...] query): the person picks the columns of an operations
 * report from a closed catalogue, in the order they want them, and the
 * operations report's filters; a definition can be saved under a name.
 *
 * - Columns travel as filter[columns] (one value per column, in order), so the
 *   call keeps the spec's filter[...] query: an unknown column is a 400 on
 *   filter.columns naming it, no column a 400 on filter.columns, a column
 *   asked twice a 400 naming it.
 * - Filters: the operations report's (period on the planned release date,
 *   status one or many, product, borrower name or CPF/CNPJ, assignee), with
 *   the same rules; the rows come in the same order (release date, then id)
 *   unless sort[<column>] names one of PARAMETERIZED_SORTS (then that column,
 *   ties by id; any other column is a 400 on sort). The files follow the
 *   same sort, and a saved definition keeps it.
 * - JSON is paged (limit at most 100) with the count of every match; each row
 *   carries the operation's id (for the row's link) and the chosen columns.
 * - Excel (GET /company/report/excel/parameterized) and PDF (GET
 *   /company/report/pdf/parameterized) carry every match up to
 *   OPERATIONS_REPORT_EXPORT_MAX rows, the chosen columns only; the workbook
 *   has the export's info sheet (title, count, date, and the filters asked),
 *   a frozen header and cells typed by the column's format. The server writes
 *   them (the columns differ per request, so the main process's fixed-column
 *   export does not fit) and the main process streams them to disk.
 * - Saved definitions (designed calls): shared by everyone of the company who
 *   reads reports (a team agrees on its reports; who saved last and when is
 *   kept), names unique per company ignoring case; saving an existing name
 *   replaces its columns and filters; deleting goes by id (the list gives it).
 * - Who: the operations report's readers (AllOperators) for every call.
 */
import { z } from 'zod';
import { AllOperators } from '../roles';
import { defineOperation, type ExcelColumn } from './define';
import { idArgs, knownFilters, okSchema, pageMetaSchema, sortSchema, trimmedTextSchema } from './common';
import { operationsFilterFields, periodInOrder, PERIOD_ORDER_ERROR } from './company-reports';

type Format = NonNullable<ExcelColumn['format']>;

/**
 * The catalogue, in the order the screen offers it. `format` types the Excel
 * cell; `pdfWidth` is the column's share of a landscape A4 page in points.
 * `open_installments` / `open_amount`: the current schedule's installments
 * without a payment date of an operation being collected, and their value
 * still open (principal and scheduled interest after the payments that stand,
 * reversed ones left out, as the installment's screen replays them; late
 * charges are not in it). `sortable: false`: the open amount comes from that
 * replay, not from a column the database can order by.
 * `assignee`: the assignees holding at least one installment ceded and not
 * ceded back, by name.
 */
export const PARAMETERIZED_COLUMNS = [
  { key: 'id', format: 'integer', pdfWidth: 45 },
  { key: 'borrower_name', format: 'text', pdfWidth: 150 },
  { key: 'borrower_document', format: 'text', pdfWidth: 110 },
  { key: 'product', format: 'text', pdfWidth: 100 },
  { key: 'status', format: 'text', pdfWidth: 90 },
  { key: 'created_on', format: 'date', pdfWidth: 65 },
  { key: 'disbursement_date', format: 'date', pdfWidth: 65 },
  { key: 'first_due_date', format: 'date', pdfWidth: 65 },
  { key: 'installments_count', format: 'integer', pdfWidth: 45 },
  { key: 'monthly_rate', format: 'text', pdfWidth: 55 },
  { key: 'requested_amount', format: 'currency', pdfWidth: 85 },
  { key: 'principal', format: 'currency', pdfWidth: 85 },
  { key: 'iof_total', format: 'currency', pdfWidth: 75 },
  { key: 'fees_total', format: 'currency', pdfWidth: 75 },
  { key: 'total_interest', format: 'currency', pdfWidth: 85 },
  { key: 'total_payable', format: 'currency', pdfWidth: 85 },
  { key: 'open_installments', format: 'integer', pdfWidth: 50 },
  { key: 'open_amount', format: 'currency', pdfWidth: 85, sortable: false },
  { key: 'assignee', format: 'text', pdfWidth: 130 },
] as const satisfies ReadonlyArray<{ key: string; format: Format; pdfWidth: number; sortable?: false }>;

export type ParameterizedColumn = (typeof PARAMETERIZED_COLUMNS)[number]['key'];
export const PARAMETERIZED_COLUMN_KEYS = PARAMETERIZED_COLUMNS.map((c) => c.key) as [ParameterizedColumn, ...ParameterizedColumn[]];
const KNOWN = new Set<string>(PARAMETERIZED_COLUMN_KEYS);

/** The columns a header click may sort by (server-side; ties broken by the operation's id). */
export const PARAMETERIZED_SORTS = PARAMETERIZED_COLUMNS.filter((c) => !('sortable' in c)).map((c) => c.key) as [ParameterizedColumn, ...ParameterizedColumn[]];
export const isParameterizedSort = (field: string): field is ParameterizedColumn => (PARAMETERIZED_SORTS as readonly string[]).includes(field);

/** A saved definition's sort: a sortable column and a direction. */
export const parameterizedSavedSortSchema = z.object({ field: z.enum(PARAMETERIZED_SORTS), order: z.enum(['ASC', 'DESC']) });
export type ParameterizedSort = z.infer<typeof parameterizedSavedSortSchema>;

/** The i18n key of a column's title (the screen's header and the export's, Portuguese in files). */
export const parameterizedColumnTitle = (key: string) => `reports.parameterized.columns.${key}`;

/** The Excel columns of a choice, in its order. */
export function parameterizedExcelColumns(keys: readonly ParameterizedColumn[]): ExcelColumn[] {
  return keys.map((key) => ({ key, header: parameterizedColumnTitle(key), format: PARAMETERIZED_COLUMNS.find((c) => c.key === key)!.format }));
}

export const PARAMETERIZED_MESSAGES = {
  noColumn: 'escolha ao menos uma coluna',
  unknown: (key: string) => `coluna desconhecida: "${key}"`,
  twice: (key: string) => `coluna repetida: "${key}"`,
};

/** Quotes a name only when it is short plain text (never echo control characters or endless input). */
const quoted = (key: string) => (key.length <= 64 && /^[\x20-\x7e]*$/.test(key) ? key : '?');

/** A list of column keys, known and each once, at least one. */
const columnListSchema = z.array(z.string(), { error: PARAMETERIZED_MESSAGES.noColumn }).superRefine((keys, ctx) => {
  if (keys.length === 0) ctx.addIssue({ code: 'custom', message: PARAMETERIZED_MESSAGES.noColumn });
  const seen = new Set<string>();
  for (const key of keys) {
    if (!KNOWN.has(key)) ctx.addIssue({ code: 'custom', message: PARAMETERIZED_MESSAGES.unknown(quoted(key)) });
    else if (seen.has(key)) ctx.addIssue({ code: 'custom', message: PARAMETERIZED_MESSAGES.twice(key) });
    seen.add(key);
  }
});
const columnsSchema = columnListSchema.transform((keys) => keys as ParameterizedColumn[]);

/** filter[columns] from the query: one value is a string, several an array. */
const queryColumnsSchema = z
  .union([z.string(), z.array(z.string())], { error: PARAMETERIZED_MESSAGES.noColumn })
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(columnsSchema);

const parameterizedFilter = operationsFilterFields.extend({ columns: queryColumnsSchema }).refine(periodInOrder, PERIOD_ORDER_ERROR);

export const parameterizedReportArgs = z.object({
  sort: sortSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  filter: knownFilters(parameterizedFilter),
});
export type ParameterizedReportArgs = z.input<typeof parameterizedReportArgs>;

/** The export calls take the same filter; every match up to OPERATIONS_REPORT_EXPORT_MAX. */
export const parameterizedExportArgs = z.object({ sort: sortSchema, filter: knownFilters(parameterizedFilter) });

const cellSchema = z.union([z.string(), z.number(), z.null()]);
export const parameterizedRowSchema = z.record(z.string(), cellSchema);
export type ParameterizedRow = z.infer<typeof parameterizedRowSchema>;

export const parameterizedReportSchema = z.object({
  columns: z.array(z.enum(PARAMETERIZED_COLUMN_KEYS)),
  /** each row: `id` (the operation's, for the row's link, whether chosen or not) and the chosen columns */
  items: z.array(parameterizedRowSchema),
  meta: pageMetaSchema,
});
export type ParameterizedReport = z.infer<typeof parameterizedReportSchema>;

/** A saved definition's filters: the operations report's, stored as given. */
const savedFilterSchema = operationsFilterFields.refine(periodInOrder, PERIOD_ORDER_ERROR);

export const SAVED_REPORT_NAME_MAX = 80;

export const savedReportInput = z.object({
  name: trimmedTextSchema(SAVED_REPORT_NAME_MAX).refine((v) => v.length > 0, { message: 'informe o nome do relatório' }),
  columns: columnsSchema,
  filter: savedFilterSchema.default({}),
  /** the header sort the report had when saved; none keeps the default order */
  sort: parameterizedSavedSortSchema.nullish(),
});
export type SavedReportInput = z.input<typeof savedReportInput>;

export const savedReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(z.enum(PARAMETERIZED_COLUMN_KEYS)),
  filter: z.object({
    from: z.string().optional(),
    to: z.string().optional(),
    status: z.union([z.string(), z.array(z.string())]).optional(),
    product: z.string().optional(),
    borrower: z.string().optional(),
    assignee: z.number().int().optional(),
  }),
  sort: parameterizedSavedSortSchema.nullable(),
  updated_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;

export const companyReportParameterizedOperations = {
  'report.parameterized': defineOperation({
    method: 'GET',
    path: '/api/company/report/parameterized',
    access: AllOperators,
    encoding: 'list',
    origin: 'spec',
    description:
      "The person's own operations report: filter[columns] (one or many, in order, from the catalogue) and the operations report's filters (filter[from]/filter[to] on the planned release date, filter[status], filter[product], filter[borrower], filter[assignee]); paged (limit ≤ 100), by release date then id or by sort[<column>] (PARAMETERIZED_SORTS, ties by id), with the count of all matches.",
    list: { sorts: PARAMETERIZED_SORTS },
    errors: [404],
    args: parameterizedReportArgs,
    result: parameterizedReportSchema,
  }),
  'report.parameterizedExcel': defineOperation({
    method: 'GET',
    path: '/api/company/report/excel/parameterized',
    access: AllOperators,
    encoding: 'list',
    origin: 'designed',
    description: 'The parameterized report as an Excel workbook written by the server: the chosen columns, typed cells, frozen header, the info sheet with the filters; every match up to OPERATIONS_REPORT_EXPORT_MAX.',
    file: { kind: 'download', extension: 'xlsx' },
    list: { sorts: PARAMETERIZED_SORTS },
    errors: [404],
    args: parameterizedExportArgs,
    result: z.unknown(),
  }),
  'report.parameterizedPdf': defineOperation({
    method: 'GET',
    path: '/api/company/report/pdf/parameterized',
    access: AllOperators,
    encoding: 'list',
    origin: 'designed',
    description: 'The parameterized report as a landscape PDF (the chosen columns scaled to the page, the header repeated on every page); every match up to OPERATIONS_REPORT_EXPORT_MAX.',
    file: { kind: 'download', extension: 'pdf' },
    list: { sorts: PARAMETERIZED_SORTS },
    errors: [404],
    args: parameterizedExportArgs,
    result: z.unknown(),
  }),
  'report.savedReports': defineOperation({
    method: 'GET',
    path: '/api/company/report/parameterized/saved',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: "The company's saved parameterized reports (shared by everyone who reads reports), by name.",
    args: z.object({}),
    result: z.array(savedReportSchema),
  }),
  'report.saveReport': defineOperation({
    method: 'PUT',
    path: '/api/company/report/parameterized/saved',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: 'Saves a parameterized report under a name (columns in order, filters, the header sort if any); an existing name (ignoring case) is replaced, and the answer says so.',
    args: savedReportInput,
    result: z.object({ report: savedReportSchema, replaced: z.boolean() }),
  }),
  'report.deleteSavedReport': defineOperation({
    method: 'DELETE',
    path: '/api/company/report/parameterized/saved/:id',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: 'Deletes a saved parameterized report (404 when there is none with that id).',
    args: idArgs,
    result: okSchema,
  }),
} as const;
