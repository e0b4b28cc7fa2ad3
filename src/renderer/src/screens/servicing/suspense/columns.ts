/**
 * The columns of the valores-a-identificar list: when the money came, who
 * paid, the borrower, how much and how much is still open, why it was not
 * applied, where it came from, and where it stands.
 */
import type { SuspenseItem } from '@shared/contract/servicing-suspense';
import type { ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';

type Sort = SortOf<'suspense.list'>;

/** Where the money came from, worded (a return file's line, a Pix notice, a person). */
export function sourceText(row: Pick<SuspenseItem, 'source' | 'return_file_id' | 'return_line' | 'source_reference'>, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (row.source === 'return_line') return t('suspense.source.return_line', { file: row.return_file_id, line: row.return_line });
  if (row.source === 'pix') return t('suspense.source.pix', { reference: row.source_reference ?? '' });
  return t('suspense.source.manual');
}

export const SUSPENSE_COLUMNS: ColumnDecl<SuspenseItem, Sort>[] = [
  { id: 'received', title: 'suspense.columns.received', kind: 'date', field: 'received_on', sort: 'received_on' },
  { id: 'payer', title: 'suspense.columns.payer', field: 'payer_name', width: 160 },
  {
    id: 'borrower',
    title: 'suspense.columns.borrower',
    field: 'borrower_name',
    width: 160,
    link: (r) => (r.borrower_id === null ? null : `/app/clientOperation/view/${r.borrower_id}`),
  },
  { id: 'amount', title: 'suspense.columns.amount', kind: 'money', field: 'amount', sort: 'amount' },
  { id: 'open', title: 'suspense.columns.open', kind: 'money', field: 'open_amount', testId: (r) => `suspense-open-${r.id}` },
  { id: 'reason', title: 'suspense.columns.reason', kind: 'status', labels: 'suspense.reasons', field: 'reason', intent: () => 'warning', testId: (r) => `suspense-reason-${r.id}` },
  { id: 'source', title: 'suspense.columns.source', text: (r, t) => sourceText(r, t), width: 140 },
  {
    id: 'state',
    title: 'suspense.columns.state',
    kind: 'status',
    labels: 'suspense.states',
    field: 'state',
    intent: (s) => (s === 'open' ? 'primary' : 'success'),
    testId: (r) => `suspense-state-${r.id}`,
  },
];
