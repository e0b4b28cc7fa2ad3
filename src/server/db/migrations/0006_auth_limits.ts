/**
 * Sign-in, recovery and registration hardening: counters shared by
 * every server process on the database, and what an outbox message needs so
 * its secret (code, temporary password, token) can be blanked after delivery
 * or expiry and so the LGPD erase finds the person's messages.
 */
export const id = '0006_auth_limits';

export const sql = /* sql */ `
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  used integer NOT NULL,
  window_started_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox_meta (
  outbox_id integer PRIMARY KEY REFERENCES outbox(id) ON DELETE CASCADE,
  user_id integer,
  secret_kind text,
  redacted_body text,
  secret_expires_at timestamptz
);
CREATE INDEX outbox_meta_user ON outbox_meta (user_id);
CREATE INDEX outbox_meta_secret ON outbox_meta (secret_expires_at) WHERE redacted_body IS NOT NULL;
`;
