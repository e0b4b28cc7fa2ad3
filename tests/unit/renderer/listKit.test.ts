/**
 * The list kit's rules without a DOM: filters to the URL and back, the
 * impossible page corrected, page sizes, header sorting, the refused ranges,
 * and the cell texts (which are also the tooltips of cut-off cells).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellText, type ColumnDecl } from '../../../src/renderer/src/components/list/columns';
import { rowMenuItems, rowMenuLabel, type RowMenuDecl } from '../../../src/renderer/src/components/list/rowMenu';
import type { FilterKeyOf, ListOperationName, SortOf } from '../../../src/renderer/src/components/list/contractTypes';
import {
  draftOf,
  filterDefsOf,
  filterErrors,
  filterOf,
  parseMoneyInput,
  sameFilter,
  statusOptions,
  type FilterDecl,
} from '../../../src/renderer/src/components/list/filters';
import {
  ariaSortOf,
  clampedPage,
  listArgsOf,
  rangeOf,
  readListState,
  withFilter,
  withPageSize,
  withSortBy,
  writeListState,
  type ListState,
} from '../../../src/renderer/src/components/list/listState';
import { pageMeta } from '../../../src/shared/contract';
import { resources, translate } from '../../../src/shared/i18n';
import { encodeListQuery } from '../../../src/shared/query';

const FILTERS: FilterDecl[] = [
  { kind: 'text', key: 'name', label: 'x' },
  { kind: 'select', key: 'role_id', label: 'x', options: [{ value: '1', label: 'Admin', raw: true }] },
  { kind: 'yesNo', key: 'active', label: 'x' },
  { kind: 'dateRange', key: 'from', to: 'to', label: 'x' },
  { kind: 'moneyRange', key: 'min', to: 'max', label: 'x' },
];
const SORTS = ['name', 'created_at'];
const t = (key: string, vars?: Record<string, unknown>) => translate('pt-BR', key, vars as Record<string, string | number>);

/** What the kit does on Enter: the inputs → the state → the URL, and what a reload reads back. */
function throughUrl(draft: Record<string, string>, base: ListState = { page: 3, filter: {} }) {
  const state = withFilter(base, filterOf(FILTERS, draft));
  const params = writeListState(state);
  return { state, params, back: readListState(new URLSearchParams(params.toString()), filterDefsOf(FILTERS), SORTS) };
}

