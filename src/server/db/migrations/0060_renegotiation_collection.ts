/**
 * Collecting renegotiation agreements (areas/renegotiation; its README has
 * the rules).
 *
 * renegotiation_payments: a payment of one of an agreement's installments
 * (amount, date, the company's bank account it reached, its split into
 * multa, juros de mora, interest and principal as recorded), or the reversal
 * of one (kind 'reversal', reverses_id naming the payment, its split the
 * payment's). Never edited: a reversal is a row of its own.
 *
 * renegotiation_breaks: an agreement broken by the rule (an installment more
 * than the company's renegotiation_break_days late), at most one per
 * agreement: the day, the installment, its days late, the reason and the
 * balance that fell due. Never edited.
 *
 * renegotiation_documents: the confession of debt of an agreement carried out,
 * its template and the text filled at that moment (frozen: the PDF is always
 * this text). Never edited.
 *
 * company_parameters.renegotiation_break_days: the days late after which an
 * agreement's installment breaks it (default 30).
 *
 * journal_entries: the posting kinds 'renegotiation_payment' and
 * 'renegotiation_payment_reversal' added to those the CHECK holds (read from
 * the constraint, as migration 0057 does).
 */
export const id = '0060_renegotiation_collection';

export const sql = /* sql */ `
ALTER TABLE company_parameters
  ADD COLUMN renegotiation_break_days integer NOT NULL DEFAULT 30 CHECK (renegotiation_break_days BETWEEN 1 AND 365);

CREATE TABLE renegotiation_payments (
  id serial PRIMARY KEY,
  agreement_id integer NOT NULL REFERENCES renegotiation_agreements(id),
  installment_id integer NOT NULL REFERENCES renegotiation_installments(id),
  kind text NOT NULL CHECK (kind IN ('payment', 'reversal')),
  paid_on date NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  late_fee numeric(14,2) NOT NULL CHECK (late_fee >= 0),
  default_interest numeric(14,2) NOT NULL CHECK (default_interest >= 0),
  interest numeric(14,2) NOT NULL CHECK (interest >= 0),
  principal numeric(14,2) NOT NULL CHECK (principal >= 0),
  CHECK (late_fee + default_interest + interest + principal = amount),
  bank_account_id integer REFERENCES company_bank_accounts(id),
  reverses_id integer UNIQUE REFERENCES renegotiation_payments(id),
  CHECK ((kind = 'reversal') = (reverses_id IS NOT NULL)),
  reference text CHECK (char_length(reference) <= 500),
  actor_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX renegotiation_payments_installment ON renegotiation_payments (installment_id, id);
CREATE INDEX renegotiation_payments_agreement ON renegotiation_payments (agreement_id, id);

CREATE TABLE renegotiation_breaks (
  id serial PRIMARY KEY,
  agreement_id integer NOT NULL UNIQUE REFERENCES renegotiation_agreements(id),
  broken_on date NOT NULL,
  installment_id integer NOT NULL REFERENCES renegotiation_installments(id),
  days_late integer NOT NULL CHECK (days_late > 0),
  break_days integer NOT NULL,
  remaining numeric(14,2) NOT NULL CHECK (remaining >= 0),
  reason text NOT NULL CHECK (char_length(reason) <= 500),
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE renegotiation_documents (
  agreement_id integer PRIMARY KEY REFERENCES renegotiation_agreements(id),
  template text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER renegotiation_documents_immutable BEFORE UPDATE OR DELETE ON renegotiation_documents FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_documents_no_truncate BEFORE TRUNCATE ON renegotiation_documents FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();

CREATE TRIGGER renegotiation_payments_immutable BEFORE UPDATE OR DELETE ON renegotiation_payments FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_breaks_immutable BEFORE UPDATE OR DELETE ON renegotiation_breaks FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_payments_no_truncate BEFORE TRUNCATE ON renegotiation_payments FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
CREATE TRIGGER renegotiation_breaks_no_truncate BEFORE TRUNCATE ON renegotiation_breaks FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();

DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(m[1]), ', ' ORDER BY m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'journal_entries_kind_check' AND c.conrelid = 'journal_entries'::regclass;
  ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
  EXECUTE format('ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN (%s, %L, %L))', kinds, 'renegotiation_payment', 'renegotiation_payment_reversal');
END
$$;
`;
