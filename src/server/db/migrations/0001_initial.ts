/**
 * First schema: accounts, sessions, the sign-in side tables, the activity log,
 * the e-mail outbox and uploads. Kept as SQL in a TS module so the server
 * bundle carries its migrations without loose files.
 */
export const id = '0001_initial';

export const sql = /* sql */ `
CREATE TABLE users (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role_id integer NOT NULL DEFAULT 1,
  active boolean NOT NULL DEFAULT false,
  two_factor boolean NOT NULL DEFAULT false,
  force_senha boolean NOT NULL DEFAULT false,
  email_confirmed boolean NOT NULL DEFAULT false,
  cpf text,
  phone text,
  avatar_upload_id integer,
  deleted_at timestamptz,
  anonymised_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- E-mail is unique, case-insensitively, among accounts still in use.
CREATE UNIQUE INDEX users_email_unique ON users (lower(email)) WHERE deleted_at IS NULL;
CREATE INDEX users_role_idx ON users (role_id);

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE two_factor_challenges (
  id serial PRIMARY KEY,
  hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);

CREATE TABLE recovery_codes (
  id serial PRIMARY KEY,
  code_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE email_confirmations (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE login_attempts (
  id serial PRIMARY KEY,
  email text NOT NULL,
  succeeded boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_idx ON login_attempts (lower(email), created_at);

CREATE TABLE activity_log (
  id serial PRIMARY KEY,
  actor_id integer REFERENCES users(id),
  action text NOT NULL,
  entity text NOT NULL,
  entity_id integer,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_log_entity_idx ON activity_log (entity, entity_id);

CREATE TABLE outbox (
  id serial PRIMARY KEY,
  channel text NOT NULL DEFAULT 'email',
  "to" text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_to_idx ON outbox (lower("to"));

CREATE TABLE uploads (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users(id),
  type text NOT NULL,
  name text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  storage_path text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_owner_idx ON uploads (owner_id);
`;
