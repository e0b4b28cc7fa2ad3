/**
 * Assignment remittances: the CNAB 444 files that tell an assignee's
 * custodian which installments were ceded to it on a day.
 *
 * assignment_remittances: one row per file — the company and the assignee
 * account, its file number (header "nº sequencial do arquivo", one more per
 * file of the account, UNIQUE so two generations never share one), the
 * cession date it carries, which file of that account and date it is
 * (day_sequence: a second file of the same day is asked for explicitly and
 * numbered 2), the business date it was generated on, the exact text (CNAB
 * is ASCII), its SHA-256, the name it is saved under, and the counts and
 * totals (face value, present value = the price paid).
 *
 * assignment_remittance_items: what each file carried — the cession item,
 * its installment, the reference written in the file and its figures.
 *
 * Neither is ever changed or deleted (a trigger refuses it): a file handed to
 * a custodian is a fact, downloaded again byte for byte.
 */
export const id = '0029_assignment_remittances';

export const sql = /* sql */ `
CREATE TABLE assignment_remittances (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  assignment_account_id integer NOT NULL REFERENCES assignment_bank_accounts(id),
  number integer NOT NULL CHECK (number BETWEEN 1 AND 9999999),
  cession_date date NOT NULL,
  day_sequence integer NOT NULL CHECK (day_sequence BETWEEN 1 AND 99),
  generated_on date NOT NULL,
  content text NOT NULL CHECK (length(content) > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_name text NOT NULL,
  cession_count integer NOT NULL CHECK (cession_count > 0),
  installment_count integer NOT NULL CHECK (installment_count > 0),
  face_value numeric(14,2) NOT NULL CHECK (face_value > 0),
  present_value numeric(14,2) NOT NULL CHECK (present_value > 0),
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (assignment_account_id, number),
  UNIQUE (assignment_account_id, cession_date, day_sequence)
);
CREATE INDEX assignment_remittances_day ON assignment_remittances (assignment_account_id, cession_date);

CREATE TABLE assignment_remittance_items (
  id serial PRIMARY KEY,
  remittance_id integer NOT NULL REFERENCES assignment_remittances(id),
  cession_item_id integer NOT NULL REFERENCES cession_items(id),
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  reference text NOT NULL,
  face_value numeric(14,2) NOT NULL CHECK (face_value > 0),
  present_value numeric(14,2) NOT NULL CHECK (present_value >= 0),
  UNIQUE (remittance_id, cession_item_id)
);

CREATE FUNCTION assignment_remittances_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never changed: a file handed to a custodian is a fact', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER assignment_remittances_immutable BEFORE UPDATE OR DELETE ON assignment_remittances FOR EACH ROW EXECUTE FUNCTION assignment_remittances_refuse_change();
CREATE TRIGGER assignment_remittance_items_immutable BEFORE UPDATE OR DELETE ON assignment_remittance_items FOR EACH ROW EXECUTE FUNCTION assignment_remittances_refuse_change();
`;
