/**
 * The custodian's CNAB 444 returns (areas/transfers/custodian-return.ts):
 * what an assignee's custodian answered about the titles of our assignment
 * remittances, acquired or refused with reasons.
 *
 * - custodian_return_imports: one row per file applied, UNIQUE (account,
 *   SHA-256): the same file again answers this row and does nothing.
 * - custodian_return_lines: one row per detail line with what it did. The
 *   line's identity is the cession item it names: at most one line that took
 *   effect (acquired, or refused and undone) per cession item, UNIQUE in the
 *   database as the last guard, so a line repeated in a later file does
 *   nothing. A refused line names the cession reversal it asked for.
 * Both append-only (the servicing triggers and the TRUNCATE guard).
 */
export const id = '0062_custodian_returns';

export const sql = /* sql */ `
CREATE TABLE custodian_return_imports (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  assignment_account_id integer NOT NULL REFERENCES assignment_bank_accounts(id),
  file_name text NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_sequence integer NOT NULL,
  written_on date,
  applied_on date NOT NULL,
  line_count integer NOT NULL CHECK (line_count >= 0),
  acquired_count integer NOT NULL CHECK (acquired_count >= 0),
  undone_count integer NOT NULL CHECK (undone_count >= 0),
  actor_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (assignment_account_id, sha256)
);

CREATE TABLE custodian_return_lines (
  id serial PRIMARY KEY,
  import_id integer NOT NULL REFERENCES custodian_return_imports(id),
  line integer NOT NULL CHECK (line > 1),
  reference text NOT NULL,
  cession_term text NOT NULL,
  occurrence text NOT NULL CHECK (occurrence ~ '^[0-9]{2}$'),
  reason_codes text NOT NULL DEFAULT '' CHECK (reason_codes ~ '^([0-9]{2}( [0-9]{2})*)?$'),
  result text NOT NULL CHECK (result IN ('acquired', 'refused_undone', 'refused_blocked', 'refused_kept', 'repeated', 'not_found', 'no_effect')),
  message text,
  cession_item_id integer REFERENCES cession_items(id),
  installment_id integer REFERENCES credit_operation_installments(id),
  cession_reversal_id integer REFERENCES cession_reversals(id),
  UNIQUE (import_id, line),
  CHECK ((result = 'refused_undone') = (cession_reversal_id IS NOT NULL)),
  CHECK (result IN ('not_found', 'no_effect') OR cession_item_id IS NOT NULL)
);
CREATE UNIQUE INDEX custodian_return_lines_effect ON custodian_return_lines (cession_item_id) WHERE result IN ('acquired', 'refused_undone');
CREATE INDEX custodian_return_lines_import ON custodian_return_lines (import_id, line);

CREATE TRIGGER custodian_return_imports_immutable BEFORE UPDATE OR DELETE ON custodian_return_imports FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER custodian_return_imports_no_truncate BEFORE TRUNCATE ON custodian_return_imports FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
CREATE TRIGGER custodian_return_lines_immutable BEFORE UPDATE OR DELETE ON custodian_return_lines FOR EACH ROW EXECUTE FUNCTION servicing_refuse_change();
CREATE TRIGGER custodian_return_lines_no_truncate BEFORE TRUNCATE ON custodian_return_lines FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();
`;
