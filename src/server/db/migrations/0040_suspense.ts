/**
 * Valores a identificar (suspense): money the bank credited that no
 * installment took — a return line's excess over what was owed, a line
 * paying an installment already paid, a line repeated inside one file, a
 * credit naming no title of ours (later: a Pix notice with an unknown txid or
 * a wrong amount). Owned by areas/suspense (its README has the rules).
 *
 * suspense_items: one row per amount credited and not applied: the amount,
 * the day it was received, who paid (name and document, as the source gave
 * them), the source (a return file's line, a Pix notice, or a person), the
 * reason, and the borrower, operation and installment when known; the
 * journal's posting (suspense_in: bank → suspense) that booked it.
 *
 * suspense_moves: what was done with an item — applied to an installment
 * (the payment it became, through collection's payment path, and the
 * suspense_apply posting: suspense → bank, so with the payment's own posting
 * the money goes from suspense to what the payment credits) or refunded to
 * the borrower's bank account (suspense_refund: suspense → bank), with the
 * approval request it went through above the reversal limit. An item's
 * amount is never edited: what is left of it is its amount less its moves,
 * and its state (open, applied, refunded) follows from them. Both tables are
 * append-only (UPDATE, DELETE and TRUNCATE refused).
 *
 * journal_entries: the account 'suspense' (2.1.03) and the three posting
 * kinds, and credit_operation_id becomes nullable: a company-level posting
 * (money of nobody known yet, a Pix receipt naming no charge of ours)
 * belongs to no operation. The CHECK lists are written out as they stood when
 * this migration was made (@shared/ledger's, @shared/suspense's): a migration
 * says the same thing forever; a later value comes with a later migration.
 *
 * limited_moves: a refund from suspense is a move of its own behind the
 * reversal limit ('suspense_refund'), added to the list.
 */
export const id = '0040_suspense';

export const sql = /* sql */ `
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal', 'rounding_difference', 'suspense_in', 'suspense_apply', 'suspense_refund'));
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_account_check CHECK (account IN ('bank', 'loans_receivable', 'due_from_assignee', 'iof_payable', 'due_to_assignee', 'suspense', 'interest_income', 'fee_income', 'late_charge_income', 'cession_gain', 'credit_losses', 'bank_fees', 'cession_loss', 'repurchase_gain', 'repurchase_loss', 'rounding_differences'));
ALTER TABLE journal_entries ALTER COLUMN credit_operation_id DROP NOT NULL;

ALTER TABLE limited_moves DROP CONSTRAINT limited_moves_move_check;
ALTER TABLE limited_moves ADD CONSTRAINT limited_moves_move_check CHECK (move IN ('reversal', 'write_off', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal', 'suspense_refund'));

CREATE TABLE suspense_items (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  received_on date NOT NULL,
  payer_name text,
  payer_document text,
  source text NOT NULL CHECK (source IN ('return_line', 'pix', 'manual')),
  return_file_id integer REFERENCES return_files(id),
  return_line integer CHECK (return_line >= 1),
  source_reference text,
  reason text NOT NULL CHECK (reason IN ('overpaid', 'already_paid', 'duplicate_line', 'refused', 'unknown_title', 'wrong_amount')),
  borrower_id integer REFERENCES borrowers(id),
  credit_operation_id integer REFERENCES credit_operations(id),
  installment_id integer REFERENCES credit_operation_installments(id),
  method text NOT NULL CHECK (method IN ('boleto', 'pix', 'ted', 'debit')),
  posting_id integer NOT NULL,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((source = 'return_line') = (return_file_id IS NOT NULL AND return_line IS NOT NULL)),
  CHECK (credit_operation_id IS NULL OR borrower_id IS NOT NULL)
);
CREATE INDEX suspense_items_borrower ON suspense_items (borrower_id, id);
CREATE UNIQUE INDEX suspense_items_return_line ON suspense_items (return_file_id, return_line) WHERE return_file_id IS NOT NULL;
CREATE UNIQUE INDEX suspense_items_source_reference ON suspense_items (source, source_reference) WHERE source_reference IS NOT NULL;

CREATE TABLE suspense_moves (
  id serial PRIMARY KEY,
  suspense_item_id integer NOT NULL REFERENCES suspense_items(id),
  kind text NOT NULL CHECK (kind IN ('applied', 'refunded')),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  moved_on date NOT NULL,
  credit_operation_id integer REFERENCES credit_operations(id),
  installment_id integer REFERENCES credit_operation_installments(id),
  transaction_id integer REFERENCES installment_transactions(id),
  -- the borrower's account refunded to, and how it read then (the account row may be edited or removed later)
  borrower_bank_account_id integer,
  refund_account text,
  approval_request_id integer REFERENCES approval_requests(id),
  posting_id integer NOT NULL,
  note text,
  actor_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'applied') = (transaction_id IS NOT NULL)),
  CHECK ((kind = 'refunded') = (borrower_bank_account_id IS NOT NULL AND refund_account IS NOT NULL))
);
CREATE INDEX suspense_moves_item ON suspense_moves (suspense_item_id, id);

CREATE TRIGGER suspense_items_immutable BEFORE UPDATE OR DELETE ON suspense_items FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER suspense_moves_immutable BEFORE UPDATE OR DELETE ON suspense_moves FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER suspense_items_no_truncate BEFORE TRUNCATE ON suspense_items FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
CREATE TRIGGER suspense_moves_no_truncate BEFORE TRUNCATE ON suspense_moves FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
