/**
 * Turns the contract's list arguments (filter map, sort) into SQL for one
 * resource, from a declaration of the filters and sort columns it accepts.
 * Anything outside the declaration is a 400 naming the field. Lookups read
 * only the declaration's own entries: a plain object also "has" `constructor`
 * or `toString`, which once reached SQL building as a column (a 500).
 *
 * A declaration is typed by the contract's names of the list's filters and
 * sorts (`ListSpec<(typeof X_FILTERS)[number], (typeof X_SORTS)[number]>`):
 * a name the contract declares and the server does not, or the reverse, does
 * not compile, so the screen, the contract and the server read one list.
 */
import { asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL, type Subquery } from 'drizzle-orm';
import { isCalendarDay, MAX_DB_INT } from '@shared/contract/index';
import { ownValue } from '@shared/query';
import type { Db } from '../db/connect';
import { containsPattern } from '../domain/like';
import { badRequest, MESSAGES } from './http/errors';
import { bareDocument, dayStart, docColumn, fold, foldSql, momentOf, MONEY_FILTER_TEXT, moneyValue, single, values } from './list-filters';

type FilterInput = Record<string, unknown> | undefined;
type SortInput = { field?: string | null; order?: string | null } | null | undefined;
export type Direction = 'asc' | 'desc';

export type FilterKind =
  /** ILIKE "contains" over one column, or over several joined by OR. */
  | { kind: 'contains'; column: AnyColumn | readonly AnyColumn[] }
  /** "contains" with accents and case ignored ("sao paulo" finds "São Paulo"). */
  | { kind: 'folded'; column: AnyColumn }
  /** The digits of the value inside the digits of the column (a phone, a CPF). */
  | { kind: 'digits'; column: AnyColumn }
  /** A CPF/CNPJ, masked or bare, inside any of the columns compared by letters and digits. */
  | { kind: 'document'; columns: readonly AnyColumn[] }
  | { kind: 'boolean'; column: AnyColumn }
  | { kind: 'int-in'; column: AnyColumn; allowed?: readonly number[] }
  /** A database id (1..2^31-1) the column equals. */
  | { kind: 'id'; column: AnyColumn }
  /** Text the column equals, as given. */
  | { kind: 'equals'; column: AnyColumn }
  /** Codes of an enumeration (src/shared/enums.ts, the status modules); `many` takes several at once. */
  | { kind: 'one-of'; column: AnyColumn; codes: readonly string[]; many?: boolean }
  /**
   * A bound of a period on a timestamp column: São Paulo calendar days (the
   * whole last day included), or with `instants` also ISO timestamps with zone
   * (an inclusive bound).
   */
  | { kind: 'since' | 'until'; column: AnyColumn; instants?: boolean }
  /**
   * A bound on a `numeric` money column, compared as numeric: reais as "1500",
   * "1500.00" or "1.500,00"; with `plain`, only as the contract carries amounts
   * ("1500.50").
   */
  | { kind: 'money-min' | 'money-max'; column: AnyColumn; plain?: boolean }
  /**
   * Any other condition on one text value, as an SQL expression (a join
   * through a subquery, a name-or-document search): `where` builds it and may
   * call `bad()` for the filter's 400.
   */
  | { kind: 'where'; where: (text: string, bad: (message?: string) => Error) => SQL };

export interface ListSpec<F extends string = string, S extends string = string> {
  filters: Record<F, FilterKind>;
  sorts: Record<S, AnyColumn | SQL>;
  /** tie-breaker and, without `defaultOrder`, the default order */
  idColumn: AnyColumn;
  /** The order without a sort (the id ascending when absent). */
  defaultOrder?: readonly SQL[];
  /**
   * What follows the sorted column so that pages never overlap (the id
   * ascending when absent). A method, so a declaration typed by its own sort
   * names still fits `ListSpec`.
   */
  tiebreak?(direction: Direction, field: S): SQL[];
  /** The longest text a one-value filter takes, when shorter than the contract's MAX_FILTER_TEXT; longer is a 400. */
  maxText?: number;
  /** Counting stops past `countCap` matches (`listTotal`); absent, counts are exact. */
  countCap?: number;
}

/** Amounts as the contract carries them: decimal text with at most two places, below numeric(14,2)'s limit. */
const PLAIN_AMOUNT = /^\d{1,12}(?:\.\d{1,2})?$/;

export function bad(name: string, message?: string): Error {
  return badRequest(message ?? MESSAGES.badFilterValue(name), `filter.${name}`);
}

function columns(column: AnyColumn | readonly AnyColumn[]): readonly AnyColumn[] {
  return Array.isArray(column) ? column : [column as AnyColumn];
}

