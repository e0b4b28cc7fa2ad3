/**
 * What a list declaration is typed against: the contract's paged calls, their
 * row type, and the filter keys and sort fields the contract declares for
 * them (ADMIN_USER_SORTS…). A column can only sort by a field the server
 * sorts by, a filter only use a key the server filters by.
 */
import {
  ADMIN_USER_FILTERS,
  ADMIN_USER_SORTS,
  BROADCAST_FILTERS,
  BROADCAST_SORTS,
  CATALOGUE_FILTERS,
  CATALOGUE_SORTS,
  CREDIT_OPERATION_FILTERS,
  CREDIT_OPERATION_SORTS,
  ENTREPRENEUR_FILTERS,
  EXPIRED_INSTALLMENT_FILTERS,
  EXPIRED_INSTALLMENT_SORTS,
  ISSUED_CONTRACT_FILTERS,
  ISSUED_CONTRACT_SORTS,
  ENTREPRENEUR_SORTS,
  LGPD_FILTERS,
  LGPD_SORTS,
  LOG_FILTERS,
  LOG_SORTS,
  PROJECT_FILTERS,
  PROJECT_SORTS,
  SITUATION_SORTS,
  SIMULATION_FILTERS,
  SIMULATION_SORTS,
  SOLICITATION_FILTERS,
  SOLICITATION_SORTS,
  type ArgsOf,
  type Contract,
  type ExposedOperationName,
  type ResultOf,
} from '@shared/contract';
import { OPERATIONS_REPORT_FILTERS } from '@shared/contract/company-reports';

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

/** The contract's declared filter keys and sort fields of each list call. */
export const LIST_FIELDS = {
  'users.admins': { filters: ADMIN_USER_FILTERS, sorts: ADMIN_USER_SORTS },
  'users.entrepreneurs': { filters: ENTREPRENEUR_FILTERS, sorts: ENTREPRENEUR_SORTS },
  'logs.all': { filters: LOG_FILTERS, sorts: LOG_SORTS },
  'lgpd.list': { filters: LGPD_FILTERS, sorts: LGPD_SORTS },
  'situations.list': { filters: CATALOGUE_FILTERS, sorts: SITUATION_SORTS },
  'howDidFind.list': { filters: CATALOGUE_FILTERS, sorts: CATALOGUE_SORTS },
  'reasons.list': { filters: CATALOGUE_FILTERS, sorts: CATALOGUE_SORTS },
  'projects.list': { filters: PROJECT_FILTERS, sorts: PROJECT_SORTS },
  'messages.list': { filters: BROADCAST_FILTERS, sorts: BROADCAST_SORTS },
  'simulations.all': { filters: SIMULATION_FILTERS, sorts: SIMULATION_SORTS },
  'solicitations.list': { filters: SOLICITATION_FILTERS, sorts: SOLICITATION_SORTS },
  'solicitations.reviewDocuments': { filters: SOLICITATION_FILTERS, sorts: SOLICITATION_SORTS },
  'creditOperation.list': { filters: CREDIT_OPERATION_FILTERS, sorts: CREDIT_OPERATION_SORTS },
  'company.contracts': { filters: ISSUED_CONTRACT_FILTERS, sorts: ISSUED_CONTRACT_SORTS },
  'collections.expiredInstallments': { filters: EXPIRED_INSTALLMENT_FILTERS, sorts: EXPIRED_INSTALLMENT_SORTS },
  // The report's order is fixed (release date, then id): no header sorts.
  'report.operations': { filters: OPERATIONS_REPORT_FILTERS, sorts: [] },
} as const satisfies Partial<Record<AnyListOperationName, { filters: readonly string[]; sorts: readonly string[] }>>;

type Declared = keyof typeof LIST_FIELDS;

/** Sort fields of a list call; any string where the contract declares none yet. */
export type SortOf<N extends AnyListOperationName> = N extends Declared ? (typeof LIST_FIELDS)[N]['sorts'][number] : string;
/** Filter keys of a list call; any string where the contract declares none yet. */
export type FilterKeyOf<N extends AnyListOperationName> = N extends Declared ? (typeof LIST_FIELDS)[N]['filters'][number] : string;
