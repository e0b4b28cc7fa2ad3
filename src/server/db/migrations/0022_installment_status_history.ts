/**
 * The history of an installment's stored status, by business date, so that
 * the installments seen as of a past day show the status they had that day
 * (a write-off viewed before it happened shows what the payments gave then;
 * after an undo, the days between show written off).
 *
 * installment_states keeps only the status now and the wall-clock moment it
 * was written (updated_at), which is overwritten by the next move: it cannot
 * answer for a past day. installment_status_history keeps one row per move,
 * never updated or deleted: the status from that business date on (null: the
 * payments decide again), the reason and who. The status on day D is the
 * latest row with effective_on <= D (ties: the one written last).
 *
 * Rows written before this table existed are rebuilt from what is known:
 * write-offs and their undoings carry their business date (written_off_on);
 * another stored status (renegotiated) only its wall-clock moment, taken as
 * the lender's calendar day of that moment, the nearest business date known.
 */
export const id = '0022_installment_status_history';

export const sql = /* sql */ `
CREATE TABLE installment_status_history (
  id serial PRIMARY KEY,
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  status text CHECK (status IN ('renegotiated', 'written_off', 'assigned', 'repurchased')),
  effective_on date NOT NULL,
  reason text,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX installment_status_history_installment ON installment_status_history (installment_id, effective_on, id);
CREATE INDEX installment_status_history_operation ON installment_status_history (credit_operation_id);
CREATE TRIGGER installment_status_history_immutable BEFORE UPDATE OR DELETE ON installment_status_history
  FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();

INSERT INTO installment_status_history (installment_id, credit_operation_id, status, effective_on, reason, actor_id, created_at)
SELECT installment_id, credit_operation_id, status, effective_on, reason, actor_id, created_at FROM (
  SELECT w.installment_id, w.credit_operation_id,
         CASE WHEN w.undoes_id IS NULL THEN 'written_off' END AS status,
         w.written_off_on AS effective_on, w.reason, w.actor_id, w.created_at
    FROM installment_write_offs w
  UNION ALL
  SELECT s.installment_id, s.credit_operation_id, s.status,
         (s.updated_at AT TIME ZONE 'America/Sao_Paulo')::date, s.reason, s.actor_id, s.updated_at
    FROM installment_states s
   WHERE s.status IS NOT NULL AND s.status <> 'written_off'
) moves
ORDER BY created_at;
`;
