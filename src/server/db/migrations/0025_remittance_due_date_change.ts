/**
 * Remittances carry the due-date change (alteração de vencimento, CNAB 06).
 *
 * remittance_items.instruction gains 'dueDateChange'. Such an item is the
 * newer slip of an installment whose title the bank already holds, when that
 * slip keeps the amount and title data and only moves the due date: the file
 * tells the bank the new date under the nosso número it registered, instead
 * of a baixa of the old title and an entry of a new one.
 *
 * remittance_items.title_slip_id: the slip whose nosso número the bank
 * registered (its entry), when the item is about a newer slip standing for
 * that title — always for a due-date change, and for a baixa of such a slip.
 * Null for an entry (the slip is its own title).
 *
 * remittances.due_date_change_count: the 06 lines of the file; the three
 * counts add up to slip_count.
 *
 * Indexes for generating a file over many slips: the account's slips by the
 * day they were issued (the candidates' scan up to the cut-off), and the
 * items by the title they continue.
 */
export const id = '0025_remittance_due_date_change';

export const sql = /* sql */ `
ALTER TABLE remittance_items DROP CONSTRAINT remittance_items_instruction_check;
ALTER TABLE remittance_items ADD CONSTRAINT remittance_items_instruction_check CHECK (instruction IN ('entry', 'writeOff', 'dueDateChange'));
ALTER TABLE remittance_items ADD COLUMN title_slip_id integer REFERENCES boleto_slips(id);
ALTER TABLE remittance_items ADD CONSTRAINT remittance_items_title_slip_check CHECK (
  (instruction = 'entry' AND title_slip_id IS NULL)
  OR (instruction = 'dueDateChange' AND title_slip_id IS NOT NULL AND title_slip_id <> boleto_slip_id)
  OR (instruction = 'writeOff' AND (title_slip_id IS NULL OR title_slip_id <> boleto_slip_id))
);
CREATE INDEX remittance_items_title ON remittance_items (title_slip_id, boleto_slip_id) WHERE title_slip_id IS NOT NULL;

ALTER TABLE remittances ADD COLUMN due_date_change_count integer NOT NULL DEFAULT 0 CHECK (due_date_change_count >= 0);
ALTER TABLE remittances DROP CONSTRAINT remittances_check;
ALTER TABLE remittances ADD CONSTRAINT remittances_counts_check CHECK (entry_count + write_off_count + due_date_change_count = slip_count);

CREATE INDEX boleto_slips_account_issued ON boleto_slips (bank_account_id, issued_on, id);
`;
