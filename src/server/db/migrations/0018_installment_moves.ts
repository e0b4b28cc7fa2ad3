/**
 * The moves a person makes on an installment besides paying it, and the
 * write-off of what an operation has left to collect.
 *
 * installment_states: the installment's status when it is not what its
 * payments say (renegotiated, written off; assigned and repurchased when
 * cessions come). No row, or a null status, means the payments decide (open,
 * partially paid, paid: derived, never stored). Servicing owns it; the
 * schedule rows belong to the operations area, so the status lives beside
 * them, keyed by the installment.
 *
 * installment_write_offs: each write-off of an installment's open principal
 * as a loss, and each undoing of one (its own row naming the write-off, at
 * most one per write-off), never updated or deleted, like the payments. Each
 * keeps the principal, the business date, the reason, the approval request
 * a second person approved, and the journal posting written with it.
 *
 * installment_titles: what the bank title (boleto) needs that the schedule
 * does not have: the document number (seu número), the instruction to protest
 * or to report to the credit bureaus (negativação) after some days, one or the
 * other, and a note printed in the instructions. Versioned: a stale save is a
 * 409.
 *
 * credit_operations.status takes 'written_off': everything the operation had
 * left to collect was written off. The check is rebuilt from the values it
 * holds plus this one (read from the catalogue), so migrations written in
 * parallel that add other statuses compose in any order.
 */
export const id = '0018_installment_moves';

export const sql = /* sql */ `
-- Adds 'written_off' to whatever values the status check holds now, so that
-- another migration adding its own status before this one keeps it.
DO $$
DECLARE
  allowed text;
BEGIN
  SELECT string_agg(quote_literal(v), ', ' ORDER BY v) INTO allowed FROM (
    SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g'))[1] AS v
      FROM pg_constraint c
     WHERE c.conrelid = 'credit_operations'::regclass AND c.conname = 'credit_operations_status_check'
    UNION
    SELECT 'written_off'
  ) statuses;
  ALTER TABLE credit_operations DROP CONSTRAINT credit_operations_status_check;
  EXECUTE format('ALTER TABLE credit_operations ADD CONSTRAINT credit_operations_status_check CHECK (status IN (%s))', allowed);
END;
$$;

CREATE TABLE installment_states (
  installment_id integer PRIMARY KEY REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  status text CHECK (status IN ('renegotiated', 'written_off', 'assigned', 'repurchased')),
  reason text,
  actor_id integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX installment_states_operation ON installment_states (credit_operation_id) WHERE status IS NOT NULL;

CREATE TABLE installment_write_offs (
  id serial PRIMARY KEY,
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  principal numeric(14,2) NOT NULL CHECK (principal >= 0),
  written_off_on date NOT NULL,
  reason text NOT NULL CHECK (reason <> ''),
  undoes_id integer UNIQUE REFERENCES installment_write_offs(id),
  approval_request_id integer REFERENCES approval_requests(id),
  posting_id integer,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (undoes_id IS NOT NULL OR approval_request_id IS NOT NULL),
  CHECK ((posting_id IS NULL) = (principal = 0))
);
CREATE INDEX installment_write_offs_installment ON installment_write_offs (installment_id, id);
CREATE INDEX installment_write_offs_operation ON installment_write_offs (credit_operation_id);
CREATE TRIGGER installment_write_offs_immutable BEFORE UPDATE OR DELETE ON installment_write_offs
  FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();

CREATE TABLE installment_titles (
  installment_id integer PRIMARY KEY REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  document_number text CHECK (document_number IS NULL OR length(document_number) BETWEEN 1 AND 15),
  protest_days integer CHECK (protest_days BETWEEN 1 AND 90),
  negativation_days integer CHECK (negativation_days BETWEEN 1 AND 90),
  note text CHECK (note IS NULL OR length(note) <= 200),
  version integer NOT NULL DEFAULT 1,
  actor_id integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (protest_days IS NULL OR negativation_days IS NULL)
);
`;
