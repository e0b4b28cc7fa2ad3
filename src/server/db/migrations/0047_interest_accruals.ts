/**
 * Interest on the competence basis (areas/ledger/accrual, its README section
 * "Competence basis" has the rules and their sources).
 *
 * interest_accruals: what the accrual recognised or undid for an operation,
 * one row per posting: an accrual run's recognition up to its date (kind
 * 'accrual', at most one per operation and date: a second run of the same
 * date posts nothing) and an undoing of accrued interest never to be earned
 * (kind 'reversal': a prepayment's discount, a write-off, a cession), with
 * the journal posting that booked it. Append-only.
 *
 * interest_accrual_positions: per operation, the interest recognised in all
 * (the signed sum of its interest_accruals rows, kept in the same statement
 * batch), the day recognised up to, and the day accrual stopped for a
 * problem asset (stage 3: more than 90 days late) with the days late then.
 *
 * journal_entries_accrued: an index on the accrued-interest lines by
 * operation, for the payments' read of what is accrued and unsettled.
 *
 * interest_accrual_runs: each run up to a date: who ran it, when it started
 * and finished (null: stopped midway; the next run of the date finishes it),
 * how many operations it posted for and the amount.
 */
export const id = '0047_interest_accruals';

export const sql = /* sql */ `
CREATE TABLE interest_accruals (
  id serial PRIMARY KEY,
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  accrual_date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('accrual', 'reversal')),
  amount numeric(14,2) NOT NULL CHECK (amount <> 0 AND (kind = 'accrual') = (amount > 0)),
  posting_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX interest_accruals_operation_date ON interest_accruals (credit_operation_id, accrual_date) WHERE kind = 'accrual';
CREATE INDEX interest_accruals_operation ON interest_accruals (credit_operation_id, id);

CREATE TABLE interest_accrual_positions (
  credit_operation_id integer PRIMARY KEY REFERENCES credit_operations(id),
  accrued numeric(14,2) NOT NULL DEFAULT 0 CHECK (accrued >= 0),
  accrued_to date,
  stopped_on date,
  stop_days_late integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((stopped_on IS NULL) = (stop_days_late IS NULL))
);

CREATE TABLE interest_accrual_runs (
  id serial PRIMARY KEY,
  up_to date NOT NULL,
  operations integer NOT NULL DEFAULT 0,
  amount numeric(16,2) NOT NULL DEFAULT 0,
  stopped integer NOT NULL DEFAULT 0,
  actor_id integer REFERENCES users(id),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX interest_accrual_runs_up_to ON interest_accrual_runs (up_to, id);

-- what a payment reads: the accrued interest an operation has not yet settled
CREATE INDEX journal_entries_accrued ON journal_entries (credit_operation_id) WHERE account = 'accrued_interest_receivable';

CREATE TRIGGER interest_accruals_immutable BEFORE UPDATE OR DELETE ON interest_accruals FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER interest_accruals_no_truncate BEFORE TRUNCATE ON interest_accruals FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
