/**
 * Paging, page size, sorting and filters of a list kept in the URL search
 * params, so back/forward, reload and a pasted link keep them. Pure functions:
 * the wire encoding of the call (1/2 as true/false, empty filters dropped) is
 * src/shared/query.ts's job; this module only reads and writes the URL.
 */
import type { PageMeta } from '@shared/contract';
import { DEFAULT_LIMIT, DEFAULT_PAGE, type SortOrder } from '@shared/query';

export interface FilterDef {
  key: string;
  /**
   * 'number' values travel as numbers (e.g. the 1/2 yes/no convention); 'text' as strings; 'list' as a list of
   * strings (several values of one filter: the key repeated in the URL, and the query encoding's repeated
   * filter[key] on the wire)
   */
  type: 'text' | 'number' | 'list';
}

/** A filter's value in the list state: one text or number, or several texts. */
export type ListFilterValue = string | number | string[];
export type ListFilter = Record<string, ListFilterValue>;

export interface ListSort {
  field: string;
  order: SortOrder;
}

export interface ListState {
  page: number;
  /** rows per page; absent means the spec's default of 10 */
  pageSize?: number;
  sort?: ListSort;
  filter: ListFilter;
}

/** The page sizes offered; the first is the spec's default. */
export const PAGE_SIZES = [DEFAULT_LIMIT, 25, 50, 100] as const;

/** URL params a list owns besides its filters; anything else in the URL (a view, a tab) is left alone. */
export const LIST_PARAMS = ['page', 'pageSize', 'sort', 'order'] as const;
const RESERVED = new Set<string>(LIST_PARAMS);

export function pageSizeOf(state: ListState): number {
  return state.pageSize ?? DEFAULT_LIMIT;
}

export function readListState(params: URLSearchParams, filters: readonly FilterDef[], sortable: readonly string[]): ListState {
  const pageNum = Number(params.get('page'));
  const page = Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : DEFAULT_PAGE;
  const sizeNum = Number(params.get('pageSize'));
  // Only the offered sizes: a hand-typed pageSize=100000 must not turn into a giant call.
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeNum) && sizeNum !== DEFAULT_LIMIT ? sizeNum : undefined;
  const field = params.get('sort');
  const orderRaw = params.get('order');
  const sort =
    field && sortable.includes(field) && (orderRaw === 'ASC' || orderRaw === 'DESC') ? { field, order: orderRaw as SortOrder } : undefined;
  const filter: ListFilter = {};
  for (const def of filters) {
    if (RESERVED.has(def.key)) continue;
    if (def.type === 'list') {
      const values = [...new Set(params.getAll(def.key).filter((v) => v !== ''))];
      if (values.length > 0) filter[def.key] = values;
      continue;
    }
    const raw = params.get(def.key);
    if (raw === null || raw === '') continue;
    if (def.type === 'number') {
      const n = Number(raw);
      if (Number.isFinite(n)) filter[def.key] = n;
    } else {
      filter[def.key] = raw;
    }
  }
  return { page, ...(pageSize ? { pageSize } : {}), sort, filter };
}

/**
 * The URL params for a list state. With `base` (the current params) and the
 * list's filter keys, params the list does not own (e.g. the messages screen's
 * `view=history`) are kept and the list's own are replaced.
 */
export function writeListState(state: ListState, base?: URLSearchParams, filters: readonly FilterDef[] = []): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of LIST_PARAMS) params.delete(key);
  for (const def of filters) params.delete(def.key);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize && state.pageSize !== DEFAULT_LIMIT) params.set('pageSize', String(state.pageSize));
  if (state.sort) {
    params.set('sort', state.sort.field);
    params.set('order', state.sort.order);
  }
  for (const [key, value] of Object.entries(state.filter)) {
    if (value === '' || value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) params.append(key, v);
    else params.set(key, String(value));
  }
  return params;
}

/** Header sort: ascending, then descending, then no sort. */
export function nextSort(current: ListState['sort'], field: string): ListState['sort'] {
  if (!current || current.field !== field) return { field, order: 'ASC' };
  if (current.order === 'ASC') return { field, order: 'DESC' };
  return undefined;
}

/** A header click: the next sort of that column, back to page 1 (page 3 of another order means nothing). */
export function withSortBy(state: ListState, field: string): ListState {
  return { ...state, page: 1, sort: nextSort(state.sort, field) };
}

/** The aria-sort value of a column header for the list's state. */
export function ariaSortOf(sort: ListState['sort'], field: string): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.field !== field) return 'none';
  return sort.order === 'ASC' ? 'ascending' : 'descending';
}

/** New filters always start again at page 1; empty values (and empty lists) are dropped. */
export function withFilter(state: ListState, filter: Record<string, ListFilterValue | undefined>): ListState {
  const cleaned: ListFilter = {};
  for (const [k, v] of Object.entries(filter)) {
    if (v === '' || v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      const values = (v as readonly string[]).filter((x) => x !== '');
      if (values.length > 0) cleaned[k] = [...values];
    } else cleaned[k] = v;
  }
  return { ...state, page: 1, filter: cleaned };
}

export function withPage(state: ListState, page: number, totalPages: number): ListState {
  return { ...state, page: Math.min(Math.max(1, page), Math.max(1, totalPages)) };
}

/** Another page size keeps the first visible row on screen: its page under the new size. */
export function withPageSize(state: ListState, pageSize: number): ListState {
  const firstRow = (state.page - 1) * pageSizeOf(state);
  const page = Math.floor(firstRow / pageSize) + 1;
  return { ...state, page, pageSize: pageSize === DEFAULT_LIMIT ? undefined : pageSize };
}

/**
 * The page the URL should show once the server told how many pages there are:
 * `?page=999` of a 4-page list is page 4. Null when the page is possible.
 */
export function clampedPage(page: number, meta: PageMeta | undefined): number | null {
  if (!meta) return null;
  const last = Math.max(1, meta.totalPages);
  return page > last ? last : null;
}

/** "1–10 de 34": the rows shown, 1-based; 0–0 for an empty list. */
export function rangeOf(meta: PageMeta, rowsShown: number): { from: number; to: number; total: number } {
  if (rowsShown === 0 || meta.totalItems === 0) return { from: 0, to: 0, total: meta.totalItems };
  const from = (meta.currentPage - 1) * meta.pageSize + 1;
  return { from, to: from + rowsShown - 1, total: meta.totalItems };
}

/** Arguments of a paged list call of the contract. */
export function listArgsOf(state: ListState, limit?: number) {
  const size = limit ?? state.pageSize;
  return {
    page: state.page,
    ...(size ? { limit: size } : {}),
    filter: state.filter,
    sort: state.sort ?? null,
  };
}

/** Whether any filter narrows the list (an empty list then says to clear them, not that nothing exists). */
export function hasActiveFilter(filter: ListFilter): boolean {
  return Object.values(filter).some((v) => (Array.isArray(v) ? v.length > 0 : v !== '' && v !== undefined && v !== null));
}
