/**
 * Servicing at a million rows: the trial balance and the expired list's
 * borrower-name search.
 *
 * ledger_daily_balances: each account's debits and credits per business day,
 * kept by a statement-level trigger on journal_entries in the transaction
 * that posts (entries are never updated or deleted: migration 0015 refuses
 * it), so the trial balance on a date sums a few rows per day up to it
 * instead of every entry. The table is filled here from the entries already
 * posted; a TRUNCATE of the journal empties it too.
 *
 * Lock order. Every payment updates the same (day, bank) row, so postings of
 * different operations wait for each other from the first posting to the
 * commit whatever the design of such a table. What must never happen is two
 * of them each holding a row the other wants (a write-off posting without a
 * bank line, then a posting with one, against the reverse order). The
 * trigger therefore takes one transaction-scoped advisory lock before it
 * touches any balance row: a transaction holds every balance row it will
 * write only while holding that lock, so the balance rows can never be part
 * of a deadlock among postings. Within the lock the rows are written in
 * (day, account) order anyway.
 *
 * The expired list's borrower-name search (areas/collection/collections.ts)
 * first finds the operations of the borrowers whose name contains the text,
 * then their expired installments:
 * - borrowers_name_folded_trgm: a trigram index on the folded name (lower
 *   case, accents removed: the expression of platform/list-filters.ts
 *   foldSql, which the planner matches as written; ANALYZE also gathers
 *   statistics on it, without which the planner took a ninth of the
 *   borrowers for a handful);
 * - credit_operation_installments_expired_operation: the unsettled
 *   installments being collected by operation and due date, so a list of
 *   operations reads only their expired rows (before, twenty rows of each
 *   operation's schedule, or every candidate checked against the list).
 */
export const id = '0021_servicing_speed';

export const sql = /* sql */ `
CREATE TABLE ledger_daily_balances (
  business_date date NOT NULL,
  -- No CHECK of its own: only the trigger writes here, from journal_entries, whose CHECK names the accounts (one list to extend).
  account text NOT NULL,
  debits numeric NOT NULL DEFAULT 0,
  credits numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (business_date, account)
);

INSERT INTO ledger_daily_balances (business_date, account, debits, credits)
SELECT business_date, account,
       coalesce(sum(amount) FILTER (WHERE side = 'debit'), 0),
       coalesce(sum(amount) FILTER (WHERE side = 'credit'), 0)
  FROM journal_entries
 GROUP BY business_date, account;

CREATE FUNCTION ledger_daily_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One lock for every posting transaction before any balance row (the lock order above).
  PERFORM pg_advisory_xact_lock(1818584422, 21);
  INSERT INTO ledger_daily_balances AS b (business_date, account, debits, credits)
  SELECT business_date, account,
         coalesce(sum(amount) FILTER (WHERE side = 'debit'), 0),
         coalesce(sum(amount) FILTER (WHERE side = 'credit'), 0)
    FROM posted
   GROUP BY business_date, account
   ORDER BY business_date, account
  ON CONFLICT (business_date, account) DO UPDATE
     SET debits = b.debits + EXCLUDED.debits, credits = b.credits + EXCLUDED.credits;
  RETURN NULL;
END;
$$;
CREATE TRIGGER journal_entries_daily_balances AFTER INSERT ON journal_entries
  REFERENCING NEW TABLE AS posted FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_balances_add();

CREATE FUNCTION ledger_daily_balances_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ledger_daily_balances;
  RETURN NULL;
END;
$$;
CREATE TRIGGER journal_entries_daily_balances_truncate AFTER TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_balances_clear();

CREATE INDEX credit_operation_installments_expired_operation ON credit_operation_installments (credit_operation_id, due_date)
  WHERE paid_on IS NULL AND collecting;

CREATE INDEX borrowers_name_folded_trgm ON borrowers
  USING gin ((translate(lower(coalesce(name, '')), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) gin_trgm_ops);
`;
