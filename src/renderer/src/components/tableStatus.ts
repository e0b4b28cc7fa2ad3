/**
 * The part of a ResourceTable's props that every paged list derives the same
 * way from its query: page meta, loading, the error text and, for answers
 * from the offline cache, when they were saved.
 */
import type { PageMeta } from '@shared/contract';
import { errorText } from '../api/errors';

interface PagedQueryLike {
  data?: { meta?: PageMeta } | undefined;
  isFetching: boolean;
  /** the rows shown belong to the previous arguments while the new ones load */
  isPlaceholderData?: boolean;
  error: unknown;
  stale: boolean;
  cachedAt?: string;
}

export function tableStatusOf(query: PagedQueryLike, t: (key: string) => string) {
  return {
    meta: query.data?.meta,
    // Loading only while the rows shown are not yet the asked ones: a background
    // refresh (a broadcast still sending) must not blink the pager.
    loading: query.isFetching && (!query.data || !!query.isPlaceholderData),
    error: query.error ? errorText(query.error, t) : null,
    staleSince: query.stale ? (query.cachedAt ?? '') : null,
  };
}
