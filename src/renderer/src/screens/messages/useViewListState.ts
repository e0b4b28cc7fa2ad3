/** A table's paging/sort/filters in the URL, keeping the messages view params beside them. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListState, writeListState, type FilterDef, type ListState } from '@kit/listParams';
import { withView, type MessagesView } from './view';

export function useViewListState(view: MessagesView, filters: readonly FilterDef[], sortable: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the serialised params are the real dependency
  const state = useMemo(() => readListState(params, filters, sortable), [key, filters, sortable]);
  const viewKey = JSON.stringify(view);
  const setState = useCallback(
    (next: ListState) => setParams(withView(writeListState(next), JSON.parse(viewKey) as MessagesView)),
    [setParams, viewKey],
  );
  return { state, setState };
}
