/**
 * A list screen from its declaration (react-admin's `<List filters><Datagrid>`
 * is the model): the contract call, the columns, the typed filters, what a
 * row click and the row/toolbar actions do and who may do them, the export.
 * The kit owns the rest: the URL state (filters, page, page size, sort), the
 * debounced typed filters, paging with an impossible page corrected, header
 * sorting, the offline banner, the empty/loading/error states and
 * 'EXPORTAR EXCEL'.
 */
import { Button, type IconName, type Intent } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { operation as operationDef, type ArgsOf, type ResultOf } from '@shared/contract';
import { hasProfilePermission, type RoleId } from '@shared/roles';
import { useApiQuery } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useShortcuts } from '../../app/shortcuts';
import { resourceColumnOf } from '../cells';
import { ExportExcelButton } from '../ExportExcelButton';
import { ResourceTable, type ResourceColumn } from '../ResourceTable';
import { RoleGate } from '../RoleGate';
import { RowMenu } from '../RowMenu';
import { tableStatusOf } from '../tableStatus';
import { useListState } from '../useListState';
import type { ColumnDecl } from './columns';
import type { AnyListOperationName, ExportOperationName, FilterKeyOf, ItemOf, PathArgsOf, SortOf } from './contractTypes';
import { FilterBar } from './FilterBar';
import { filterDefsOf, type FilterDecl } from './filters';
import { clampedPage, listArgsOf, withPage } from './listState';
import type { RowMenuDecl } from './rowMenu';
import { useListFilters } from './useListFilters';

export interface RowAction<T> {
  /** test id `${testId}-${id}-${row.id}` */
  id: string;
  /** i18n key of the button text */
  label(row: T): string;
  icon?(row: T): IconName;
  intent?: Intent;
  /** who sees it; everyone who sees the list when absent */
  roles?: readonly RoleId[];
  /** an icon-only button (the label is its accessible name and tooltip): a narrow column for dense lists */
  compact?: boolean;
  /** whether the row has it (e.g. only a contract in force can be cancelled); every row when absent */
  shown?(row: T): boolean;
  onClick(row: T): void;
}

export interface ToolbarAction {
  /** test id `${testId}-${id}` */
  id: string;
  /** i18n key */
  label: string;
  icon?: IconName;
  intent?: Intent;
  roles?: readonly RoleId[];
  /** a route to open, or… */
  to?: string;
  onClick?(): void;
}

export interface ListDeclaration<N extends AnyListOperationName> {
  /** prefix of every test id: `${testId}-table`, `${testId}-row-<id>`, `${testId}-filter-<key>` */
  testId: string;
  operation: N;
  /** the path argument of a call that needs one (the company of `/company/:id/contracts`); never written to the URL */
  pathArgs?: PathArgsOf<N>;
  columns: readonly ColumnDecl<ItemOf<N>, SortOf<N>>[];
  filters?: readonly FilterDecl<FilterKeyOf<N>>[];
  /** the route a row opens… */
  rowLink?(row: ItemOf<N>): string;
  /** …or what a row click does otherwise */
  onRowClick?(row: ItemOf<N>): void;
  rowActions?: readonly RowAction<ItemOf<N>>[];
  /** the pages a row leads to, in one menu after the row's buttons (button test id `${testId}-menu-<id>`) */
  rowMenu?: RowMenuDecl<ItemOf<N> & { id: number | string }>;
  toolbar?: readonly ToolbarAction[];
  /** 'EXPORTAR EXCEL' of the same filters and sort; `title` is an i18n key */
  export?: { operation: ExportOperationName; title: string; fileName: string };
  /** refresh while some rows are still changing (broadcasts being sent) */
  refreshEvery?(rows: readonly ItemOf<N>[]): number | false;
  /**
   * A row's detail, opened under it by a button at the row's start (test id `${testId}-expand-<id>`, the detail's
   * `${testId}-detail-<id>`): what the list leaves out so the columns that matter fit the window. `label` names
   * the button (an i18n text of the row).
   */
  expand?: { label(row: ItemOf<N>, t: (key: string, vars?: Record<string, unknown>) => string): string; render(row: ItemOf<N>): ReactNode };
  /** a notice over the table about the answer (e.g. a capped count) */
  notice?(data: ResultOf<N>): ReactNode;
  /**
   * Filter values the route itself imposes (e.g. the open statuses of a
   * "pending" list), sent with the list call and the export; a value the user
   * picks for the same key replaces it. Never written to the URL.
   */
  baseFilter?: Readonly<Record<string, string | number | string[]>>;
  /** i18n key: what the empty, unfiltered list tells the person (how its records get here); every list says its own */
  emptyHint: string;
}

