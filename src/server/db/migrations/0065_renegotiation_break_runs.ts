/**
 * The break rule's daily run (areas/renegotiation/break-job.ts): one row per
 * business date the server's job ran the rule on, with how many agreements it
 * broke. The primary key is the day: a second server, or the same server after
 * a restart, that finds the day's row does not run it again (the row commits
 * with the breaks it recorded, or not at all). Append-only (the servicing
 * triggers and the TRUNCATE guard). A person's on-demand run
 * (renegotiation.runBreaks) writes no row: it may run any time.
 */
export const id = '0065_renegotiation_break_runs';

export const sql = /* sql */ `
CREATE TABLE renegotiation_break_runs (
  business_date date PRIMARY KEY,
  broken integer NOT NULL CHECK (broken >= 0),
  ran_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER renegotiation_break_runs_immutable BEFORE UPDATE OR DELETE ON renegotiation_break_runs FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER renegotiation_break_runs_no_truncate BEFORE TRUNCATE ON renegotiation_break_runs FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
