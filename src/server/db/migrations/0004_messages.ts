/**
 * Broadcast messages: a broadcast and its recipients, fixed when it is
 * created so the background sender (services/messages-sender.ts) works from
 * the table alone and picks up where it stopped after a restart. Also gives
 * entrepreneurs a (still optional) state and city, the broadcast filters.
 */
export const id = '0004_messages';

export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN state text;
ALTER TABLE users ADD COLUMN city text;

CREATE TABLE broadcasts (
  id serial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  subject text,
  body text NOT NULL,
  selection jsonb NOT NULL,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE broadcast_recipients (
  id serial PRIMARY KEY,
  broadcast_id integer NOT NULL REFERENCES broadcasts(id),
  user_id integer REFERENCES users(id),
  name text,
  contact text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  error text,
  claimed_at timestamptz,
  attempt_id text,
  attempted_at timestamptz,
  sent_at timestamptz
);
CREATE INDEX broadcast_recipients_broadcast ON broadcast_recipients (broadcast_id, id);
CREATE INDEX broadcast_recipients_pending ON broadcast_recipients (status, id) WHERE status IN ('queued', 'sending');
`;
