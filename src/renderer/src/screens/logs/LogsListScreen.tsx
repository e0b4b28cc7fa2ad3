/** /app/logsPage: the activity log (who, action, record kind, period; server paging and sort in the URL) and the Excel export. */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES, activityKey } from '@shared/activity';
import { LOG_COUNT_CAP } from '@shared/contract';
import { formatInteger } from '@shared/format';
import { ListScreen } from '@kit/list/ListScreen';
import { actionLabel, entityLabel } from './labels';

/** People pick an action or record kind in words; the URL and the server keep the code. */
const ACTION_OPTIONS = ACTIVITY_ACTIONS.map((code) => ({ value: code, label: `logs.actions.${activityKey(code)}` }));
const ENTITY_OPTIONS = ACTIVITY_ENTITIES.map((code) => ({ value: code, label: `logs.entities.${activityKey(code)}` }));

function CappedNotice() {
  const { t } = useTranslation();
  return (
    <Callout intent="primary" icon="info-sign" data-testid="logs-capped">
      {t('logs.capped', { count: formatInteger(LOG_COUNT_CAP) })}
    </Callout>
  );
}

export function LogsListScreen() {
  return (
    <ListScreen
      testId="logs"
      operation="logs.all"
      columns={[
        { id: 'created', title: 'logs.columns.createdAt', sort: 'created_at', width: 150, kind: 'datetime', field: 'created_at' },
        {
          id: 'actor',
          title: 'logs.columns.actor',
          sort: 'actor',
          width: 280,
          text: (l, t) => (l.actor_id === null ? t('logs.system') : `${l.actor_name ?? ''} <${l.actor_email ?? ''}>`),
        },
        { id: 'action', title: 'logs.columns.action', sort: 'action', width: 190, text: (l, t) => actionLabel(t, l.action) },
        { id: 'entity', title: 'logs.columns.entity', sort: 'entity', width: 150, text: (l, t) => entityLabel(t, l.entity) },
        { id: 'entityId', title: 'logs.columns.entityId', width: 90, kind: 'identifier', field: 'entity_id' },
      ]}
      filters={[
        { kind: 'text', key: 'actor', label: 'logs.filters.actor' },
        { kind: 'select', key: 'action', label: 'logs.filters.action', options: ACTION_OPTIONS },
        { kind: 'select', key: 'entity', label: 'logs.filters.entity', options: ENTITY_OPTIONS },
        { kind: 'dateRange', key: 'from', to: 'to', label: 'list.filters.period' },
      ]}
      rowLink={(l) => `/app/logsPage/view/${l.id}`}
      export={{ operation: 'logs.export', title: 'logs.exportTitle', fileName: 'logs' }}
      notice={(data) => data.capped && <CappedNotice />}
    />
  );
}
