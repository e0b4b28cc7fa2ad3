/**
 * Speed of the screens people open first, at 200,000 solicitations.
 *
 * The dashboard read every solicitation of the year on each call (a range
 * scan of about 100,000 rows, 1–2 s on PGlite under load). It now reads two
 * small tables of per-month figures instead:
 *
 *   dashboard_received (month, status, converted) → n, value
 *     live solicitations by the Brazilian calendar month they arrived in,
 *     their current status and whether they ever moved into approved;
 *     value = sum of lending_value;
 *   dashboard_approved (month) → n, value
 *     for each live solicitation and each year in which it moved into
 *     approved, its first such move of that year, by month; value = its
 *     current lending_value.
 *
 * Triggers keep them in the same transaction as every write that changes
 * what they count: a solicitation inserted, its status, value, arrival or
 * soft delete changed (the status workflow, the contract issue, the delete,
 * the LGPD erase, the seed, test fixtures and plain SQL alike), a status
 * history move into approved inserted, changed or deleted, and a hard delete
 * (counted out before its history cascades away). Statement-level triggers
 * with transition tables, so a bulk INSERT … SELECT pays one aggregate
 * upsert per statement (and an index probe per row), not an upsert per row.
 * Each upsert touches its keys in key order, so two transactions never lock
 * the same figures in opposite orders within one statement.
 *
 * What the triggers cannot see: a single statement that writes a solicitation
 * and its history together (data-modifying CTEs): each trigger would count
 * the other table's new rows as already there. Write them in two statements.
 * dashboard_rebuild() recounts everything from the rows (used here for the
 * rows already stored, and after a TRUNCATE).
 *
 * Months are those of America/Sao_Paulo (the dashboard's calendar, as in
 * handlers/dashboard.ts).
 *
 * The solicitations lists: pg_trgm indexes for the "contains" filter on the
 * applicant's and company's names (ILIKE '%…%' reads the index instead of
 * every row), one index for the state / person type / value filters (state
 * and type are equalities, the value a range), and one for a status sorted by
 * value. Their count stops at SOLICITATION_COUNT_CAP (services/solicitations.ts).
 */
export const id = '0014_speed';