export type ListScreenProps<N extends AnyListOperationName> = ListDeclaration<N> & {
  /** above the filters (e.g. a quick search) */
  header?: ReactNode;
  /** after the table (dialogs) */
  children?: ReactNode;
};

/** An action for the roles it names; for everyone who sees the list when it names none. */
function Gated({ roles, children }: { roles: readonly RoleId[] | undefined; children: ReactNode }) {
  return roles && roles.length > 0 ? <RoleGate roles={roles}>{children}</RoleGate> : <>{children}</>;
}

/** The roles an export call admits; none (everyone who sees the list) when it names no roles. */
function exportRolesOf(name: ExportOperationName): readonly RoleId[] | undefined {
  const access = operationDef(name).access;
  return Array.isArray(access) ? access : undefined;
}

/** Moves the keyboard focus to the next or previous row of the list (the "selected" row Enter opens). */
function focusRow(screen: HTMLElement | null, step: 1 | -1): void {
  const rows = [...(screen?.querySelectorAll<HTMLElement>('tbody tr.rt-clickable') ?? [])];
  if (rows.length === 0) return;
  const at = rows.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + step));
  rows[next].focus();
}

/** Every row of the contract's lists has an id; it names the row's test ids and React keys. */
function rowIdOf(row: unknown): string {
  return String((row as { id?: string | number }).id);
}

