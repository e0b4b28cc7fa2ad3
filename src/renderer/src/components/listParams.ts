/**
 * Paging, sorting and filters of a resource table kept in the URL search
 * params, so back/forward and reload keep them. The wire encoding (1/2 as
 * true/false, empty filters dropped) is src/shared/query.ts's job; this
 * module only reads and writes the URL.
 */
import { DEFAULT_PAGE, type SortOrder } from '../../../shared/query';

export interface FilterDef {
  key: string;
  /** 'number' values travel as numbers (e.g. the 1/2 select convention); 'text' as strings */
  type: 'text' | 'number';
}

export interface ListState {
  page: number;
  sort?: { field: string; order: SortOrder };
  filter: Record<string, string | number>;
}

const RESERVED = new Set(['page', 'sort', 'order']);

export function readListState(params: URLSearchParams, filters: readonly FilterDef[], sortable: readonly string[]): ListState {
  const pageNum = Number(params.get('page'));
  const page = Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : DEFAULT_PAGE;
  const field = params.get('sort');
  const orderRaw = params.get('order');
  const sort =
    field && sortable.includes(field) && (orderRaw === 'ASC' || orderRaw === 'DESC')
      ? { field, order: orderRaw as SortOrder }
      : undefined;
  const filter: Record<string, string | number> = {};
  for (const def of filters) {
    if (RESERVED.has(def.key)) continue;
    const raw = params.get(def.key);
    if (raw === null || raw === '') continue;
    if (def.type === 'number') {
      const n = Number(raw);
      if (Number.isFinite(n)) filter[def.key] = n;
    } else {
      filter[def.key] = raw;
    }
  }
  return { page, sort, filter };
}

export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.sort) {
    params.set('sort', state.sort.field);
    params.set('order', state.sort.order);
  }
  for (const [key, value] of Object.entries(state.filter)) {
    if (value === '' || value === null || value === undefined) continue;
    params.set(key, String(value));
  }
  return params;
}

/** Sort control: ascending, then descending, then no sort. */
export function nextSort(current: ListState['sort'], field: string): ListState['sort'] {
  if (!current || current.field !== field) return { field, order: 'ASC' };
  if (current.order === 'ASC') return { field, order: 'DESC' };
  return undefined;
}

/** New filters always start again at page 1. */
export function withFilter(state: ListState, filter: Record<string, string | number>): ListState {
  const cleaned: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(filter)) if (v !== '' && v !== undefined && v !== null) cleaned[k] = v;
  return { ...state, page: 1, filter: cleaned };
}

export function withPage(state: ListState, page: number, totalPages: number): ListState {
  return { ...state, page: Math.min(Math.max(1, page), Math.max(1, totalPages)) };
}

/** Arguments of a paged list call of the contract. */
export function listArgsOf(state: ListState, limit?: number) {
  return {
    page: state.page,
    ...(limit ? { limit } : {}),
    filter: state.filter,
    sort: state.sort ?? null,
  };
}
