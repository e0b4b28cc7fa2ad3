/**
 * SCR Doc 3044 events (areas/regulatory/doc3044; its README section has the
 * rules and sources). Owned by the regulatory area; the journal is only read.
 *
 * scr_3044_files: one row per JSON remittance generated — its text, SHA-256,
 * the count of events it carries, who made it and when, and who recorded it
 * as sent to the Central Bank and when.
 *
 * scr_events: one row per journal posting that is a 3044 event (a
 * disbursement, payment, reversal, prepayment, cession or its reversal of an
 * operation; unique per posting, so two refreshes at once insert it once):
 * the event's kind, the record's action (1 inclusão), the IPOC's parts, the
 * amount, the balance after the event (the operation's receivable after the
 * posting), the event's business date and its deadline (five business days
 * after), the last file that carried it, and when and by whom it was sent.
 * No status column: pending while sent_at is null, sent after; late is
 * pending past the deadline.
 *
 * scr_event_cursor: the last posting id a refresh looked at (one row).
 */
export const id = '0049_scr_3044_events';

export const sql = /* sql */ `
CREATE TABLE scr_3044_files (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  generated_on date NOT NULL,
  remittance_at text NOT NULL,
  content text NOT NULL,
  sha256 text NOT NULL,
  event_count integer NOT NULL CHECK (event_count > 0),
  created_by integer REFERENCES users(id),
  sent_at timestamptz,
  sent_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((sent_at IS NULL) = (sent_by IS NULL))
);

CREATE TABLE scr_events (
  id serial PRIMARY KEY,
  posting_id integer NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('disbursement', 'payment', 'settlement', 'reversal', 'cession', 'cession_reversal', 'renegotiation')),
  acao smallint NOT NULL CHECK (acao BETWEEN 1 AND 3),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  ipoc_cnpj text NOT NULL,
  ipoc_modality text NOT NULL,
  ipoc_client_type text NOT NULL,
  ipoc_client_code text NOT NULL,
  ipoc_contract text NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount >= 0),
  balance_after numeric(14,2) NOT NULL,
  event_date date NOT NULL,
  deadline date NOT NULL CHECK (deadline > event_date),
  file_id integer REFERENCES scr_3044_files(id),
  sent_at timestamptz,
  sent_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((sent_at IS NULL) = (sent_by IS NULL))
);
CREATE INDEX scr_events_open ON scr_events (deadline, id) WHERE sent_at IS NULL;
CREATE INDEX scr_events_date ON scr_events (event_date, id);
CREATE INDEX scr_events_operation ON scr_events (credit_operation_id, id);
CREATE INDEX scr_events_file ON scr_events (file_id) WHERE file_id IS NOT NULL;

CREATE TABLE scr_event_cursor (
  id integer PRIMARY KEY CHECK (id = 1),
  last_posting_id integer NOT NULL
);
INSERT INTO scr_event_cursor (id, last_posting_id) VALUES (1, 0);
`;
