/**
 * Doc 3044 events of renegotiation agreements (areas/regulatory/doc3044, its
 * README has the rules and their sources).
 *
 * scr_events: an agreement broken (renegotiation_breaks) is an event with no
 * journal posting (the break posts nothing: the receivable does not change),
 * one per operation of the agreement: break_id names it, posting_id is then
 * null (exactly one of the two), unique per (break, operation). The event kind
 * 'renegotiation_break' added to the kinds the CHECK holds when this runs
 * (read from the constraint in force, as 0066 does).
 */
export const id = '0073_scr_agreement_events';

export const sql = /* sql */ `
ALTER TABLE scr_events ALTER COLUMN posting_id DROP NOT NULL;
ALTER TABLE scr_events ADD COLUMN break_id integer REFERENCES renegotiation_breaks(id);
ALTER TABLE scr_events ADD CONSTRAINT scr_events_source CHECK ((posting_id IS NULL) <> (break_id IS NULL));
CREATE UNIQUE INDEX scr_events_break ON scr_events (break_id, credit_operation_id) WHERE break_id IS NOT NULL;

DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(m[1]), ', ' ORDER BY m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'scr_events_kind_check' AND c.conrelid = 'scr_events'::regclass;
  ALTER TABLE scr_events DROP CONSTRAINT scr_events_kind_check;
  EXECUTE format('ALTER TABLE scr_events ADD CONSTRAINT scr_events_kind_check CHECK (kind IN (%s, %L))', kinds, 'renegotiation_break');
END
$$;
`;
