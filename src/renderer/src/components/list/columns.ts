/**
 * The columns of a list declaration and the text of each cell, formatted
 * through src/shared/format.ts (the spec's formatting rules). The same text is the cell's
 * tooltip, so a value cut off by the column width can still be read. The
 * kind also says how the column is sized: identifiers, documents, dates,
 * amounts and counts are read whole and never cut (columnWidths.ts). A list
 * whose Excel export writes the same fields takes those columns from the
 * contract's export declaration (exportColumns).
 */
import type { Intent } from '@blueprintjs/core';
import type { ColumnFit } from './columnWidths';
import type { ExcelColumn } from '@shared/contract/define';
import { formatCpfCnpj } from '@shared/documents';
import { formatCurrency, formatDate, formatDateTime, formatInteger } from '@shared/format';

/** 'identifier': a record's number or code as people quote it (OP-000123, a slot number). */
export type CellKind = 'text' | 'identifier' | 'integer' | 'money' | 'date' | 'datetime' | 'boolean' | 'status' | 'document';

/** Kinds whose values are read whole: their column is never narrower than its widest value. */
export const WHOLE_KINDS: readonly CellKind[] = ['identifier', 'integer', 'money', 'date', 'datetime', 'document'];

export function fitOf(kind: CellKind | undefined): ColumnFit {
  if (kind && WHOLE_KINDS.includes(kind)) return 'whole';
  if (kind === 'status' || kind === 'boolean') return 'tag';
  return 'text';
}

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

export interface ColumnDecl<T, S extends string = string> {
  id: string;
  /** i18n key of the header */
  title: string;
  /** the server's sort field: the header becomes a sort button */
  sort?: S;
  /** relative width: the share of spare room a text column takes (whole values are sized by their content) */
  width?: number;
  /** how the value is formatted; 'text' when absent */
  kind?: CellKind;
  /** the row's field shown (or use `value`) */
  field?: keyof T & string;
  value?(row: T): unknown;
  /** a computed text (translations, joined fields) instead of field/value */
  text?(row: T, t: Translate): string;
  /** 'status' cells: a short code the tag shows instead of the words, which stay its hover text and accessible name */
  short?(row: T): string;
  /** 'status' cells: i18n prefix of the status words, and the tag colour */
  labels?: string;
  intent?(value: string): Intent;
  /** a test id on the cell's content (e.g. a status tag the tests read) */
  testId?(row: T): string;
  /** the cell's text as a link to this route (e.g. the person of a row); no link when it answers null */
  link?(row: T): string | null;
}

export function rawValue<T>(col: ColumnDecl<T>, row: T): unknown {
  if (col.value) return col.value(row);
  if (col.field) return row[col.field];
  return undefined;
}

/** The text a cell shows (and its tooltip). */
export function cellText<T>(col: ColumnDecl<T>, row: T, t: Translate): string {
  if (col.text) return col.text(row, t);
  const v = rawValue(col, row);
  if (v === null || v === undefined) return col.kind === 'money' ? formatCurrency(null) : '';
  switch (col.kind) {
    case 'money':
      return formatCurrency(v as number | string);
    case 'date':
      return formatDate(v as string);
    case 'datetime':
      return formatDateTime(v as string);
    case 'integer':
      return formatInteger(Number(v));
    case 'boolean':
      return v ? t('common.yes') : t('common.no');
    case 'status':
      return col.labels ? t(`${col.labels}.${String(v)}`) : String(v);
    case 'document':
      return formatCpfCnpj(String(v));
    default:
      return String(v);
  }
}

/** How a cell shows what the export writes in a format; as text when absent (roles and activity codes are worded by the screen). */
const CELL_OF_FORMAT: Partial<Record<NonNullable<ExcelColumn['format']>, CellKind>> = {
  date: 'date',
  datetime: 'datetime',
  currency: 'money',
  integer: 'integer',
  boolean: 'boolean',
};

/**
 * A list screen's columns taken from the contract's export columns, where
 * the screen shows fields its Excel export writes: `column(key, screen)` is
 * the export's column `key` with its field, its header and its cell formatted
 * as the export formats it (declared once, in the contract); `screen` adds
 * what only the screen has (width, sort, link, test id; the id, the key when
 * absent) and says where the screen shows the field otherwise (a kind, a
 * shorter header, or a computed text, whose kind is then the screen's). A key the export does not write is a
 * mistake, refused when the screen's module loads.
 */
export function exportColumns<T, S extends string = string>(columns: readonly ExcelColumn[]) {
  return (key: keyof T & string, screen: Partial<ColumnDecl<T, S>> = {}): ColumnDecl<T, S> => {
    const column = columns.find((c) => c.key === key);
    if (!column) throw new Error(`"${key}" is not a column of the export`);
    // A computed cell is the screen's own, its kind too: the export's format is that of the field, which it does not show as is.
    const computed = screen.text !== undefined || screen.value !== undefined;
    const kind = column.format && !computed ? CELL_OF_FORMAT[column.format] : undefined;
    return { id: key, title: column.header, ...(kind ? { kind } : {}), ...(computed ? {} : { field: key }), ...screen };
  };
}
