/**
 * The part of a ResourceTable's props that every paged list derives the same
 * way from its query: page meta, loading, the error text and, for answers
 * from the offline cache, when they were saved.
 */
import type { PageMeta } from '../../../shared/contract';
import { errorText } from '../api/errors';

interface PagedQueryLike {
  data?: { meta?: PageMeta } | undefined;
  isFetching: boolean;
  error: unknown;
  stale: boolean;
  cachedAt?: string;
}

export function tableStatusOf(query: PagedQueryLike, t: (key: string) => string) {
  return {
    meta: query.data?.meta,
    loading: query.isFetching,
    error: query.error ? errorText(query.error, t) : null,
    staleSince: query.stale ? (query.cachedAt ?? '') : null,
  };
}
