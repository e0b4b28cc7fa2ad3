/**
 * The bank collects what the app says is due, and a bank settlement a few cents off still settles.
 *
 * - company_parameters.bank_settlement_tolerance (R$ 1,00): a bank settlement (a return file's payment, collection's
 *   payBatch) that differs from what the installment owes on its date by at most this settles it, the difference
 *   posted to rounding differences; above it the rest stays open (or, above what is due, the line is refused as
 *   before). A payment keyed by a person never takes it. A money rule: changed with a second administrator.
 * - journal_entries: the account rounding_differences (4.1.05 'Diferenças de arredondamento', expense) and the
 *   posting kind rounding_difference (shared/ledger.ts declares them; these CHECKs repeat the lists).
 */
export const id = '0039_bank_settlement_tolerance';

export const sql = /* sql */ `
ALTER TABLE company_parameters
  ADD COLUMN bank_settlement_tolerance numeric(14,2) NOT NULL DEFAULT 1.00 CHECK (bank_settlement_tolerance >= 0);

ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal', 'rounding_difference'));
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_account_check
  CHECK (account IN ('bank', 'loans_receivable', 'due_from_assignee', 'iof_payable', 'due_to_assignee', 'interest_income', 'fee_income', 'late_charge_income', 'cession_gain', 'credit_losses', 'bank_fees', 'cession_loss', 'repurchase_gain', 'repurchase_loss', 'rounding_differences'));
`;
