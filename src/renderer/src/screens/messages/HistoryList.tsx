/** Broadcast history: newest first, paged on the server, filtered by channel; refreshes while any is sending. */
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Broadcast } from '@shared/contract';
import { truncate } from '@shared/format';
import { ListScreen } from '@kit/list/ListScreen';
import { REFRESH_MS } from './view';

export function StatusTag({ status, testId }: { status: Broadcast['status']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag data-testid={testId} intent={status === 'done' ? 'success' : 'primary'}>
      {t(`messages.broadcastStatus.${status}`)}
    </Tag>
  );
}

const channelLabel = (b: Broadcast) => (b.channel === 'sms' ? 'messages.channelSms' : 'messages.channelEmail');

export function HistoryList() {
  const [, setParams] = useSearchParams();
  return (
    <ListScreen
      testId="messages"
      emptyHint="emptyHints.messages"
      operation="messages.list"
      columns={[
        { id: 'id', title: 'messages.columns.id', sort: 'id', width: 60, kind: 'identifier', field: 'id' },
        { id: 'created', title: 'messages.columns.createdAt', sort: 'created_at', width: 130, kind: 'datetime', field: 'created_at' },
        { id: 'channel', title: 'messages.columns.channel', width: 65, text: (b, t) => t(channelLabel(b)) },
        { id: 'subject', title: 'messages.columns.subject', width: 190, text: (b) => truncate(b.subject ?? b.body) },
        { id: 'by', title: 'messages.columns.createdBy', width: 120, field: 'created_by_name' },
        { id: 'total', title: 'messages.columns.total', width: 125, kind: 'integer', field: 'total' },
        { id: 'sent', title: 'messages.columns.sent', width: 90, kind: 'integer', field: 'sent', testId: (b) => `messages-sent-${b.id}` },
        { id: 'failed', title: 'messages.columns.failed', width: 75, kind: 'integer', field: 'failed' },
        {
          id: 'status',
          title: 'messages.columns.status',
          width: 100,
          kind: 'status',
          field: 'status',
          labels: 'messages.broadcastStatus',
          intent: (s) => (s === 'done' ? 'success' : 'primary'),
          testId: (b) => `messages-status-${b.id}`,
        },
      ]}
      filters={[
        {
          kind: 'select',
          key: 'channel',
          label: 'messages.filterChannel',
          options: [
            { value: 'sms', label: 'messages.channelSms' },
            { value: 'email', label: 'messages.channelEmail' },
          ],
        },
      ]}
      onRowClick={(b) => setParams({ id: String(b.id) })}
      refreshEvery={(rows) => (rows.some((b) => b.status === 'sending') ? REFRESH_MS : false)}
    />
  );
}
