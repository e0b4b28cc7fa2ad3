/**
 * The filter inputs of a list between the user and the URL: they follow the
 * URL (back/forward, a pasted link), selects apply at once, typed filters
 * 500 ms after the last change, and a refused range is never sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textLocaleOf } from '../form/localeText';
import { draftOf, filterErrors, filterOf, sameFilter, type Draft, type FilterDecl } from './filters';
import { withFilter, type ListState } from './listState';
import { SEARCH_DEBOUNCE_MS } from './useDebounced';

export function useListFilters(filters: readonly FilterDecl[], state: ListState, setState: (next: ListState) => void) {
  const locale = textLocaleOf(useTranslation().i18n.language);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters, state.filter, locale));
  const [pending, setPending] = useState<Draft | null>(null);
  // The latest state and filters, so a debounced apply never writes an older page or sort back.
  const latest = useRef({ filters, state, setState, locale });
  useEffect(() => {
    latest.current = { filters, state, setState, locale };
  });

  const filterKey = JSON.stringify(state.filter);
  useEffect(() => {
    setDraft(draftOf(latest.current.filters, latest.current.state.filter, latest.current.locale));
  }, [filterKey, locale]);

  const apply = useCallback((next: Draft) => {
    const { filters: decls, state: current, setState: write, locale: language } = latest.current;
    if (Object.keys(filterErrors(decls, next, language)).length > 0) return;
    const filter = filterOf(decls, next, language);
    if (sameFilter(filter, current.filter)) return;
    write(withFilter(current, filter));
  }, []);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => apply(pending), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pending, apply]);

  return {
    draft,
    errors: filterErrors(filters, draft, locale),
    change(next: Draft, immediate: boolean) {
      setDraft(next);
      if (immediate) {
        setPending(null);
        apply(next);
      } else {
        setPending(next);
      }
    },
    applyNow() {
      setPending(null);
      apply(draft);
    },
    clear() {
      setPending(null);
      setDraft(draftOf(filters, {}, locale));
      // Clearing filters keeps the chosen sort and page size.
      setState({ ...state, page: 1, filter: {} });
    },
  };
}
