/**
 * saved_reports.sort: the header sort a parameterized report had when saved
 * ({"field": a sortable column, "order": "ASC" | "DESC"}), so opening it shows
 * the rows in the order the team agreed on; null keeps the report's default
 * order (release date, then id). The column is checked by the contract when
 * saved and again when run, like the columns and filters.
 */
export const id = '0035_saved_report_sort';

export const sql = /* sql */ `
ALTER TABLE saved_reports ADD COLUMN sort jsonb
  CHECK (sort IS NULL OR (jsonb_typeof(sort->'field') = 'string' AND sort->>'order' IN ('ASC', 'DESC')));
`;
