/**
 * Boletos: the slips issued for installments, with the nosso número each one
 * took from the company's collecting account, and that account's PIX key.
 *
 * boleto_slips: one row per slip a bank could register — installment,
 * account, the account's sequence and the nosso número as printed, amount,
 * due date, barcode and linha digitável, the business date of issue. A
 * sequence belongs to one slip of its account for ever (UNIQUE), so no two
 * titles at the bank can share a nosso número; rows are never changed or
 * deleted (a trigger refuses both), so a number once given stays taken even
 * if the account's counter were moved back. The same installment asked again
 * with the same amount and due date gets its slip again (the service looks it
 * up by installment and account), not a second title.
 *
 * company_bank_accounts.pix_key: the key the boleto's PIX QR code pays to
 * (null: the slip goes without PIX).
 */
export const id = '0016_boleto_numbers';

export const sql = /* sql */ `
ALTER TABLE company_bank_accounts ADD COLUMN pix_key text;

CREATE TABLE boleto_slips (
  id serial PRIMARY KEY,
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  bank_account_id integer NOT NULL REFERENCES company_bank_accounts(id),
  sequence bigint NOT NULL CHECK (sequence >= 1),
  our_number text NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  due_date date NOT NULL,
  barcode text NOT NULL CHECK (barcode ~ '^[0-9]{44}$'),
  digitable_line text NOT NULL CHECK (digitable_line ~ '^[0-9]{47}$'),
  issued_on date NOT NULL,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bank_account_id, sequence)
);
CREATE INDEX boleto_slips_installment ON boleto_slips (installment_id, bank_account_id, id);
CREATE INDEX boleto_slips_operation ON boleto_slips (credit_operation_id);

CREATE FUNCTION boleto_slips_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'boleto slips are never changed: their nosso número stays taken' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER boleto_slips_immutable BEFORE UPDATE OR DELETE ON boleto_slips
  FOR EACH ROW EXECUTE FUNCTION boleto_slips_refuse_change();
`;
