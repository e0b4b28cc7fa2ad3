/**
 * A server-paged table: a plain HTML table (Blueprint's HTMLTable), so
 * screen readers get real rows, headers and aria-sort. Sorting is a button in
 * each sortable header; paging, page size and sort write to the URL (through
 * the list state), so back/forward and reload keep them.
 *
 * Column widths come from what the cells hold and the width the window gives
 * (list/columnWidths.ts): the widest value of each column is measured once
 * per page of rows, identifiers, documents, dates and amounts are never cut,
 * text takes the room left and is cut with an ellipsis (whole on hover and in
 * the row's accessible name). A header's right edge is a handle to resize its
 * column (drag, or the arrow keys; double-click returns to the automatic
 * width); the width is kept in the settings per table.
 */
import { Button, Callout, HTMLTable, Icon, Spinner } from '@blueprintjs/core';
import { Fragment, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMeta } from '@shared/contract';
import { isShortcut } from '../app/shortcuts';
import { useChosenWidths } from './list/columnPrefs';
import { allocateWidths, clampChosen, MIN_CHOSEN_WIDTH, type ColumnFit } from './list/columnWidths';
import { ariaSortOf, hasActiveFilter, withSortBy, type ListState } from './list/listState';
import { Pager } from './list/Pager';
import { EmptyState } from './EmptyState';
import { StaleBanner } from './StaleBanner';
import './list/list.css';

export interface ResourceColumn<T> {
  id: string;
  title: string;
  /** the server's sort field: the header becomes a `sort-<field>` button */
  sortField?: string;
  /** relative width: the share of spare room a text column takes */
  width?: number;
  render(row: T): ReactNode;
  /** the full text of the cell, shown on hover when the column cuts it */
  text?(row: T): string;
  align?: 'right';
  /** how the content fits ('text' when absent): whole values are never cut */
  fit?: ColumnFit;
  /** the cell kind of the list declaration, on each cell as data-kind */
  kind?: string;
}

export interface ResourceTableProps<T> {
  testId: string;
  columns: readonly ResourceColumn<T>[];
  rows: readonly T[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  error?: string | null;
  /** when the rows came from the offline cache: the time they were saved */
  staleSince?: string | null;
  state: ListState;
  onStateChange(next: ListState): void;
  rowTestId?(row: T): string;
  onRowClick?(row: T): void;
  /** false: a short list shown whole (inside a record), without paging controls */
  pager?: boolean;
  /** a row's detail, drawn under it across the columns while open (null: closed) */
  expansion?(row: T): ReactNode;
  /** what an empty, unfiltered list tells the person: how its records get here */
  emptyHint?: string;
}

const DEFAULT_WIDTH = 150;
const KEY_STEP = 16;

interface Natural {
  content: number;
  header: number;
  /** the header wrapped at its spaces: its longest word */
  headerWord: number;
}

function sameNatural(a: Record<string, Natural> | null, b: Record<string, Natural>): boolean {
  if (!a) return false;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k]?.content === b[k].content && a[k]?.header === b[k].header && a[k]?.headerWord === b[k].headerWord);
}

/** Horizontal padding of a cell, read from the page's styles (Blueprint's compact table). */
function paddingOf(el: Element | null): number {
  if (!el) return 0;
  const style = getComputedStyle(el);
  return Math.ceil(parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + parseFloat(style.borderLeftWidth || '0') + parseFloat(style.borderRightWidth || '0'));
}

/**
 * The natural width of every column: the table laid out once without limits
 * (auto layout, max-content), read, then once more with the headers at their
 * narrowest (min-content: the longest word), and put back, before the
 * browser paints.
 */
