/**
 * Servicing: the disbursement, each installment's money transactions and the
 * double-entry journal under them.
 *
 * disbursements: one per operation, written once when the money leaves; it
 * keeps what was released, how and to which account (a copy of the account as
 * it was), the business date, and the late-charge terms the installments are
 * charged by from then on (so a later change of the company's parameters never
 * moves a signed debt).
 *
 * installment_transactions: payments and reversals (estornos), never updated
 * or deleted (a trigger refuses both). A reversal is its own row naming the
 * payment it undoes (at most one per payment: unique) with a reason. Each row
 * keeps the split it was recorded with; the split of a payment today is the
 * replay of the installment's payments (allocation.ts), which the journal's
 * reallocation postings follow. `paid_on` is the business date of the movement.
 *
 * journal_entries: the lines of balanced postings (posting_id groups them, from
 * journal_posting_ids). A deferred constraint trigger checks at commit that
 * every posting written in the transaction has debits equal to credits, so no
 * unbalanced posting can ever be committed, whatever the code does; UPDATE and
 * DELETE are refused like the transactions'.
 *
 * company_parameters.reversal_approval_above: a reversal of a payment above it
 * waits for a second person (four eyes, approval kind installment.reverse).
 */
export const id = '0015_servicing';

export const sql = /* sql */ `
ALTER TABLE company_parameters
  ADD COLUMN reversal_approval_above numeric(14,2) NOT NULL DEFAULT 1000.00 CHECK (reversal_approval_above >= 0);

CREATE TABLE disbursements (
  id serial PRIMARY KEY,
  credit_operation_id integer NOT NULL UNIQUE REFERENCES credit_operations(id),
  disbursed_on date NOT NULL,
  financed numeric(14,2) NOT NULL CHECK (financed > 0),
  released numeric(14,2) NOT NULL CHECK (released > 0),
  iof numeric(14,2) NOT NULL CHECK (iof >= 0),
  fees numeric(14,2) NOT NULL CHECK (fees >= 0),
  method text NOT NULL CHECK (method IN ('pix', 'ted')),
  bank_account_id integer REFERENCES borrower_bank_accounts(id) ON DELETE SET NULL,
  payout_account jsonb NOT NULL,
  transfer_reference text,
  late_fee_percent numeric(9,4) NOT NULL CHECK (late_fee_percent >= 0 AND late_fee_percent <= 2),
  default_interest_monthly_percent numeric(9,4) NOT NULL CHECK (default_interest_monthly_percent >= 0 AND default_interest_monthly_percent <= 1),
  contract_monthly_percent numeric(9,4) NOT NULL CHECK (contract_monthly_percent >= 0),
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (financed = released + iof + fees)
);

CREATE TABLE installment_transactions (
  id serial PRIMARY KEY,
  installment_id integer NOT NULL REFERENCES credit_operation_installments(id),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  kind text NOT NULL CHECK (kind IN ('payment', 'reversal')),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  paid_on date NOT NULL,
  method text CHECK (method IN ('boleto', 'pix', 'ted', 'debit')),
  reference text,
  late_fee numeric(14,2) NOT NULL DEFAULT 0 CHECK (late_fee >= 0),
  default_interest numeric(14,2) NOT NULL DEFAULT 0 CHECK (default_interest >= 0),
  interest numeric(14,2) NOT NULL DEFAULT 0 CHECK (interest >= 0),
  principal numeric(14,2) NOT NULL DEFAULT 0 CHECK (principal >= 0),
  reverses_id integer UNIQUE REFERENCES installment_transactions(id),
  reason text,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'reversal') = (reverses_id IS NOT NULL)),
  CHECK (kind = 'payment' OR (reason IS NOT NULL AND reason <> '')),
  CHECK (kind = 'reversal' OR method IS NOT NULL),
  CHECK (late_fee + default_interest + interest + principal = amount)
);
CREATE INDEX installment_transactions_installment ON installment_transactions (installment_id, id);
CREATE INDEX installment_transactions_operation ON installment_transactions (credit_operation_id);

CREATE SEQUENCE journal_posting_ids;

CREATE TABLE journal_entries (
  id serial PRIMARY KEY,
  posting_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance')),
  account text NOT NULL CHECK (account IN ('bank', 'loans_receivable', 'iof_payable', 'due_to_assignee', 'interest_income', 'fee_income', 'late_charge_income', 'credit_losses')),
  side text NOT NULL CHECK (side IN ('debit', 'credit')),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  credit_operation_id integer NOT NULL REFERENCES credit_operations(id),
  transaction_id integer REFERENCES installment_transactions(id),
  disbursement_id integer REFERENCES disbursements(id),
  business_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_entries_posting ON journal_entries (posting_id);
CREATE INDEX journal_entries_date ON journal_entries (business_date, account);
CREATE INDEX journal_entries_operation ON journal_entries (credit_operation_id, id);

CREATE FUNCTION servicing_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never changed: post a reversal instead', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER installment_transactions_immutable BEFORE UPDATE OR DELETE ON installment_transactions
  FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();

CREATE FUNCTION journal_posting_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  difference numeric;
BEGIN
  SELECT sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) INTO difference
    FROM journal_entries WHERE posting_id = NEW.posting_id;
  IF difference <> 0 THEN
    RAISE EXCEPTION 'journal posting % is unbalanced by %', NEW.posting_id, difference USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_posting_balanced();
`;
