/**
 * Writes an export (the main process's list exports, the server's Excel
 * reports) with exceljs's streaming writer (rows go to disk as they
 * are committed, so memory stays flat however many rows there are): an info
 * sheet with record count, report title and date, then the data sheet with
 * Portuguese column titles and values typed per column format, columns sized
 * to their content, the header row frozen and an autofilter over the data.
 *
 * Excel has no time zones: a cell shows the wall-clock fields of the stored
 * value. Instants are therefore written as the workstation's wall time (as
 * the screens show them); calendar dates (YYYY-MM-DD) are written as they are.
 */
import ExcelJS from 'exceljs';
import type { ExcelColumn } from '@shared/contract';
import { translate } from '@shared/i18n';
import { isRoleId, ROLE_LABELS_PT } from '@shared/roles';
import { activityKey } from '@shared/activity';

/** Exports are written in Portuguese, like the spec's reports, whatever the screen language. */
const EXPORT_LOCALE = 'pt-BR' as const;

export { DEFAULT_EXPORT_FILE_NAME, DEFAULT_EXPORT_TITLE, EXPORT_EXTENSION } from '@shared/excel-names';

const DATE_FORMAT = 'DD/MM/YYYY';
const DATETIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** BRL, tagged with the pt-BR locale id (0x416) as Excel writes it. */
const CURRENCY_FORMAT = '[$R$-416] #,##0.00';
const INTEGER_FORMAT = '#,##0';

export type ExportRow = Record<string, unknown>;

export interface ExcelWriteInput {
  /** Where the workbook is written (the caller renames it into place)… */
  filePath?: string;
  /** …or the stream it goes to (a report answered from memory); exceljs ends it. */
  stream?: ExcelJS.stream.xlsx.WorkbookStreamWriterOptions['stream'];
  title: string;
  /** More label/value lines for the info sheet after the date (a report's totals); values typed like `columns`. */
  info?: ReadonlyArray<{ label: string; value: unknown; format?: ExcelColumn['format'] }>;
  date: Date;
  columns: readonly ExcelColumn[];
  /**
   * The rows in memory, or batches read as they are written (a list export
   * read from the server's answer as it arrives) with `total` their count,
   * which the info sheet carries before any row is written.
   */
  rows: readonly ExportRow[] | AsyncIterable<readonly ExportRow[]>;
  total?: number;
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

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant as a Date whose UTC fields are its wall-clock time in `timeZone`
 * (default: the workstation's zone, read with the fast local getters), which
 * is what Excel will show.
 */
export function wallClock(instant: Date, timeZone?: string): Date {
  if (timeZone === undefined) {
    return new Date(
      Date.UTC(
        instant.getFullYear(),
        instant.getMonth(),
        instant.getDate(),
        instant.getHours(),
        instant.getMinutes(),
        instant.getSeconds(),
        instant.getMilliseconds(),
      ),
    );
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'), instant.getUTCMilliseconds()),
  );
}

function toDate(value: unknown): Date | null {
  // A calendar date is no instant: midnight UTC is exactly that day in Excel, whatever the zone.
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return new Date(`${value}T00:00:00Z`);
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string' || typeof value === 'number') date = new Date(value);
  return date && !Number.isNaN(date.getTime()) ? wallClock(date) : null;
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
    case 'activity-action':
    case 'activity-entity':
      return activityText(format, String(value));
    default:
      return typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
}

/** An activity code in words, as the logs screen shows it; a code this version does not know stays as written. */
function activityText(format: 'activity-action' | 'activity-entity', code: string): string {
  const key = `logs.${format === 'activity-action' ? 'actions' : 'entities'}.${activityKey(code)}`;
  const text = translate(EXPORT_LOCALE, key);
  return text === key ? code : text;
}

export const MIN_COLUMN_WIDTH = 8;
export const MAX_COLUMN_WIDTH = 60;
/** Rows read to size the columns: enough to see the long values, bounded so a huge export stays fast. */
const WIDTH_SAMPLE_ROWS = 2000;

const integerText = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const currencyText = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Characters a cell shows once Excel applies the column format (the longest line of a text). */
function shownLength(format: ExcelColumn['format'], value: ExcelJS.CellValue): number {
  if (value === null || value === undefined) return 0;
  if (value instanceof Date) return format === 'datetime' ? DATETIME_FORMAT.length : DATE_FORMAT.length;
  if (typeof value === 'number') {
    if (format === 'currency') return currencyText.format(value).length + 3;
    if (format === 'integer') return integerText.format(value).length;
    return String(value).length;
  }
  const text = String(value);
  return text.includes('\n') ? Math.max(...text.split('\n').map((line) => line.length)) : text.length;
}

/**
 * Column widths from the title and the values (evenly sampled rows), plus a
 * margin for the autofilter button, bounded to 8–60 characters.
 */
export function columnWidths(columns: readonly ExcelColumn[], headers: readonly string[], rows: readonly ExportRow[]): number[] {
  const longest = headers.map((h) => h.length + 2);
  const step = Math.max(1, Math.ceil(rows.length / WIDTH_SAMPLE_ROWS));
  for (let i = 0; i < rows.length; i += step) {
    columns.forEach((column, c) => {
      const n = shownLength(column.format, cellValue(column.format, rows[i][column.key]));
      if (n > longest[c]) longest[c] = n;
    });
  }
  return longest.map((n) => Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, n + 2)));
}

