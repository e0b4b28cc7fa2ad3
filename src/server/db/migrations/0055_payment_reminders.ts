/**
 * Payment reminders (areas/reminders; its README has the rules).
 *
 * reminder_settings: the company's rules of when to remind (offsets in days
 * from the due date, each with its channels, as JSON) and its working hours;
 * no row means the defaults (@shared/reminders).
 *
 * reminder_opt_outs: a borrower who opted out of a channel (one row per
 * borrower and channel; removed when they opt back in).
 *
 * payment_reminders: one reminder per installment, rule offset and channel —
 * the unique key that makes the run idempotent, also when two servers run it
 * at once — with its state (queued, sent, skipped, failed, as @shared/reminders
 * declared them when this migration was made) and the reason of a skip or a
 * hold. The partial index serves the sender's claim of queued rows.
 * No foreign keys on its three ids, on purpose: each row is inserted from a
 * join on the live installment, operation and borrower (so they exist), none
 * of them is deleted once collected (a released operation's rows stay; the
 * borrowers' erase keeps those with operations), and the three per-row checks
 * were more than half the cost of queuing 100,000 reminders (bench u).
 */
export const id = '0055_payment_reminders';

export const sql = /* sql */ `
CREATE TABLE reminder_settings (
  company_id integer PRIMARY KEY REFERENCES companies(id),
  rules jsonb NOT NULL,
  hours_start text NOT NULL CHECK (hours_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  hours_end text NOT NULL CHECK (hours_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  updated_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (hours_start < hours_end)
);

CREATE TABLE reminder_opt_outs (
  borrower_id integer NOT NULL REFERENCES borrowers(id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (borrower_id, channel)
);

CREATE TABLE payment_reminders (
  id serial PRIMARY KEY,
  installment_id integer NOT NULL,
  credit_operation_id integer NOT NULL,
  borrower_id integer NOT NULL,
  offset_days integer NOT NULL CHECK (offset_days BETWEEN -30 AND 90),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  due_date date NOT NULL,
  scheduled_on date NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'sent', 'skipped', 'failed')),
  reason text CHECK (reason IN ('opted_out', 'no_email', 'no_phone', 'outside_hours', 'installment_closed', 'provider_error')),
  recipient text,
  error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payment_reminders_once UNIQUE (installment_id, offset_days, channel)
);
CREATE INDEX payment_reminders_queued ON payment_reminders (id) WHERE status = 'queued';
`;
