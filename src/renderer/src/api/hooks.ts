/** TanStack Query hooks over the bridge: one query key per operation and arguments. */
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ArgsOf, ExposedOperationName, ResultOf } from '../../../shared/contract';
import { callApi } from './client';
import type { ApiError } from './errors';

export function apiKey<N extends ExposedOperationName>(name: N, args?: ArgsOf<N>) {
  return args === undefined ? [name] : [name, args];
}

export function useApiQuery<N extends ExposedOperationName>(
  name: N,
  args: ArgsOf<N>,
  options: Omit<UseQueryOptions<ResultOf<N>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ResultOf<N>, ApiError>({
    queryKey: apiKey(name, args),
    queryFn: () => callApi(name, args),
    ...options,
  });
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
