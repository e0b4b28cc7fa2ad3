/**
 * Four eyes on credit decisions (maker-checker).
 *
 * approval_requests: one row per decision that needs a second person, of any
 * kind (credit approvals now; servicing's reversals, write-offs, repurchases
 * and cessions later). It records who made the thing being decided (maker),
 * who checked it (checker, and a second checker when the amount is above the
 * limit in force), when, the amounts they saw, and how it ended (pending,
 * approved, rejected, cancelled) with the reason. The rules are also the
 * database's: nobody checks what they made, nobody gives both checks, an
 * approved request has all its checks, and one kind of decision on one record
 * has at most one pending request (a partial unique index, the backstop for
 * two requests racing past the row lock).
 *
 * credit_operations.maker_id/made_at: who built or last changed the
 * conditions, and when (the person who may not approve them). Rows made
 * before this migration take the last 'created' or 'conditions_changed' event
 * of their timeline.
 *
 * company_parameters.second_approval_above: the amount financed above which a
 * credit approval needs a second approver from the administrators.
 */
export const id = '0012_four_eyes';

export const sql = /* sql */ `
ALTER TABLE company_parameters
  ADD COLUMN second_approval_above numeric(14,2) NOT NULL DEFAULT 50000.00 CHECK (second_approval_above >= 0);

ALTER TABLE credit_operations
  ADD COLUMN maker_id integer REFERENCES users(id),
  ADD COLUMN made_at timestamptz;
UPDATE credit_operations o SET
  maker_id = COALESCE((
    SELECT e.actor_id FROM credit_operation_events e
    WHERE e.credit_operation_id = o.id AND e.kind IN ('created', 'conditions_changed') ORDER BY e.id DESC LIMIT 1
  ), o.created_by),
  made_at = COALESCE((
    SELECT e.created_at FROM credit_operation_events e
    WHERE e.credit_operation_id = o.id AND e.kind IN ('created', 'conditions_changed') ORDER BY e.id DESC LIMIT 1
  ), o.created_at);
ALTER TABLE credit_operations ALTER COLUMN made_at SET DEFAULT now();
ALTER TABLE credit_operations ALTER COLUMN made_at SET NOT NULL;

CREATE TABLE approval_requests (
  id serial PRIMARY KEY,
  company_id integer NOT NULL DEFAULT 1 REFERENCES companies(id),
  -- one of APPROVAL_KINDS (src/shared/contract/approvals.ts), e.g. 'credit_operation.approve'
  kind text NOT NULL,
  -- the record decided on (activity-log entity names)
  entity text NOT NULL,
  entity_id integer NOT NULL,
  -- the amount that decided how many checks are needed, and the limit in force then
  amount numeric(14,2) NOT NULL CHECK (amount >= 0),
  limit_amount numeric(14,2) CHECK (limit_amount >= 0),
  -- { name: decimal text } the figures the checkers saw
  amounts jsonb NOT NULL DEFAULT '{}'::jsonb,
  required_checks integer NOT NULL CHECK (required_checks IN (1, 2)),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  maker_id integer NOT NULL REFERENCES users(id),
  made_at timestamptz NOT NULL,
  checker_id integer REFERENCES users(id),
  checked_at timestamptz,
  second_checker_id integer REFERENCES users(id),
  second_checked_at timestamptz,
  -- who rejected or cancelled it (null when approved), when it stopped being pending, and why
  closed_by integer REFERENCES users(id),
  closed_at timestamptz,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (checker_id IS NULL OR checker_id <> maker_id),
  CHECK (second_checker_id IS NULL OR (checker_id IS NOT NULL AND second_checker_id <> maker_id AND second_checker_id <> checker_id)),
  CHECK (second_checker_id IS NULL OR required_checks = 2),
  CHECK (status <> 'approved' OR (checker_id IS NOT NULL AND (required_checks = 1 OR second_checker_id IS NOT NULL))),
  CHECK ((status = 'pending') = (closed_at IS NULL))
);
CREATE UNIQUE INDEX approval_requests_one_pending ON approval_requests (kind, entity_id) WHERE status = 'pending';
CREATE INDEX approval_requests_entity_idx ON approval_requests (entity, entity_id, id);
CREATE INDEX approval_requests_pending_idx ON approval_requests (created_at) WHERE status = 'pending';
`;
