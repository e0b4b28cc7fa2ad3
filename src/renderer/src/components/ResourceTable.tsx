/**
 * A server-paged table: a plain HTML table (Blueprint's HTMLTable), so
 * screen readers get real rows, headers and aria-sort, and the columns share
 * the width of the window instead of overflowing it. Sorting is a button in
 * each sortable header; paging, page size and sort write to the URL (through
 * the list state), so back/forward and reload keep them.
 */
import { Callout, HTMLTable, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMeta } from '../../../shared/contract';
import { ariaSortOf, withSortBy, type ListState } from './list/listState';
import { Pager } from './list/Pager';
import { StaleBanner } from './StaleBanner';
import './list/list.css';

export interface ResourceColumn<T> {
  id: string;
  title: string;
  /** the server's sort field: the header becomes a `sort-<field>` button */
  sortField?: string;
  /** relative width; the table always fits its container */
  width?: number;
  render(row: T): ReactNode;
  /** the full text of the cell, shown on hover when the column cuts it */
  text?(row: T): string;
  align?: 'right';
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
  /** false: a short list shown whole (inside a record), without paging controls */
  pager?: boolean;
}

const DEFAULT_WIDTH = 150;

export function ResourceTable<T>(props: ResourceTableProps<T>) {
  const { t } = useTranslation();
  const { testId, columns, rows = [], meta, loading, error, staleSince, state, onStateChange, rowTestId, onRowClick } = props;
  const total = columns.reduce((sum, c) => sum + (c.width ?? DEFAULT_WIDTH), 0);

  const header = (col: ResourceColumn<T>) => {
    if (!col.sortField) return col.title;
    const field = col.sortField;
    const sorted = ariaSortOf(state.sort, field);
    return (
      <button
        type="button"
        className="rt-sort"
        data-testid={`sort-${field}`}
        data-sort={state.sort?.field === field ? state.sort.order : ''}
        title={t('list.sortBy', { column: col.title })}
        onClick={() => onStateChange(withSortBy(state, field))}
      >
        <span className="rt-sort-title">{col.title}</span>
        <Icon icon={sorted === 'ascending' ? 'caret-up' : sorted === 'descending' ? 'caret-down' : 'double-caret-vertical'} size={12} />
      </button>
    );
  };

  const onKey = (row: T) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onRowClick?.(row);
  };

  return (
    <div className="resource-table" data-testid={testId}>
      {error && (
        <Callout intent="danger" icon="error" data-testid={`${testId}-error`}>
          {error}
        </Callout>
      )}
      {staleSince != null && <StaleBanner at={staleSince} testId={`${testId}-stale`} />}
      <div className="rt-body">
        <HTMLTable compact striped interactive={!!onRowClick} className="rt-table">
          <colgroup>
            {columns.map((c) => (
              <col key={c.id} style={{ width: `${(((c.width ?? DEFAULT_WIDTH) / total) * 100).toFixed(2)}%` }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.id}
                  scope="col"
                  aria-sort={c.sortField ? ariaSortOf(state.sort, c.sortField) : undefined}
                  className={c.align ? 'rt-right' : undefined}
                  // A narrow column cuts its title too: the whole title on hover.
                  title={c.sortField ? undefined : c.title}
                >
                  {header(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr
                key={rowTestId ? rowTestId(row) : index}
                className={onRowClick ? 'rt-clickable' : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? onKey(row) : undefined}
              >
                {columns.map((c, i) => (
                  <td
                    key={c.id}
                    data-testid={i === 0 && rowTestId ? rowTestId(row) : undefined}
                    title={c.text?.(row) || undefined}
                    className={c.align ? 'rt-right' : undefined}
                  >
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {loading && rows.length === 0 && <Spinner size={24} className="rt-loading" />}
        {!loading && !error && rows.length === 0 && <NonIdealState icon="search" title={t('common.noRecords')} className="rt-empty" />}
      </div>
      {props.pager !== false && <Pager meta={meta} rowsShown={rows.length} loading={loading} state={state} onStateChange={onStateChange} />}
    </div>
  );
}
