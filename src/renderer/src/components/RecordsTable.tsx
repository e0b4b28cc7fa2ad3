/**
 * A short, unpaged list inside a record (a person's simulations,
 * solicitations, bank accounts): the list kit's table and cells with every
 * row on one page.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageMeta } from '@shared/contract';
import { resourceColumnOf } from './cells';
import type { ColumnDecl } from './list/columns';
import { ResourceTable, type ResourceColumn } from './ResourceTable';

const ONE_PAGE = { page: 1, filter: {} };

export function RecordsTable<T extends { id: number }>(props: {
  testId: string;
  columns: readonly ColumnDecl<T>[];
  rows: readonly T[] | undefined;
  loading: boolean;
  error?: string | null;
  staleSince?: string | null;
  onRowClick?(row: T): void;
  /** extra cells at the end of each row (buttons), as wide as they are */
  actions?: { title: string; width?: number; render(row: T): ReactNode };
  /** what the empty list tells the person: how its records get here */
  emptyHint?: string;
}) {
  const { t } = useTranslation();
  const { rows, columns } = props;
  // Unsorted: a record's short lists come whole, in the server's order.
  const tableColumns: ResourceColumn<T>[] = columns.map((c) => ({ ...resourceColumnOf(c, t), sortField: undefined }));
  if (props.actions) tableColumns.push({ id: 'actions', title: props.actions.title, fit: 'actions', render: props.actions.render });
  const count = rows?.length ?? 0;
  return (
    <ResourceTable
      testId={props.testId}
      columns={tableColumns}
      rows={rows}
      meta={rows ? pageMeta(1, Math.max(count, 1), count) : undefined}
      loading={props.loading}
      error={props.error}
      staleSince={props.staleSince}
      state={ONE_PAGE}
      onStateChange={() => undefined}
      rowTestId={(row) => `${props.testId}-row-${row.id}`}
      onRowClick={props.onRowClick}
      pager={false}
      emptyHint={props.emptyHint}
    />
  );
}
