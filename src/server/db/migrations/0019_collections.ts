/**
 * The collections desk's list of expired installments at a million
 * installments (areas/servicing/collections.ts).
 *
 * Overdue is derived from the business date, never stored: the list asks for
 * the installments not settled (paid_on IS NULL) due on or before a day the
 * code computes with the bank calendar, most days late first. A partial index
 * on the unsettled ones only, by due date then id, answers that filter and
 * that order (and its reverse) without reading settled rows, which are most of
 * a mature portfolio; it stays small as installments are paid. The same index
 * serves the dashboard's portfolio-at-risk figures.
 *
 * A second one orders the unsettled installments by value, for the list's
 * sort by value.
 */
export const id = '0019_collections';

export const sql = /* sql */ `
CREATE INDEX credit_operation_installments_unsettled_due ON credit_operation_installments (due_date, id) WHERE paid_on IS NULL;
CREATE INDEX credit_operation_installments_unsettled_value ON credit_operation_installments (payment, id) WHERE paid_on IS NULL;
`;