export const sql = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX solicitations_name_trgm_idx ON solicitations USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX solicitations_legal_name_trgm_idx ON solicitations USING gin (legal_name gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX solicitations_company_name_trgm_idx ON solicitations USING gin (company_name gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX solicitations_kind_idx ON solicitations (upper(state), type_credit, lending_value) WHERE deleted_at IS NULL;
-- A status list sorted by the value asked (either direction): an index walk that stops after the page.
CREATE INDEX solicitations_status_value_idx ON solicitations (status, lending_value, id) WHERE deleted_at IS NULL;

-- One solicitation's moves into approved: what every figure below probes, one small index range per solicitation.
CREATE INDEX solicitation_status_history_approved_idx ON solicitation_status_history (solicitation_id, created_at) WHERE to_status = 'approved';

CREATE TABLE dashboard_received (
  month date NOT NULL,
  status text NOT NULL,
  converted boolean NOT NULL,
  n integer NOT NULL,
  value numeric NOT NULL,
  PRIMARY KEY (month, status, converted)
);

CREATE TABLE dashboard_approved (
  month date PRIMARY KEY,
  n integer NOT NULL,
  value numeric NOT NULL
);

-- The first day of the Brazilian calendar month of an instant.
CREATE FUNCTION dashboard_month(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_trunc('month', at AT TIME ZONE 'America/Sao_Paulo')::date $$;

-- A solicitation as the figures see it, counted in (sign 1) or out (sign -1).
CREATE TYPE dashboard_fact AS (id integer, created_at timestamptz, status text, value numeric, sign integer);
-- A move into approved written (added_id: its history id) or removed (removed_at: when it was).
CREATE TYPE dashboard_approval_change AS (solicitation_id integer, added_id integer, removed_at timestamptz);

-- The functions below never join two sets of unknown size: every solicitation is looked up through LATERAL
-- subqueries that only an index probe can answer. PGlite runs no autovacuum, so its statistics are often none or
-- stale; a plan chosen on them must not turn a 100,000-row load into 100,000 × 100,000 comparisons, nor a status
-- change into a scan of every approval.

-- Counts solicitations in or out of both tables, reading their history as it is now.
CREATE FUNCTION dashboard_apply_facts(facts dashboard_fact[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_received AS d (month, status, converted, n, value)
  SELECT dashboard_month(f.created_at), f.status, c.converted IS NOT NULL, sum(f.sign), sum(f.sign * f.value)
  FROM unnest(facts) f
  LEFT JOIN LATERAL (
    SELECT true AS converted FROM solicitation_status_history h
    WHERE h.solicitation_id = f.id AND h.to_status = 'approved'
    LIMIT 1
  ) c ON true
  GROUP BY 1, 2, 3
  HAVING sum(f.sign) <> 0 OR sum(f.sign * f.value) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (month, status, converted) DO UPDATE SET n = d.n + excluded.n, value = d.value + excluded.value;

  INSERT INTO dashboard_approved AS d (month, n, value)
  SELECT a.month, sum(f.sign), sum(f.sign * f.value)
  FROM unnest(facts) f
  CROSS JOIN LATERAL (
    SELECT dashboard_month(min(h.created_at)) AS month
    FROM solicitation_status_history h
    WHERE h.solicitation_id = f.id AND h.to_status = 'approved'
    GROUP BY extract(year FROM h.created_at AT TIME ZONE 'America/Sao_Paulo')
  ) a
  GROUP BY 1
  HAVING sum(f.sign) <> 0 OR sum(f.sign * f.value) <> 0
  ORDER BY 1
  ON CONFLICT (month) DO UPDATE SET n = d.n + excluded.n, value = d.value + excluded.value;
END $$;

-- For each live solicitation whose moves into approved changed: counts it out as it was (its approvals now, less
-- those just written, plus those just removed) and in as it is, in both tables.
CREATE FUNCTION dashboard_apply_approvals(changes dashboard_approval_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH per AS (
    SELECT c.solicitation_id AS id,
           coalesce(array_agg(c.added_id) FILTER (WHERE c.added_id IS NOT NULL), '{}') AS added,
           coalesce(array_agg(c.removed_at) FILTER (WHERE c.removed_at IS NOT NULL), '{}') AS removed
    FROM unnest(changes) c
    GROUP BY 1
  ),
  states AS (
    SELECT s.created_at, s.status, s.value, v.sign, v.approvals
    FROM per p
    CROSS JOIN LATERAL (
      SELECT r.created_at, r.status, r.lending_value AS value FROM solicitations r
      WHERE r.id = p.id AND r.deleted_at IS NULL
      LIMIT 1
    ) s
    CROSS JOIN LATERAL (
      SELECT -1 AS sign,
             ARRAY(SELECT h.created_at FROM solicitation_status_history h
                   WHERE h.solicitation_id = p.id AND h.to_status = 'approved' AND h.id <> ALL (p.added)) || p.removed AS approvals
      UNION ALL
      SELECT 1,
             ARRAY(SELECT h.created_at FROM solicitation_status_history h
                   WHERE h.solicitation_id = p.id AND h.to_status = 'approved')
    ) v
  ),
  received AS (
    INSERT INTO dashboard_received AS d (month, status, converted, n, value)
    SELECT dashboard_month(st.created_at), st.status, cardinality(st.approvals) > 0, sum(st.sign), sum(st.sign * st.value)
    FROM states st
    GROUP BY 1, 2, 3
    HAVING sum(st.sign) <> 0 OR sum(st.sign * st.value) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (month, status, converted) DO UPDATE SET n = d.n + excluded.n, value = d.value + excluded.value
    RETURNING 1
  )
  INSERT INTO dashboard_approved AS d (month, n, value)
  SELECT f.month, sum(st.sign), sum(st.sign * st.value)
  FROM states st
  CROSS JOIN LATERAL (
    SELECT dashboard_month(min(a.at)) AS month
    FROM unnest(st.approvals) a(at)
    GROUP BY extract(year FROM a.at AT TIME ZONE 'America/Sao_Paulo')
  ) f
  GROUP BY 1
  HAVING sum(st.sign) <> 0 OR sum(st.sign * st.value) <> 0
  ORDER BY 1
  ON CONFLICT (month) DO UPDATE SET n = d.n + excluded.n, value = d.value + excluded.value;
END $$;

CREATE FUNCTION dashboard_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM dashboard_received;
  DELETE FROM dashboard_approved;
  INSERT INTO dashboard_received (month, status, converted, n, value)
  SELECT dashboard_month(s.created_at), s.status,
         EXISTS (SELECT 1 FROM solicitation_status_history h WHERE h.solicitation_id = s.id AND h.to_status = 'approved'),
         count(*), sum(s.lending_value)
  FROM solicitations s
  WHERE s.deleted_at IS NULL
  GROUP BY 1, 2, 3;
  INSERT INTO dashboard_approved (month, n, value)
  SELECT a.month, count(*), sum(s.lending_value)
  FROM (
    SELECT solicitation_id, dashboard_month(min(created_at)) AS month
    FROM solicitation_status_history
    WHERE to_status = 'approved'
    GROUP BY solicitation_id, extract(year FROM created_at AT TIME ZONE 'America/Sao_Paulo')
  ) a
  JOIN solicitations s ON s.id = a.solicitation_id AND s.deleted_at IS NULL
  GROUP BY 1;
$$;

CREATE FUNCTION dashboard_solicitations_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each row as it was counts out, as it is counts in: a row whose counted columns did not change nets to nothing.
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_apply_facts(ARRAY(
      SELECT ROW(n.id, n.created_at, n.status, n.lending_value, 1)::dashboard_fact FROM new_rows n WHERE n.deleted_at IS NULL));
  ELSE
    PERFORM dashboard_apply_facts(
      ARRAY(SELECT ROW(o.id, o.created_at, o.status, o.lending_value, -1)::dashboard_fact FROM old_rows o WHERE o.deleted_at IS NULL)
      || ARRAY(SELECT ROW(n.id, n.created_at, n.status, n.lending_value, 1)::dashboard_fact FROM new_rows n WHERE n.deleted_at IS NULL));
  END IF;
  RETURN NULL;
END $$;

-- Before the row goes: its history (which says whether it was approved) is deleted by the cascade right after.
CREATE FUNCTION dashboard_solicitation_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    PERFORM dashboard_apply_facts(ARRAY[ROW(OLD.id, OLD.created_at, OLD.status, OLD.lending_value, -1)::dashboard_fact]);
  END IF;
  RETURN OLD;
END $$;

CREATE FUNCTION dashboard_history_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes dashboard_approval_change[] := '{}';
BEGIN
  -- Most moves are not into approved: nothing to count then.
  IF TG_OP <> 'DELETE' THEN
    changes := ARRAY(SELECT ROW(n.solicitation_id, n.id, NULL)::dashboard_approval_change FROM new_rows n WHERE n.to_status = 'approved');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(SELECT ROW(o.solicitation_id, NULL, o.created_at)::dashboard_approval_change FROM old_rows o WHERE o.to_status = 'approved');
  END IF;
  IF cardinality(changes) > 0 THEN
    PERFORM dashboard_apply_approvals(changes);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION dashboard_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_rebuild();
  RETURN NULL;
END $$;

-- A trigger with transition tables takes one event: one per event, same function.
CREATE TRIGGER dashboard_solicitations_insert AFTER INSERT ON solicitations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_solicitations_written();
CREATE TRIGGER dashboard_solicitations_update AFTER UPDATE ON solicitations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_solicitations_written();
CREATE TRIGGER dashboard_solicitations_delete BEFORE DELETE ON solicitations
  FOR EACH ROW EXECUTE FUNCTION dashboard_solicitation_deleting();
CREATE TRIGGER dashboard_solicitations_truncate AFTER TRUNCATE ON solicitations
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_truncated();

CREATE TRIGGER dashboard_history_insert AFTER INSERT ON solicitation_status_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_written();
CREATE TRIGGER dashboard_history_update AFTER UPDATE ON solicitation_status_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_written();
CREATE TRIGGER dashboard_history_delete AFTER DELETE ON solicitation_status_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_written();
CREATE TRIGGER dashboard_history_truncate AFTER TRUNCATE ON solicitation_status_history
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_truncated();

SELECT dashboard_rebuild();
`;
