/** TanStack Query hooks over the bridge: one query key per operation and arguments. */
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ArgsOf, ExposedOperationName, ResultOf } from '@shared/contract';
import { callApi, callApiEnvelope, type Envelope } from './client';
import type { ApiError } from './errors';

export function apiKey<N extends ExposedOperationName>(name: N, args?: ArgsOf<N>) {
  return args === undefined ? [name] : [name, args];
}

/**
 * A query over one operation. `data` is the result; `stale`/`cachedAt` say
 * when the main process answered from its offline cache.
 */
export function useApiQuery<N extends ExposedOperationName>(
  name: N,
  args: ArgsOf<N>,
  options: Omit<UseQueryOptions<Envelope<ResultOf<N>>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  const query = useQuery<Envelope<ResultOf<N>>, ApiError>({
    queryKey: apiKey(name, args),
    queryFn: () => callApiEnvelope(name, args),
    ...options,
  });
  return { ...query, data: query.data?.data, stale: query.data?.stale ?? false, cachedAt: query.data?.cachedAt };
}

/**
 * A mutation over one operation. `invalidates` lists the operations whose
 * cached answers are stale afterwards (e.g. the list after an edit).
 */
export function useApiMutation<N extends ExposedOperationName>(
  name: N,
  options: Omit<UseMutationOptions<ResultOf<N>, ApiError, ArgsOf<N>>, 'mutationFn'> & {
    invalidates?: readonly ExposedOperationName[];
  } = {},
) {
  const client = useQueryClient();
  const { invalidates, onSuccess, ...rest } = options;
  return useMutation<ResultOf<N>, ApiError, ArgsOf<N>>({
    mutationFn: (args) => callApi(name, args),
    onSuccess: async (data, vars, ctx, mctx) => {
      for (const op of invalidates ?? []) await client.invalidateQueries({ queryKey: [op] });
      await onSuccess?.(data, vars, ctx, mctx);
    },
    ...rest,
  });
}
