/**
 * The journal's balance check once per statement instead of once per line at
 * commit.
 *
 * Migration 0015 checked every posting with a deferred constraint trigger FOR
 * EACH ROW: at commit it summed the posting of every line written in the
 * transaction, so a return file's 25,000 lines ran the check 25,000 times
 * (about a second of a 10,000-line file). PostgreSQL has no deferred
 * statement-level trigger, so the check moves to the statement:
 *
 * - every INSERT into journal_entries must leave each posting it writes
 *   balanced by the lines of that statement alone (debits equal credits per
 *   posting_id over the statement's new rows, the transition table), or the
 *   statement fails with the same error as before (P0001, "journal posting
 *   … is unbalanced by …");
 * - lines are never updated or deleted (0015) and a TRUNCATE empties the
 *   journal, so each posting's lines are a union of balanced sets: every
 *   posting in the table balances, at every statement's end and so at every
 *   commit. The lines already there balanced when this runs: 0015's check
 *   held at each commit, so they are not summed again here.
 *
 * The guarantee is the one 0015 gave (no transaction commits an unbalanced
 * posting) and a little stricter: a posting's lines are written in one
 * statement (post() in areas/ledger/journal.ts does
 * so; a posting spread over two statements is refused at the first).
 *
 * Statement triggers of one event fire in name order, so this check
 * (journal_entries_balanced) runs before migration 0021's per-day balances
 * (journal_entries_daily_balances) touch their rows.
 */
export const id = '0033_journal_statement_balance';

export const sql = /* sql */ `
DROP TRIGGER journal_entries_balanced ON journal_entries;
DROP FUNCTION journal_posting_balanced();

CREATE FUNCTION journal_statement_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT posting_id, sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) AS difference INTO unbalanced
    FROM posted
   GROUP BY posting_id
  HAVING sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END) <> 0
   ORDER BY posting_id
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal posting % is unbalanced by %', unbalanced.posting_id, unbalanced.difference USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  REFERENCING NEW TABLE AS posted FOR EACH STATEMENT EXECUTE FUNCTION journal_statement_balanced();
`;
