/**
 * /app/allOperations — every credit operation: one list
 * declaration over creditOperation.list with its filters kept in the URL
 * (status, borrower name or document, creation period, financed amount,
 * product) and the server's sorts; a row opens the operation's analysis.
 */
import { CREDIT_PRODUCTS, type CreditOperationSummary } from '@shared/contract/credit-operations';
import { CREDIT_OPERATION_STATUSES, type CreditOperationStatus } from '@shared/credit-operation-status';
import { formatDateTime } from '@shared/format';
import { ListScreen } from '@kit/list/ListScreen';
import { percentText, statusIntent } from './model';
import './operations.css';

const PRODUCT_OPTIONS = CREDIT_PRODUCTS.map((p) => ({ value: p.id, label: `creditOperations.products.${p.id}` }));

export function OperationsListScreen() {
  return (
    <ListScreen
      testId="operations"
      operation="creditOperation.list"
      columns={[
        { id: 'number', title: 'creditOperations.list.columns.number', width: 95, kind: 'identifier', text: (r: CreditOperationSummary) => r.number },
        { id: 'borrower', title: 'creditOperations.list.columns.borrower', sort: 'borrower_name', width: 180, field: 'borrower_name' },
        { id: 'document', title: 'creditOperations.list.columns.document', width: 140, kind: 'document', field: 'borrower_document' },
        { id: 'product', title: 'creditOperations.list.columns.product', width: 120, text: (r, t) => t(`creditOperations.products.${r.product}`) },
        { id: 'principal', title: 'creditOperations.list.columns.principal', sort: 'principal', width: 125, kind: 'money', field: 'principal' },
        { id: 'rate', title: 'creditOperations.list.columns.rate', width: 75, kind: 'integer', text: (r) => percentText(r.monthly_rate) },
        { id: 'plots', title: 'creditOperations.list.columns.plots', width: 70, kind: 'integer', field: 'installments_count' },
        {
          id: 'status',
          title: 'creditOperations.list.columns.status',
          sort: 'status',
          width: 150,
          kind: 'status',
          field: 'status',
          labels: 'creditOperations.status',
          intent: (s) => statusIntent(s as CreditOperationStatus),
          testId: (r) => `operations-status-${r.id}`,
        },
        // The local calendar day of the timestamp (an operation made at 23:30 is not shown as the next day).
        { id: 'created', title: 'creditOperations.list.columns.created', sort: 'created_at', width: 100, kind: 'date', text: (r) => formatDateTime(r.created_at).slice(0, 10) },
      ]}
      filters={[
        { kind: 'status', key: 'status', label: 'creditOperations.list.filters.status', statuses: CREDIT_OPERATION_STATUSES, labels: 'creditOperations.status' },
        { kind: 'text', key: 'borrower', label: 'creditOperations.list.filters.borrower' },
        { kind: 'dateRange', key: 'from', to: 'to', label: 'creditOperations.list.filters.period' },
        { kind: 'moneyRange', key: 'valueStart', to: 'valueEnd', label: 'creditOperations.list.filters.value' },
        { kind: 'select', key: 'product', label: 'creditOperations.list.filters.product', options: PRODUCT_OPTIONS },
      ]}
      toolbar={[{ id: 'new', label: 'creditOperations.list.new', to: '/app/clientOperation/building' }]}
      rowLink={(r) => `/app/clientOperation/analize/${r.id}`}
      emptyHint="creditOperations.list.emptyHint"
    />
  );
}
