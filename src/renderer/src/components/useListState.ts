/** A table's paging, sort and filters read from and written to the URL search params. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListState, writeListState, type FilterDef, type ListState } from './listParams';

export function useListState(filters: readonly FilterDef[], sortable: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the serialised params are the real dependency
  const state = useMemo(() => readListState(params, filters, sortable), [key, filters, sortable]);
  const setState = useCallback((next: ListState) => setParams(writeListState(next)), [setParams]);
  return { state, setState };
}
