/**
 * Negativação through a credit bureau (areas/negativation; its README has the rules and their legal sources).
 *
 * negativation_records: one installment sent to the bureau, with its state (submitted, notified, active,
 * removal_queued, removed, as @shared/negativation declared them when this migration was made), the provider and
 * its protocol, the day of each step, why and when the removal became due and its deadline (five business days
 * after the payment, STJ Súmula 548). At most one record per installment that is not removed (the partial unique
 * index: two submits of one installment cannot both pass).
 *
 * negativation_events: the record's life, one row per move, append-only (the trigger refuses UPDATE and DELETE).
 */
export const id = '0059_negativation';

export const sql = /* sql */ `
CREATE TABLE negativation_records (
  id serial PRIMARY KEY,
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  borrower_id integer NOT NULL REFERENCES borrowers(id),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  due_date date NOT NULL,
  provider text NOT NULL,
  protocol text,
  status text NOT NULL CHECK (status IN ('submitted', 'notified', 'active', 'removal_queued', 'removed')),
  submitted_on date NOT NULL,
  notified_on date,
  active_on date,
  settled_on date,
  removal_reason text CHECK (removal_reason IN ('paid', 'not_overdue')),
  removal_due_on date,
  removed_on date,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status IN ('removal_queued', 'removed')) = (removal_due_on IS NOT NULL))
);
CREATE UNIQUE INDEX negativation_records_open ON negativation_records (installment_id) WHERE status <> 'removed';
CREATE INDEX negativation_records_status ON negativation_records (status);

CREATE TABLE negativation_events (
  id serial PRIMARY KEY,
  record_id integer NOT NULL REFERENCES negativation_records(id),
  kind text NOT NULL CHECK (kind IN ('submitted', 'notified', 'active', 'removal_queued', 'removed')),
  business_date date NOT NULL,
  detail text,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX negativation_events_record ON negativation_events (record_id, id);

CREATE FUNCTION negativation_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'negativation_events is append-only' USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER negativation_events_append_only BEFORE UPDATE OR DELETE ON negativation_events FOR EACH ROW EXECUTE FUNCTION negativation_events_refuse_change();
`;
