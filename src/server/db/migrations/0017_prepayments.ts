/**
 * Prepayment (liquidação antecipada) and schedule versions.
 *
 * credit_operation_installments: a prepayment replaces the remaining
 * installments with a new schedule; the replaced rows stay (their ids, their
 * payments and their journal entries keep pointing at them) marked with the
 * version that replaced them (superseded_in), and the new rows carry that
 * version. Ids come from the same sequence, so an installment id never
 * repeats; a number may, once per version. The schedule of version v is the
 * rows with schedule_version <= v and superseded_in NULL or > v; the current
 * one, the rows with superseded_in NULL (one per number, a partial unique
 * index).
 *
 * prepayments: one row per prepayment, never updated or deleted (like the
 * installments' transactions): the day, the amount received and its split
 * (principal and the interest accrued since the last due date; that interest
 * is negative when the discount reached principal), the present value and the
 * nominal value of what it replaced (the difference is the discount the
 * borrower got: interest never recognised, so it is recorded here and posts
 * nothing), the versions before and after, and whether it settled the
 * operation (kind full) or kept a shorter term or a smaller installment.
 *
 * journal_entries.prepayment_id links the prepayment's posting.
 *
 * credit_operations.status gains 'settled' (a full prepayment's move).
 */
export const id = '0017_prepayments';

export const sql = /* sql */ `
ALTER TABLE credit_operations DROP CONSTRAINT credit_operations_status_check;
ALTER TABLE credit_operations ADD CONSTRAINT credit_operations_status_check
  CHECK (status IN ('proposal', 'analysis', 'returned', 'approved', 'refused', 'contract_issued', 'disbursed', 'cancelled', 'settled'));

ALTER TABLE credit_operation_installments
  ADD COLUMN schedule_version integer NOT NULL DEFAULT 1 CHECK (schedule_version >= 1),
  ADD COLUMN superseded_in integer CHECK (superseded_in > schedule_version);
ALTER TABLE credit_operation_installments DROP CONSTRAINT credit_operation_installments_credit_operation_id_number_key;
ALTER TABLE credit_operation_installments ADD CONSTRAINT credit_operation_installments_version_number_key
  UNIQUE (credit_operation_id, schedule_version, number);
CREATE UNIQUE INDEX credit_operation_installments_current_number
  ON credit_operation_installments (credit_operation_id, number) WHERE superseded_in IS NULL;

CREATE TABLE prepayments (
  id serial PRIMARY KEY,
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  kind text NOT NULL CHECK (kind IN ('partial', 'full')),
  mode text CHECK (mode IN ('reduce_term', 'reduce_installment')),
  paid_on date NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  principal numeric(14,2) NOT NULL CHECK (principal >= 0),
  interest numeric(14,2) NOT NULL,
  present_value numeric(14,2) NOT NULL CHECK (present_value > 0),
  nominal numeric(14,2) NOT NULL CHECK (nominal >= present_value),
  discount numeric(14,2) NOT NULL CHECK (discount >= 0),
  from_version integer NOT NULL CHECK (from_version >= 1),
  to_version integer NOT NULL,
  installments_replaced integer NOT NULL CHECK (installments_replaced > 0),
  installments_after integer NOT NULL CHECK (installments_after >= 0),
  method text NOT NULL CHECK (method IN ('boleto', 'pix', 'ted', 'debit')),
  reference text,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (credit_operation_id, to_version),
  CHECK (to_version = from_version + 1),
  CHECK ((kind = 'full') = (mode IS NULL)),
  CHECK (kind = 'partial' OR (amount = present_value AND installments_after = 0)),
  CHECK (kind = 'full' OR amount < present_value),
  CHECK (principal + interest = amount),
  CHECK (nominal - present_value = discount)
);
CREATE TRIGGER prepayments_immutable BEFORE UPDATE OR DELETE ON prepayments
  FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();

ALTER TABLE journal_entries ADD COLUMN prepayment_id integer REFERENCES prepayments(id);
`;
