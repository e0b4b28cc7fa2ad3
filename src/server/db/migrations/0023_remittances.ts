/**
 * CNAB 240 remittances (remessas) of the company's collecting accounts.
 *
 * remittances: one row per file generated — the account, its file sequence
 * number (NSA, UNIQUE per account, so two files never share one even when two
 * people generate at once), the business date it was generated on and the
 * cut-off day whose slips it carries, the file's exact text (CNAB is ASCII:
 * the text is the bytes), its SHA-256, the name it is saved under, how many
 * titles and for what total. The text is kept so a file is downloaded again
 * byte for byte.
 *
 * remittance_items: what each file carried — the boleto slip, its
 * installment, the instruction (entry: a new title; writeOff: baixa of a title
 * sent before) and the reference written in the file. A slip goes out once
 * per instruction (UNIQUE), so no title is registered or written off twice.
 *
 * Both are never changed or deleted (a trigger refuses it): a file sent to the
 * bank is a fact.
 *
 * company_bank_accounts.wallet_variation: Banco do Brasil's variação da
 * carteira (3 digits), which its remittance header needs beside the wallet.
 */
export const id = '0023_remittances';

export const sql = /* sql */ `
ALTER TABLE company_bank_accounts ADD COLUMN wallet_variation text;

CREATE TABLE remittances (
  id serial PRIMARY KEY,
  bank_account_id integer NOT NULL REFERENCES company_bank_accounts(id),
  bank_code text NOT NULL CHECK (bank_code ~ '^[0-9]{3}$'),
  nsa integer NOT NULL CHECK (nsa BETWEEN 1 AND 999999),
  generated_on date NOT NULL,
  cutoff_date date NOT NULL,
  content text NOT NULL CHECK (length(content) > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_name text NOT NULL,
  slip_count integer NOT NULL CHECK (slip_count > 0),
  entry_count integer NOT NULL CHECK (entry_count >= 0),
  write_off_count integer NOT NULL CHECK (write_off_count >= 0),
  total numeric(14,2) NOT NULL CHECK (total > 0),
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bank_account_id, nsa),
  CHECK (entry_count + write_off_count = slip_count)
);
CREATE INDEX remittances_bank ON remittances (bank_code, id);

CREATE TABLE remittance_items (
  id serial PRIMARY KEY,
  remittance_id integer NOT NULL REFERENCES remittances(id),
  boleto_slip_id integer NOT NULL REFERENCES boleto_slips(id),
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  instruction text NOT NULL CHECK (instruction IN ('entry', 'writeOff')),
  reference text NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  UNIQUE (boleto_slip_id, instruction)
);
CREATE INDEX remittance_items_remittance ON remittance_items (remittance_id, id);

CREATE FUNCTION remittances_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'remittances are never changed: the file was sent to the bank' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER remittances_immutable BEFORE UPDATE OR DELETE ON remittances
  FOR EACH ROW EXECUTE FUNCTION remittances_refuse_change();
CREATE TRIGGER remittance_items_immutable BEFORE UPDATE OR DELETE ON remittance_items
  FOR EACH ROW EXECUTE FUNCTION remittances_refuse_change();
`;
