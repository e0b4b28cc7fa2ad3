/**
 * A row's menu as a declaration: the pages a row leads to (a bank's
 * remittances, its manual remittance) folded behind one small button in the
 * row instead of a link column each, so a table with several of them still
 * fits the window. Pure, so which entries a row has and what the button is
 * called are tested without a DOM; components/RowMenu.tsx draws it.
 */
import type { IconName, Intent } from '@blueprintjs/core';
import type { Translate } from './columns';

export interface RowMenuEntry<T> {
  id: string;
  /** i18n key of the entry's text */
  label: string;
  icon?: IconName;
  intent?: Intent;
  /** a line above it: the record's own actions (edit, remove) apart from the pages it leads to */
  divider?: boolean;
  /** the route the entry opens; the row has no such entry when it answers null… */
  to?(row: T): string | null;
  /** …or what it does otherwise */
  onClick?(row: T): void;
  /** whether the row has an entry without a route (every row when absent) */
  shown?(row: T): boolean;
  /** the entry's test id; `<table testId>-<id>-<row id>` when absent */
  testId?(row: T): string;
}

export interface RowMenuDecl<T> {
  /** the row in its own words, for the button's accessible name ("Ações de 341 – Itaú") */
  name(row: T): string;
  entries: readonly RowMenuEntry<T>[];
}

export interface RowMenuItem<T> {
  entry: RowMenuEntry<T>;
  /** the route it opens, when it opens one */
  to: string | null;
  testId: string;
}

/** The entries a row has, in the declared order; none: the row shows no menu button at all. */
export function rowMenuItems<T extends { id: number | string }>(decl: RowMenuDecl<T>, row: T, testId: string): RowMenuItem<T>[] {
  return decl.entries.flatMap((entry) => {
    const to = entry.to ? entry.to(row) : null;
    if (entry.to ? to === null : entry.shown && !entry.shown(row)) return [];
    return [{ entry, to, testId: entry.testId?.(row) ?? `${testId}-${entry.id}-${row.id}` }];
  });
}

/** The button's accessible name and tooltip: it names the row, so a screen reader's list of buttons tells them apart. */
export function rowMenuLabel<T>(decl: RowMenuDecl<T>, row: T, t: Translate): string {
  return t('list.rowMenu', { row: decl.name(row) });
}
