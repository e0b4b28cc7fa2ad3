import type { Shape } from '../shape';
import type { list as pt } from '../pt-BR/list';

export const list: Shape<typeof pt> = {
  sortBy: 'Sort by {{column}}',
  pagination: 'Pagination',
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  range: '{{from}}–{{to}} of {{total}}',
  pageSize: 'Rows per page',
  resizeColumn: 'Resize the {{column}} column',
  resizeHint: 'Drag to change the width; when focused, use the arrow keys; double-click for the automatic width',
  rowMenu: 'Actions for {{row}}',
  filters: {
    title: 'Filters',
    period: 'Period',
    apply: 'Filter',
    from: 'from',
    to: 'to',
    min: 'minimum',
    max: 'maximum',
    dateInvalid: 'Write the date as DD/MM/YYYY, for example 31/12/2025.',
    dateRangeInverted: 'The start date must be on or before the end date.',
    moneyInvalid: 'Type an amount such as 1,234.56.',
    moneyRangeInverted: 'The minimum must be less than or equal to the maximum.',
  },
};
