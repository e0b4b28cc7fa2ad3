/**
 * Money collected on assigned installments passed through to the assignee.
 *
 * - assignment_bank_accounts.pass_through_fee_rate: the percentage of what is
 *   collected on the account's installments that the cession agreement lets
 *   the lender keep (a collection fee); 0 by default, so nothing is kept
 *   unless the agreement says so.
 * - assignee_transfers: append-only. A transfer of money owed to the assignee
 *   (the day it left, the amount sent, the fee kept, the company bank account
 *   it left from), or the reversal of one transfer (a row of its own naming
 *   it, with a reason: one reversal per transfer). Each row names its posting.
 * - journal_entries: two posting kinds (the kinds in force, read from the
 *   constraint, plus these two).
 */
export const id = '0061_assignee_pass_through';

export const sql = /* sql */ `
ALTER TABLE assignment_bank_accounts
  ADD COLUMN pass_through_fee_rate numeric(7,4) NOT NULL DEFAULT 0 CHECK (pass_through_fee_rate >= 0 AND pass_through_fee_rate <= 100);

CREATE TABLE assignee_transfers (
  id serial PRIMARY KEY,
  assignment_account_id integer NOT NULL REFERENCES assignment_bank_accounts(id),
  kind text NOT NULL CHECK (kind IN ('transfer', 'transfer_reversal')),
  moved_on date NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  fee numeric(14,2) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  company_bank_account_id integer NOT NULL REFERENCES company_bank_accounts(id),
  reverses_id integer UNIQUE REFERENCES assignee_transfers(id),
  reason text,
  posting_id integer NOT NULL,
  actor_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'transfer_reversal') = (reverses_id IS NOT NULL)),
  CHECK (kind = 'transfer' OR reason IS NOT NULL)
);
CREATE INDEX assignee_transfers_account ON assignee_transfers (assignment_account_id);
CREATE TRIGGER assignee_transfers_immutable BEFORE UPDATE OR DELETE ON assignee_transfers FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER assignee_transfers_no_truncate BEFORE TRUNCATE ON assignee_transfers FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();

DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(m[1]), ', ' ORDER BY m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'journal_entries_kind_check' AND c.conrelid = 'journal_entries'::regclass;
  ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
  EXECUTE format('ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN (%s, %L, %L))', kinds, 'assignee_transfer', 'assignee_transfer_reversal');
END
$$;
`;
