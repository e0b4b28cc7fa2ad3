/**
 * When the main process says the server answers again, every query showing
 * offline-cache data (or that failed for want of a connection) is fetched
 * again, so lists refresh by themselves without touching fresh data.
 */
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from './client';
import { isApiError } from './errors';

export function needsRefreshAfterReconnect(query: Pick<Query, 'state'>): boolean {
  const data = query.state.data as { stale?: unknown } | undefined;
  if (data && data.stale === true) return true;
  const error = query.state.error;
  return isApiError(error) && error.code === 'network';
}

export function useRefreshWhenBackOnline(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      bridge().app.onConnectivity((state) => {
        if (state.online) void client.invalidateQueries({ predicate: needsRefreshAfterReconnect });
      }),
    [client],
  );
}
