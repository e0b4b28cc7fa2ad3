/**
 * "Sem conexão" in the header, on every screen (home and forms included, not
 * only the lists), with the time of the freshest data on screen. The status
 * region is always present so screen readers announce the change.
 */
import { Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { useSystem } from '../app/SystemState';
import { lastGoodDataAt, shortInstant } from './connection';

export function ConnectionTag() {
  const { t } = useTranslation();
  const { connection } = useSystem();
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const lastGood = useSyncExternalStore(subscribe, () => lastGoodDataAt(cache.getAll()));
  return (
    <span role="status" data-testid="connection-status" className="connection-status">
      {!connection.online && (
        <Tag
          intent="warning"
          icon="offline"
          data-testid="offline-tag"
          title={t('shell.header.offlineTitle', { since: formatDateTime(connection.since) })}
        >
          {lastGood === undefined
            ? t('shell.header.offline')
            : t('shell.header.offlineData', { at: shortInstant(lastGood, Date.now(), formatDateTime) })}
        </Tag>
      )}
    </span>
  );
}
