/**
 * The monthly close (Res. CMN 4.966/2021 stages, Res. BCB 352/2023 simplified
 * provision), owned by areas/ledger/close.
 *
 * ledger_closes: one row per close run of a month: the month (YYYY-MM), the
 * day it classifies as of (the month's last day), the lender's business date
 * it ran on, its totals (book balance, allowance after it, allowance before
 * it — the last close's — and how many operations), the journal posting of
 * the allowance's change (provision; null when nothing changed), who asked,
 * who approved and the approval request, and its status: closed, or undone
 * while the month was open (then the provision_reversal posting, who and when).
 * At most one close of a month is 'closed' (a partial unique index, the
 * backstop for two approvals racing). Only status and the undo columns change.
 *
 * ledger_close_positions: what the close recorded per operation, kept so any
 * month is shown again as it was: stage and why, portfolio, days late,
 * months in default, defaulted, restructured, the balance provisioned (open
 * principal and accrued interest from the journal), rate and provision, and
 * the maturity figures the SCR's Doc 3040 reads (contract date, last due date,
 * the oldest unpaid due date, what is overdue and what falls due). Append-only.
 * The CHECK lists are as @shared/books/close declared them when this was made.
 */
export const id = '0048_ledger_close';

export const sql = /* sql */ `
CREATE TABLE ledger_closes (
  id serial PRIMARY KEY,
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  as_of date NOT NULL,
  business_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('closed', 'undone')),
  operations integer NOT NULL CHECK (operations >= 0),
  balance numeric(16,2) NOT NULL,
  allowance numeric(16,2) NOT NULL CHECK (allowance >= 0),
  previous_allowance numeric(16,2) NOT NULL CHECK (previous_allowance >= 0),
  posting_id integer,
  requested_by integer REFERENCES users(id),
  approved_by integer REFERENCES users(id),
  approval_request_id integer REFERENCES approval_requests(id),
  undo_posting_id integer,
  undone_by integer REFERENCES users(id),
  undone_on date,
  undone_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'undone') = (undone_at IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_closes_one_closed ON ledger_closes (month) WHERE status = 'closed';
CREATE INDEX ledger_closes_month ON ledger_closes (month, id);

CREATE TABLE ledger_close_positions (
  close_id integer NOT NULL REFERENCES ledger_closes(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  borrower_id integer NOT NULL REFERENCES borrowers(id),
  stage text NOT NULL CHECK (stage IN ('1', '2', '3')),
  stage_reason text NOT NULL CHECK (stage_reason IN ('performing', 'late_over_30', 'late_over_90', 'restructured', 'written_off', 'client_drag')),
  portfolio text NOT NULL CHECK (portfolio IN ('C1', 'C2', 'C3', 'C4', 'C5')),
  days_late integer NOT NULL CHECK (days_late >= 0),
  months_in_default integer NOT NULL CHECK (months_in_default >= 0),
  defaulted boolean NOT NULL,
  restructured boolean NOT NULL,
  principal numeric(14,2) NOT NULL,
  accrued numeric(14,2) NOT NULL,
  balance numeric(14,2) NOT NULL,
  provision_rate numeric(7,4) NOT NULL CHECK (provision_rate >= 0 AND provision_rate <= 100),
  provision numeric(14,2) NOT NULL CHECK (provision >= 0),
  contracted_on date,
  last_due_on date,
  oldest_unpaid_due_on date,
  overdue numeric(14,2) NOT NULL DEFAULT 0,
  falling_due numeric(14,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (close_id, credit_operation_id)
);
CREATE INDEX ledger_close_positions_borrower ON ledger_close_positions (borrower_id, close_id);

CREATE TRIGGER ledger_close_positions_immutable BEFORE UPDATE OR DELETE ON ledger_close_positions FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER ledger_close_positions_no_truncate BEFORE TRUNCATE ON ledger_close_positions FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
