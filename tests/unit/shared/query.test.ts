import { describe, expect, it } from 'vitest';
import {
  decodeListQuery,
  encodeListQuery,
  normaliseFilter,
  normaliseSort,
  simulationFilter,
  toQueryString,
} from '../../../src/shared/query';

describe('list query encoding (spec validation rules)', () => {
  it('defaults to page 1 and limit 10', () => {
    expect(encodeListQuery({})).toEqual([
      ['page', '1'],
      ['limit', '10'],
    ]);
  });
  it('omits empty-string, null and undefined filters', () => {
    expect(normaliseFilter({ a: '', b: null, c: undefined, d: 'x' })).toEqual({ d: 'x' });
  });
  it('sends list filters only when non-empty', () => {
    expect(normaliseFilter({ roles: [], ids: [1, 3] })).toEqual({ ids: ['true', '3'] });
  });
  it('sends numeric 1 as true and 2 as false', () => {
    expect(normaliseFilter({ active: 1 })).toEqual({ active: 'true' });
    expect(normaliseFilter({ active: 2 })).toEqual({ active: 'false' });
    expect(normaliseFilter({ role_id: 5 })).toEqual({ role_id: '5' });
  });
  it('maps ascending to ASC and anything else to DESC', () => {
    expect(normaliseSort({ field: 'name', order: 'ascend' })).toEqual({ field: 'name', order: 'ASC' });
    expect(normaliseSort({ field: 'name', order: 'asc' })).toEqual({ field: 'name', order: 'ASC' });
    expect(normaliseSort({ field: 'name', order: 'descend' })).toEqual({ field: 'name', order: 'DESC' });
    expect(normaliseSort({ field: 'name', order: 'whatever' })).toEqual({ field: 'name', order: 'DESC' });
  });
  it('clears sorting when field or order is missing', () => {
    expect(normaliseSort({ field: 'name' })).toBeUndefined();
    expect(normaliseSort({ order: 'ASC' })).toBeUndefined();
    expect(normaliseSort(null)).toBeUndefined();
  });
  it('builds the wire form with filter[...] and sort[...]', () => {
    const pairs = encodeListQuery({
      page: 2,
      limit: 20,
      filter: { name: 'ana maria', role_id: [1, 3], email: '' },
      sort: { field: 'created_at', order: 'ascend' },
    });
    expect(toQueryString(pairs)).toBe(
      'page=2&limit=20&filter%5Bname%5D=ana%20maria&filter%5Brole_id%5D=true&filter%5Brole_id%5D=3&sort%5Bcreated_at%5D=ASC',
    );
  });
  it('round-trips through the server-side decoder', () => {
    const pairs = encodeListQuery({ page: 3, limit: 5, filter: { name: 'x', tags: ['a', 'b'] }, sort: { field: 'name', order: 'desc' } });
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of pairs) {
      const prev = query[k];
      query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    expect(decodeListQuery(query)).toEqual({
      page: 3,
      limit: 5,
      filter: { name: 'x', tags: ['a', 'b'] },
      sort: { field: 'name', order: 'DESC' },
    });
  });
  it('decoder falls back to defaults on nonsense and caps the limit', () => {
    expect(decodeListQuery({ page: '-4', limit: 'abc' })).toEqual({ page: 1, limit: 10, filter: {} });
    expect(decodeListQuery({ limit: '999999' }).limit).toBe(1000);
  });
});

describe('simulation filters', () => {
  it('sends valueStart and valueEnd only when not 0', () => {
    expect(simulationFilter({ valueStart: 0, valueEnd: 0, name: 'x' })).toEqual({ name: 'x' });
    expect(simulationFilter({ valueStart: 100, valueEnd: 0 })).toEqual({ valueStart: 100 });
    // Money travels as decimal strings: a zero amount written any way is no bound either.
    expect(simulationFilter({ valueStart: '0.00', valueEnd: '0', name: 'x' })).toEqual({ name: 'x' });
    expect(simulationFilter({ valueStart: '0,0', valueEnd: '1500.50' })).toEqual({ valueEnd: '1500.50' });
    expect(simulationFilter({ valueStart: '0.01', valueEnd: '' })).toEqual({ valueStart: '0.01' });
  });
});

describe('simulation filters through the contract', () => {
  it('the list and export calls drop a zero bound before the request is built (the rule lives in the schema, once)', async () => {
    const { buildRequest, contract } = await import('../../../src/shared/contract');
    const list = contract['simulations.all'];
    const args = list.args.parse({ page: 1, filter: { name: 'Ana', valueStart: '0.00', valueEnd: '1500.50' } });
    expect(buildRequest(list, args).query).toEqual([
      ['page', '1'],
      ['limit', '10'],
      ['filter[name]', 'Ana'],
      ['filter[valueEnd]', '1500.50'],
    ]);
    const exported = contract['simulations.export'];
    expect(buildRequest(exported, exported.args.parse({ filter: { valueStart: 0, valueEnd: '0' } })).body).toEqual({ filter: {}, sort: undefined });
  });
});