function measure(table: HTMLTableElement, ids: readonly string[]): Record<string, Natural> {
  table.classList.add('rt-measuring');
  const cellPad = paddingOf(table.querySelector('tbody td'));
  const headPad = paddingOf(table.querySelector('thead th'));
  const head = (id: string) => table.querySelector(`th[data-col="${CSS.escape(id)}"] > .rt-head`);
  // One pixel more than measured: text drawn at a fractional position must not lose its last glyph.
  const px = (width: number, pad: number) => Math.ceil(width) + pad + 1;
  const out: Record<string, Natural> = {};
  for (const id of ids) {
    let content = 0;
    table.querySelectorAll(`td[data-col="${CSS.escape(id)}"] > .rt-fit`).forEach((el) => {
      content = Math.max(content, el.getBoundingClientRect().width);
    });
    const header = head(id)?.getBoundingClientRect().width ?? 0;
    out[id] = { content: content > 0 ? px(content, cellPad) : 0, header: px(header, headPad), headerWord: px(header, headPad) };
  }
  table.classList.add('rt-measuring-words');
  for (const id of ids) {
    const word = head(id)?.getBoundingClientRect().width;
    if (word !== undefined) out[id].headerWord = Math.min(out[id].header, px(word, headPad));
  }
  table.classList.remove('rt-measuring-words');
  table.classList.remove('rt-measuring');
  return out;
}

