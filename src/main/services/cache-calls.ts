/**
 * Contract calls through the offline cache: a good answer of a cacheable GET
 * is kept for the signed-in user; when the server cannot be reached the kept
 * answer comes back marked `stale` with its time instead of the failure.
 * Writes are never answered from the cache: they keep failing with the
 * network message so the screen keeps what the user typed.
 */
import type { ApiResult } from '@shared/result';
import type { OperationDef, OperationName } from '@shared/contract';
import type { OfflineCache } from './cache';
import type { ConnectivityMonitor } from './cache-connectivity';
import { errorText } from './failure';
import type { SessionService } from './session';

export interface CachedCallDeps {
  session: Pick<SessionService, 'call' | 'state'>;
  cache: OfflineCache;
  connectivity?: ConnectivityMonitor;
}

export function isCacheable(op: OperationDef): boolean {
  return op.cacheable === true && op.method === 'GET' && !op.file;
}

export async function callThroughCache(
  deps: CachedCallDeps,
  name: OperationName,
  op: OperationDef,
  args: unknown,
): Promise<ApiResult<unknown>> {
  const owner = deps.session.state().user?.id;
  const result = await deps.session.call(name, args);
  if (result.error && result.code === 'network') deps.connectivity?.reportUnreachable();
  else deps.connectivity?.reportAnswer();
  if (owner === undefined || !isCacheable(op)) return result;

  try {
    if (!result.error) {
      // The session may have changed while the call was out: never file an answer under another user.
      if (deps.session.state().user?.id === owner && !result.stale) await deps.cache.put(owner, name, args, result.data);
      return result;
    }
    if (result.code !== 'network') return result;
    const cached = await deps.cache.get(owner, name, args);
    if (!cached) return result;
    return { data: cached.data, error: false, status: 200, stale: true, cachedAt: cached.cachedAt };
  } catch (error) {
    // The cache is a convenience: its trouble never turns a good answer into a failure.
    console.warn('[cache] skipped:', errorText(error));
    return result;
  }
}
