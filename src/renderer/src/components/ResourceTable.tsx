/**
 * A server-paged table on @blueprintjs/table's Table2. Paging and sorting
 * write to the URL (through useListState), so back/forward and reload keep
 * them; the rows are whatever the server answered for that state.
 */
import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, Table2, type CellProps } from '@blueprintjs/table';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMeta } from '../../../shared/contract';
import { nextSort, withPage, type ListState } from './listParams';
import { StaleBanner } from './StaleBanner';

export interface ResourceColumn<T> {
  id: string;
  title: string;
  /** the server's sort field; the column gets a `sort-<field>` control */
  sortField?: string;
  width?: number;
  /** plain content, wrapped in a Cell */
  render?(row: T): ReactNode;
  /** a whole cell (MoneyCell, DateCell…) when the content needs its own cell */
  cell?(row: T, props: CellProps): ReactElement<CellProps>;
}

export interface ResourceTableProps<T> {
  testId: string;
  columns: readonly ResourceColumn<T>[];
  rows: readonly T[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  error?: string | null;
  /** when the rows came from the offline cache: the time they were saved */
  staleSince?: string | null;
  state: ListState;
  onStateChange(next: ListState): void;
  rowTestId?(row: T): string;
  onRowClick?(row: T): void;
}

const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 32;

export function ResourceTable<T>(props: ResourceTableProps<T>) {
  const { t } = useTranslation();
  const { columns, rows = [], meta, loading, error, staleSince, state, onStateChange, rowTestId, onRowClick } = props;
  const totalPages = meta?.totalPages ?? 1;
  const currentPage = meta?.currentPage ?? state.page;

  const sortIcon = (field: string) => {
    if (state.sort?.field !== field) return 'double-caret-vertical' as const;
    return state.sort.order === 'ASC' ? ('caret-up' as const) : ('caret-down' as const);
  };

  const sortBy = (field: string) => onStateChange({ ...state, page: 1, sort: nextSort(state.sort, field) });

  const header = (col: ResourceColumn<T>) => () => (
    <ColumnHeaderCell
      name={col.title}
      nameRenderer={(name) => (
        <div className="rt-header">
          <span>{name}</span>
          {col.sortField && (
            // Table2 draws its header twice (scroll quadrants), so this copy carries no test id;
            // the sort bar above the table holds the addressable controls.
            <Button
              size="small"
              variant="minimal"
              icon={sortIcon(col.sortField)}
              aria-label={t('shell.users.sortBy', { column: col.title })}
              title={t('shell.users.sortBy', { column: col.title })}
              onMouseDown={(e) => e.stopPropagation()}
              onClick={(e) => {
                e.stopPropagation();
                sortBy(col.sortField!);
              }}
            />
          )}
        </div>
      )}
    />
  );

  const cellRenderer = (col: ResourceColumn<T>, first: boolean) => (rowIndex: number) => {
    const row = rows[rowIndex];
    if (row === undefined) return <Cell />;
    if (col.cell) return col.cell(row, {});
    const content = col.render ? col.render(row) : null;
    return (
      <Cell interactive={!!onRowClick}>
        <div
          className={onRowClick ? 'rt-clickable' : undefined}
          data-testid={first && rowTestId ? rowTestId(row) : undefined}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
        >
          {content}
        </div>
      </Cell>
    );
  };

  return (
    <div className="resource-table" data-testid={props.testId}>
      {error && (
        <Callout intent="danger" icon="error" data-testid={`${props.testId}-error`}>
          {error}
        </Callout>
      )}
      {staleSince != null && <StaleBanner at={staleSince} testId={`${props.testId}-stale`} />}
      <div className="rt-sortbar">
        <span className="bp6-text-muted">{t('shell.table.sortBy')}</span>
        {columns
          .filter((c) => c.sortField)
          .map((c) => (
            <Button
              key={c.id}
              size="small"
              variant={state.sort?.field === c.sortField ? 'solid' : 'minimal'}
              endIcon={sortIcon(c.sortField!)}
              data-testid={`sort-${c.sortField}`}
              data-sort={state.sort && state.sort.field === c.sortField ? state.sort.order : ''}
              onClick={() => sortBy(c.sortField!)}
            >
              {c.title}
            </Button>
          ))}
      </div>
      <div className="rt-body" style={{ height: HEADER_HEIGHT + Math.max(rows.length, 1) * ROW_HEIGHT + 4 }}>
        <Table2
          numRows={rows.length}
          enableRowHeader={false}
          enableColumnResizing
          selectionModes={[]}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={columns.map((c) => c.width ?? 180)}
          cellRendererDependencies={[rows, state]}
          enableFocusedCell={false}
        >
          {columns.map((col, i) => (
            <Column key={col.id} id={col.id} name={col.title} columnHeaderCellRenderer={header(col)} cellRenderer={cellRenderer(col, i === 0)} />
          ))}
        </Table2>
      </div>
      {loading && rows.length === 0 && <Spinner size={24} className="rt-loading" />}
      {!loading && !error && rows.length === 0 && <NonIdealState icon="search" title={t('common.noRecords')} />}
      <div className="rt-pagination">
        <Button
          icon="chevron-left"
          data-testid="pagination-prev"
          disabled={currentPage <= 1 || loading}
          onClick={() => onStateChange(withPage(state, currentPage - 1, totalPages))}
        />
        {meta && <span data-testid="pagination-info">{t('common.page', { page: currentPage, total: totalPages })}</span>}
        <Button
          icon="chevron-right"
          data-testid="pagination-next"
          disabled={currentPage >= totalPages || loading}
          onClick={() => onStateChange(withPage(state, currentPage + 1, totalPages))}
        />
        {meta && (
          <span className="bp6-text-muted" data-testid="pagination-total">
            {t('common.totalItems', { count: meta.totalItems })}
          </span>
        )}
        {loading && rows.length > 0 && <Spinner size={16} />}
      </div>
    </div>
  );
}
