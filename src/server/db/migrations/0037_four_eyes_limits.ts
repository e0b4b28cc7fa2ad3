/**
 * Limits that need four eyes.
 *
 * company_parameters.approval_window_days: the window, in calendar days up to
 * the business date (1: that day alone), over which the four-eyes limits add
 * up what one person moved on one operation.
 *
 * limited_moves: one row per servicing move behind a limit (a reversal, a
 * cession, a cession's reversal, a repurchase, its undoing, a write-off) and
 * per operation it touches: who made it (the maker), the operation, the
 * business date it was asked on, its amount there, and the approval request
 * it waits for or went through (null: taken alone). A new move is weighed
 * against the limits with the sum of the maker's rows of the same move on the
 * operation over the window, those whose request was refused or withdrawn
 * left out, so eight cessions of R$ 99 or two reversals of R$ 900 do not get
 * under a limit of R$ 100 or R$ 1.000 (contract/approvals.ts, LIMITED_MOVES).
 * Written under the operation's row lock by operations' approval-limits.ts;
 * rows are never changed. Moves made before this migration are not counted
 * (the window is short: at worst the day of the upgrade starts from zero).
 *
 * company_parameter_changes: a change of the company's parameters waits for
 * another administrator (approval kind 'company.parameters', entity the
 * company): the values it asks for and the values it was asked against, both
 * whole (every COMPANY_FOUR_EYES_PARAMETERS field). Approving applies the
 * proposed values when the ones in force are still those it was asked
 * against. Rows are never changed: the request holds where it stands.
 */
export const id = '0037_four_eyes_limits';

export const sql = /* sql */ `
ALTER TABLE company_parameters
  ADD COLUMN approval_window_days integer NOT NULL DEFAULT 1 CHECK (approval_window_days BETWEEN 1 AND 31);

CREATE TABLE limited_moves (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  -- one of LIMITED_MOVE_NAMES (src/shared/enums.ts)
  move text NOT NULL CHECK (move IN ('reversal', 'write_off', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal')),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  maker_id integer NOT NULL REFERENCES users(id),
  business_date date NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount >= 0),
  approval_request_id integer REFERENCES approval_requests(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX limited_moves_window ON limited_moves (maker_id, credit_operation_id, move, business_date);
CREATE TRIGGER limited_moves_immutable BEFORE UPDATE OR DELETE ON limited_moves
  FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();

CREATE TABLE company_parameter_changes (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  approval_request_id integer NOT NULL UNIQUE REFERENCES approval_requests(id),
  -- { parameter: value } every four-eyes parameter, as in force when asked and as asked for
  before jsonb NOT NULL CHECK (jsonb_typeof(before) = 'object'),
  proposed jsonb NOT NULL CHECK (jsonb_typeof(proposed) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER company_parameter_changes_immutable BEFORE UPDATE OR DELETE ON company_parameter_changes
  FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
-- Append-only as the money tables are (0036): no TRUNCATE either.
CREATE TRIGGER limited_moves_no_truncate BEFORE TRUNCATE ON limited_moves FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
CREATE TRIGGER company_parameter_changes_no_truncate BEFORE TRUNCATE ON company_parameter_changes FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
