/**
 * A list's paging, page size, sort and filters read from and written to the
 * URL search params. Params the list does not own (a view, a tab) stay.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListState, writeListState, type FilterDef, type ListState } from './list/listState';

export function useListState(filters: readonly FilterDef[], sortable: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the serialised params are the real dependency
  const state = useMemo(() => readListState(params, filters, sortable), [key, filters, sortable]);
  const setState = useCallback(
    /** replace: a correction (an impossible page) must not leave a history entry to go back to */
    (next: ListState, options?: { replace?: boolean }) =>
      setParams((current) => writeListState(next, current, filters), { replace: options?.replace ?? false }),
    [setParams, filters],
  );
  return { state, setState };
}
