/**
 * Cessions (cessão de recebíveis): installments sold to an assignee (a
 * receivables fund) at a price, and the reversal of a cession or part of it.
 *
 * cessions: one row per cession asked for — its number (a sequence of its
 * own, never reused), the company and the assignee's account, the cession
 * date, how it was priced (a monthly discount rate or a stated price) and its
 * totals (face value, price, carrying amount = the open principal taken off
 * loans receivable, result = price − carrying). `needs_approval` says whether
 * it waited for a second person (above the company's cession_approval_above):
 * such a cession takes effect when its approval request (kind
 * 'cession.assign', entity_id = the cession) is approved; the rows never say
 * it, so nothing here is ever updated.
 *
 * cession_items: each installment of a cession with its own figures (the
 * lines the person confirmed add up to the totals).
 *
 * cession_reversals / cession_reversal_items: a reversal of some standing
 * items of one operation, with its reason and day, behind the same limit
 * (approval kind 'cession.reverse'); contra entries are posted, nothing is
 * deleted.
 *
 * All four are never changed or deleted (a trigger refuses it).
 *
 * company_parameters: cession_max_days_overdue (an installment more days late
 * than this is not assignable; 0: none overdue) and cession_approval_above
 * (a cession or reversal priced above it waits for a second person).
 *
 * journal_entries: the accounts a cession posts to (amount due from the
 * assignee, gain and loss on the sale) and the posting kinds.
 */
export const id = '0027_cessions';

export const sql = /* sql */ `
ALTER TABLE company_parameters
  ADD COLUMN cession_max_days_overdue integer NOT NULL DEFAULT 0 CHECK (cession_max_days_overdue BETWEEN 0 AND 360),
  ADD COLUMN cession_approval_above numeric(14,2) NOT NULL DEFAULT 50000.00 CHECK (cession_approval_above >= 0);

ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee', 'cession', 'cession_reversal'));
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_account_check
  CHECK (account IN ('bank', 'loans_receivable', 'due_from_assignee', 'iof_payable', 'due_to_assignee', 'interest_income', 'fee_income', 'late_charge_income', 'cession_gain', 'credit_losses', 'bank_fees', 'cession_loss'));

CREATE SEQUENCE cession_numbers;

CREATE TABLE cessions (
  id serial PRIMARY KEY,
  number integer NOT NULL UNIQUE,
  company_id integer NOT NULL REFERENCES companies(id),
  assignment_account_id integer NOT NULL REFERENCES assignment_bank_accounts(id),
  cession_date date NOT NULL,
  pricing text NOT NULL CHECK (pricing IN ('rate', 'stated')),
  monthly_rate numeric(9,4) CHECK (monthly_rate IS NULL OR monthly_rate BETWEEN 0 AND 100),
  stated_price numeric(14,2) CHECK (stated_price IS NULL OR stated_price > 0),
  face_value numeric(14,2) NOT NULL CHECK (face_value > 0),
  price numeric(14,2) NOT NULL CHECK (price > 0),
  carrying numeric(14,2) NOT NULL CHECK (carrying >= 0),
  result numeric(14,2) NOT NULL,
  installment_count integer NOT NULL CHECK (installment_count BETWEEN 1 AND 500),
  needs_approval boolean NOT NULL,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((pricing = 'rate') = (monthly_rate IS NOT NULL)),
  CHECK ((pricing = 'stated') = (stated_price IS NOT NULL)),
  CHECK (result = price - carrying)
);

CREATE TABLE cession_items (
  id serial PRIMARY KEY,
  cession_id integer NOT NULL REFERENCES cessions(id),
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  due_date date NOT NULL,
  days integer NOT NULL CHECK (days >= 0),
  face_value numeric(14,2) NOT NULL CHECK (face_value > 0),
  price numeric(14,2) NOT NULL CHECK (price >= 0),
  carrying numeric(14,2) NOT NULL CHECK (carrying >= 0),
  result numeric(14,2) NOT NULL,
  UNIQUE (cession_id, installment_id),
  CHECK (result = price - carrying)
);
CREATE INDEX cession_items_installment ON cession_items (installment_id, id);
CREATE INDEX cession_items_operation ON cession_items (credit_operation_id, id);

CREATE TABLE cession_reversals (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  reversed_on date NOT NULL,
  reason text NOT NULL CHECK (length(reason) >= 5),
  price numeric(14,2) NOT NULL CHECK (price > 0),
  carrying numeric(14,2) NOT NULL CHECK (carrying >= 0),
  installment_count integer NOT NULL CHECK (installment_count >= 1),
  needs_approval boolean NOT NULL,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cession_reversals_operation ON cession_reversals (credit_operation_id, id);

CREATE TABLE cession_reversal_items (
  id serial PRIMARY KEY,
  reversal_id integer NOT NULL REFERENCES cession_reversals(id),
  cession_item_id integer NOT NULL REFERENCES cession_items(id),
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  UNIQUE (reversal_id, cession_item_id)
);
CREATE INDEX cession_reversal_items_item ON cession_reversal_items (cession_item_id);

CREATE FUNCTION cessions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never changed: a cession is undone by a reversal of its own', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER cessions_immutable BEFORE UPDATE OR DELETE ON cessions FOR EACH ROW EXECUTE FUNCTION cessions_refuse_change();
CREATE TRIGGER cession_items_immutable BEFORE UPDATE OR DELETE ON cession_items FOR EACH ROW EXECUTE FUNCTION cessions_refuse_change();
CREATE TRIGGER cession_reversals_immutable BEFORE UPDATE OR DELETE ON cession_reversals FOR EACH ROW EXECUTE FUNCTION cessions_refuse_change();
CREATE TRIGGER cession_reversal_items_immutable BEFORE UPDATE OR DELETE ON cession_reversal_items FOR EACH ROW EXECUTE FUNCTION cessions_refuse_change();
`;
