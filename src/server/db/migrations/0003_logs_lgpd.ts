/**
 * Logs at a million entries and LGPD erasure requests.
 *
 * activity_log indexes: one per filter column, each ending in (created_at, id)
 * so "filtered by X, newest first" is an index walk that stops after one page
 * instead of sorting every match. The plain (created_at, id) index serves the
 * unfiltered default order and the period filter.
 */
export const id = '0003_logs_lgpd';

export const sql = /* sql */ `
CREATE INDEX activity_log_created_idx ON activity_log (created_at, id);
CREATE INDEX activity_log_actor_created_idx ON activity_log (actor_id, created_at, id);
CREATE INDEX activity_log_action_created_idx ON activity_log (action text_pattern_ops, created_at, id);
CREATE INDEX activity_log_entity_created_idx ON activity_log (entity, created_at, id);

CREATE TABLE lgpd_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  subject_name text NOT NULL,
  subject_email text,
  channel text NOT NULL CHECK (channel IN ('app', 'email', 'telefone', 'presencial', 'carta', 'outro')),
  received_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'aberto' CHECK (status IN ('aberto', 'concluido', 'recusado')),
  outcome text,
  notes text,
  created_by integer REFERENCES users(id),
  handled_by integer REFERENCES users(id),
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one open request per person: a second registration is a clear 409.
CREATE UNIQUE INDEX lgpd_requests_one_open ON lgpd_requests (user_id) WHERE status = 'aberto';
CREATE INDEX lgpd_requests_status_received_idx ON lgpd_requests (status, received_at, id);
CREATE INDEX lgpd_requests_received_idx ON lgpd_requests (received_at, id);
`;
