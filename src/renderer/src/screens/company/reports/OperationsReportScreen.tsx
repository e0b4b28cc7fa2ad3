/**
 * The operations report (/app/company-operation/reports/operations): the
 * operations an analyst filters by planned release period, status, product,
 * borrower and assignee (the installments ceded to an assignee's account), as
 * a paged preview on the list kit with the totals of every match, and the
 * same filters saved as Excel by the main process (report.operationsExcel).
 * A row opens the operation's analysis.
 */
import type { OperationsReportItem } from '@shared/contract/company-reports';
import { formatCurrency } from '@shared/format';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@kit/list/ListScreen';
import { useOperationsReportFilters } from './operationsReportFilters';

const C = (key: string) => `reports.operations.columns.${key}`;

export function OperationsReportScreen() {
  const { t } = useTranslation();
  const filters = useOperationsReportFilters();

  return (
    <div className="company-report-operations" data-testid="report-operations">
      <ListScreen
        testId="report-operations"
        operation="report.operations"
        header={
          <>
            <h2>{t('reports.operations.title')}</h2>
            <p className="bp6-text-muted">{t('reports.operations.intro')}</p>
          </>
        }
        columns={[
          { id: 'id', title: C('number'), width: 70, kind: 'integer', field: 'id' },
          { id: 'borrower', title: C('borrowerName'), width: 180, field: 'borrower_name' },
          { id: 'document', title: C('borrowerDocument'), width: 140, kind: 'document', field: 'borrower_document' },
          { id: 'product', title: C('product'), width: 120, text: (r: OperationsReportItem, tr) => tr(`creditOperations.products.${r.product}`) },
          { id: 'status', title: C('status'), width: 140, kind: 'status', field: 'status', labels: 'creditOperations.status' },
          { id: 'date', title: C('disbursementDate'), width: 100, kind: 'date', field: 'disbursement_date' },
          { id: 'installments', title: C('installments'), width: 70, kind: 'integer', field: 'installments_count' },
          { id: 'principal', title: C('principal'), width: 120, kind: 'money', field: 'principal' },
          { id: 'iof', title: C('iof'), width: 100, kind: 'money', field: 'iof_total' },
          { id: 'payable', title: C('totalPayable'), width: 120, kind: 'money', field: 'total_payable' },
        ]}
        filters={filters}
        notice={(data) => (
          <p data-testid="report-operations-totals">
            <strong>
              {t('reports.operations.totals', {
                count: data.totals.count,
                principal: formatCurrency(data.totals.principal),
                iof: formatCurrency(data.totals.iof_total),
                payable: formatCurrency(data.totals.total_payable),
              })}
            </strong>
          </p>
        )}
        export={{ operation: 'report.operationsExcel', title: 'reports.operations.title', fileName: 'relatorio-operacoes' }}
        rowLink={(r) => `/app/clientOperation/analize/${r.id}`}
      />
    </div>
  );
}
