/**
 * Repurchase causes beyond days late: a disbursed operation marked for fraud
 * or for its contract cancelled or rescinded (the borrower's right of
 * withdrawal, a court decision). While a mark is in force the agreement makes
 * the lender buy back every installment of the operation an assignee holds,
 * however late it is.
 *
 * repurchase_cause_marks: one row each time a person sets or clears a cause
 * on an operation, with the business date and the reason. Rows are never
 * changed or deleted (a trigger refuses it): the mark in force is the latest
 * row of the operation and cause, so the history is the table itself. Writers
 * take the operation's row lock first, so two people setting the same cause
 * run one after the other and the second is refused.
 *
 * repurchases.cause: a repurchase made because of a mark records it ('fraud',
 * 'contract_cancelled') beside 'overdue' and 'agreement'.
 */
export const id = '0031_repurchase_causes';

export const sql = /* sql */ `
CREATE TABLE repurchase_cause_marks (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  cause text NOT NULL CHECK (cause IN ('fraud', 'contract_cancelled')),
  action text NOT NULL CHECK (action IN ('set', 'clear')),
  marked_on date NOT NULL,
  reason text NOT NULL CHECK (length(reason) >= 5),
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX repurchase_cause_marks_operation ON repurchase_cause_marks (credit_operation_id, cause, id);

CREATE FUNCTION repurchase_cause_marks_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'repurchase_cause_marks rows are never changed: a mark is cleared by a row of its own' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER repurchase_cause_marks_immutable BEFORE UPDATE OR DELETE ON repurchase_cause_marks FOR EACH ROW EXECUTE FUNCTION repurchase_cause_marks_refuse_change();

ALTER TABLE repurchases DROP CONSTRAINT repurchases_cause_check;
ALTER TABLE repurchases ADD CONSTRAINT repurchases_cause_check CHECK (cause IN ('overdue', 'fraud', 'contract_cancelled', 'agreement'));
`;
