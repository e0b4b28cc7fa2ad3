/**
 * The columns of the expired installments list, taken from the contract's
 * export columns (EXPIRED_INSTALLMENT_EXPORT_COLUMNS: field, header and
 * format once); the screen adds its widths, sorts, links and test ids, the
 * number of the installment among the operation's, the product and band as
 * tags. The export's borrower document is not shown on the screen.
 */
import { EXPIRED_INSTALLMENT_EXPORT_COLUMNS, type ExpiredInstallment } from '@shared/contract';
import { exportColumns, type ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';
import { formatCurrency } from '@shared/format';

/** The sort fields the contract declares for the list (EXPIRED_INSTALLMENT_SORTS). */
type Sort = SortOf<'collections.expiredInstallments'>;

const column = exportColumns<ExpiredInstallment, Sort>(EXPIRED_INSTALLMENT_EXPORT_COLUMNS);

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
  column('product', { sort: 'product', width: 120, kind: 'status', labels: 'collections.products' }),
  column('due_date', { id: 'due', sort: 'due_date' }),
  column('days_late', { id: 'daysLate', sort: 'days_late', testId: (r) => `expired-days-${r.id}` }),
  { id: 'band', title: 'collections.columns.band', kind: 'status', labels: 'collections.bands', field: 'band', intent: (band) => (band === '1-15' ? 'warning' : 'danger') },
  column('value', { sort: 'value' }),
  column('open_value', { id: 'open' }),
  column('late_fee', { id: 'lateFee' }),
  column('default_interest', { id: 'defaultInterest' }),
  column('contract_interest', { id: 'contractInterest' }),
  column('amount_due', { id: 'due-total', testId: (r) => `expired-due-${r.id}` }),
  {
    id: 'reason',
    title: 'collections.columns.reason',
    width: 180,
    text: (r, t) => (r.bank_short ? t('collections.bankShort', { amount: formatCurrency(r.bank_short) }) : ''),
    testId: (r) => `expired-reason-${r.id}`,
  },
];
