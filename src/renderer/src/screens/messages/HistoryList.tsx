/** Broadcast history: newest first, paged on the server, filtered by channel; refreshes while any is sending. */
import { HTMLSelect, FormGroup, Tag } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BROADCAST_SORTS, type Broadcast } from '../../../../shared/contract';
import { formatDateTime, truncate } from '../../../../shared/format';
import { useApiQuery } from '../../api/hooks';
import { listArgsOf, withFilter, type FilterDef } from '../../components/listParams';
import { ResourceTable, type ResourceColumn } from '../../components/ResourceTable';
import { tableStatusOf } from '../../components/tableStatus';
import { useViewListState } from './useViewListState';
import { REFRESH_MS } from './view';

const FILTERS: readonly FilterDef[] = [{ key: 'channel', type: 'text' }];
const VIEW = { kind: 'history' } as const;

export function StatusTag({ status, testId }: { status: Broadcast['status']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag data-testid={testId} intent={status === 'done' ? 'success' : 'primary'}>
      {t(`messages.broadcastStatus.${status}`)}
    </Tag>
  );
}

export function HistoryList() {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const { state, setState } = useViewListState(VIEW, FILTERS, BROADCAST_SORTS);
  const query = useApiQuery('messages.list', listArgsOf(state), {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.items.some((b) => b.status === 'sending') ? REFRESH_MS : false),
  });

  const columns: ResourceColumn<Broadcast>[] = [
    { id: 'id', title: t('messages.columns.id'), sortField: 'id', width: 70, render: (b) => b.id },
    { id: 'created', title: t('messages.columns.createdAt'), sortField: 'created_at', width: 140, render: (b) => formatDateTime(b.created_at) },
    { id: 'channel', title: t('messages.columns.channel'), width: 80, render: (b) => t(b.channel === 'sms' ? 'messages.channelSms' : 'messages.channelEmail') },
    { id: 'subject', title: t('messages.columns.subject'), width: 280, render: (b) => truncate(b.subject ?? b.body) },
    { id: 'by', title: t('messages.columns.createdBy'), width: 160, render: (b) => b.created_by_name ?? '' },
    { id: 'total', title: t('messages.columns.total'), width: 100, render: (b) => b.total },
    { id: 'sent', title: t('messages.columns.sent'), width: 90, render: (b) => <span data-testid={`messages-sent-${b.id}`}>{b.sent}</span> },
    { id: 'failed', title: t('messages.columns.failed'), width: 80, render: (b) => b.failed },
    { id: 'status', title: t('messages.columns.status'), width: 110, render: (b) => <StatusTag status={b.status} testId={`messages-status-${b.id}`} /> },
  ];

  return (
    <>
      <div className="filters">
        <FormGroup label={t('messages.filterChannel')} labelFor="messages-filter-channel">
          <HTMLSelect
            id="messages-filter-channel"
            data-testid="messages-filter-channel"
            value={String(state.filter.channel ?? '')}
            options={[
              { value: '', label: t('common.all') },
              { value: 'sms', label: t('messages.channelSms') },
              { value: 'email', label: t('messages.channelEmail') },
            ]}
            onChange={(e) => setState(withFilter(state, { channel: e.currentTarget.value }))}
          />
        </FormGroup>
      </div>
      <ResourceTable
        testId="messages-table"
        columns={columns}
        rows={query.data?.items}
        {...tableStatusOf(query, t)}
        loading={query.isFetching && !query.data}
        state={state}
        onStateChange={setState}
        rowTestId={(b) => `messages-row-${b.id}`}
        onRowClick={(b) => setParams({ id: String(b.id) })}
      />
    </>
  );
}
