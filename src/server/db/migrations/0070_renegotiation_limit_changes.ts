/**
 * renegotiation_limit_changes: a change of the renegotiation limits per role
 * asked by an administrator and waiting for another (four eyes, approval kind
 * 'renegotiation.limits', entity the company: one at a time), with the limits
 * in force when asked and those asked for (jsonb lists of role, percent,
 * amount). Only the approval applies them to renegotiation_limits.
 * Append-only (the servicing triggers and the TRUNCATE guard).
 */
export const id = '0070_renegotiation_limit_changes';

export const sql = /* sql */ `
CREATE TABLE renegotiation_limit_changes (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  approval_request_id integer NOT NULL UNIQUE REFERENCES approval_requests(id),
  before jsonb NOT NULL,
  proposed jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER renegotiation_limit_changes_immutable BEFORE UPDATE OR DELETE ON renegotiation_limit_changes FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_limit_changes_no_truncate BEFORE TRUNCATE ON renegotiation_limit_changes FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
