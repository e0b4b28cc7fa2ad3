/**
 * /app/collections: the collections desk's list of expired installments as of
 * the business date (the spec's GET /expired-installments): days late and the
 * charges counted to today, borrower and product; filters by days-late band,
 * borrower, product and value; sort and paging in the URL; the Excel export
 * for the roles the export call admits. A row opens the installment's
 * payments screen.
 */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DAYS_LATE_BAND_CODES, EXPIRED_INSTALLMENT_COUNT_CAP, CREDIT_PRODUCT_IDS, type ExpiredInstallment } from '@shared/contract';
import { formatDate, formatInteger } from '@shared/format';
import { ListScreen } from '@kit/list/ListScreen';
import type { ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';

/** The sort fields the contract declares for the list (EXPIRED_INSTALLMENT_SORTS). */
type Sort = SortOf<'collections.expiredInstallments'>;

/** The payments screen of one installment (route /app/clientOperation/payments/:id/:credit_operation_id). */
export function paymentsPath(row: Pick<ExpiredInstallment, 'id' | 'credit_operation_id'>): string {
  return `/app/clientOperation/payments/${row.id}/${row.credit_operation_id}`;
}

const COLUMNS: ColumnDecl<ExpiredInstallment, Sort>[] = [
  { id: 'operation', title: 'collections.columns.operation', kind: 'identifier', field: 'operation_number', link: (r) => `/app/clientOperation/analize/${r.credit_operation_id}` },
  { id: 'number', title: 'collections.columns.number', kind: 'identifier', text: (r, t) => t('collections.numberOf', { number: r.number, count: r.installments_count }) },
  {
    id: 'borrower',
    title: 'collections.columns.borrower',
    sort: 'borrower_name',
    width: 220,
    field: 'borrower_name',
    link: (r) => `/app/clientOperation/view/${r.borrower_id}`,
    testId: (r) => `expired-borrower-${r.id}`,
  },
  { id: 'product', title: 'collections.columns.product', sort: 'product', width: 120, kind: 'status', labels: 'collections.products', field: 'product' },
  { id: 'due', title: 'collections.columns.dueDate', sort: 'due_date', kind: 'date', field: 'due_date' },
  { id: 'daysLate', title: 'collections.columns.daysLate', sort: 'days_late', kind: 'integer', field: 'days_late', testId: (r) => `expired-days-${r.id}` },
  { id: 'band', title: 'collections.columns.band', kind: 'status', labels: 'collections.bands', field: 'band', intent: (band) => (band === '1-15' ? 'warning' : 'danger') },
  { id: 'value', title: 'collections.columns.value', sort: 'value', kind: 'money', field: 'value' },
  { id: 'open', title: 'collections.columns.openValue', kind: 'money', field: 'open_value' },
  { id: 'lateFee', title: 'collections.columns.lateFee', kind: 'money', field: 'late_fee' },
  { id: 'defaultInterest', title: 'collections.columns.defaultInterest', kind: 'money', field: 'default_interest' },
  { id: 'contractInterest', title: 'collections.columns.contractInterest', kind: 'money', field: 'contract_interest' },
  { id: 'due-total', title: 'collections.columns.amountDue', kind: 'money', field: 'amount_due', testId: (r) => `expired-due-${r.id}` },
];

function AsOf({ date, capped }: { date: string; capped: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="bp6-text-muted" data-testid="expired-as-of">
        {t('collections.asOf', { date: formatDate(date) })}
      </p>
      {capped && (
        <Callout intent="primary" icon="info-sign" data-testid="expired-capped">
          {t('collections.capped', { count: formatInteger(EXPIRED_INSTALLMENT_COUNT_CAP) })}
        </Callout>
      )}
    </>
  );
}

export function ExpiredInstallmentsScreen() {
  return (
    <ListScreen
      testId="expired"
      operation="collections.expiredInstallments"
      columns={COLUMNS}
      filters={[
        { kind: 'status', key: 'band', label: 'collections.filters.band', statuses: DAYS_LATE_BAND_CODES, labels: 'collections.bands' },
        { kind: 'text', key: 'borrower', label: 'collections.filters.borrower' },
        { kind: 'status', key: 'product', label: 'collections.filters.product', statuses: CREDIT_PRODUCT_IDS, labels: 'collections.products' },
        { kind: 'moneyRange', key: 'valueStart', to: 'valueEnd', label: 'collections.filters.value' },
      ]}
      rowLink={paymentsPath}
      export={{ operation: 'collections.expiredInstallmentsExport', title: 'collections.exportTitle', fileName: 'parcelas-vencidas' }}
      notice={(data) => <AsOf date={data.as_of} capped={data.capped} />}
    />
  );
}
