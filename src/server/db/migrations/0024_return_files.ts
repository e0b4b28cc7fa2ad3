/**
 * CNAB 240 return files (retornos) imported from the company's collecting
 * banks, and the ledger account for the banks' fees.
 *
 * return_files: one row per file settled — the account its header named, the
 * file's exact text and SHA-256 (UNIQUE per account: the same file imported
 * again is answered from here and settles nothing), its name, the header's
 * NSA and date, the business date of the import, and its totals.
 *
 * return_file_lines: each T+U movement of a file with what settling did
 * (outcome): the slip and installment its nosso número named (null when none),
 * the payment it became, the fee's posting, the bank's reasons in words. A
 * movement is applied once per account: its identity (bank, nosso número,
 * movement, date, amount) is UNIQUE among the applied outcomes, so a line
 * that comes again in another file is kept as a duplicate and never settles
 * twice, even past the account's lock. A rejected entry's line is the mark
 * that its slip was rejected, with the reasons.
 *
 * Both are never changed or deleted (a trigger refuses it): the bank said it.
 *
 * journal_entries: the account bank_fees (expense: what the collecting bank
 * keeps of a title) and the posting kind bank_fee.
 */
export const id = '0024_return_files';

export const sql = /* sql */ `
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_account_check
  CHECK (account IN ('bank', 'loans_receivable', 'iof_payable', 'due_to_assignee', 'interest_income', 'fee_income', 'late_charge_income', 'credit_losses', 'bank_fees'));
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
  CHECK (kind IN ('disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee'));

CREATE TABLE return_files (
  id serial PRIMARY KEY,
  bank_account_id integer NOT NULL REFERENCES company_bank_accounts(id),
  bank_code text NOT NULL CHECK (bank_code ~ '^[0-9]{3}$'),
  file_name text NOT NULL,
  content text NOT NULL CHECK (length(content) > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_sequence text NOT NULL,
  generated_on date,
  imported_on date NOT NULL,
  line_count integer NOT NULL CHECK (line_count >= 0),
  settled_count integer NOT NULL CHECK (settled_count >= 0),
  settled_total numeric(14,2) NOT NULL CHECK (settled_total >= 0),
  fee_total numeric(14,2) NOT NULL CHECK (fee_total >= 0),
  rejected_count integer NOT NULL CHECK (rejected_count >= 0),
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bank_account_id, sha256)
);
CREATE INDEX return_files_bank ON return_files (bank_code, id);

CREATE TABLE return_file_lines (
  id serial PRIMARY KEY,
  return_file_id integer NOT NULL REFERENCES return_files(id),
  bank_account_id integer NOT NULL REFERENCES company_bank_accounts(id),
  line integer NOT NULL CHECK (line >= 1),
  identity text NOT NULL,
  movement text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('settled', 'entryConfirmed', 'rejected', 'writtenOff', 'other')),
  outcome text NOT NULL CHECK (outcome IN ('settled', 'rejected', 'confirmed', 'written_off', 'recorded', 'unmatched', 'already_paid', 'duplicate', 'refused')),
  message text,
  our_number text NOT NULL,
  boleto_slip_id integer REFERENCES boleto_slips(id),
  installment_id integer REFERENCES credit_operation_installments(id),
  title_amount numeric(14,2) NOT NULL,
  paid numeric(14,2) NOT NULL,
  fee numeric(14,2) NOT NULL,
  net numeric(14,2) NOT NULL,
  occurred_on date,
  credited_on date,
  reasons jsonb NOT NULL DEFAULT '[]',
  transaction_id integer REFERENCES installment_transactions(id),
  fee_posting_id integer,
  UNIQUE (return_file_id, line),
  CHECK (outcome <> 'settled' OR transaction_id IS NOT NULL)
);
CREATE UNIQUE INDEX return_file_lines_applied ON return_file_lines (bank_account_id, identity)
  WHERE outcome IN ('settled', 'rejected', 'confirmed', 'written_off', 'recorded');
CREATE INDEX return_file_lines_slip ON return_file_lines (boleto_slip_id, outcome) WHERE boleto_slip_id IS NOT NULL;

CREATE FUNCTION return_files_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'return files are never changed: the bank sent them' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER return_files_immutable BEFORE UPDATE OR DELETE ON return_files
  FOR EACH ROW EXECUTE FUNCTION return_files_refuse_change();
CREATE TRIGGER return_file_lines_immutable BEFORE UPDATE OR DELETE ON return_file_lines
  FOR EACH ROW EXECUTE FUNCTION return_files_refuse_change();
`;
