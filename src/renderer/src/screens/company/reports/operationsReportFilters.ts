/**
 * The operations report's filters (release period, status, product, borrower, assignee), shared by the
 * operations report and the parameterized report, which filter the same operations by the same calls' fields.
 */
import { CREDIT_PRODUCTS } from '@shared/contract/credit-operations';
import { CREDIT_OPERATION_STATUSES } from '@shared/credit-operation-status';
import { statusOptions, type FilterDecl, type SelectOption } from '@kit/list/filters';
import { useApiQuery } from '../../../api/hooks';
import { COMPANY_ID } from '../../../app/company';

const PRODUCT_OPTIONS: SelectOption[] = CREDIT_PRODUCTS.map((p) => ({ value: p.id, label: `creditOperations.products.${p.id}` }));
// The calls take one status or several (filter[status] repeated): an analyst compares, say, released and settled.
const STATUS_OPTIONS = statusOptions(CREDIT_OPERATION_STATUSES, 'creditOperations.status');

type ReportFilterKey = 'from' | 'to' | 'status' | 'product' | 'borrower' | 'assignee';

/** The filter bar's declarations, the assignee accounts read from the company. */
export function useOperationsReportFilters(): FilterDecl<ReportFilterKey>[] {
  const accounts = useApiQuery('company.assignmentAccounts', { id: COMPANY_ID });
  // The assignee's name as registered (raw): the same words the cession screens show.
  const assigneeOptions: SelectOption[] = (accounts.data ?? []).map((a) => ({ value: String(a.id), label: `${a.assignee_name} — ${a.bank_code} ${a.agency}/${a.account}`, raw: true }));
  return [
    { kind: 'dateRange', key: 'from', to: 'to', label: 'reports.operations.filters.period' },
    { kind: 'multiSelect', key: 'status', label: 'reports.operations.filters.status', options: STATUS_OPTIONS },
    { kind: 'select', key: 'product', label: 'reports.operations.filters.product', options: PRODUCT_OPTIONS },
    { kind: 'text', key: 'borrower', label: 'reports.operations.filters.borrower' },
    { kind: 'select', key: 'assignee', label: 'reports.operations.filters.assignee', options: assigneeOptions },
  ];
}
