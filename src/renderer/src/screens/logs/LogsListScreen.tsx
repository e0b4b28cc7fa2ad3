/** /app/logsPage: the activity log with server paging, filters (who, action, record kind, period) and sort in the URL, and the Excel export. */
import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOG_COUNT_CAP, LOG_SORTS, type LogItem } from '../../../../shared/contract';
import { formatDateTime, formatInteger } from '../../../../shared/format';
import { useApiQuery } from '../../api/hooks';
import { ExportExcelButton } from '../../components/ExportExcelButton';
import { listArgsOf, withFilter, type FilterDef } from '../../components/listParams';
import { ResourceTable, type ResourceColumn } from '../../components/ResourceTable';
import { tableStatusOf } from '../../components/tableStatus';
import { useListState } from '../../components/useListState';

export const LOG_FILTER_DEFS: readonly FilterDef[] = [
  { key: 'actor', type: 'text' },
  { key: 'action', type: 'text' },
  { key: 'entity', type: 'text' },
  { key: 'from', type: 'text' },
  { key: 'to', type: 'text' },
];

type Draft = Record<'actor' | 'action' | 'entity' | 'from' | 'to', string>;
const KEYS = ['actor', 'action', 'entity', 'from', 'to'] as const;

function draftOf(filter: Record<string, string | number>): Draft {
  return Object.fromEntries(KEYS.map((k) => [k, String(filter[k] ?? '')])) as Draft;
}

export function LogsListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, setState } = useListState(LOG_FILTER_DEFS, LOG_SORTS);
  const query = useApiQuery('logs.all', listArgsOf(state), { placeholderData: keepPreviousData });
  const [draft, setDraft] = useState<Draft>(() => draftOf(state.filter));
  const filterKey = JSON.stringify(state.filter);
  // Back/forward changes the URL: the filter inputs follow it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setDraft(draftOf(state.filter)), [filterKey]);

  const apply = () => setState(withFilter(state, Object.fromEntries(KEYS.map((k) => [k, draft[k].trim()]))));
  const clear = () => {
    setDraft(draftOf({}));
    setState({ ...state, page: 1, filter: {} });
  };

  const columns: ResourceColumn<LogItem>[] = [
    { id: 'created', title: t('logs.columns.createdAt'), sortField: 'created_at', width: 170, render: (l) => formatDateTime(l.created_at) },
    {
      id: 'actor',
      title: t('logs.columns.actor'),
      sortField: 'actor',
      width: 260,
      render: (l) => (l.actor_id === null ? t('logs.system') : `${l.actor_name ?? ''} <${l.actor_email ?? ''}>`),
    },
    { id: 'action', title: t('logs.columns.action'), sortField: 'action', width: 200, render: (l) => l.action },
    { id: 'entity', title: t('logs.columns.entity'), sortField: 'entity', width: 150, render: (l) => l.entity },
    { id: 'entityId', title: t('logs.columns.entityId'), width: 100, render: (l) => (l.entity_id === null ? '' : String(l.entity_id)) },
  ];

  const field = (key: keyof Draft, type: 'text' | 'date' = 'text') => (
    <FormGroup label={t(`logs.filters.${key}`)} labelFor={`logs-filter-${key}`}>
      <InputGroup
        id={`logs-filter-${key}`}
        data-testid={`logs-filter-${key}`}
        type={type}
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
      />
    </FormGroup>
  );

  return (
    <div className="screen">
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        {field('actor')}
        {field('action')}
        {field('entity')}
        {field('from', 'date')}
        {field('to', 'date')}
        <div className="filter-actions">
          <Button type="submit" intent="primary" icon="filter" data-testid="logs-filter-apply">
            {t('logs.filters.apply')}
          </Button>
          <Button icon="cross" data-testid="logs-filter-clear" onClick={clear}>
            {t('common.clear')}
          </Button>
        </div>
      </form>
      <div className="toolbar">
        <div className="app-header-spacer" />
        <ExportExcelButton
          operation="logs.export"
          args={{ filter: state.filter, sort: state.sort ?? null }}
          title={t('logs.exportTitle')}
          fileName="logs"
        />
      </div>
      {query.data?.capped && (
        <Callout intent="primary" icon="info-sign" data-testid="logs-capped">
          {t('logs.capped', { count: formatInteger(LOG_COUNT_CAP) })}
        </Callout>
      )}
      <ResourceTable
        testId="logs-table"
        columns={columns}
        rows={query.data?.items}
        {...tableStatusOf(query, t)}
        state={state}
        onStateChange={setState}
        rowTestId={(l) => `logs-row-${l.id}`}
        onRowClick={(l) => navigate(`/app/logsPage/view/${l.id}`)}
      />
    </div>
  );
}
