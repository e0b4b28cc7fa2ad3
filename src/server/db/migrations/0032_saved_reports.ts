/**
 * saved_reports: the parameterized reports a company keeps by name (the
 * columns in the order chosen and the filters as given). Shared by everyone
 * of the company who reads reports, so one name means one report for the
 * whole team; who saved it last and when are kept. Names are unique per
 * company ignoring case (saving an existing name replaces it). The columns
 * and filters are checked by the contract when saved and again when run, so
 * a definition saved before a catalogue change is refused by name, never
 * guessed.
 */
export const id = '0032_saved_reports';

export const sql = /* sql */ `
CREATE TABLE saved_reports (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  columns text[] NOT NULL CHECK (cardinality(columns) > 0),
  filter jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_reports_company_name_key ON saved_reports (company_id, lower(name));
`;
