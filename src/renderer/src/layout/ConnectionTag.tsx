/**
 * "Sem conexão" in the header, on every screen (home and forms included, not
 * only the lists), with the time of the freshest data on screen. The status
 * region is always present so screen readers announce the change.
 */
import { Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import { needsRefreshAfterReconnect } from '../api/connectivity';
import { useSystem } from '../app/SystemState';
import { lastGoodDataAt, shortInstant } from './connection';

export function ConnectionTag() {
  const { t } = useTranslation();
  const { connection } = useSystem();
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const lastGood = useSyncExternalStore(subscribe, () => lastGoodDataAt(cache.getAll()));
  // The main process only announces changes: after a reload while offline, the cached answers on screen tell.
  const showingCache = useSyncExternalStore(subscribe, () => cache.getAll().some(needsRefreshAfterReconnect));
  const offline = connection ? !connection.online : showingCache;
  return (
    <span role="status" data-testid="connection-status" className="connection-status">
      {offline && (
        <Tag
          intent="warning"
          icon="offline"
          data-testid="offline-tag"
          title={connection ? t('shell.header.offlineTitle', { since: formatDateTime(connection.since) }) : undefined}
        >
          {lastGood === undefined
            ? t('shell.header.offline')
            : t('shell.header.offlineData', { at: shortInstant(lastGood, Date.now(), formatDateTime) })}
        </Tag>
      )}
    </span>
  );
}