/** Lets the zip stream drain between batches, so a huge export never piles up in memory. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows between looks at the zip's backlog (about 90 KB of sheet XML). */
const BACKLOG_CHECK_ROWS = 250;
/** Bytes of sheet XML allowed to wait for the zip's deflate before the writer stops making more. */
const MAX_SHEET_BACKLOG = 1024 * 1024;

interface BufferedStream {
  _writableState?: { length?: number };
  once?(event: 'drain', listener: () => void): unknown;
  removeListener?(event: 'drain', listener: () => void): unknown;
}

/**
 * Waits while the sheet's XML waits to be zipped. exceljs's sheet stream
 * writes into the zip entry's stream without heeding its backpressure, so
 * rows made faster than the deflate takes them pile up as XML (the whole
 * sheet, ~35 MB at 100,000 rows); this is the one place that reads exceljs's
 * and the stream's internals, and it waits for nothing when they are not
 * there.
 */
async function sheetDrained(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: BufferedStream[] } }).stream?.pipes;
  const entry = pipes?.[0];
  if (!entry?.once || !entry.removeListener) return;
  while ((entry._writableState?.length ?? 0) > MAX_SHEET_BACKLOG) {
    await new Promise<void>((resolve) => {
      // 'drain' comes when the backlog is gone; the timer only guards against a stream that never says so.
      const done = () => {
        clearTimeout(timer);
        entry.removeListener?.('drain', done);
        resolve();
      };
      const timer = setTimeout(done, 50);
      entry.once?.('drain', done);
    });
  }
}

/**
 * The first batches up to WIDTH_SAMPLE_ROWS rows (what the widths are
 * measured on when the rows arrive in batches) and an iterator of the rest.
 */
async function head(batches: AsyncIterable<readonly ExportRow[]>): Promise<{ first: ExportRow[]; rest: AsyncIterator<readonly ExportRow[]> }> {
  const rest = batches[Symbol.asyncIterator]();
  const first: ExportRow[] = [];
  while (first.length < WIDTH_SAMPLE_ROWS) {
    const next = await rest.next();
    if (next.done) break;
    for (const row of next.value) first.push(row);
  }
  return { first, rest };
}

