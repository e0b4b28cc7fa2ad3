/** Paging under a table: first/previous/next/last (named for screen readers), "1–10 de 34" and the page size. */
import { Button, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMeta } from '@shared/contract';
import { formatInteger } from '@shared/format';
import { PAGE_SIZES, pageSizeOf, rangeOf, withPage, withPageSize, type ListState } from './listState';

export interface PagerProps {
  meta: PageMeta | undefined;
  rowsShown: number;
  loading: boolean;
  state: ListState;
  onStateChange(next: ListState): void;
}

export function Pager({ meta, rowsShown, loading, state, onStateChange }: PagerProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const totalPages = Math.max(1, meta?.totalPages ?? 1);
  const current = Math.min(meta?.currentPage ?? state.page, totalPages);
  const go = (page: number) => onStateChange(withPage(state, page, totalPages));
  const range = meta ? rangeOf(meta, rowsShown) : null;

  const nav = (testId: string, icon: 'double-chevron-left' | 'chevron-left' | 'chevron-right' | 'double-chevron-right', label: string, page: number, disabled: boolean) => (
    <Button
      variant="minimal"
      icon={icon}
      data-testid={testId}
      aria-label={label}
      title={label}
      disabled={disabled || loading}
      onClick={() => go(page)}
    />
  );

  return (
    <nav className="rt-pagination" aria-label={t('list.pagination')}>
      {nav('pagination-first', 'double-chevron-left', t('list.firstPage'), 1, current <= 1)}
      {nav('pagination-prev', 'chevron-left', t('list.previousPage'), current - 1, current <= 1)}
      {meta && <span data-testid="pagination-info">{t('common.page', { page: current, total: totalPages })}</span>}
      {nav('pagination-next', 'chevron-right', t('list.nextPage'), current + 1, current >= totalPages)}
      {nav('pagination-last', 'double-chevron-right', t('list.lastPage'), totalPages, current >= totalPages)}
      {range && range.total > 0 && (
        <span className="bp6-text-muted" data-testid="pagination-range">
          {t('list.range', { from: formatInteger(range.from), to: formatInteger(range.to), total: formatInteger(range.total) })}
        </span>
      )}
      <span className="rt-pagination-spacer" />
      {loading && rowsShown > 0 && <Spinner size={16} />}
      <label htmlFor={sizeId} className="rt-page-size">
        {t('list.pageSize')}
      </label>
      <HTMLSelect
        id={sizeId}
        data-testid="pagination-size"
        value={String(pageSizeOf(state))}
        options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        onChange={(e) => onStateChange(withPageSize(state, Number(e.currentTarget.value)))}
      />
    </nav>
  );
}
