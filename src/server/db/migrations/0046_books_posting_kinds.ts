/**
 * The kinds of posting the lender's books add: interest recognised on the
 * competence basis (interest_accrual) and its undoing (accrual_reversal:
 * a payment's or a write-off's settling of accrued interest, a stage-3 stop,
 * an accrual run undone), and the monthly close's change of the allowance
 * for expected credit losses (provision) and its undoing while the month is
 * open (provision_reversal). The CHECK is written out as the kinds stood when
 * this migration was made (a later kind comes with a later migration).
 */
export const id = '0046_books_posting_kinds';

export const sql = /* sql */ `
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal', 'rounding_difference', 'suspense_in', 'suspense_apply', 'suspense_refund', 'interest_accrual', 'accrual_reversal', 'provision', 'provision_reversal'));
`;