export function ResourceTable<T>(props: ResourceTableProps<T>) {
  const { t } = useTranslation();
  const { testId, columns, rows = [], meta, loading, error, staleSince, state, onStateChange, rowTestId, onRowClick } = props;
  const filtered = hasActiveFilter(state.filter);
  const bodyRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [available, setAvailable] = useState(0);
  const [natural, setNatural] = useState<Record<string, Natural> | null>(null);
  const [chosen, choose] = useChosenWidths(testId);
  const [dragging, setDragging] = useState<{ id: string; width: number } | null>(null);

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const update = () => setAvailable(body.clientWidth);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(body);
    return () => observer.disconnect();
  }, []);

  // Measured again when the rows or the headers change (a new page, another language).
  const columnSig = columns.map((c) => `${c.id}\u0000${c.title}`).join('\u0001');
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    const next = measure(table, columnSig.split('\u0001').map((s) => s.split('\u0000')[0]));
    setNatural((prev) => (sameNatural(prev, next) ? prev : next));
  }, [rows, columnSig]);

  const widths =
    natural && available > 0
      ? allocateWidths(
          columns.map((c) => ({
            id: c.id,
            fit: c.fit ?? 'text',
            weight: c.width ?? DEFAULT_WIDTH,
            content: natural[c.id]?.content ?? 0,
            header: natural[c.id]?.header ?? 0,
            headerWord: natural[c.id]?.headerWord,
            chosen: dragging?.id === c.id ? dragging.width : chosen[c.id],
          })),
          available,
        )
      : null;
  const total = columns.reduce((sum, c) => sum + (c.width ?? DEFAULT_WIDTH), 0);

  const startDrag = (id: string) => (e: ReactPointerEvent<HTMLSpanElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    const start = handle.parentElement?.getBoundingClientRect().width ?? MIN_CHOSEN_WIDTH;
    const x0 = e.clientX;
    handle.setPointerCapture(e.pointerId);
    const widthAt = (x: number) => clampChosen(start + x - x0);
    const move = (ev: PointerEvent) => setDragging({ id, width: widthAt(ev.clientX) });
    const end = (ev: PointerEvent) => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      setDragging(null);
      if (ev.type === 'pointerup' && ev.clientX !== x0) choose(id, widthAt(ev.clientX), true);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  const resizeKey = (id: string, current: number) => (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      choose(id, clampChosen(current + (e.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP)));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      choose(id, null);
    }
  };

  const header = (col: ResourceColumn<T>) => {
    if (!col.sortField) return col.title;
    const field = col.sortField;
    const sorted = ariaSortOf(state.sort, field);
    return (
      <button
        type="button"
        className="rt-sort"
        data-testid={`sort-${field}`}
        data-sort={state.sort?.field === field ? state.sort.order : ''}
        title={t('list.sortBy', { column: col.title })}
        onClick={() => onStateChange(withSortBy(state, field))}
      >
        <span className="rt-sort-title">{col.title}</span>
        <Icon icon={sorted === 'ascending' ? 'caret-up' : sorted === 'descending' ? 'caret-down' : 'double-caret-vertical'} size={12} />
      </button>
    );
  };

  const onKey = (row: T) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget) return;
    if (isShortcut('listOpen', e)) onRowClick?.(row);
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
      if (next instanceof HTMLElement) {
        e.preventDefault();
        next.focus();
      }
    }
  };

  /** "Número: OP-000123; Tomador: …": every cell's whole text, for the row a keyboard user lands on. */
  const rowName = (row: T) =>
    columns
      .flatMap((c) => {
        const text = c.text?.(row);
        return text ? [`${c.title}: ${text}`] : [];
      })
      .join('; ');

  return (
    <div className="resource-table" data-testid={testId}>
      {error && (
        <Callout intent="danger" icon="error" data-testid={`${testId}-error`}>
          {error}
        </Callout>
      )}
      {staleSince != null && <StaleBanner at={staleSince} testId={`${testId}-stale`} />}
      <div className="rt-body" ref={bodyRef}>
        <HTMLTable
          compact
          striped
          interactive={!!onRowClick}
          className="rt-table"
          ref={tableRef}
          style={widths ? { width: widths.reduce((a, b) => a + b, 0) } : undefined}
        >
          <colgroup>
            {columns.map((c, i) => (
              <col key={c.id} style={{ width: widths ? `${widths[i]}px` : `${(((c.width ?? DEFAULT_WIDTH) / total) * 100).toFixed(2)}%` }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th
                  key={c.id}
                  scope="col"
                  data-col={c.id}
                  aria-sort={c.sortField ? ariaSortOf(state.sort, c.sortField) : undefined}
                  className={c.align ? 'rt-right' : undefined}
                  // The title wraps at its spaces and is never narrower than its longest word; the whole title on hover too.
                  title={c.sortField ? undefined : c.title}
                >
                  <span className="rt-head">{header(c)}</span>
                  {c.fit !== 'actions' && (
                    <span
                      role="separator"
                      aria-orientation="vertical"
                      aria-label={t('list.resizeColumn', { column: c.title })}
                      aria-valuenow={widths?.[i] ?? MIN_CHOSEN_WIDTH}
                      aria-valuemin={MIN_CHOSEN_WIDTH}
                      aria-valuemax={2000}
                      tabIndex={0}
                      className={`rt-resizer${dragging?.id === c.id ? ' rt-resizing' : ''}`}
                      data-testid={`${testId}-resize-${c.id}`}
                      title={t('list.resizeHint')}
                      onPointerDown={startDrag(c.id)}
                      onDoubleClick={() => choose(c.id, null, true)}
                      onKeyDown={resizeKey(c.id, widths?.[i] ?? MIN_CHOSEN_WIDTH)}
                      onClick={(e) => e.stopPropagation()}
                    />
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const detail = props.expansion?.(row);
              return (
              <Fragment key={rowTestId ? rowTestId(row) : index}>
              <tr
                className={onRowClick ? 'rt-clickable' : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                aria-label={onRowClick ? rowName(row) || undefined : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? onKey(row) : undefined}
              >
                {columns.map((c, i) => (
                  <td
                    key={c.id}
                    data-col={c.id}
                    data-kind={c.kind}
                    data-testid={i === 0 && rowTestId ? rowTestId(row) : undefined}
                    title={c.text?.(row) || undefined}
                    className={c.align ? 'rt-right' : undefined}
                  >
                    <span className="rt-fit">{c.render(row)}</span>
                  </td>
                ))}
              </tr>
              {detail !== null && detail !== undefined && (
                <tr className="rt-expansion">
                  <td colSpan={columns.length}>{detail}</td>
                </tr>
              )}
              </Fragment>
              );
            })}
          </tbody>
        </HTMLTable>
        {loading && rows.length === 0 && <Spinner size={24} className="rt-loading" />}
        {!loading && !error && rows.length === 0 && (
          // An empty list says what to do: clear the filters that hid the rows, or how rows get here.
          <div data-testid={`${testId}-empty`} data-filtered={filtered}>
            {filtered ? (
              <EmptyState
                icon="filter-remove"
                title={t('common.noRecordsFilteredTitle')}
                text={t('common.noRecordsFiltered')}
                level={0}
                className="rt-empty"
                action={
                  <Button icon="filter-remove" data-testid={`${testId}-empty-clear`} onClick={() => onStateChange({ ...state, page: 1, filter: {} })}>
                    {t('common.clearFilters')}
                  </Button>
                }
              />
            ) : (
              <EmptyState icon="inbox" title={t('common.noRecords')} text={props.emptyHint ?? t('common.noRecordsYet')} level={0} className="rt-empty" />
            )}
          </div>
        )}
      </div>
      {props.pager !== false && <Pager meta={meta} rowsShown={rows.length} loading={loading} state={state} onStateChange={onStateChange} />}
    </div>
  );
}
