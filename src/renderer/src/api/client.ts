/**
 * Calls through the bridge, typed from the contract. A failure becomes a
 * thrown ApiError; this is the only place the renderer reaches the backend.
 */
import type { ArgsOf, ExposedOperationName, ResultOf } from '@shared/contract';
import type { BackofficeBridge } from '@shared/bridge';
import { ApiError } from './errors';

export function bridge(): BackofficeBridge {
  return window.backoffice;
}

export async function callApi<N extends ExposedOperationName>(name: N, args: ArgsOf<N>): Promise<ResultOf<N>> {
  const result = await bridge().api.call(name, args);
  if (result.error) throw new ApiError(result);
  return result.data;
}

/** A successful answer with its offline-cache marks (spec: `stale`/`cachedAt` when served from the cache). */
export interface Envelope<T> {
  data: T;
  stale: boolean;
  cachedAt?: string;
}

export async function callApiEnvelope<N extends ExposedOperationName>(name: N, args: ArgsOf<N>): Promise<Envelope<ResultOf<N>>> {
  const result = await bridge().api.call(name, args);
  if (result.error) throw new ApiError(result);
  return { data: result.data, stale: result.stale === true, cachedAt: result.cachedAt };
}
