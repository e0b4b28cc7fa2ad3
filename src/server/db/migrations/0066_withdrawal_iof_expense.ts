/**
 * The seven-day withdrawal's IOF and its SCR event (areas/withdrawal, its
 * README has the rules and their sources).
 *
 * journal_entries: the account 'iof_expense' (the IOF the lender bears on an
 * operation the borrower undid: Decreto 6.306/2007 art. 3 §1 I, no refund;
 * COSIF 8.1.9.99.60, an internal subtitle of Outras Despesas Operacionais;
 * @shared/ledger) added to the accounts the CHECK holds when this runs.
 *
 * scr_events: the event kind 'withdrawal' (Doc 3044: the operation undone,
 * its balance brought to zero) added to the kinds the CHECK holds when this
 * runs.
 *
 * Both lists are read from the constraints in force (as 0057 and 0058 read
 * the posting kinds), so a value another migration added stays.
 */
export const id = '0066_withdrawal_iof_expense';

export const sql = /* sql */ `
DO $$
DECLARE
  accounts text;
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(m[1]), ', ' ORDER BY m[1]) INTO accounts
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'journal_entries_account_check' AND c.conrelid = 'journal_entries'::regclass;
  ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_check;
  EXECUTE format('ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_account_check CHECK (account IN (%s, %L))', accounts, 'iof_expense');

  SELECT string_agg(quote_literal(m[1]), ', ' ORDER BY m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
   WHERE c.conname = 'scr_events_kind_check' AND c.conrelid = 'scr_events'::regclass;
  ALTER TABLE scr_events DROP CONSTRAINT scr_events_kind_check;
  EXECUTE format('ALTER TABLE scr_events ADD CONSTRAINT scr_events_kind_check CHECK (kind IN (%s, %L))', kinds, 'withdrawal');
END
$$;
`;
