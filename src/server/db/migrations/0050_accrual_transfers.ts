/**
 * The accrual follows the installment's owner, and a catch-up run respects the
 * monthly close (areas/ledger/README.md "Competence basis").
 *
 * interest_accruals gains the kind 'transfer': the accrued interest of
 * installments ceded to an assignee taken off the books (negative, at the
 * cession or a repurchase's reversal) or brought back when they are the
 * lender's again (positive, at a cession's reversal or a repurchase). Any
 * number a day (the unique (operation, date) stays for the runs' 'accrual').
 *
 * interest_accrual_runs.posted_on: the business date the run's postings carry
 * when its date falls in a month already closed (the first day of the first
 * open month); null when they carry the run's own date.
 */
export const id = '0050_accrual_transfers';

export const sql = /* sql */ `
ALTER TABLE interest_accruals DROP CONSTRAINT interest_accruals_kind_check;
ALTER TABLE interest_accruals DROP CONSTRAINT interest_accruals_check;
ALTER TABLE interest_accruals ADD CONSTRAINT interest_accruals_kind_check CHECK (kind IN ('accrual', 'reversal', 'transfer'));
ALTER TABLE interest_accruals ADD CONSTRAINT interest_accruals_amount_check CHECK (amount <> 0 AND (kind <> 'accrual' OR amount > 0) AND (kind <> 'reversal' OR amount < 0));
ALTER TABLE interest_accrual_runs ADD COLUMN posted_on date;
`;
