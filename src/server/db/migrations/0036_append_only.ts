/**
 * Append-only means append-only, for the app too. The row
 * triggers of 0015–0031 refused UPDATE and DELETE of the money tables, but a
 * TRUNCATE fires no row trigger, the activity log, the disbursements and the
 * signed schedules had no guard at all, and a payment could be written with
 * no posting. What this adds, the same on PGlite and PostgreSQL:
 *
 * - BEFORE TRUNCATE statement triggers (append_only_refuse_truncate) on every
 *   append-only table: the money facts (transactions, journal, slips,
 *   prepayments, write-offs, status history, remittances, return files,
 *   cessions, repurchases, assignment files, repurchase marks), the activity
 *   log, the disbursements and the installments (the schedules of issued
 *   contracts live there). A TRUNCATE … CASCADE from a parent fires them too.
 *
 * - activity_log: never deleted; an UPDATE is refused unless it is an LGPD
 *   erase's redaction (areas/access/user-erase.ts, areas/borrowers/
 *   borrower-erase.ts): only the `before`/`after` snapshots change, each only
 *   loses keys (every key kept has its value unchanged, a NULL stays NULL),
 *   and the entry is about a person already erased: a user whose account is
 *   anonymised (users.anonymised_at), a borrower whose row is gone (entity
 *   'borrower'), or a borrower's record or bank account naming a borrower_id
 *   that is gone. So the log can lose what the law says to forget, never gain,
 *   move or lose an entry, and only after the erase itself (which writes its
 *   own entry). On PostgreSQL the app's role may update only those two
 *   columns (db/privileges.ts).
 *
 * - disbursements: never deleted or changed, but for the foreign key's own
 *   ON DELETE SET NULL of bank_account_id (the row keeps its payout_account
 *   copy of the account as it was).
 *
 * - credit_operation_installments: the figures fixed at issue (number, due
 *   date, payment, interest, amortization, balance, schedule version, the
 *   operation) never change and no row is deleted once the operation's
 *   contract is issued (any status from contract_issued on: whatever is not
 *   proposal, analysis, returned, approved, refused or cancelled) or its money
 *   has left (a disbursement exists: append-only itself, so moving the
 *   operation's status back cannot reopen the schedule). What servicing
 *   changes stays open: paid_on (settled, reopened by a reversal), collecting
 *   (0019's triggers) and superseded_in set once by a prepayment (0017). An
 *   operation whose conditions may still change (before issue, or after a
 *   contract is cancelled back to approved) replaces its schedule by delete
 *   and insert, as credit-operations.ts always did. The UPDATE trigger has a
 *   WHEN clause, so a return file settling 10,000 installments calls no
 *   function.
 *
 * - installment_transactions: a payment or a reversal cannot commit without
 *   its posting: a deferred constraint trigger checks at commit that the
 *   journal holds, for the row (journal_entries.transaction_id, indexed now),
 *   lines of its kind moving exactly its amount through the bank (a payment
 *   debits it, a reversal credits it); each posting balances by 0033's
 *   statement check. PostgreSQL has no deferred statement trigger, so the
 *   first firing at commit checks its row and every later one it sees in one
 *   query, and notes the range in a transaction-local setting
 *   (backoffice.transactions_posted) that the other firings of the
 *   transaction read and return: a 5,000-payment return file runs one query,
 *   not 5,000 (a check per row cost about 40% of bench (p)'s settle). A
 *   session that writes that setting itself skips the check; it spares it
 *   nothing it could not do anyway (write a matching posting): the check
 *   stops mistakes, the privileges stop tampering. A row inserted with an
 *   explicit id below the range is checked on its own.
 *
 * - The per-day ledger balances (0021) and the dashboard counters (0014) are
 *   written by trigger functions only; those run as their owner now (SECURITY
 *   DEFINER, with a fixed search_path) and the helpers they call are no
 *   longer executable by PUBLIC, so on PostgreSQL the app's role only reads
 *   those tables and cannot move the trial balance by hand.
 *
 * What the triggers cannot stop is the owner of the tables: it may disable a
 * trigger or drop it. On PostgreSQL the server therefore runs as a role that
 * owns nothing (BACKOFFICE_MIGRATION_DATABASE_URL / DATABASE_URL, db/
 * privileges.ts, docs/deployment.md).
 */
