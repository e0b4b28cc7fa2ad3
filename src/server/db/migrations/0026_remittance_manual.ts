/**
 * Manual remittances: files whose titles a person picked from the list of
 * boletos not yet sent, instead of everything up to a cut-off day.
 *
 * manual_remittances: marks a row of `remittances` (0023) as manual. The file,
 * its NSA, hash and what it carried stay in remittances / remittance_items,
 * shared with the automatic ones: one NSA sequence per account and one "sent"
 * fact per slip, whichever way the file was made. Never changed or deleted,
 * like the file it marks.
 *
 * remittance_manual_hidden: installments a person took off the manual list
 * (who and when). Hiding only tidies that list: the installment stays
 * collectible and the automatic remittance still carries its slip. Showing it
 * again deletes the row (the activity log keeps both moves).
 */
export const id = '0026_remittance_manual';

export const sql = /* sql */ `
CREATE TABLE manual_remittances (
  remittance_id integer PRIMARY KEY REFERENCES remittances(id)
);
CREATE TRIGGER manual_remittances_immutable BEFORE UPDATE OR DELETE ON manual_remittances
  FOR EACH ROW EXECUTE FUNCTION remittances_refuse_change();

CREATE TABLE remittance_manual_hidden (
  installment_id integer PRIMARY KEY REFERENCES credit_operation_installments(id),
  hidden_by integer REFERENCES users(id),
  hidden_at timestamptz NOT NULL DEFAULT now()
);
`;
