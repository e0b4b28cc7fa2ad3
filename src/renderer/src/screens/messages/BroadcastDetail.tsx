/** One broadcast: what was sent and to whom, with each recipient's status; refreshes while it is sending. */
import { Button, Callout, Card, FormGroup, HTMLSelect, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BROADCAST_RECIPIENT_SORTS, BROADCAST_RECIPIENT_STATUSES, type BroadcastRecipient } from '@shared/contract';
import { formatDateTime } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { usePageInfo } from '../../app/SystemState';
import { listArgsOf, withFilter, type FilterDef } from '@kit/listParams';
import { ResourceTable, type ResourceColumn } from '@kit/ResourceTable';
import { StatusTag } from './HistoryList';
import { useViewListState } from './useViewListState';
import { REFRESH_MS } from './view';

const FILTERS: readonly FilterDef[] = [{ key: 'status', type: 'text' }];
const INTENTS: Record<BroadcastRecipient['status'], Intent> = { queued: 'none', sending: 'primary', sent: 'success', failed: 'danger' };

export function BroadcastDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  usePageInfo(undefined, t('messages.detailTitle', { id }));
  const { state, setState } = useViewListState({ kind: 'detail', id }, FILTERS, BROADCAST_RECIPIENT_SORTS);
  const broadcast = useApiQuery('messages.get', { id }, { refetchInterval: (q) => (q.state.data?.data.status === 'sending' ? REFRESH_MS : false) });
  const sending = broadcast.data?.status === 'sending';
  const recipients = useApiQuery('messages.recipients', { id, ...listArgsOf(state) }, { placeholderData: keepPreviousData, refetchInterval: sending ? REFRESH_MS : false });

  if (broadcast.isLoading) return <Spinner />;
  if (broadcast.error || !broadcast.data) {
    return (
      <Callout intent="danger" data-testid="messages-detail-error">
        {broadcast.error ? errorText(broadcast.error, t) : t('errors.notFound')}
      </Callout>
    );
  }
  const b = broadcast.data;

  const columns: ResourceColumn<BroadcastRecipient>[] = [
    { id: 'contact', title: t('messages.columns.contact'), sortField: 'contact', width: 240, render: (r) => r.contact },
    { id: 'name', title: t('messages.columns.name'), width: 220, render: (r) => r.name ?? '' },
    {
      id: 'status',
      title: t('messages.columns.status'),
      sortField: 'status',
      width: 110,
      render: (r) => (
        <Tag data-testid={`recipient-status-${r.id}`} data-status={r.status} intent={INTENTS[r.status]}>
          {t(`messages.recipientStatus.${r.status}`)}
        </Tag>
      ),
    },
    { id: 'error', title: t('messages.columns.error'), width: 320, render: (r) => <span title={r.error ?? ''}>{r.error ?? ''}</span> },
    { id: 'sentAt', title: t('messages.columns.sentAt'), width: 140, fit: 'whole', kind: 'datetime', render: (r) => formatDateTime(r.sent_at) },
  ];

  return (
    <>
      <Card className="messages-detail" data-testid="messages-detail">
        <div className="form-actions">
          <Button icon="arrow-left" data-testid="messages-back" onClick={() => setParams({ view: 'history' })}>
            {t('messages.backToHistory')}
          </Button>
          <StatusTag status={b.status} testId="messages-detail-status" />
        </div>
        <p>
          <strong>{t(b.channel === 'sms' ? 'messages.channelSms' : 'messages.channelEmail')}</strong> · {formatDateTime(b.created_at)} · {b.created_by_name ?? ''}
        </p>
        {b.subject && <p data-testid="messages-detail-subject">{b.subject}</p>}
        <pre className="messages-body" data-testid="messages-detail-body">{b.body}</pre>
        <p data-testid="messages-detail-summary">{t('messages.summary', { sent: b.sent, failed: b.failed, queued: b.queued, total: b.total })}</p>
        {sending && <p className="bp6-text-muted">{t('messages.autoRefresh')}</p>}
      </Card>
      <div className="filters">
        <FormGroup label={t('messages.filterStatus')} labelFor="messages-filter-status">
          <HTMLSelect
            id="messages-filter-status"
            data-testid="messages-filter-status"
            value={String(state.filter.status ?? '')}
            options={[{ value: '', label: t('common.all') }, ...BROADCAST_RECIPIENT_STATUSES.map((s) => ({ value: s, label: t(`messages.recipientStatus.${s}`) }))]}
            onChange={(e) => setState(withFilter(state, { status: e.currentTarget.value }))}
          />
        </FormGroup>
      </div>
      <ResourceTable
        testId="messages-recipients-table"
        columns={columns}
        rows={recipients.data?.items}
        meta={recipients.data?.meta}
        loading={recipients.isFetching && !recipients.data}
        error={recipients.error ? errorText(recipients.error, t) : null}
        staleSince={recipients.stale ? (recipients.cachedAt ?? '') : null}
        state={state}
        onStateChange={setState}
        rowTestId={(r) => `messages-recipient-${r.id}`}
      />
    </>
  );
}
