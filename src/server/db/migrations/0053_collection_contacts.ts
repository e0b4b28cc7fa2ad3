/**
 * The collections desk's contact log and promises to pay (areas/collections-desk;
 * its README has the rules).
 *
 * collection_contacts: one row per contact with the borrower of an operation —
 * the channel, who started it, its outcome from the declared list
 * (@shared/contacts, written out here as it stood when this migration was
 * made), a note, who logged it and when it happened (an instant). Never
 * edited: a wrong entry is corrected by a new one.
 *
 * payment_promises: the promise a contact carried (one at most, only with the
 * outcome 'promised'): the business date it was made on, the date promised and
 * the amount. Its state (open, kept, broken) is derived from the operation's
 * payments and the business date, never stored.
 *
 * Both are append-only (UPDATE, DELETE and TRUNCATE refused, as migration 0036's facts).
 */
export const id = '0053_collection_contacts';

export const sql = /* sql */ `
CREATE TABLE collection_contacts (
  id serial PRIMARY KEY,
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  channel text NOT NULL CHECK (channel IN ('phone', 'whatsapp', 'email', 'sms', 'in_person')),
  direction text NOT NULL CHECK (direction IN ('outbound', 'inbound')),
  outcome text NOT NULL CHECK (outcome IN ('promised', 'spoke_no_promise', 'claims_paid', 'disputes_debt', 'callback_requested', 'no_answer', 'left_message', 'wrong_contact', 'refused')),
  note text CHECK (char_length(note) <= 2000),
  contacted_at timestamptz NOT NULL,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collection_contacts_operation ON collection_contacts (credit_operation_id, contacted_at DESC, id DESC);

CREATE TABLE payment_promises (
  id serial PRIMARY KEY,
  contact_id integer NOT NULL UNIQUE REFERENCES collection_contacts(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  made_on date NOT NULL,
  promised_on date NOT NULL CHECK (promised_on >= made_on),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_promises_operation ON payment_promises (credit_operation_id, id DESC);

CREATE TRIGGER collection_contacts_immutable BEFORE UPDATE OR DELETE ON collection_contacts FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER payment_promises_immutable BEFORE UPDATE OR DELETE ON payment_promises FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER collection_contacts_no_truncate BEFORE TRUNCATE ON collection_contacts FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
CREATE TRIGGER payment_promises_no_truncate BEFORE TRUNCATE ON payment_promises FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
