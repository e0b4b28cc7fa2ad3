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
import { EXPIRED_COLUMNS } from './columns';

/** The payments screen of one installment (route /app/clientOperation/payments/:id/:credit_operation_id). */
export function paymentsPath(row: Pick<ExpiredInstallment, 'id' | 'credit_operation_id'>): string {
  return `/app/clientOperation/payments/${row.id}/${row.credit_operation_id}`;
}

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
      columns={EXPIRED_COLUMNS}
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
