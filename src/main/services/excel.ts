/**
 * Writes an export with exceljs's streaming writer (rows go to disk as they
 * are committed, so memory stays flat however many rows there are): an info
 * sheet with record count, report title and date, then the data sheet with
 * Portuguese column titles and values typed per column format.
 */
import ExcelJS from 'exceljs';
import type { ExcelColumn } from '../../shared/contract';
import { translate } from '../../shared/i18n';
import { isRoleId, ROLE_LABELS_PT } from '../../shared/roles';

/** Exports are written in Portuguese, like the spec's reports, whatever the screen language. */
const EXPORT_LOCALE = 'pt-BR' as const;

export const DEFAULT_EXPORT_FILE_NAME = 'list_exported';
export const DEFAULT_EXPORT_TITLE = 'Lista Exportada';
export const EXPORT_EXTENSION = '.xlsx';

const DATE_FORMAT = 'DD/MM/YYYY';
const DATETIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** BRL, tagged with the pt-BR locale id (0x416) as Excel writes it. */
const CURRENCY_FORMAT = '[$R$-416] #,##0.00';
const INTEGER_FORMAT = '#,##0';

export type ExportRow = Record<string, unknown>;

export interface ExcelWriteInput {
  /** Where the workbook is written (the caller renames it into place). */
  filePath: string;
  title: string;
  date: Date;
  columns: readonly ExcelColumn[];
  rows: readonly ExportRow[];
  /** How many data rows between progress reports. */
  progressEvery?: number;
  onProgress?(written: number, total: number): void;
}

function numberFormat(format: ExcelColumn['format']): string | undefined {
  switch (format) {
    case 'date':
      return DATE_FORMAT;
    case 'datetime':
      return DATETIME_FORMAT;
    case 'currency':
      return CURRENCY_FORMAT;
    case 'integer':
      return INTEGER_FORMAT;
    default:
      return undefined;
  }
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The cell value for one column format: real dates and numbers so Excel can sort and sum them. */
export function cellValue(format: ExcelColumn['format'], value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (format) {
    case 'date':
    case 'datetime':
      return toDate(value) ?? String(value);
    case 'currency':
    case 'integer':
      return toNumber(value) ?? String(value);
    case 'boolean':
      return translate(EXPORT_LOCALE, value === true || value === 'true' || value === 1 ? 'common.yes' : 'common.no');
    case 'role': {
      const id = toNumber(value);
      return id !== null && isRoleId(id) ? ROLE_LABELS_PT[id] : String(value);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
}

function columnWidth(format: ExcelColumn['format'], title: string): number {
  const base = format === 'datetime' ? 18 : format === 'date' ? 12 : format === 'currency' ? 16 : 14;
  return Math.max(base, title.length + 2);
}

/** Lets the zip stream drain between batches, so a huge export never piles up in memory. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function writeExcelFile(input: ExcelWriteInput): Promise<{ rows: number }> {
  const every = Math.max(1, input.progressEvery ?? 1000);
  const total = input.rows.length;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: input.filePath,
    useStyles: true,
    useSharedStrings: false,
  });

  const info = workbook.addWorksheet(translate(EXPORT_LOCALE, 'common.exportInfoSheet'));
  info.columns = [{ width: 28 }, { width: 40 }];
  info.addRow([translate(EXPORT_LOCALE, 'common.exportInfoRecords'), total]).commit();
  info.addRow([translate(EXPORT_LOCALE, 'common.exportInfoTitle'), input.title]).commit();
  const dateRow = info.addRow([translate(EXPORT_LOCALE, 'common.exportInfoDate'), input.date]);
  dateRow.getCell(2).numFmt = DATE_FORMAT;
  dateRow.commit();
  info.commit();

  const data = workbook.addWorksheet(translate(EXPORT_LOCALE, 'common.exportDataSheet'));
  data.columns = input.columns.map((column) => {
    const header = translate(EXPORT_LOCALE, column.header);
    const numFmt = numberFormat(column.format);
    return {
      header,
      key: column.key,
      width: columnWidth(column.format, header),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  data.getRow(1).font = { bold: true };
  data.getRow(1).commit();

  let written = 0;
  for (const row of input.rows) {
    const values: Record<string, ExcelJS.CellValue> = {};
    for (const column of input.columns) values[column.key] = cellValue(column.format, row[column.key]);
    data.addRow(values).commit();
    written += 1;
    if (written % every === 0) {
      input.onProgress?.(written, total);
      await breathe();
    }
  }
  data.commit();
  await workbook.commit();
  input.onProgress?.(written, total);
  return { rows: written };
}
