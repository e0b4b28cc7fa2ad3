import { describe, expect, it } from 'vitest';
import {
  listArgsOf,
  nextSort,
  readListState,
  withFilter,
  withPage,
  writeListState,
  type FilterDef,
} from '../../../src/renderer/src/components/listParams';
import { encodeListQuery } from '../../../src/shared/query';

const FILTERS: FilterDef[] = [
  { key: 'name', type: 'text' },
  { key: 'role_id', type: 'text' },
  { key: 'active', type: 'number' },
];
const SORTS = ['name', 'created_at'];

describe('list state in the URL', () => {
  it('round-trips page, sort and filters', () => {
    const state = { page: 3, sort: { field: 'name', order: 'DESC' as const }, filter: { name: 'ana', role_id: '5', active: 2 } };
    const params = writeListState(state);
    expect(params.toString()).toBe('page=3&sort=name&order=DESC&name=ana&role_id=5&active=2');
    expect(readListState(params, FILTERS, SORTS)).toEqual(state);
  });

  it('falls back to page 1 and no sort for junk in the URL', () => {
    const s = readListState(new URLSearchParams('page=-4&sort=password&order=ASC&active=x&other=1'), FILTERS, SORTS);
    expect(s).toEqual({ page: 1, sort: undefined, filter: {} });
  });

  it('cycles a column sort ASC → DESC → none', () => {
    const a = nextSort(undefined, 'name');
    expect(a).toEqual({ field: 'name', order: 'ASC' });
    const d = nextSort(a, 'name');
    expect(d).toEqual({ field: 'name', order: 'DESC' });
    expect(nextSort(d, 'name')).toBeUndefined();
    expect(nextSort(d, 'created_at')).toEqual({ field: 'created_at', order: 'ASC' });
  });

  it('restarts at page 1 on a new filter and drops empty values', () => {
    expect(withFilter({ page: 4, filter: {} }, { name: '', email: 'x@y.z' })).toEqual({ page: 1, filter: { email: 'x@y.z' } });
  });

  it('clamps paging to the known pages', () => {
    expect(withPage({ page: 1, filter: {} }, 0, 4).page).toBe(1);
    expect(withPage({ page: 4, filter: {} }, 5, 4).page).toBe(4);
  });

  it('yields arguments the shared encoding turns into the spec wire form (1/2 → true/false, role kept)', () => {
    const args = listArgsOf({ page: 2, sort: { field: 'name', order: 'ASC' }, filter: { role_id: '1', active: 1 } });
    expect(encodeListQuery(args)).toEqual([
      ['page', '2'],
      ['limit', '10'],
      ['filter[role_id]', '1'],
      ['filter[active]', 'true'],
      ['sort[name]', 'ASC'],
    ]);
  });
});
