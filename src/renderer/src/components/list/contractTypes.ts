/**
 * What a list declaration is typed against: the contract's paged calls, their
 * row type, and the filter keys and sort fields the contract declares for
 * them (each call's `list`, e.g. ADMIN_USER_SORTS). A column can only sort
 * by a field the server sorts by, a filter only use a key the server filters
 * by.
 */
import type { ArgsOf, Contract, ExposedOperationName, ResultOf } from '@shared/contract';

/** What a call needs besides paging, filters and sort (a path id, as the recipients of one broadcast). */
type OtherArgs<N extends ExposedOperationName> = Omit<ArgsOf<N>, 'page' | 'limit' | 'filter' | 'sort'>;

/**
 * Calls with the spec's page/limit/filter/sort encoding, a `{ items, meta }`
 * answer and no other argument: the kit can call them from the URL alone.
 */
export type ListOperationName = {
  [N in ExposedOperationName]: Contract[N]['encoding'] extends 'list'
    ? ResultOf<N> extends { items: unknown[] }
      ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "no required argument" is exactly {} extends it
        {} extends OtherArgs<N>
        ? N
        : never
      : never
    : never;
}[ExposedOperationName];

/** Calls whose rows the main process writes to an Excel file. */
export type ExportOperationName = {
  [N in ExposedOperationName]: Contract[N] extends { file: { kind: 'excel-export' } } ? N : never;
}[ExposedOperationName];

/** Calls answering `{ id, label }` pickers (the catalogues' list-actives). */
export type OptionsOperationName = {
  [N in ExposedOperationName]: Contract[N]['encoding'] extends 'none'
    ? ResultOf<N> extends ReadonlyArray<{ id: number; label: string }>
      ? N
      : never
    : never;
}[ExposedOperationName];

/**
 * List calls that also need a path argument (a company's issued contracts:
 * `/company/:id/contracts`): the declaration gives it as `pathArgs`.
 */
export type PathListOperationName = {
  [N in ExposedOperationName]: Contract[N]['encoding'] extends 'list'
    ? ResultOf<N> extends { items: unknown[] }
      ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "no required argument" is exactly {} extends it
        {} extends OtherArgs<N>
        ? never
        : N
      : never
    : never;
}[ExposedOperationName];

/** Every list call the kit draws: from the URL alone, or with the path argument of its declaration. */
export type AnyListOperationName = ListOperationName | PathListOperationName;

/** What a path list call needs besides paging, filters and sort. */
export type PathArgsOf<N extends AnyListOperationName> = OtherArgs<N>;

export type ItemOf<N extends AnyListOperationName> = ResultOf<N> extends { items: Array<infer I> } ? I : never;

/** The filter keys and sort fields the contract declares for a list call (its `list`: ListFields). */
type ListFieldsOf<N extends AnyListOperationName> = Contract[N] extends { list: infer L } ? L : unknown;

/** Sort fields of a list call; any string where the contract declares none. */
export type SortOf<N extends AnyListOperationName> = ListFieldsOf<N> extends { sorts: readonly (infer S extends string)[] } ? S : string;
/** Filter keys of a list call; any string where the contract declares none. */
export type FilterKeyOf<N extends AnyListOperationName> = ListFieldsOf<N> extends { filters: readonly (infer F extends string)[] } ? F : string;
