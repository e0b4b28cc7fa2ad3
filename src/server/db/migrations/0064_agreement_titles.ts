/**
 * An agreement's down payment payable, and a boleto and Pix charge for an
 * agreement's installment (areas/renegotiation, areas/boletos, areas/pix; their
 * READMEs have the rules).
 *
 * renegotiation_installments: number 0 is the down payment (entrada), due on
 * the agreement's date or the day the operator chose; interest 0, its whole
 * value as amortization (the receivable the agreement debited holds it). The
 * agreements made before this migration with a down payment get theirs, due on
 * their agreement's date.
 *
 * boleto_slips and pix_charges: a title's owner is an operation's installment
 * (kind 'installment', installment_id) or an agreement's installment (kind
 * 'agreement', agreement_installment_id), never both; credit_operation_id
 * stays the operation whose contract gives the late charges (an agreement's
 * first operation, by id).
 *
 * pix_notices: a pix settled on an agreement installment names the agreement
 * payment (agreement_payment_id) instead of an installment transaction.
 */
export const id = '0064_agreement_titles';

export const sql = /* sql */ `
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'renegotiation_installments'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%number >= 1%'
  LOOP
    EXECUTE format('ALTER TABLE renegotiation_installments DROP CONSTRAINT %I', c.conname);
  END LOOP;
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'pix_notices'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%transaction_id IS NOT NULL%'
  LOOP
    EXECUTE format('ALTER TABLE pix_notices DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;
ALTER TABLE renegotiation_installments ADD CONSTRAINT renegotiation_installments_number_check CHECK (number >= 0);

INSERT INTO renegotiation_installments (agreement_id, number, due_date, payment, interest, amortization, balance)
SELECT a.id, 0, a.agreement_date, a.down_payment, 0, a.down_payment, a.principal
  FROM renegotiation_agreements a
 WHERE a.down_payment > 0
   AND NOT EXISTS (SELECT 1 FROM renegotiation_installments i WHERE i.agreement_id = a.id AND i.number = 0);

ALTER TABLE boleto_slips ADD COLUMN kind text NOT NULL DEFAULT 'installment' CHECK (kind IN ('installment', 'agreement'));
ALTER TABLE boleto_slips ADD COLUMN agreement_installment_id integer REFERENCES renegotiation_installments(id);
ALTER TABLE boleto_slips ALTER COLUMN installment_id DROP NOT NULL;
ALTER TABLE boleto_slips ADD CONSTRAINT boleto_slips_owner CHECK (
  (kind = 'installment' AND installment_id IS NOT NULL AND agreement_installment_id IS NULL)
  OR (kind = 'agreement' AND installment_id IS NULL AND agreement_installment_id IS NOT NULL));
CREATE INDEX boleto_slips_agreement_installment ON boleto_slips (agreement_installment_id) WHERE agreement_installment_id IS NOT NULL;

ALTER TABLE pix_charges ADD COLUMN kind text NOT NULL DEFAULT 'installment' CHECK (kind IN ('installment', 'agreement'));
ALTER TABLE pix_charges ADD COLUMN agreement_installment_id integer REFERENCES renegotiation_installments(id);
ALTER TABLE pix_charges ALTER COLUMN installment_id DROP NOT NULL;
ALTER TABLE pix_charges ADD CONSTRAINT pix_charges_owner CHECK (
  (kind = 'installment' AND installment_id IS NOT NULL AND agreement_installment_id IS NULL)
  OR (kind = 'agreement' AND installment_id IS NULL AND agreement_installment_id IS NOT NULL));

ALTER TABLE pix_notices ADD COLUMN agreement_payment_id integer REFERENCES renegotiation_payments(id);
ALTER TABLE pix_notices ADD CONSTRAINT pix_notices_settled_by CHECK (
  (status = 'settled') = (transaction_id IS NOT NULL OR agreement_payment_id IS NOT NULL)
  AND (transaction_id IS NULL OR agreement_payment_id IS NULL));
`;