export function ListScreen<N extends AnyListOperationName>(props: ListScreenProps<N>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { testId, operation, columns, filters = [], rowLink, onRowClick, rowActions = [], rowMenu, toolbar = [], refreshEvery, notice } = props;
  type Row = ItemOf<N>;

  // Stable by content: a declaration written inside a component is a new array on every render.
  const filterSig = JSON.stringify(filterDefsOf(filters));
  const sortSig = columns.flatMap((c) => (c.sort ? [c.sort] : [])).join(',');
  const filterDefs = useMemo(() => JSON.parse(filterSig) as ReturnType<typeof filterDefsOf>, [filterSig]);
  const sorts = useMemo(() => (sortSig ? sortSig.split(',') : []), [sortSig]);
  const { state, setState } = useListState(filterDefs, sorts);
  const inputs = useListFilters(filters, state, setState);

  // The list calls share one argument shape (listArgs); TypeScript cannot see that through the generic name.
  const baseFilter = props.baseFilter;
  const callFilter = useMemo(() => ({ ...(baseFilter ?? {}), ...state.filter }), [baseFilter, state.filter]);
  const args = { ...props.pathArgs, ...listArgsOf(state), filter: callFilter } as ArgsOf<N>;
  const query = useApiQuery(operation, args, {
    placeholderData: keepPreviousData,
    refetchInterval: refreshEvery
      ? (q) => {
          const items = (q.state.data?.data as { items?: Row[] } | undefined)?.items;
          return items ? refreshEvery(items) : false;
        }
      : undefined,
  });
  const data = query.data as (ResultOf<N> & { items: Row[] }) | undefined;

  // `?page=999` of a 4-page list: show page 4 and correct the URL (no history entry for the mistake).
  const meta = data?.meta;
  const settled = !!data && !query.isPlaceholderData;
  useEffect(() => {
    if (!settled) return;
    const page = clampedPage(state.page, meta);
    if (page !== null) setState({ ...state, page }, { replace: true });
  }, [settled, meta, state, setState]);

  const tableColumns: ResourceColumn<Row>[] = columns.map((c) => resourceColumnOf(c, t));
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const expand = props.expand;
  if (expand) {
    tableColumns.unshift({
      id: 'expand',
      title: '',
      fit: 'actions',
      render: (row) => {
        const id = rowIdOf(row);
        const open = opened.has(id);
        return (
          // Opening the detail is not opening the row.
          <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
            <Button
              size="small"
              variant="minimal"
              icon={open ? 'chevron-down' : 'chevron-right'}
              aria-expanded={open}
              aria-label={expand.label(row, t)}
              title={expand.label(row, t)}
              data-testid={`${testId}-expand-${id}`}
              onClick={() => setOpened((was) => {
                const next = new Set(was);
                if (!next.delete(id)) next.add(id);
                return next;
              })}
            />
          </span>
        );
      },
    });
  }
  if (rowActions.length > 0 || rowMenu) {
    tableColumns.push({
      id: 'actions',
      title: t('common.actions'),
      fit: 'actions',
      render: (row) => (
        // A button in a row must not also open the row.
        <span className="rt-row-actions" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {rowActions.map((a) =>
            a.shown && !a.shown(row) ? null : (
            <Gated key={a.id} roles={a.roles}>
              <Button
                size="small"
                variant="minimal"
                intent={a.intent}
                icon={a.icon?.(row)}
                data-testid={`${testId}-${a.id}-${rowIdOf(row)}`}
                aria-label={a.compact ? t(a.label(row)) : undefined}
                title={a.compact ? t(a.label(row)) : undefined}
                onClick={() => a.onClick(row)}
              >
                {a.compact ? null : t(a.label(row))}
              </Button>
            </Gated>
            ),
          )}
          {rowMenu && <RowMenu decl={rowMenu} row={row as Row & { id: number | string }} testId={testId} />}
        </span>
      ),
    });
  }

  const open = rowLink ? (row: Row) => navigate(rowLink(row)) : onRowClick;
  const hasToolbar = toolbar.length > 0 || !!props.export;

  // The list's keys (app/shortcuts.ts): filter, rows, pages and the first toolbar action the role has.
  const screenRef = useRef<HTMLDivElement>(null);
  const { user } = useSession();
  const totalPages = Math.max(1, meta?.totalPages ?? 1);
  const creator = toolbar.find((a) => !a.roles || a.roles.length === 0 || hasProfilePermission(user?.role_id, a.roles));
  useShortcuts({
    listFilter: filters.length > 0 ? () => screenRef.current?.querySelector<HTMLElement>('.list-filters input, .list-filters select')?.focus() : undefined,
    listNextRow: open ? () => focusRow(screenRef.current, 1) : undefined,
    listPreviousRow: open ? () => focusRow(screenRef.current, -1) : undefined,
    listNextPage: state.page < totalPages ? () => setState(withPage(state, state.page + 1, totalPages)) : undefined,
    listPreviousPage: state.page > 1 ? () => setState(withPage(state, state.page - 1, totalPages)) : undefined,
    listNew: creator ? () => (creator.to ? navigate(creator.to) : creator.onClick?.()) : undefined,
  });

  return (
    <div className="screen" ref={screenRef}>
      {props.header}
      {filters.length > 0 && (
        <FilterBar
          testId={testId}
          filters={filters}
          draft={inputs.draft}
          errors={inputs.errors}
          onChange={inputs.change}
          onApply={inputs.applyNow}
          onClear={inputs.clear}
        />
      )}
      {hasToolbar && (
        <div className="list-toolbar">
          {toolbar.map((a) => (
            <Gated key={a.id} roles={a.roles}>
              <Button intent={a.intent ?? 'success'} icon={a.icon ?? 'add'} data-testid={`${testId}-${a.id}`} onClick={() => (a.to ? navigate(a.to) : a.onClick?.())}>
                {t(a.label)}
              </Button>
            </Gated>
          ))}
          <div className="list-toolbar-spacer" />
          {/* Only for the roles the export call admits (e.g. no bulk copy of personal data for agents). */}
          {props.export && (
            <Gated roles={exportRolesOf(props.export.operation)}>
              <ExportExcelButton
                operation={props.export.operation}
                args={{ filter: callFilter, sort: state.sort ?? null }}
                title={t(props.export.title)}
                fileName={props.export.fileName}
              />
            </Gated>
          )}
        </div>
      )}
      {data && notice?.(data)}
      <ResourceTable
        testId={`${testId}-table`}
        columns={tableColumns}
        rows={data?.items}
        {...tableStatusOf(query, t)}
        state={state}
        onStateChange={setState}
        rowTestId={(row) => `${testId}-row-${rowIdOf(row)}`}
        onRowClick={open}
        expansion={expand ? (row) => (opened.has(rowIdOf(row)) ? <div data-testid={`${testId}-detail-${rowIdOf(row)}`}>{expand.render(row)}</div> : null) : undefined}
        emptyHint={t(props.emptyHint)}
      />
      {props.children}
    </div>
  );
}
