/**
 * A cession's price, settled with the assignee, and the codes an assignee's
 * custodian gives the lender for the CNAB 444 file.
 *
 * - cession_price_moves: append-only. A receipt (the date the money arrived,
 *   the amount, the company bank account it arrived in), the reversal of one
 *   receipt (a row of its own naming it, with a reason: one reversal per
 *   receipt), and the write-off of what the assignee did not pay (behind four
 *   eyes: the approval request it came from). Each row names its posting.
 * - assignment_bank_accounts: the originator code (empty: the lender's CNPJ,
 *   as every file carried until now), the SCR modality (0299) and the kind of
 *   title (60), the defaults being the constants the files carried, so no
 *   file changes.
 * - journal_entries: three posting kinds (the CHECK written out as the kinds
 *   stand now).
 */
export const id = '0054_cession_price';

export const sql = /* sql */ `
ALTER TABLE assignment_bank_accounts
  ADD COLUMN originator_code text NOT NULL DEFAULT '' CHECK (originator_code ~ '^[0-9]{0,20}$'),
  ADD COLUMN scr_modality text NOT NULL DEFAULT '0299' CHECK (scr_modality ~ '^[0-9]{4}$'),
  ADD COLUMN title_kind text NOT NULL DEFAULT '60' CHECK (title_kind ~ '^[0-9]{2}$');

CREATE TABLE cession_price_moves (
  id serial PRIMARY KEY,
  cession_id integer NOT NULL REFERENCES cessions(id),
  kind text NOT NULL CHECK (kind IN ('receipt', 'receipt_reversal', 'write_off')),
  moved_on date NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  company_bank_account_id integer REFERENCES company_bank_accounts(id),
  reverses_id integer UNIQUE REFERENCES cession_price_moves(id),
  reason text,
  approval_request_id integer,
  posting_id integer NOT NULL,
  actor_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'receipt') = (company_bank_account_id IS NOT NULL)),
  CHECK ((kind = 'receipt_reversal') = (reverses_id IS NOT NULL)),
  CHECK (kind = 'receipt' OR reason IS NOT NULL)
);
CREATE INDEX cession_price_moves_cession ON cession_price_moves (cession_id);
CREATE TRIGGER cession_price_moves_immutable BEFORE UPDATE OR DELETE ON cession_price_moves FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER cession_price_moves_no_truncate BEFORE TRUNCATE ON cession_price_moves FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();

ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('disbursement', 'payment', 'reversal', 'write_off', 'prepayment', 'reallocation', 'iof_remittance', 'bank_fee', 'cession', 'cession_reversal', 'repurchase', 'repurchase_reversal', 'rounding_difference', 'suspense_in', 'suspense_apply', 'suspense_refund', 'interest_accrual', 'accrual_reversal', 'provision', 'provision_reversal', 'cession_price_receipt', 'cession_price_receipt_reversal', 'cession_price_write_off'));
`;
