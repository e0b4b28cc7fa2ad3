/**
 * Renegotiation agreements (areas/renegotiation; its README has the rules).
 *
 * renegotiation_limits: the company's limits per role — the most percent of
 * the late charges or the interest a person of the role may forgive, and the
 * discount (in reais) up to which they agree alone (above it a second person
 * checks). Parameters, seeded here for the company.
 *
 * renegotiation_agreements: one row per agreement proposed, with the
 * conditions and every figure computed (what the maker saw); never edited.
 * renegotiation_items: the installments it renegotiates with what each owed.
 * renegotiation_installments: the agreement's new schedule.
 * renegotiation_decisions: the outcome (agreed, refused, withdrawn), at most
 * one per agreement; none while it waits for its check.
 * These four are append-only (UPDATE, DELETE and TRUNCATE refused, as
 * migration 0036's facts).
 *
 * journal_entries: the posting kind 'renegotiation' added to the kinds the
 * CHECK holds when this runs (read from the constraint, so a migration before
 * this one that added kinds of its own keeps them).
 */
export const id = '0057_renegotiations';

export const sql = /* sql */ `
CREATE TABLE renegotiation_limits (
  company_id integer NOT NULL REFERENCES companies(id),
  role_id integer NOT NULL,
  max_discount_percent numeric(7,4) NOT NULL CHECK (max_discount_percent >= 0 AND max_discount_percent <= 100),
  alone_up_to numeric(14,2) NOT NULL CHECK (alone_up_to >= 0),
  PRIMARY KEY (company_id, role_id)
);
INSERT INTO renegotiation_limits (company_id, role_id, max_discount_percent, alone_up_to)
SELECT c.id, r.role_id, r.pct, r.alone FROM companies c,
  (VALUES (3, 100.0, 20000.00), (1, 80.0, 5000.00), (5, 50.0, 1000.00), (4, 20.0, 0.00)) AS r(role_id, pct, alone);

CREATE TABLE renegotiation_agreements (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  borrower_id integer NOT NULL REFERENCES borrowers(id),
  maker_id integer NOT NULL REFERENCES users(id),
  agreement_date date NOT NULL,
  amortization text NOT NULL CHECK (amortization IN ('price', 'sac')),
  monthly_rate numeric(9,4) NOT NULL,
  term integer NOT NULL CHECK (term BETWEEN 1 AND 360),
  first_due_date date NOT NULL CHECK (first_due_date > agreement_date),
  finance_iof boolean NOT NULL,
  late_charges_discount_percent numeric(7,4) NOT NULL,
  interest_discount_percent numeric(7,4) NOT NULL,
  open_principal numeric(14,2) NOT NULL,
  open_interest numeric(14,2) NOT NULL,
  open_late_charges numeric(14,2) NOT NULL,
  renegotiated_balance numeric(14,2) NOT NULL,
  late_charges_discount numeric(14,2) NOT NULL,
  interest_discount numeric(14,2) NOT NULL,
  discount numeric(14,2) NOT NULL,
  down_payment numeric(14,2) NOT NULL,
  base numeric(14,2) NOT NULL CHECK (base > 0),
  iof_complement numeric(14,2) NOT NULL,
  iof_new_daily numeric(14,2) NOT NULL,
  iof_new_additional numeric(14,2) NOT NULL,
  iof_total numeric(14,2) NOT NULL,
  iof_financed numeric(14,2) NOT NULL,
  principal numeric(14,2) NOT NULL,
  total_payable numeric(14,2) NOT NULL,
  cet_monthly numeric(12,6) NOT NULL,
  cet_yearly numeric(14,6) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (renegotiated_balance = open_principal + open_interest + open_late_charges),
  CHECK (discount = late_charges_discount + interest_discount),
  CHECK (base = renegotiated_balance - discount - down_payment),
  CHECK (principal = base + iof_financed)
);
CREATE INDEX renegotiation_agreements_borrower ON renegotiation_agreements (borrower_id, id DESC);

CREATE TABLE renegotiation_items (
  id serial PRIMARY KEY,
  agreement_id integer NOT NULL REFERENCES renegotiation_agreements(id),
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  number integer NOT NULL,
  due_date date NOT NULL,
  principal numeric(14,2) NOT NULL CHECK (principal >= 0),
  interest numeric(14,2) NOT NULL CHECK (interest >= 0),
  late_charges numeric(14,2) NOT NULL CHECK (late_charges >= 0),
  UNIQUE (agreement_id, installment_id)
);
CREATE INDEX renegotiation_items_installment ON renegotiation_items (installment_id);
CREATE INDEX renegotiation_items_operation ON renegotiation_items (credit_operation_id);

CREATE TABLE renegotiation_installments (
  id serial PRIMARY KEY,
  agreement_id integer NOT NULL REFERENCES renegotiation_agreements(id),
  number integer NOT NULL CHECK (number >= 1),
  due_date date NOT NULL,
  payment numeric(14,2) NOT NULL CHECK (payment > 0),
  interest numeric(14,2) NOT NULL CHECK (interest >= 0),
  amortization numeric(14,2) NOT NULL CHECK (amortization >= 0),
  balance numeric(14,2) NOT NULL CHECK (balance >= 0),
  UNIQUE (agreement_id, number)
);

CREATE TABLE renegotiation_decisions (
  id serial PRIMARY KEY,
  agreement_id integer NOT NULL UNIQUE REFERENCES renegotiation_agreements(id),
  outcome text NOT NULL CHECK (outcome IN ('agreed', 'refused', 'withdrawn')),
  decided_on date NOT NULL,
  actor_id integer NOT NULL REFERENCES users(id),
  approval_request_id integer REFERENCES approval_requests(id),
  reason text CHECK (char_length(reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER renegotiation_agreements_immutable BEFORE UPDATE OR DELETE ON renegotiation_agreements FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_items_immutable BEFORE UPDATE OR DELETE ON renegotiation_items FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_installments_immutable BEFORE UPDATE OR DELETE ON renegotiation_installments FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_decisions_immutable BEFORE UPDATE OR DELETE ON renegotiation_decisions FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_agreements_no_truncate BEFORE TRUNCATE ON renegotiation_agreements FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
CREATE TRIGGER renegotiation_items_no_truncate BEFORE TRUNCATE ON renegotiation_items FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
CREATE TRIGGER renegotiation_installments_no_truncate BEFORE TRUNCATE ON renegotiation_installments FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
CREATE TRIGGER renegotiation_decisions_no_truncate BEFORE TRUNCATE ON renegotiation_decisions FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();

-- The kinds in force (0046's, and those of any migration before this one that added its own) plus 'renegotiation'.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(m[1]), ', ' ORDER BY m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'journal_entries_kind_check' AND c.conrelid = 'journal_entries'::regclass;
  ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
  EXECUTE format('ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN (%s, %L))', kinds, 'renegotiation');
END
$$;
`;
