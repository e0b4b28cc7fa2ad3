/**
 * Turns the contract's list arguments (filter map, sort) into SQL for one
 * resource, from a declaration of the filters and sort columns it accepts.
 * Anything outside the declaration is a 400 naming the field. Lookups read
 * only the declaration's own entries: a plain object also "has" `constructor`
 * or `toString`, which once reached SQL building as a column (a 500).
 */
import { asc, desc, eq, ilike, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { MAX_DB_INT } from '@shared/contract/index';
import { ownValue } from '@shared/query';
import { containsPattern } from '../domain/like';
import { badRequest, MESSAGES } from './http/errors';

type FilterInput = Record<string, unknown> | undefined;
type SortInput = { field?: string | null; order?: string | null } | null | undefined;

export type FilterKind =
  | { kind: 'contains'; column: AnyColumn }
  | { kind: 'digits'; column: AnyColumn }
  | { kind: 'boolean'; column: AnyColumn }
  | { kind: 'int-in'; column: AnyColumn; allowed?: readonly number[] };

export interface ListSpec {
  filters: Record<string, FilterKind>;
  sorts: Record<string, AnyColumn>;
  /** tie-breaker and default order */
  idColumn: AnyColumn;
}

function scalars(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function filterCondition(name: string, kind: FilterKind, value: unknown): SQL | null {
  const values = scalars(value).filter((v) => v !== null && v !== undefined && v !== '');
  if (values.length === 0) return null;
  switch (kind.kind) {
    case 'contains': {
      if (values.length !== 1) throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
      return ilike(kind.column, containsPattern(String(values[0])));
    }
    case 'digits': {
      const digits = String(values[0]).replace(/\D/g, '');
      if (!digits) throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
      return sql`regexp_replace(coalesce(${kind.column}, ''), '\\D', '', 'g') LIKE ${containsPattern(digits)}`;
    }
    case 'boolean': {
      const v = values[0];
      if (values.length !== 1) throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
      if (v === true || v === 'true') return eq(kind.column, true);
      if (v === false || v === 'false') return eq(kind.column, false);
      throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
    }
    case 'int-in': {
      // Only plain decimal text or numbers: Number('') is 0 and Number(true) is 1. Values compare with integer columns, so they stay in the database's integer range.
      const ints = values.map((v) => (typeof v === 'number' || (typeof v === 'string' && /^-?\d{1,10}$/.test(v)) ? Number(v) : Number.NaN));
      if (ints.some((n) => !Number.isInteger(n) || Math.abs(n) > MAX_DB_INT || (kind.allowed && !kind.allowed.includes(n)))) {
        throw badRequest(MESSAGES.badFilterValue(name), `filter.${name}`);
      }
      return inArray(kind.column, ints);
    }
  }
}

export function listConditions(spec: ListSpec, filter: FilterInput): SQL[] {
  const out: SQL[] = [];
  for (const [name, value] of Object.entries(filter ?? {})) {
    const kind = ownValue(spec.filters, name);
    if (!kind) throw badRequest(MESSAGES.unknownFilter(name), `filter.${name}`);
    const condition = filterCondition(name, kind, value);
    if (condition) out.push(condition);
  }
  return out;
}

export function listOrder(spec: ListSpec, sort: SortInput): SQL[] {
  if (!sort || !sort.field || !sort.order) return [asc(spec.idColumn)];
  const column = ownValue(spec.sorts, sort.field);
  if (!column) throw badRequest(MESSAGES.unknownSort(sort.field), 'sort');
  const dir = sort.order.toUpperCase() === 'ASC' || sort.order.toLowerCase().startsWith('asc') ? asc : desc;
  return [dir(column), asc(spec.idColumn)];
}

type ExportValue = string | number | boolean | null;

/** The rows of an Excel export: each record reduced to the declared columns, in their order (missing → null). */
export function exportRows<T>(items: readonly T[], columns: ReadonlyArray<{ key: string }>, toRecord: (item: T) => object): { rows: Array<Record<string, ExportValue>> } {
  const keys = columns.map((c) => c.key);
  return {
    rows: items.map((item) => {
      const record = toRecord(item) as Record<string, ExportValue | undefined>;
      return Object.fromEntries(keys.map((k) => [k, record[k] ?? null]));
    }),
  };
}
