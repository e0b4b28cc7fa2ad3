/** The content of a list cell by its kind: yes/no and statuses as coloured tags, money right-aligned, links to another page, the rest as text. */
import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cellText, fitOf, rawValue, type ColumnDecl, type Translate } from './list/columns';
import type { ResourceColumn } from './ResourceTable';

export function cellContent<T>(col: ColumnDecl<T>, row: T, t: Translate): ReactNode {
  const text = cellText(col, row, t);
  const testId = col.testId?.(row);
  if (col.kind === 'boolean') {
    return (
      <Tag data-testid={testId} intent={rawValue(col, row) ? 'success' : 'none'}>
        {text}
      </Tag>
    );
  }
  if (col.kind === 'status') {
    const value = String(rawValue(col, row) ?? '');
    return (
      <Tag data-testid={testId} data-status={value} intent={col.intent?.(value) ?? 'none'}>
        {col.short ? <abbr title={text}>{col.short(row)}</abbr> : text}
      </Tag>
    );
  }
  const to = col.link?.(row);
  if (to) {
    return (
      // A link in a clickable row opens its own page, not the row's.
      <Link to={to} data-testid={testId} onClick={(e) => e.stopPropagation()}>
        {text}
      </Link>
    );
  }
  return testId ? <span data-testid={testId}>{text}</span> : text;
}

/** Numbers read best aligned on the right. */
export function cellAlign<T>(col: ColumnDecl<T>): 'right' | undefined {
  return col.kind === 'money' || col.kind === 'integer' ? 'right' : undefined;
}

/** A declared column as the table draws it: translated title, cell content and text, alignment and fit by kind. */
export function resourceColumnOf<T>(col: ColumnDecl<T>, t: Translate): ResourceColumn<T> {
  return {
    id: col.id,
    title: t(col.title),
    sortField: col.sort,
    width: col.width,
    align: cellAlign(col),
    fit: fitOf(col.kind),
    kind: col.kind ?? 'text',
    render: (row) => cellContent(col, row, t),
    text: (row) => cellText(col, row, t),
  };
}
