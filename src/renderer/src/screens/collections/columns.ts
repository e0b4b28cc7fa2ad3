/**
 * The columns of the expired installments list, taken from the contract's
 * export columns (EXPIRED_INSTALLMENT_EXPORT_COLUMNS: field, header and
 * format once); the screen adds its widths, sorts, links and test ids.
 *
 * Only what the desk works by is a column, so the amount due and the days late
 * show without scrolling sideways at 1024 px: the operation, the installment
 * (its number among the operation's), the borrower, the due date, the days
 * late, the band as its short code (its words on hover and to screen readers)
 * and the amount due. The rest (product, value, what is open, each charge, why
 * the bank left it open) is in the row's detail (ExpiredDetail), and in the
 * export, which writes every column.
 */
import { EXPIRED_INSTALLMENT_EXPORT_COLUMNS, type ExpiredInstallment } from '@shared/contract';
import { exportColumns, type ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';

/** The sort fields the contract declares for the list (EXPIRED_INSTALLMENT_SORTS). */
type Sort = SortOf<'collections.expiredInstallments'>;

const column = exportColumns<ExpiredInstallment, Sort>(EXPIRED_INSTALLMENT_EXPORT_COLUMNS);

/** The band's short code ("1–15", "90+"): the words ("1 a 15 dias") are its hover text. */
export const bandCode = (band: string): string => band.replace('-', '–');

export const EXPIRED_COLUMNS: ColumnDecl<ExpiredInstallment, Sort>[] = [
  column('operation_number', { id: 'operation', kind: 'identifier', link: (r) => `/app/clientOperation/analize/${r.credit_operation_id}` }),
  column('number', { kind: 'identifier', text: (r, t) => t('collections.numberOf', { number: r.number, count: r.installments_count }) }),
  column('borrower_name', {
    id: 'borrower',
    sort: 'borrower_name',
    width: 220,
    link: (r) => `/app/clientOperation/view/${r.borrower_id}`,
    testId: (r) => `expired-borrower-${r.id}`,
  }),
  column('due_date', { id: 'due', sort: 'due_date' }),
  column('days_late', { id: 'daysLate', sort: 'days_late', testId: (r) => `expired-days-${r.id}` }),
  {
    id: 'band',
    title: 'collections.columns.band',
    kind: 'status',
    labels: 'collections.bands',
    field: 'band',
    short: (r) => bandCode(r.band),
    intent: (band) => (band === '1-15' ? 'warning' : 'danger'),
    testId: (r) => `expired-band-${r.id}`,
  },
  column('amount_due', { id: 'due-total', testId: (r) => `expired-due-${r.id}` }),
];
