/** /app/logsPage: the activity log (who, action, record kind, period; server paging and sort in the URL) and the Excel export. */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES, activityKey } from '@shared/activity';
import { LOG_COUNT_CAP } from '@shared/contract';
import { formatInteger } from '@shared/format';
import { ListScreen } from '@kit/list/ListScreen';
import { LOG_COLUMNS } from './columns';

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
      emptyHint="emptyHints.logs"
      operation="logs.all"
      columns={LOG_COLUMNS}
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
