/**
 * An agreement's slips at the bank (areas/bank-files, areas/suspense; their READMEs have the rules).
 *
 * remittance_items: an item names the operation's installment it carried (installment_id) or the agreement's
 * installment (agreement_installment_id), never both — an agreement slip's entry (01) and baixa (02) go in the same
 * CNAB 240 remittance as the operations' titles.
 *
 * return_file_lines: a line naming an agreement slip names its agreement installment and, when it settled it, the
 * agreement's payment (agreement_payment_id: renegotiation's payFromProvider) instead of an installment transaction;
 * a settled line names one of the two.
 *
 * suspense_moves: an item applied to an agreement's installment names it and the agreement's payment it became.
 */
export const id = '0068_agreement_titles_at_the_bank';

export const sql = /* sql */ `
ALTER TABLE remittance_items ALTER COLUMN installment_id DROP NOT NULL;
ALTER TABLE remittance_items ADD COLUMN agreement_installment_id integer REFERENCES renegotiation_installments(id);
ALTER TABLE remittance_items ADD CONSTRAINT remittance_items_owner CHECK ((installment_id IS NULL) <> (agreement_installment_id IS NULL));

DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'return_file_lines'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%transaction_id IS NOT NULL%'
  LOOP
    EXECUTE format('ALTER TABLE return_file_lines DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;
ALTER TABLE return_file_lines ADD COLUMN agreement_installment_id integer REFERENCES renegotiation_installments(id);
ALTER TABLE return_file_lines ADD COLUMN agreement_payment_id integer REFERENCES renegotiation_payments(id);
ALTER TABLE return_file_lines ADD CONSTRAINT return_file_lines_settled_by CHECK (
  (outcome <> 'settled' OR transaction_id IS NOT NULL OR agreement_payment_id IS NOT NULL)
  AND (transaction_id IS NULL OR agreement_payment_id IS NULL));

DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'suspense_moves'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%transaction_id IS NOT NULL%'
  LOOP
    EXECUTE format('ALTER TABLE suspense_moves DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;
ALTER TABLE suspense_moves ADD COLUMN agreement_installment_id integer REFERENCES renegotiation_installments(id);
ALTER TABLE suspense_moves ADD COLUMN agreement_payment_id integer REFERENCES renegotiation_payments(id);
ALTER TABLE suspense_moves ADD CONSTRAINT suspense_moves_applied_payment CHECK (
  (kind = 'applied') = (transaction_id IS NOT NULL OR agreement_payment_id IS NOT NULL)
  AND (transaction_id IS NULL OR agreement_payment_id IS NULL));
`;
