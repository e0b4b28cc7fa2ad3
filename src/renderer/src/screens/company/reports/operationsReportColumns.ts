/**
 * The operations report's columns, taken from the contract's export columns
 * (OPERATIONS_REPORT_EXCEL_COLUMNS: field, header and format once); the
 * screen adds its widths, titles the number "Nº" as the other lists do (the
 * workbook keeps "Operação"), formats the document, words the product and
 * shows the status as a tag. The export's monthly rate is not on the screen.
 */
import { OPERATIONS_REPORT_EXCEL_COLUMNS, type OperationsReportItem } from '@shared/contract/company-reports';
import { exportColumns, type ColumnDecl } from '@kit/list/columns';
import type { SortOf } from '@kit/list/contractTypes';

/** None: the report's order is fixed (release date, then id). */
type Sort = SortOf<'report.operations'>;
const column = exportColumns<OperationsReportItem, Sort>(OPERATIONS_REPORT_EXCEL_COLUMNS);

export const OPERATIONS_REPORT_COLUMNS: ColumnDecl<OperationsReportItem, Sort>[] = [
  column('id', { title: 'reports.operations.columns.number', width: 70 }),
  column('borrower_name', { id: 'borrower', width: 180 }),
  column('borrower_document', { id: 'document', width: 140, kind: 'document' }),
  column('product', { width: 120, text: (r, tr) => tr(`creditOperations.products.${r.product}`) }),
  column('status', { width: 140, kind: 'status', labels: 'creditOperations.status' }),
  column('disbursement_date', { id: 'date', width: 100 }),
  column('installments_count', { id: 'installments', width: 70 }),
  column('principal', { width: 120 }),
  column('iof_total', { id: 'iof', width: 100 }),
  column('total_payable', { id: 'payable', width: 120 }),
];