export async function writeExcelFile(input: ExcelWriteInput): Promise<{ rows: number }> {
  const every = Math.max(1, input.progressEvery ?? 1000);
  const inMemory = Array.isArray(input.rows) ? (input.rows as readonly ExportRow[]) : null;
  const total = inMemory ? inMemory.length : input.total;
  if (total === undefined) throw new Error('writeExcelFile: the row count is needed before rows read in batches');
  // Rows in batches: the widths are measured on the first ones (all of them up to WIDTH_SAMPLE_ROWS), the rest stream.
  const streamed = inMemory ? null : await head(input.rows as AsyncIterable<readonly ExportRow[]>);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    ...(input.stream ? { stream: input.stream } : { filename: input.filePath }),
    useStyles: true,
    useSharedStrings: false,
  });

  const info = workbook.addWorksheet(translate(EXPORT_LOCALE, 'common.exportInfoSheet'));
  info.columns = [{ width: 28 }, { width: 40 }];
  info.addRow([translate(EXPORT_LOCALE, 'common.exportInfoRecords'), total]).commit();
  info.addRow([translate(EXPORT_LOCALE, 'common.exportInfoTitle'), input.title]).commit();
  const dateRow = info.addRow([translate(EXPORT_LOCALE, 'common.exportInfoDate'), wallClock(input.date)]);
  dateRow.getCell(2).numFmt = DATE_FORMAT;
  dateRow.commit();
  for (const line of input.info ?? []) {
    const row = info.addRow([line.label, cellValue(line.format, line.value)]);
    const numFmt = numberFormat(line.format);
    if (numFmt) row.getCell(2).numFmt = numFmt;
    row.commit();
  }
  info.commit();

  // The header row stays in view while scrolling (the view is written when the sheet opens).
  const data = workbook.addWorksheet(translate(EXPORT_LOCALE, 'common.exportDataSheet'), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  const headers = input.columns.map((column) => translate(EXPORT_LOCALE, column.header));
  // Widths go out with the first row, so they are measured before any row is written.
  const widths = columnWidths(input.columns, headers, inMemory ?? streamed?.first ?? []);
  data.columns = input.columns.map((column, i) => {
    const numFmt = numberFormat(column.format);
    return {
      header: headers[i],
      key: column.key,
      width: widths[i],
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  if (input.columns.length > 0) {
    // Written when the sheet is committed: header row down to the last data row.
    data.autoFilter = { from: { row: 1, column: 1 }, to: { row: total + 1, column: input.columns.length } };
  }
  data.getRow(1).font = { bold: true };
  data.getRow(1).commit();

  let written = 0;
  // One style object per formatted column, shared by its cells: exceljs turns a style into its id once per
  // object (a fresh copy per cell costs an XML rendering each). A format given explicitly ignores the cell's type.
  const sharedStyles = input.columns.map((column) => {
    const numFmt = numberFormat(column.format);
    return numFmt ? ({ numFmt } as Partial<ExcelJS.Style>) : null;
  });
  // Each row is committed as it is written (the sheet's XML goes to the zip stream), so none is kept.
  const write = async (rows: readonly ExportRow[]) => {
    for (const row of rows) {
      const values: Record<string, ExcelJS.CellValue> = {};
      for (const column of input.columns) values[column.key] = cellValue(column.format, row[column.key]);
      const added = data.addRow(values);
      sharedStyles.forEach((style, c) => {
        if (style) added.getCell(c + 1).style = style;
      });
      added.commit();
      written += 1;
      if (written % every === 0) {
        input.onProgress?.(written, total);
        await breathe();
      }
      if (written % BACKLOG_CHECK_ROWS === 0) await sheetDrained(data);
    }
  };
  if (inMemory) await write(inMemory);
  else if (streamed) {
    await write(streamed.first);
    streamed.first.length = 0;
    for (let next = await streamed.rest.next(); !next.done; next = await streamed.rest.next()) await write(next.value);
  }
  if (written !== total) throw new Error(`writeExcelFile: ${written} rows written, ${total} announced`);
  data.commit();
  await workbook.commit();
  input.onProgress?.(written, total);
  return { rows: written };
}
