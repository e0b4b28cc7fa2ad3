/**
 * /app/situations, /app/how-did-find, /app/reasons: one list screen for the
 * three catalogues, with server paging, label and active filters and sort in
 * the URL, and activate/deactivate/delete from each row.
 */
import { Button, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CatalogueKind, Situation } from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { listArgsOf, withFilter, type FilterDef } from '../../components/listParams';
import { ResourceTable, type ResourceColumn } from '../../components/ResourceTable';
import { tableStatusOf } from '../../components/tableStatus';
import { useListState } from '../../components/useListState';
import { CATALOGUE_SCREENS } from './config';
import { useCatalogueActions } from './useCatalogueActions';

export const CATALOGUE_LIST_FILTERS: readonly FilterDef[] = [
  { key: 'label', type: 'text' },
  { key: 'active', type: 'number' },
];

/** A row of any of the three catalogues (only situations have a percentage). */
type Row = Omit<Situation, 'percentage'> & { percentage?: number };

export function CatalogueListScreen({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = CATALOGUE_SCREENS[kind];
  const { ops, testId } = config;
  const { state, setState } = useListState(CATALOGUE_LIST_FILTERS, config.sorts);
  const query = useApiQuery(ops.list, listArgsOf(state), { placeholderData: keepPreviousData });
  const invalidates = [ops.list, ops.byId, ops.listActives] as const;
  const setStatus = useApiMutation(ops.setStatus, { invalidates });
  const remove = useApiMutation(ops.delete, { invalidates });
  const actions = useCatalogueActions({
    setStatus: (id, active) => setStatus.mutateAsync({ id, active }),
    remove: (id) => remove.mutateAsync({ id }),
  });

  const [label, setLabel] = useState(String(state.filter.label ?? ''));
  const filterKey = JSON.stringify(state.filter);
  // Back/forward changes the URL: the filter input follows it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setLabel(String(state.filter.label ?? '')), [filterKey]);
  const activeValue = state.filter.active === undefined ? '' : String(state.filter.active);
  const apply = (next: { label: string; active: string }) =>
    setState(withFilter(state, { label: next.label.trim(), ...(next.active ? { active: Number(next.active) } : {}) }));

  const columns: ResourceColumn<Row>[] = [
    { id: 'label', title: t('catalogues.columns.label'), sortField: 'label', width: 300, render: (r) => r.label },
    ...(config.percentage
      ? [{ id: 'percentage', title: t('catalogues.columns.percentage'), sortField: 'percentage', width: 110, render: (r: Row) => `${r.percentage ?? 0}%` }]
      : []),
    {
      id: 'active',
      title: t('catalogues.columns.active'),
      sortField: 'active',
      width: 90,
      render: (r) => <Tag intent={r.active ? 'success' : 'none'}>{r.active ? t('common.yes') : t('common.no')}</Tag>,
    },
    { id: 'updated', title: t('catalogues.columns.updatedAt'), sortField: 'updated_at', width: 130, render: (r) => formatDate(r.updated_at) },
    {
      id: 'actions',
      title: t('catalogues.columns.actions'),
      width: 230,
      render: (r) => (
        <span className="row-actions" onClick={(e) => e.stopPropagation()}>
          <Button
            size="small"
            variant="minimal"
            icon={r.active ? 'disable' : 'confirm'}
            data-testid={`${testId}-toggle-${r.id}`}
            onClick={() => actions.askStatus(r)}
          >
            {r.active ? t('catalogues.deactivate') : t('catalogues.activate')}
          </Button>
          <Button size="small" variant="minimal" intent="danger" icon="trash" data-testid={`${testId}-delete-${r.id}`} onClick={() => actions.askDelete(r)}>
            {t('common.delete')}
          </Button>
        </span>
      ),
    },
  ];

  const activeOptions = [
    { value: '', label: t('common.all') },
    { value: '1', label: t('common.active') },
    { value: '2', label: t('common.inactive') },
  ];
  const rows = query.data?.items as Row[] | undefined;

  return (
    <div className="screen">
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ label, active: activeValue });
        }}
      >
        <FormGroup label={t('catalogues.filterLabel')} labelFor={`${testId}-filter-label`}>
          <InputGroup id={`${testId}-filter-label`} data-testid={`${testId}-filter-label`} value={label} onChange={(e) => setLabel(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('catalogues.filterActive')} labelFor={`${testId}-filter-active`}>
          <HTMLSelect
            id={`${testId}-filter-active`}
            data-testid={`${testId}-filter-active`}
            value={activeValue}
            options={activeOptions}
            onChange={(e) => apply({ label, active: e.currentTarget.value })}
          />
        </FormGroup>
        <div className="filter-actions">
          <Button type="submit" intent="primary" icon="filter" data-testid={`${testId}-filter-apply`}>
            {t('catalogues.apply')}
          </Button>
          <Button
            icon="cross"
            data-testid={`${testId}-filter-clear`}
            onClick={() => {
              setLabel('');
              setState({ ...state, page: 1, filter: {} });
            }}
          >
            {t('common.clear')}
          </Button>
        </div>
      </form>
      <div className="toolbar">
        <Button intent="success" icon="add" data-testid={`${testId}-new`} onClick={() => navigate(`${config.base}/new`)}>
          {t(`catalogues.${kind}.new`)}
        </Button>
      </div>
      <ResourceTable
        testId={`${testId}-table`}
        columns={columns}
        rows={rows}
        {...tableStatusOf(query, t)}
        state={state}
        onStateChange={setState}
        rowTestId={(r) => `${testId}-row-${r.id}`}
        onRowClick={(r) => navigate(`${config.base}/${r.id}`)}
      />
      {actions.dialog}
    </div>
  );
}
