/**
 * Query encoding of the spec's validation rules, used by the main process to build requests and
 * by the server to read them back: the one place the wire format of paging,
 * filters and sorting is written.
 *
 * Wire form: page=1&limit=10&filter[name]=ana&filter[role_id]=1&filter[role_id]=3&sort[name]=ASC
 */

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;
/** Deeper than this no list is paged by hand; it also keeps page × limit a sane SQL offset. */
export const MAX_PAGE = 1_000_000;

/** A plain identifier, optionally dotted ('role_id', 'company.name'), at most 64 characters. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*$/;

/**
 * Whether a filter key or sort field is a name a list may declare: a plain
 * identifier that no object inherits. `constructor`, `toString`, `valueOf`,
 * `__proto__`… would otherwise be "found" by a lookup in a plain object of
 * allowed fields and reach SQL building as if declared.
 */
export function isListFieldName(name: string): boolean {
  return name.length <= 64 && FIELD_NAME.test(name) && !(name in Object.prototype);
}

/** `table[key]` only when `key` is the table's own entry, never an inherited property. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export type FilterScalar = string | number | boolean;
export type FilterValue = FilterScalar | FilterScalar[] | null | undefined;
export type SortOrder = 'ASC' | 'DESC';

export interface SortInput {
  field?: string | null;
  order?: string | null;
}

export interface ListQueryInput {
  page?: number;
  limit?: number;
  filter?: Record<string, FilterValue>;
  sort?: SortInput | null;
}

export interface ListQuery {
  page: number;
  limit: number;
  filter: Record<string, string | string[]>;
  sort?: { field: string; order: SortOrder };
}

/** Ascending maps to ASC; descending or anything else to DESC. */
export function sortOrder(order: string): SortOrder {
  const o = order.toLowerCase();
  return o === 'asc' || o === 'ascend' || o === 'ascending' ? 'ASC' : 'DESC';
}

/** A sort is sent only when both field and order are present; otherwise it is cleared. */
export function normaliseSort(sort: SortInput | null | undefined): { field: string; order: SortOrder } | undefined {
  if (!sort || !sort.field || !sort.order) return undefined;
  return { field: sort.field, order: sortOrder(sort.order) };
}

/** Numeric 1 is sent as true and 2 as false (the spec's select-box convention). */
function scalarToWire(value: FilterScalar): string {
  if (value === 1) return 'true';
  if (value === 2) return 'false';
  return String(value);
}

/** Filters that are empty strings, null, undefined or empty lists are dropped. */
export function normaliseFilter(filter: Record<string, FilterValue> | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!filter) return out;
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      const items = value.filter((v) => v !== '' && v !== null && v !== undefined).map(scalarToWire);
      if (items.length > 0) out[key] = items;
      continue;
    }
    if (typeof value === 'string') {
      if (value.length > 0) out[key] = value;
      continue;
    }
    out[key] = scalarToWire(value);
  }
  return out;
}

/** Builds the ordered list of query pairs for a paged list call. */
export function encodeListQuery(input: ListQueryInput): Array<[string, string]> {
  const pairs: Array<[string, string]> = [
    ['page', String(input.page ?? DEFAULT_PAGE)],
    ['limit', String(input.limit ?? DEFAULT_LIMIT)],
  ];
  for (const [key, value] of Object.entries(normaliseFilter(input.filter))) {
    if (Array.isArray(value)) for (const v of value) pairs.push([`filter[${key}]`, v]);
    else pairs.push([`filter[${key}]`, value]);
  }
  const sort = normaliseSort(input.sort);
  if (sort) pairs.push([`sort[${sort.field}]`, sort.order]);
  return pairs;
}

/** A filter value that means the amount zero: 0, "0", "0.00", "0,0"… */
function isZeroAmount(value: FilterValue): boolean {
  if (typeof value === 'number') return value === 0;
  return typeof value === 'string' && /^\s*0*(?:[.,]0*)?\s*$/.test(value) && /0/.test(value);
}

/**
 * Simulations (the spec's validation rules): valueStart and valueEnd are sent only when not 0.
 * The contract's simulations filter schema applies it, so the list, the
 * export and the server all read it from here.
 */
export function simulationFilter(filter: Record<string, FilterValue>): Record<string, FilterValue> {
  const { valueStart, valueEnd, ...rest } = filter;
  const out: Record<string, FilterValue> = { ...rest };
  if (valueStart !== undefined && valueStart !== null && valueStart !== '' && !isZeroAmount(valueStart)) out.valueStart = valueStart;
  if (valueEnd !== undefined && valueEnd !== null && valueEnd !== '' && !isZeroAmount(valueEnd)) out.valueEnd = valueEnd;
  return out;
}

export function toQueryString(pairs: Array<[string, string]>): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/**
 * Any text between the brackets is taken as the name, so a name with
 * characters outside an identifier (`sort[a-b]`, `filter[é]`, `sort[]`)
 * reaches the contract's field-name rule and is refused by name, never
 * silently ignored as if it had not been sent.
 */
const FILTER_KEY = /^filter\[(.*?)\](\[\])?$/s;
const SORT_KEY = /^sort\[(.*)\]$/s;

function positiveInt(raw: unknown, fallback: number, max: number): number {
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isInteger(n) || n < 1) return fallback;
  return Math.min(n, max);
}

/**
 * Reads a parsed query object (as a server's querystring parser yields it,
 * with literal keys such as 'filter[name]') back into a ListQuery. Names are
 * kept as sent, in a null-prototype map so even `filter[__proto__]` stays an
 * entry that the contract's field-name rule then refuses by name.
 */
export function decodeListQuery(query: Record<string, unknown>): ListQuery {
  const result: ListQuery = {
    page: positiveInt(query.page, DEFAULT_PAGE, MAX_PAGE),
    limit: positiveInt(query.limit, DEFAULT_LIMIT, MAX_LIMIT),
    filter: Object.create(null) as Record<string, string | string[]>,
  };
  for (const [key, raw] of Object.entries(query)) {
    const f = FILTER_KEY.exec(key);
    if (f) {
      const values = (Array.isArray(raw) ? raw : [raw]).map(String).filter((v) => v !== '');
      if (values.length === 0) continue;
      result.filter[f[1]] = values.length === 1 && !f[2] ? values[0] : values;
      continue;
    }
    const s = SORT_KEY.exec(key);
    if (s && raw != null) result.sort = { field: s[1], order: sortOrder(String(Array.isArray(raw) ? raw[0] : raw)) };
  }
  return result;
}
