/**
 * The parameterized report as files: a workbook (the shared export writer:
 * info sheet with the filters, frozen header, cells typed by the column's
 * format) and a landscape PDF (platform/pdf-table.ts: header repeated on every
 * page). Files are in Portuguese like every export: statuses and products in
 * words, amounts and dates in the Brazilian way on the PDF.
 */
import { CREDIT_PRODUCTS } from '@shared/contract/credit-operations';
import { PARAMETERIZED_COLUMNS, parameterizedColumnTitle, parameterizedExcelColumns, type ParameterizedColumn, type ParameterizedRow } from '@shared/contract/company-report-parameterized';
import { formatCurrency } from '@shared/format';
import { translate } from '@shared/i18n';
import { brDay, openPdf, pdfTable, type PdfColumn } from '../../platform/pdf-table';
import { workbookBytes } from '../servicing';
import type { ParameterizedFilter } from './parameterized-report';

export const PARAMETERIZED_TITLE = 'Relatório parametrizado de operações';
const pt = (key: string) => translate('pt-BR', key);
const KNOWN_PRODUCTS = new Set<string>(CREDIT_PRODUCTS.map((p) => p.id));

/** Status and product codes in words (a product outside the catalogue stays as stored). */
function inWords(row: ParameterizedRow): ParameterizedRow {
  const out = { ...row };
  if (typeof out.status === 'string') out.status = pt(`creditOperations.status.${out.status}`);
  if (typeof out.product === 'string' && KNOWN_PRODUCTS.has(out.product)) out.product = pt(`creditOperations.products.${out.product}`);
  return out;
}

/** The filters asked, as label/value lines (the info sheet and the PDF's heading). */
export function filterLines(f: ParameterizedFilter, assigneeName: string | null): Array<{ label: string; value: string }> {
  const lines: Array<{ label: string; value: string }> = [];
  if (f.from || f.to) lines.push({ label: 'Liberação', value: `${f.from ? brDay(f.from) : '…'} a ${f.to ? brDay(f.to) : '…'}` });
  if (f.status) lines.push({ label: 'Situação', value: (Array.isArray(f.status) ? f.status : [f.status]).map((s) => pt(`creditOperations.status.${s}`)).join(', ') });
  if (f.product) lines.push({ label: 'Produto', value: KNOWN_PRODUCTS.has(f.product) ? pt(`creditOperations.products.${f.product}`) : f.product });
  if (f.borrower) lines.push({ label: 'Tomador', value: f.borrower });
  if (f.assignee !== undefined) lines.push({ label: 'Cessionário', value: assigneeName ?? `conta ${f.assignee}` });
  return lines;
}

export interface ParameterizedFileInput {
  filter: ParameterizedFilter;
  rows: readonly ParameterizedRow[];
  assigneeName: string | null;
  generatedAt: Date;
}

export function parameterizedWorkbook({ filter, rows, assigneeName, generatedAt }: ParameterizedFileInput): Promise<Buffer> {
  return workbookBytes({
    title: PARAMETERIZED_TITLE,
    date: generatedAt,
    columns: parameterizedExcelColumns(filter.columns),
    rows: rows.map(inWords),
    info: filterLines(filter, assigneeName),
  });
}

/** Landscape A4 less the margins. */
const PAGE_WIDTH = 770;
const MARGIN = 36;

function pdfText(key: ParameterizedColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const format = PARAMETERIZED_COLUMNS.find((c) => c.key === key)!.format;
  if (format === 'currency') return formatCurrency(String(value));
  if (format === 'date') return brDay(String(value));
  return String(value);
}

/** `issuedOn`: the lender's business date the PDF is issued on. */
export function parameterizedPdf({ filter, rows, assigneeName }: Omit<ParameterizedFileInput, 'generatedAt'>, issuedOn: string): Promise<Buffer> {
  const { doc, finish } = openPdf({ title: PARAMETERIZED_TITLE, margin: MARGIN, layout: 'landscape' });
  const wanted = filter.columns.map((key) => PARAMETERIZED_COLUMNS.find((c) => c.key === key)!);
  const natural = wanted.reduce((w, c) => w + c.pdfWidth, 0);
  // Many columns are narrowed together (and the type with them) so the table always fits the page's width.
  const scale = Math.min(1, PAGE_WIDTH / natural);
  const columns: PdfColumn[] = wanted.map((c) => ({
    title: pt(parameterizedColumnTitle(c.key)),
    width: c.pdfWidth * scale,
    align: c.format === 'currency' || c.format === 'integer' ? 'right' : 'left',
  }));
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#1c2127').text(PARAMETERIZED_TITLE, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor('#5f6b7c');
  doc.text(`Emitido em ${brDay(issuedOn)} · ${rows.length} operação(ões)`);
  for (const line of filterLines(filter, assigneeName)) doc.text(`${line.label}: ${line.value}`);
  doc.moveDown();
  const table = pdfTable(doc, columns, { rowHeight: 14, fontSize: Math.max(6, 8.5 * scale), headerFill: '#e8e8e8' });
  table.header();
  if (rows.length === 0) table.row(['Nenhuma operação com estes filtros.']);
  for (const row of rows.map(inWords)) table.row(filter.columns.map((key) => pdfText(key, row[key])));
  return finish();
}