function filterCondition(name: string, kind: FilterKind, value: unknown, maxText: number | undefined): SQL | null {
  // Kinds that take several values read them all; every other kind takes one.
  if (kind.kind === 'int-in' || (kind.kind === 'one-of' && kind.many)) {
    const list = values(name, value);
    if (list.length === 0) return null;
    if (kind.kind === 'one-of') {
      if (!list.every((v) => kind.codes.includes(v))) throw bad(name);
      return inArray(kind.column, list);
    }
    // Only plain decimal text or numbers: Number('') is 0 and Number(true) is 1. Values compare with integer columns, so they stay in the database's integer range.
    const ints = list.map((v) => (/^-?\d{1,10}$/.test(v) ? Number(v) : Number.NaN));
    if (ints.some((n) => !Number.isInteger(n) || Math.abs(n) > MAX_DB_INT || (kind.allowed && !kind.allowed.includes(n)))) throw bad(name);
    return inArray(kind.column, ints);
  }
  const text = single(name, value);
  if (text === null) return null;
  if (maxText !== undefined && text.length > maxText) throw bad(name);
  switch (kind.kind) {
    case 'contains': {
      const pattern = containsPattern(text);
      const each = columns(kind.column).map((column) => ilike(column, pattern));
      return each.length === 1 ? each[0] : sql`(${or(...each)})`;
    }
    case 'folded':
      return sql`${foldSql(kind.column)} LIKE ${containsPattern(fold(text))}`;
    case 'digits': {
      const digits = text.replace(/\D/g, '');
      if (!digits) throw bad(name);
      return sql`regexp_replace(coalesce(${kind.column}, ''), '\\D', '', 'g') LIKE ${containsPattern(digits)}`;
    }
    case 'document': {
      const bare = bareDocument(text);
      if (!bare) throw bad(name);
      const pattern = containsPattern(bare);
      return sql`(${sql.join(
        kind.columns.map((column) => sql`${docColumn(column)} LIKE ${pattern}`),
        sql` OR `,
      )})`;
    }
    case 'boolean':
      if (text === 'true') return eq(kind.column, true);
      if (text === 'false') return eq(kind.column, false);
      throw bad(name);
    case 'id': {
      if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > MAX_DB_INT) throw bad(name);
      return eq(kind.column, Number(text));
    }
    case 'equals':
      return eq(kind.column, text);
    case 'one-of':
      if (!kind.codes.includes(text)) throw bad(name);
      return eq(kind.column, text);
    case 'since':
      return sql`${kind.column} >= ${kind.instants ? momentOf(name, text, false) : dayStart(name, text, false)}`;
    case 'until': {
      if (!kind.instants) return sql`${kind.column} < ${dayStart(name, text, true)}`;
      // A bare day includes the whole day; a timestamp is an inclusive bound.
      const end = momentOf(name, text, true);
      return isCalendarDay(text) ? sql`${kind.column} < ${end}` : sql`${kind.column} <= ${end}`;
    }
    case 'money-min':
    case 'money-max': {
      if (kind.plain) {
        if (!PLAIN_AMOUNT.test(text)) throw bad(name, `Campo filter.${name}: informe um valor em reais com até duas casas decimais (ex.: 1500.50)`);
      } else if (!MONEY_FILTER_TEXT.test(text)) throw bad(name, `Campo filter.${name}: informe um valor em reais, como 1500.00 ou 1.500,00`);
      const amount = moneyValue(text);
      return kind.kind === 'money-min' ? sql`${kind.column} >= ${amount}::numeric` : sql`${kind.column} <= ${amount}::numeric`;
    }
    case 'where':
      return kind.where(text, (message) => bad(name, message));
  }
}

export function listConditions(spec: ListSpec, filter: FilterInput): SQL[] {
  const out: SQL[] = [];
  for (const [name, value] of Object.entries(filter ?? {})) {
    const kind = ownValue<FilterKind>(spec.filters, name);
    if (!kind) throw badRequest(MESSAGES.unknownFilter(name), `filter.${name}`);
    const condition = filterCondition(name, kind, value, spec.maxText);
    if (condition) out.push(condition);
  }
  return out;
}

/** "ASC", "asc", "ascend", "ascending" sort up; anything else down. */
export function directionOf(order: string): Direction {
  return order.toLowerCase().startsWith('asc') ? 'asc' : 'desc';
}

export function ordered(direction: Direction, column: AnyColumn | SQL): SQL {
  return direction === 'asc' ? asc(column) : desc(column);
}

export function listOrder(spec: ListSpec, sort: SortInput): SQL[] {
  if (!sort || !sort.field || !sort.order) return spec.defaultOrder ? [...spec.defaultOrder] : [asc(spec.idColumn)];
  const column = ownValue<AnyColumn | SQL>(spec.sorts, sort.field);
  if (!column) throw badRequest(MESSAGES.unknownSort(sort.field), 'sort');
  const direction = directionOf(sort.order);
  return [ordered(direction, column), ...(spec.tiebreak ? spec.tiebreak(direction, sort.field) : [asc(spec.idColumn)])];
}

export interface PageTotal {
  count: number;
  capped: boolean;
}

/**
 * How many rows match, exact up to the declaration's `countCap`: counting
 * stops at cap + 1 rows, so 200,000 matches cost what ten thousand do.
 * `matches(n)` is the list's rows (its table or join and its conditions)
 * limited to n, as a subquery. A page shorter than its limit ends the list,
 * so with `page` given its total is known without counting (the count is the
 * costly part).
 */
export async function listTotal(
  db: Db,
  spec: Pick<ListSpec, 'countCap'>,
  matches: (limit: number) => Subquery,
  page?: { offset: number; rows: number; limit: number },
): Promise<PageTotal> {
  const cap = spec.countCap ?? MAX_DB_INT;
  if (page) {
    const known = page.rows < page.limit && (page.rows > 0 || page.offset === 0) ? page.offset + page.rows : null;
    if (known !== null && known <= cap) return { count: known, capped: false };
  }
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(matches(cap + 1));
  const n = Number(count);
  return { count: Math.min(n, cap), capped: n > cap };
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