describe('filters to the URL and back', () => {
  it('keeps every typed filter through the URL, trimmed, yes/no as 1/2, money as a decimal string, dates as calendar days', () => {
    const { state, params, back } = throughUrl({
      name: '  ana ',
      role_id: '1',
      active: '2',
      // DD/MM/YYYY as the field shows it; an ISO day is understood too.
      from: '01/01/2024',
      to: '2024-01-31',
      min: '1.234,5',
      max: '',
    });
    expect(params.toString()).toBe('name=ana&role_id=1&active=2&from=2024-01-01&to=2024-01-31&min=1234.50');
    expect(back).toEqual(state);
    expect(back.filter.active).toBe(2);
    expect(draftOf(FILTERS, back.filter)).toEqual({ name: 'ana', role_id: '1', active: '2', from: '01/01/2024', to: '31/01/2024', min: '1234,50', max: '' });
  });

  it('reads amounts the way the language writes them, and refuses a date that is not one', () => {
    expect(filterOf(FILTERS, { min: '5,000.00', max: '10000' }, 'en')).toEqual({ min: '5000.00', max: '10000' });
    expect(filterErrors(FILTERS, { min: '5,000.00' }, 'pt-BR')).toEqual({ min: 'list.filters.moneyInvalid' });
    expect(draftOf(FILTERS, { min: '1234.5' }, 'en').min).toBe('1234.50');
    expect(filterErrors(FILTERS, { from: '31/02/2024' })).toEqual({ from: 'list.filters.dateInvalid' });
    expect(filterErrors(FILTERS, { from: '01/02/2024', to: '31/01/2024' })).toEqual({ from: 'list.filters.dateRangeInverted' });
  });

  it('starts again at page 1 when filters change and drops empty ones', () => {
    const { state } = throughUrl({ name: '', role_id: '' });
    expect(state).toEqual({ page: 1, filter: {} });
  });

  it('role 1 stays text on the wire while yes/no 1 becomes true (the spec select convention)', () => {
    const { state } = throughUrl({ role_id: '1', active: '1' });
    expect(encodeListQuery(listArgsOf(state))).toEqual([
      ['page', '1'],
      ['limit', '10'],
      ['filter[role_id]', '1'],
      ['filter[active]', 'true'],
    ]);
  });

  it('leaves params it does not own (the messages view) and removes filters no longer set', () => {
    const current = new URLSearchParams('view=history&channel=sms&page=2');
    const next = writeListState({ page: 1, filter: {} }, current, [{ key: 'channel', type: 'text' }]);
    expect(next.toString()).toBe('view=history');
  });

  it('ignores junk in the URL', () => {
    const s = readListState(new URLSearchParams('page=-4&sort=password&order=ASC&active=x&pageSize=33'), filterDefsOf(FILTERS), SORTS);
    expect(s).toEqual({ page: 1, sort: undefined, filter: {} });
  });

  it('a multi-value select keeps every value through the URL (the key repeated) and sends filter[key] once per value', () => {
    const decls: FilterDecl[] = [
      { kind: 'multiSelect', key: 'status', label: 'x', options: statusOptions(['analysis', 'disbursed', 'settled'], 'creditOperations.status') },
      { kind: 'text', key: 'borrower', label: 'x' },
    ];
    // Picked in any order, each once; the options' order is kept, an unknown value dropped.
    const state = withFilter({ page: 4, filter: {} }, filterOf(decls, { status: ['settled', 'analysis', 'settled', 'paid'], borrower: ' ana ' }));
    expect(state).toEqual({ page: 1, filter: { status: ['analysis', 'settled'], borrower: 'ana' } });
    const params = writeListState(state, undefined, filterDefsOf(decls));
    expect(params.toString()).toBe('status=analysis&status=settled&borrower=ana');
    const back = readListState(new URLSearchParams(params.toString()), filterDefsOf(decls), []);
    expect(back).toEqual(state);
    expect(draftOf(decls, back.filter)).toEqual({ status: ['analysis', 'settled'], borrower: 'ana' });
    // The contract's one query encoding: the same key once per value, in order.
    expect(encodeListQuery(listArgsOf(back))).toEqual([
      ['page', '1'],
      ['limit', '10'],
      ['filter[status]', 'analysis'],
      ['filter[status]', 'settled'],
      ['filter[borrower]', 'ana'],
    ]);
    // One value is still a list in the state, and a single filter[status] on the wire.
    const one = withFilter({ page: 1, filter: {} }, filterOf(decls, { status: ['disbursed'] }));
    expect(one.filter).toEqual({ status: ['disbursed'] });
    expect(encodeListQuery(listArgsOf(one)).slice(2)).toEqual([['filter[status]', 'disbursed']]);
    // None picked: no filter, and the URL loses the key.
    const none = withFilter(back, filterOf(decls, { status: [], borrower: 'ana' }));
    expect(none.filter).toEqual({ borrower: 'ana' });
    expect(writeListState(none, params, filterDefsOf(decls)).toString()).toBe('borrower=ana');
    expect(filterDefsOf(decls)[0]).toEqual({ key: 'status', type: 'list' });
  });

  it('compares filter records by value, lists value by value in order', () => {
    expect(sameFilter({ s: ['a', 'b'] }, { s: ['a', 'b'] })).toBe(true);
    expect(sameFilter({ s: ['a', 'b'] }, { s: ['a'] })).toBe(false);
    expect(sameFilter({ s: ['a'] }, { s: 'a' })).toBe(false);
  });

  it('compares filter records by value', () => {
    expect(sameFilter({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(sameFilter({ a: 1 }, { a: '1' })).toBe(false);
  });
});

describe('refused ranges', () => {
  it('refuses a period whose start is after its end, and accepts equal days', () => {
    expect(filterErrors(FILTERS, { from: '2024-02-01', to: '2024-01-31' })).toEqual({ from: 'list.filters.dateRangeInverted' });
    expect(filterErrors(FILTERS, { from: '2024-01-31', to: '2024-01-31' })).toEqual({});
    expect(filterErrors(FILTERS, { from: '2024-02-01', to: '' })).toEqual({});
    expect(t('list.filters.dateRangeInverted')).toBe('A data inicial deve ser igual ou anterior à final.');
  });

  it('refuses an amount that is not one, and a minimum over the maximum (compared in whole cents)', () => {
    expect(filterErrors(FILTERS, { min: '12abc' })).toEqual({ min: 'list.filters.moneyInvalid' });
    expect(filterErrors(FILTERS, { min: '1.000,01', max: '1000' })).toEqual({ min: 'list.filters.moneyRangeInverted' });
    expect(filterErrors(FILTERS, { min: '0,10', max: '0,1' })).toEqual({});
  });

  it('reads amounts the pt-BR way', () => {
    expect(parseMoneyInput('R$ 1.234,56')).toBe('1234.56');
    expect(parseMoneyInput('10')).toBe('10');
    expect(parseMoneyInput('0,5')).toBe('0.50');
    expect(parseMoneyInput('1,234')).toBeNull();
    expect(parseMoneyInput('12.34')).toBeNull();
  });
});

describe('paging', () => {
  it('corrects an impossible page to the last one, and leaves a possible page alone', () => {
    expect(clampedPage(999, pageMeta(999, 10, 34))).toBe(4);
    expect(clampedPage(4, pageMeta(4, 10, 34))).toBeNull();
    expect(clampedPage(3, pageMeta(3, 10, 0))).toBe(1);
    expect(clampedPage(2, undefined)).toBeNull();
  });

  it('offers 10, 25, 50 and 100 per page; 10 is the default and stays out of the URL', () => {
    const params = new URLSearchParams('pageSize=25');
    const s = readListState(params, [], SORTS);
    expect(s.pageSize).toBe(25);
    expect(listArgsOf(s).limit).toBe(25);
    expect(readListState(new URLSearchParams('pageSize=100000'), [], SORTS).pageSize).toBeUndefined();
    expect(writeListState(withPageSize(s, 10)).toString()).toBe('');
    expect(writeListState(withPageSize({ page: 1, filter: {} }, 50)).toString()).toBe('pageSize=50');
  });

  it('keeps the first row on screen when the page size changes', () => {
    // Page 3 of 10 starts at row 21: with 25 per page that is page 1; page 7 of 10 (row 61) is page 3.
    expect(withPageSize({ page: 3, filter: {} }, 25).page).toBe(1);
    expect(withPageSize({ page: 7, filter: {} }, 25).page).toBe(3);
    expect(withPageSize({ page: 3, pageSize: 50, filter: {} }, 10).page).toBe(11);
  });

  it('says which rows are shown: "1–10 de 34", "31–34 de 34", and in English "1–10 of 34"', () => {
    const first = rangeOf(pageMeta(1, 10, 34), 10);
    expect(t('list.range', first)).toBe('1–10 de 34');
    expect(t('list.range', rangeOf(pageMeta(4, 10, 34), 4))).toBe('31–34 de 34');
    expect(translate('en', 'list.range', first)).toBe('1–10 of 34');
    expect(rangeOf(pageMeta(1, 10, 0), 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});

describe('sorting from the header', () => {
  it('cycles ascending, descending, none; another column starts ascending; back to page 1', () => {
    let s: ListState = { page: 3, filter: { name: 'a' } };
    s = withSortBy(s, 'name');
    expect(s).toEqual({ page: 1, sort: { field: 'name', order: 'ASC' }, filter: { name: 'a' } });
    expect(ariaSortOf(s.sort, 'name')).toBe('ascending');
    expect(ariaSortOf(s.sort, 'created_at')).toBe('none');
    s = withSortBy(s, 'name');
    expect(ariaSortOf(s.sort, 'name')).toBe('descending');
    expect(writeListState(s).toString()).toBe('sort=name&order=DESC&name=a');
    expect(withSortBy(s, 'created_at').sort).toEqual({ field: 'created_at', order: 'ASC' });
    s = withSortBy(s, 'name');
    expect(s.sort).toBeUndefined();
  });
});

describe('cell texts (and tooltips)', () => {
  interface Row {
    amount: string | null;
    active: boolean;
    status: string;
    doc: string;
    day: string;
    note: string | null;
  }
  const row: Row = { amount: '1234.5', active: false, status: 'aberto', doc: '12345678909', day: '2024-03-05', note: null };
  const col = (c: Omit<ColumnDecl<Row>, 'id' | 'title'>): ColumnDecl<Row> => ({ id: 'c', title: 'x', ...c });

  it('formats by kind', () => {
    expect(cellText(col({ kind: 'money', field: 'amount' }), row, t)).toBe('R$ 1.234,50');
    expect(cellText(col({ kind: 'money', field: 'amount' }), { ...row, amount: null }, t)).toBe('R$ ---');
    expect(cellText(col({ kind: 'boolean', field: 'active' }), row, t)).toBe('Não');
    expect(cellText(col({ kind: 'status', field: 'status', labels: 'lgpd.status' }), row, t)).toBe(t('lgpd.status.aberto'));
    expect(cellText(col({ kind: 'document', field: 'doc' }), row, t)).toBe('123.456.789-09');
    expect(cellText(col({ kind: 'date', field: 'day' }), row, t)).toBe('05/03/2024');
    expect(cellText(col({ field: 'note' }), row, t)).toBe('');
  });
});

describe('a row menu', () => {
  interface Bank {
    id: number;
    bank_code: string;
    bank_name: string;
    active: boolean;
  }
  const itau: Bank = { id: 7, bank_code: '341', bank_name: 'Itaú', active: true };
  const other: Bank = { id: 8, bank_code: '999', bank_name: 'Outro', active: false };
  const cnab = (b: Bank) => b.bank_code === '341';
  const menu: RowMenuDecl<Bank> = {
    name: (b) => `${b.bank_code} – ${b.bank_name}`,
    entries: [
      { id: 'remittances', label: 'remittance.openRemittances', to: (b) => (cnab(b) ? `/remittances/${b.bank_code}` : null), testId: (b) => `bank-remittances-${b.id}` },
      { id: 'manual', label: 'remittance.openManual', to: (b) => (cnab(b) ? `/manual/${b.id}` : null) },
      { id: 'deactivate', label: 'catalogues.deactivate', shown: (b) => b.active, onClick: () => undefined },
      { id: 'edit', label: 'common.edit', divider: true, onClick: () => undefined },
    ],
  };
  const ids = (b: Bank) => rowMenuItems(menu, b, 'banks').map((i) => [i.entry.id, i.to, i.testId]);

  it('lists the entries a row has, in order, with their routes and test ids', () => {
    expect(ids(itau)).toEqual([
      ['remittances', '/remittances/341', 'bank-remittances-7'],
      ['manual', '/manual/7', 'banks-manual-7'],
      ['deactivate', null, 'banks-deactivate-7'],
      ['edit', null, 'banks-edit-7'],
    ]);
  });

  it('leaves out a route the row does not have and an entry it is not shown, and shows no menu when nothing is left', () => {
    expect(ids(other)).toEqual([['edit', null, 'banks-edit-8']]);
    const pagesOnly: RowMenuDecl<Bank> = { ...menu, entries: menu.entries.slice(0, 2) };
    expect(rowMenuItems(pagesOnly, other, 'banks')).toEqual([]);
  });

  it('names its button after the row, in both languages', () => {
    expect(rowMenuLabel(menu, itau, t)).toBe('Ações de 341 – Itaú');
    const en = (key: string, vars?: Record<string, unknown>) => translate('en', key, vars as Record<string, string | number>);
    expect(rowMenuLabel(menu, itau, en)).toBe('Actions for 341 – Itaú');
  });
});

describe('declarations are typed against the contract (checked by the type check)', () => {
  it('accepts the contract\'s sort fields and filter keys only, and lists the kit can call from the URL alone', () => {
    const sort: SortOf<'users.admins'> = 'created_at';
    const filter: FilterKeyOf<'logs.all'> = 'from';
    // @ts-expect-error users are not sorted by password
    const badSort: SortOf<'users.admins'> = 'password';
    // @ts-expect-error the LGPD list has no e-mail filter
    const badFilter: FilterKeyOf<'lgpd.list'> = 'email';
    // @ts-expect-error the recipients of one broadcast need its id besides the URL state
    const needsId: ListOperationName = 'messages.recipients';
    expect([sort, filter, badSort, badFilter, needsId]).toHaveLength(5);
  });
});

describe('texts of the list declarations', () => {
  const SCREENS = [
    'users/UsersListScreen.tsx',
    'logs/LogsListScreen.tsx',
    'lgpd/LgpdListScreen.tsx',
    'catalogues/CatalogueListScreen.tsx',
    'catalogues/rowActions.ts',
    'projects/ProjectsListScreen.tsx',
    'messages/HistoryList.tsx',
    // Record panels: their columns and row menus.
    'company/CompanyRecords.tsx',
  ];
  // Column titles, filter/option/action labels: i18n keys the kit translates.
  const keys = new Set<string>(['list.filters.period']);
  for (const file of SCREENS) {
    const text = readFileSync(new URL(`../../../src/renderer/src/screens/${file}`, import.meta.url), 'utf8');
    for (const m of text.matchAll(/(?:title|label):\s*'([a-z][A-Za-z]*\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]);
    // label functions: `() => 'common.delete'`, `active ? 'catalogues.deactivate' : 'catalogues.activate'`
    for (const m of text.matchAll(/(?<==>\s*\(?|\?\s*|'\s*:\s*)'([a-z][A-Za-z]*\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]);
  }
  type Tree = { readonly [k: string]: string | Tree };
  const leaf = (tree: Tree, key: string) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string';
  };

  it('are keys of both catalogues', () => {
    expect(keys.size).toBeGreaterThan(40);
    for (const locale of ['pt-BR', 'en'] as const) {
      const missing = [...keys].filter((k) => !leaf(resources[locale].translation as unknown as Tree, k));
      expect(missing, locale).toEqual([]);
    }
  });
});
