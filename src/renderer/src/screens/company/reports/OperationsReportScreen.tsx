/**
 * The operations report (/app/company-operation/reports/operations): the
 * operations an analyst filters by planned release period, status, product,
 * borrower and assignee (the installments ceded to an assignee's account), as
 * a paged preview on the list kit with the totals of every match, and the
 * same filters saved as Excel by the main process (report.operationsExcel).
 * A row opens the operation's analysis.
 */
import { formatCurrency } from '@shared/format';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@kit/list/ListScreen';
import { OPERATIONS_REPORT_COLUMNS } from './operationsReportColumns';
import { useOperationsReportFilters } from './operationsReportFilters';

export function OperationsReportScreen() {
  const { t } = useTranslation();
  const filters = useOperationsReportFilters();

  return (
    <div className="company-report-operations" data-testid="report-operations">
      <ListScreen
        testId="report-operations"
        emptyHint="emptyHints.reportOperations"
        operation="report.operations"
        header={
          <>
            <h2>{t('reports.operations.title')}</h2>
            <p className="bp6-text-muted">{t('reports.operations.intro')}</p>
          </>
        }
        columns={OPERATIONS_REPORT_COLUMNS}
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