export const id = '0036_append_only';

const APPEND_ONLY_TABLES = [
  'installment_transactions',
  'journal_entries',
  'boleto_slips',
  'prepayments',
  'installment_write_offs',
  'installment_status_history',
  'remittances',
  'remittance_items',
  'manual_remittances',
  'return_files',
  'return_file_lines',
  'cessions',
  'cession_items',
  'cession_reversals',
  'cession_reversal_items',
  'repurchases',
  'repurchase_reversals',
  'assignment_remittances',
  'assignment_remittance_items',
  'repurchase_cause_marks',
  'activity_log',
  'disbursements',
  'credit_operation_installments',
] as const;

export const sql = /* sql */ `
CREATE FUNCTION append_only_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: TRUNCATE is refused', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
${APPEND_ONLY_TABLES.map((t) => `CREATE TRIGGER ${t}_no_truncate BEFORE TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_truncate();`).join('\n')}

-- Whether a snapshot only lost keys: the same (NULL included), or both objects and every key kept has its old value.
CREATE FUNCTION activity_snapshot_redacted(old jsonb, new jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT old IS NOT DISTINCT FROM new
      OR (jsonb_typeof(old) = 'object' AND jsonb_typeof(new) = 'object'
          AND NOT EXISTS (SELECT 1 FROM jsonb_each(new) AS kept(key, value) WHERE NOT (old ? kept.key) OR old -> kept.key <> kept.value))
$$;

CREATE FUNCTION activity_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erased boolean := false;
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.id = OLD.id AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.action = OLD.action
     AND NEW.entity = OLD.entity AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id AND NEW.created_at = OLD.created_at
     AND activity_snapshot_redacted(OLD.before, NEW.before) AND activity_snapshot_redacted(OLD.after, NEW.after) THEN
    IF OLD.entity = 'user' THEN
      erased := EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.entity_id AND u.anonymised_at IS NOT NULL);
    ELSIF OLD.entity = 'borrower' THEN
      erased := OLD.entity_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM borrowers b WHERE b.id = OLD.entity_id);
    ELSIF OLD.entity IN ('borrower_record', 'borrower_bank_account') THEN
      erased := EXISTS (
        SELECT 1 FROM (VALUES (OLD.before ->> 'borrower_id'), (OLD.after ->> 'borrower_id')) AS named(id)
         WHERE named.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM borrowers b WHERE b.id::text = named.id));
    END IF;
    IF erased THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'activity_log rows are never changed or deleted (an LGPD erase only removes snapshot keys of an erased person''s entries)'
    USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER activity_log_immutable BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_refuse_change();

CREATE FUNCTION disbursements_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.bank_account_id IS NULL
     AND (to_jsonb(NEW) - 'bank_account_id') = (to_jsonb(OLD) - 'bank_account_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'disbursements rows are never changed: the money left as recorded' USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER disbursements_immutable BEFORE UPDATE OR DELETE ON disbursements
  FOR EACH ROW EXECUTE FUNCTION disbursements_refuse_change();

-- Whether an operation's schedule is the one of an issued contract (or its money left): then it is fixed.
CREATE FUNCTION installment_schedule_fixed(operation_id integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM credit_operations o WHERE o.id = operation_id
                   AND o.status NOT IN ('proposal', 'analysis', 'returned', 'approved', 'refused', 'cancelled'))
      OR EXISTS (SELECT 1 FROM disbursements d WHERE d.credit_operation_id = operation_id)
$$;

CREATE FUNCTION installments_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF installment_schedule_fixed(OLD.credit_operation_id) THEN
    RAISE EXCEPTION 'credit_operation_installments: the schedule of an issued contract is never changed (installment %)', OLD.id
      USING ERRCODE = 'P0001';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
CREATE TRIGGER credit_operation_installments_fixed BEFORE UPDATE ON credit_operation_installments
  FOR EACH ROW WHEN (
    NEW.id IS DISTINCT FROM OLD.id OR NEW.credit_operation_id IS DISTINCT FROM OLD.credit_operation_id
    OR NEW.number IS DISTINCT FROM OLD.number OR NEW.due_date IS DISTINCT FROM OLD.due_date
    OR NEW.payment IS DISTINCT FROM OLD.payment OR NEW.interest IS DISTINCT FROM OLD.interest
    OR NEW.amortization IS DISTINCT FROM OLD.amortization OR NEW.balance IS DISTINCT FROM OLD.balance
    OR NEW.schedule_version IS DISTINCT FROM OLD.schedule_version
    OR (OLD.superseded_in IS NOT NULL AND NEW.superseded_in IS DISTINCT FROM OLD.superseded_in))
  EXECUTE FUNCTION installments_refuse_change();
CREATE TRIGGER credit_operation_installments_kept BEFORE DELETE ON credit_operation_installments
  FOR EACH ROW EXECUTE FUNCTION installments_refuse_change();

-- The lines of a transaction's postings (its payment or reversal, and the reallocations naming it), found directly:
-- the check below and cession-reads.ts's postedToAssignee look them up by transaction.
CREATE INDEX journal_entries_transaction ON journal_entries (transaction_id) WHERE transaction_id IS NOT NULL;

CREATE FUNCTION installment_transactions_posted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  checked text := current_setting('backoffice.transactions_posted', true);
  upto integer;
  unposted record;
BEGIN
  -- Checked already, with the rows around it, by this transaction's first firing.
  IF checked IS NOT NULL AND checked <> ''
     AND NEW.id BETWEEN split_part(checked, ':', 1)::integer AND split_part(checked, ':', 2)::integer THEN
    RETURN NULL;
  END IF;
  SELECT max(t.id) INTO upto FROM installment_transactions t WHERE t.id >= NEW.id;
  SELECT t.id, t.kind, t.amount, posted.banked INTO unposted
    FROM installment_transactions t
   CROSS JOIN LATERAL (
         SELECT coalesce(sum(j.amount), 0) AS banked
           FROM journal_entries j
          WHERE j.transaction_id = t.id AND j.credit_operation_id = t.credit_operation_id AND j.kind = t.kind AND j.account = 'bank'
            AND j.side = CASE WHEN t.kind = 'payment' THEN 'debit' ELSE 'credit' END) AS posted
   WHERE t.id BETWEEN NEW.id AND upto AND posted.banked <> t.amount
   ORDER BY t.id
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'installment_transactions: % % of % has no posting of its amount (% through the bank)', unposted.kind, unposted.id, unposted.amount, unposted.banked
      USING ERRCODE = 'P0001';
  END IF;
  PERFORM set_config('backoffice.transactions_posted', NEW.id || ':' || upto, true);
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER installment_transactions_posted AFTER INSERT ON installment_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION installment_transactions_posted();

ALTER FUNCTION ledger_daily_balances_add() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION ledger_daily_balances_clear() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION dashboard_solicitations_written() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION dashboard_solicitation_deleting() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION dashboard_history_written() SECURITY DEFINER SET search_path = public, pg_temp;
ALTER FUNCTION dashboard_truncated() SECURITY DEFINER SET search_path = public, pg_temp;
REVOKE EXECUTE ON FUNCTION dashboard_apply_facts(dashboard_fact[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION dashboard_apply_approvals(dashboard_approval_change[]) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION dashboard_rebuild() FROM PUBLIC;
`;
