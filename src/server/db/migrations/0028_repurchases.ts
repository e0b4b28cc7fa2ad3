/**
 * Repurchases (recompra): an assigned installment bought back from the
 * assignee, and the reversal of a repurchase.
 *
 * assignment_bank_accounts: the agreement with each assignee says how much a
 * repurchase costs (repurchase_rule: 'face_plus_charges' — what the borrower
 * owes on the day, charges included —, or 'present_value' — the face value
 * discounted at the cession's own rate to the due date) and after how many
 * days late an assigned installment must be bought back
 * (repurchase_after_days).
 *
 * repurchases: one row per installment bought back (the cession item it
 * undoes, the business date, the rule and the figures the person confirmed:
 * face value, charges, the amount due to the assignee, the open principal
 * brought back to loans receivable, the result), with the last payment row
 * of the installment when it was asked for (a payment or reversal since then
 * blocks undoing it). `needs_approval`: it waited for a second person (above
 * the company's cession_approval_above; approval kind 'repurchase.create').
 *
 * repurchase_reversals: a repurchase undone, with its reason and day, behind
 * the same limit (approval kind 'repurchase.reverse'). Contra entries are
 * posted; nothing here is ever changed or deleted (a trigger refuses it).
 *
 * journal_entries: the accounts (gain and loss on repurchases) and posting
 * kinds a repurchase adds.
 */
export const id = '0028_repurchases';

export const sql = /* sql */ `
ALTER TABLE assignment_bank_accounts
  ADD COLUMN repurchase_rule text NOT NULL DEFAULT 'face_plus_charges' CHECK (repurchase_rule IN ('face_plus_charges', 'present_value')),
  ADD COLUMN repurchase_after_days integer NOT NULL DEFAULT 30 CHECK (repurchase_after_days BETWEEN 1 AND 360);

ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal'));
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_account_check
  CHECK (account IN ('bank', 'loans_receivable', 'due_from_assignee', 'iof_payable', 'due_to_assignee', 'interest_income', 'fee_income', 'late_charge_income', 'cession_gain', 'credit_losses', 'bank_fees', 'cession_loss', 'repurchase_gain', 'repurchase_loss'));

CREATE TABLE repurchases (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  cession_item_id integer NOT NULL REFERENCES cession_items(id),
  repurchased_on date NOT NULL,
  rule text NOT NULL CHECK (rule IN ('face_plus_charges', 'present_value')),
  cause text NOT NULL CHECK (cause IN ('overdue', 'agreement')),
  reason text,
  days_late integer NOT NULL CHECK (days_late >= 0),
  face_value numeric(14,2) NOT NULL CHECK (face_value >= 0),
  charges numeric(14,2) NOT NULL CHECK (charges >= 0),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  carrying numeric(14,2) NOT NULL CHECK (carrying >= 0),
  result numeric(14,2) NOT NULL,
  last_transaction_id integer,
  needs_approval boolean NOT NULL,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (result = carrying - amount)
);
CREATE INDEX repurchases_operation ON repurchases (credit_operation_id, id);
CREATE INDEX repurchases_installment ON repurchases (installment_id, id);

CREATE TABLE repurchase_reversals (
  id serial PRIMARY KEY,
  repurchase_id integer NOT NULL REFERENCES repurchases(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  reversed_on date NOT NULL,
  reason text NOT NULL CHECK (length(reason) >= 5),
  needs_approval boolean NOT NULL,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX repurchase_reversals_repurchase ON repurchase_reversals (repurchase_id, id);

CREATE FUNCTION repurchases_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never changed: a repurchase is undone by a reversal of its own', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER repurchases_immutable BEFORE UPDATE OR DELETE ON repurchases FOR EACH ROW EXECUTE FUNCTION repurchases_refuse_change();
CREATE TRIGGER repurchase_reversals_immutable BEFORE UPDATE OR DELETE ON repurchase_reversals FOR EACH ROW EXECUTE FUNCTION repurchases_refuse_change();
`;
