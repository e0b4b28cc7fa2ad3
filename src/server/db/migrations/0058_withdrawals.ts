/**
 * The borrower's seven-day withdrawal (CDC art. 49; areas/withdrawal, its
 * README has the rules and their sources).
 *
 * withdrawals: one row per operation withdrawn (UNIQUE: a second is refused),
 * with the dates the window counted from, its last day, and the figures of
 * the release it undoes — financed, released (what the borrower returns),
 * the IOF (owed to the Treasury all the same, borne by the lender) and the
 * fees (undone). Append-only (UPDATE, DELETE and TRUNCATE refused, as 0036's
 * facts).
 *
 * installment_states / installment_status_history: the stored status
 * 'cancelled' (every installment of a withdrawn operation) added to the
 * CHECKs of 0018 and 0022.
 *
 * journal_entries: the posting kind 'withdrawal' added to the kinds the CHECK
 * holds when this runs (read from the constraint, as 0057 does).
 */
export const id = '0058_withdrawals';

export const sql = /* sql */ `
CREATE TABLE withdrawals (
  id serial PRIMARY KEY,
  credit_operation_id integer NOT NULL UNIQUE REFERENCES credit_operations(id),
  withdrawn_on date NOT NULL,
  disbursed_on date NOT NULL,
  counted_from date NOT NULL CHECK (counted_from >= disbursed_on),
  last_day date NOT NULL CHECK (last_day > counted_from),
  financed numeric(14,2) NOT NULL CHECK (financed > 0),
  released numeric(14,2) NOT NULL CHECK (released > 0),
  iof numeric(14,2) NOT NULL CHECK (iof >= 0),
  fees numeric(14,2) NOT NULL CHECK (fees >= 0),
  returned numeric(14,2) NOT NULL CHECK (returned = released),
  reason text CHECK (char_length(reason) <= 500),
  actor_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (financed = released + iof + fees),
  CHECK (withdrawn_on BETWEEN disbursed_on AND last_day)
);
CREATE TRIGGER withdrawals_immutable BEFORE UPDATE OR DELETE ON withdrawals FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER withdrawals_no_truncate BEFORE TRUNCATE ON withdrawals FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();

ALTER TABLE installment_states DROP CONSTRAINT installment_states_status_check;
ALTER TABLE installment_states ADD CONSTRAINT installment_states_status_check
  CHECK (status IN ('renegotiated', 'written_off', 'assigned', 'repurchased', 'cancelled'));
ALTER TABLE installment_status_history DROP CONSTRAINT installment_status_history_status_check;
ALTER TABLE installment_status_history ADD CONSTRAINT installment_status_history_status_check
  CHECK (status IN ('renegotiated', 'written_off', 'assigned', 'repurchased', 'cancelled'));

-- The kinds in force (those of every migration before this one) plus 'withdrawal'.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(m[1]), ', ' ORDER BY m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'journal_entries_kind_check' AND c.conrelid = 'journal_entries'::regclass;
  ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
  EXECUTE format('ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN (%s, %L))', kinds, 'withdrawal');
END
$$;
`;
