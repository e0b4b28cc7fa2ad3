/**
 * The chart of accounts in COSIF (@shared/ledger): three accounts the books
 * need before anything posts to them — accrued interest receivable
 * (competence basis), the allowance for expected credit losses (a contra
 * asset) and the provision expense. The journal's CHECK on account names is
 * written out as the chart stood when this migration was made (a migration
 * says the same thing forever; a later account comes with a later migration).
 * ledger_daily_balances has no CHECK of its own (migration 0021).
 */
export const id = '0045_cosif_chart';

export const sql = /* sql */ `
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_account_check CHECK (account IN ('bank', 'loans_receivable', 'accrued_interest_receivable', 'allowance_for_credit_losses', 'due_from_assignee', 'iof_payable', 'due_to_assignee', 'suspense', 'interest_income', 'fee_income', 'late_charge_income', 'cession_gain', 'credit_losses', 'bank_fees', 'cession_loss', 'repurchase_gain', 'repurchase_loss', 'rounding_differences', 'provision_expense'));
`;
