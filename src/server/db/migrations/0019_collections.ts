/**
 * The collections desk's list of expired installments at a million
 * installments (areas/collection/collections.ts).
 *
 * Overdue is derived from the business date, never stored: the list asks for
 * the installments being collected and not settled (paid_on IS NULL) due on or
 * before a day the code computes with the bank calendar, most days late first.
 *
 * credit_operation_installments.collecting: whether the installment's
 * operation is being collected (status disbursed, COLLECTING_STATUSES in
 * src/shared/credit-operation-status.ts; the integration suite checks the two
 * agree). The schedules of proposals, refusals and cancellations are never
 * paid, so without it every unsettled row of every operation ever proposed
 * would sit among the candidates and each would need its operation read to
 * be left out (a join per row: half a second to count ten thousand at a
 * million installments). It is kept by triggers, like the dashboard's figures
 * of migration 0014, whatever code path moves an operation or writes a
 * schedule: an operation's status change sets it on its installments, and an
 * installment inserted takes its operation's.
 *
 * Partial indexes on the unsettled installments being collected only — a
 * small part of a mature portfolio, shrinking as installments are paid — by
 * due date then id (the filter and the default order, most days late first,
 * and its reverse) and by value (the sort by value). Each carries the other
 * columns the list filters on (operation, value, due date), so a filtered
 * page and its count read the index alone, the operation's filters being a
 * list of operation ids (credit_operations (product, id) gives the ids of a
 * product). They also serve the dashboard's portfolio-at-risk figures.
 *
 * A stored non-payment status of an installment (written off, renegotiated)
 * joins the list's conditions on the same row; these indexes stay usable.
 */
export const id = '0019_collections';

export const sql = /* sql */ `
ALTER TABLE credit_operation_installments ADD COLUMN collecting boolean NOT NULL DEFAULT false;

UPDATE credit_operation_installments i SET collecting = true
  FROM credit_operations o
 WHERE o.id = i.credit_operation_id AND o.status IN ('disbursed');

CREATE FUNCTION installments_collecting_follow_operation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE credit_operation_installments
     SET collecting = (NEW.status IN ('disbursed'))
   WHERE credit_operation_id = NEW.id AND collecting IS DISTINCT FROM (NEW.status IN ('disbursed'));
  RETURN NULL;
END;
$$;
CREATE TRIGGER credit_operations_collecting AFTER UPDATE OF status ON credit_operations
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION installments_collecting_follow_operation();

CREATE FUNCTION installment_collecting_of_operation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT status IN ('disbursed') INTO NEW.collecting FROM credit_operations WHERE id = NEW.credit_operation_id;
  NEW.collecting := coalesce(NEW.collecting, false);
  RETURN NEW;
END;
$$;
CREATE TRIGGER credit_operation_installments_collecting BEFORE INSERT OR UPDATE OF credit_operation_id, collecting ON credit_operation_installments
  FOR EACH ROW EXECUTE FUNCTION installment_collecting_of_operation();

CREATE INDEX credit_operation_installments_expired_due ON credit_operation_installments (due_date, id)
  INCLUDE (credit_operation_id, payment) WHERE paid_on IS NULL AND collecting;
CREATE INDEX credit_operations_product ON credit_operations (product, id);
CREATE INDEX credit_operation_installments_expired_value ON credit_operation_installments (payment, id)
  INCLUDE (due_date, credit_operation_id) WHERE paid_on IS NULL AND collecting;
`;
