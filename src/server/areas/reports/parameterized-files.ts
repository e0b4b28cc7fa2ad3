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
import { brDay, openPdf, pdfTable, type PdfColumn, type PdfDoc } from '../../platform/pdf-table';
import { workbookBytes } from '../bank-files';
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

/** Amounts, dates, counts and documents are read whole: their columns are sized to their widest value, text columns share the rest. */
const WHOLE_FORMATS = new Set<string>(['currency', 'date', 'integer']);
const isWhole = (c: { key: string; format: string }) => WHOLE_FORMATS.has(c.format) || c.key === 'borrower_document';
const FONT_SIZES = [8.5, 8, 7.5, 7, 6.5, 6, 5.5];
const TEXT_MIN = 40;
const TEXT_MIN_LAST = 22;
const PADDING = 8;

interface Layout {
  fontSize: number;
  widths: number[];
}

/**
 * The largest type at which every whole column shows its widest value and the
 * text columns keep at least TEXT_MIN points each; at the smallest type, when
 * even that does not fit, every column narrowed in proportion.
 */
function layout(doc: PdfDoc, keys: readonly ParameterizedColumn[], texts: readonly string[][]): Layout {
  const specs = keys.map((key) => PARAMETERIZED_COLUMNS.find((c) => c.key === key)!);
  // The longest text of each whole column stands for its widest (digits are equally wide in Helvetica).
  const longest = specs.map((c, i) => (isWhole(c) ? texts.reduce((best, row) => (row[i].length > best.length ? row[i] : best), '') : ''));
  // A header's longest word: narrower, the word would break inside.
  const headerWord = specs.map((c) => pt(parameterizedColumnTitle(c.key)).split(/\s+/).reduce((best, w) => (w.length > best.length ? w : best), ''));
  // First every size with roomy text columns, then the smallest type with text columns narrowed further (cut with "…").
  const tries = [...FONT_SIZES.map((fontSize) => ({ fontSize, textMin: TEXT_MIN })), { fontSize: FONT_SIZES[FONT_SIZES.length - 1], textMin: TEXT_MIN_LAST }];
  for (const { fontSize, textMin } of tries) {
    const whole = specs.map((c, i) => {
      if (!isWhole(c)) return 0;
      const value = doc.font('Helvetica').fontSize(fontSize).widthOfString(longest[i]);
      const header = doc.font('Helvetica-Bold').fontSize(fontSize).widthOfString(headerWord[i]);
      return Math.max(value, header) + PADDING;
    });
    const textSpecs = specs.filter((c) => !isWhole(c));
    const room = PAGE_WIDTH - whole.reduce((a, b) => a + b, 0);
    if (room < textSpecs.length * textMin) continue;
    const share = textSpecs.reduce((a, c) => a + c.pdfWidth, 0);
    // Text columns share what is left in their catalogue proportions, at most half again their catalogue width.
    const widths = specs.map((c, i) => (isWhole(c) ? whole[i] : Math.max(textMin, Math.min(c.pdfWidth * 1.5, (room * c.pdfWidth) / share))));
    return { fontSize, widths };
  }
  const natural = specs.reduce((w, c) => w + c.pdfWidth, 0);
  return { fontSize: FONT_SIZES[FONT_SIZES.length - 1], widths: specs.map((c) => (c.pdfWidth * PAGE_WIDTH) / natural) };
}

/** `issuedOn`: the lender's business date the PDF is issued on. */
export function parameterizedPdf({ filter, rows, assigneeName }: Omit<ParameterizedFileInput, 'generatedAt'>, issuedOn: string): Promise<Buffer> {
  const { doc, finish } = openPdf({ title: PARAMETERIZED_TITLE, margin: MARGIN, layout: 'landscape' });
  const texts = rows.map(inWords).map((row) => filter.columns.map((key) => pdfText(key, row[key])));
  const { fontSize, widths } = layout(doc, filter.columns, texts);
  const columns: PdfColumn[] = filter.columns.map((key, i) => {
    const format = PARAMETERIZED_COLUMNS.find((c) => c.key === key)!.format;
    return { title: pt(parameterizedColumnTitle(key)), width: widths[i], align: format === 'currency' || format === 'integer' ? 'right' : 'left' };
  });
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#1c2127').text(PARAMETERIZED_TITLE, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor('#5f6b7c');
  doc.text(`Emitido em ${brDay(issuedOn)} · ${rows.length} operação(ões)`);
  for (const line of filterLines(filter, assigneeName)) doc.text(`${line.label}: ${line.value}`);
  doc.moveDown();
  const table = pdfTable(doc, columns, { rowHeight: 14, fontSize, headerFill: '#e8e8e8' });
  table.header();
  if (rows.length === 0) table.row(['Nenhuma operação com estes filtros.']);
  for (const cells of texts) table.row(cells);
  return finish();
}
