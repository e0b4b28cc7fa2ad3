/**
 * What the server's own database role may do on PostgreSQL, table by table,
 * when it runs as a role that owns nothing (docs/deployment.md): migrations
 * run over the owner's connection (BACKOFFICE_MIGRATION_DATABASE_URL) and,
 * after them, in the same transaction-per-step and under the same lock, the
 * app's role (the one DATABASE_URL logs in as) is given exactly these
 * privileges and nothing else. Owning nothing, it can neither TRUNCATE nor
 * ALTER TABLE … DISABLE TRIGGER, so the append-only triggers (migrations
 * 0015–0036) hold for the app as they do for everyone else.
 *
 * Why a declaration applied at each start rather than GRANTs inside numbered
 * migrations: the grantee is the deployment's choice (a role name is not part
 * of the schema, and one cluster may hold a staging and a production database
 * whose app roles must not be the same), and the declaration must cover every
 * table later migrations add. `tests/integration/server/app-privileges.test.ts`
 * fails when a table of the migrated schema is missing here, and the whole
 * server suite runs on PostgreSQL as such a role (scripts/test.sh).
 *
 * PGlite (the embedded backend) has one user, the owner: nothing is granted
 * there; the triggers still refuse what they refuse.
 *
 * Three kinds of table:
 * - facts, only ever added: SELECT, INSERT (money movements, their journal,
 *   bank files, the activity log — which an LGPD erase may redact, so UPDATE of
 *   its two snapshot columns —, and the installments, whose schedule rows a
 *   new schedule may replace before issue and servicing marks paid);
 * - what the triggers keep (per-day ledger balances, dashboard counters):
 *   SELECT, the trigger functions run as their owner (migration 0036);
 * - records people edit: SELECT, INSERT, UPDATE (a row lock, SELECT … FOR
 *   UPDATE, needs UPDATE too), and DELETE only where the app removes rows.
 */
import type { DbHandle } from './connect';

export interface TablePrivileges {
  select?: true;
  insert?: true;
  /** true: every column; a list: only those columns */
  update?: true | readonly string[];
  delete?: true;
}

const FACT: TablePrivileges = { select: true, insert: true };
const KEPT_BY_TRIGGERS: TablePrivileges = { select: true };
const READ_ONLY: TablePrivileges = { select: true };
const EDITED: TablePrivileges = { select: true, insert: true, update: true };
const EDITED_AND_REMOVED: TablePrivileges = { select: true, insert: true, update: true, delete: true };

export const APP_PRIVILEGES: Readonly<Record<string, TablePrivileges>> = {
  // Facts (0015–0036 refuse their UPDATE, DELETE and TRUNCATE).
  installment_transactions: FACT,
  journal_entries: FACT,
  disbursements: FACT,
  boleto_slips: FACT,
  prepayments: FACT,
  installment_write_offs: FACT,
  installment_status_history: FACT,
  remittances: FACT,
  remittance_items: FACT,
  manual_remittances: FACT,
  return_files: FACT,
  return_file_lines: FACT,
  cessions: FACT,
  cession_items: FACT,
  cession_reversals: FACT,
  cession_reversal_items: FACT,
  repurchases: FACT,
  repurchase_reversals: FACT,
  assignment_remittances: FACT,
  assignment_remittance_items: FACT,
  repurchase_cause_marks: FACT,
  // Pix (0042): the notices and the deliveries taken or refused.
  pix_notices: FACT,
  pix_webhook_deliveries: FACT,
  pix_webhook_refusals: FACT,
  // Four eyes (0037): what each person moved within the window, and a parameter change's values as asked.
  limited_moves: FACT,
  company_parameter_changes: FACT,
  // Valores a identificar (0040): amounts credited and not applied, and what was done with them.
  suspense_items: FACT,
  suspense_moves: FACT,
  // The collections desk's contact log (0053): contacts and the promises they carried, never edited.
  collection_contacts: FACT,
  payment_promises: FACT,
  // A cession's price settled with the assignee (0054): receipts, their reversals and write-offs, never edited.
  cession_price_moves: FACT,
  custodian_return_imports: FACT,
  custodian_return_lines: FACT,
  // Money passed through to an assignee (0061): transfers and their reversals, never edited.
  assignee_transfers: FACT,
  // Renegotiation agreements (0057): the agreements, their items, schedules and decisions, never edited; the limits per role are read.
  renegotiation_agreements: FACT,
  renegotiation_items: FACT,
  renegotiation_installments: FACT,
  renegotiation_decisions: FACT,
  withdrawals: FACT,
  renegotiation_limits: { select: true, insert: true, update: ['max_discount_percent', 'alone_up_to'] },
  // Collecting agreements (0060): their installments' payments and reversals, and the breaks, never edited.
  renegotiation_payments: FACT,
  renegotiation_breaks: FACT,
  renegotiation_documents: FACT,
  issued_letters: FACT,
  renegotiation_break_runs: FACT,
  // A change of the limits per role waiting for another administrator (0070), never edited.
  renegotiation_limit_changes: FACT,
  // Payment reminders (0055): the company's rules, the borrowers' opt-outs (removed on opting back in), the reminders and their state.
  reminder_settings: EDITED,
  reminder_opt_outs: { select: true, insert: true, delete: true },
  payment_reminders: { select: true, insert: true, update: ['status', 'reason', 'recipient', 'error', 'sent_at'] },
  // Negativação (0059): the records and their state; their events append-only.
  negativation_records: { select: true, insert: true, update: ['status', 'protocol', 'notified_on', 'active_on', 'settled_on', 'removal_reason', 'removal_due_on', 'removed_on'] },
  negativation_events: { select: true, insert: true },
  // SCR Doc 3044 (0049): the remittances generated; the events (marked with their file and when sent) and the cursor are edited below.
  scr_3044_files: { select: true, insert: true, update: ['sent_at', 'sent_by'] },
  scr_events: { select: true, insert: true, update: ['file_id', 'sent_at', 'sent_by', 'voided_by'] },
  scr_event_cursor: { select: true, update: ['last_posting_id'] },
  // The monthly close (0048): what each close recorded per operation; the close row changes only when undone.
  ledger_close_positions: FACT,
  ledger_closes: EDITED,
  interest_accruals: FACT,
  // The LGPD erase redacts snapshots (migration 0036 says which changes pass).
  activity_log: { select: true, insert: true, update: ['before', 'after'] },
  // A schedule is replaced (delete, insert) until the contract is issued; servicing sets paid_on and superseded_in,
  // 0019's trigger collecting. The issued schedule's figures: migration 0036.
  credit_operation_installments: { select: true, insert: true, update: ['paid_on', 'superseded_in', 'collecting'], delete: true },

  ledger_daily_balances: KEPT_BY_TRIGGERS,
  dashboard_received: KEPT_BY_TRIGGERS,
  dashboard_approved: KEPT_BY_TRIGGERS,

  // Filled by migrations, read by the app.
  bureau_lookup_models: READ_ONLY,
  catalogue_references: READ_ONLY,
  interest_profiles: READ_ONLY,

  approval_requests: EDITED,
  interest_accrual_positions: EDITED,
  interest_accrual_runs: EDITED,
  assignment_bank_accounts: EDITED_AND_REMOVED,
  borrower_attorneys: EDITED_AND_REMOVED,
  borrower_bank_accounts: EDITED,
  borrower_joint_debtors: EDITED_AND_REMOVED,
  borrower_other_information: EDITED,
  borrower_parameters: EDITED,
  borrower_products: EDITED_AND_REMOVED,
  borrower_revenues: EDITED_AND_REMOVED,
  borrower_secured_guarantees: EDITED_AND_REMOVED,
  borrower_shareholders: EDITED_AND_REMOVED,
  borrowers: EDITED_AND_REMOVED,
  broadcast_recipients: EDITED,
  broadcasts: EDITED,
  bureau_reports: EDITED_AND_REMOVED,
  companies: EDITED,
  company_bank_accounts: EDITED_AND_REMOVED,
  company_parameters: EDITED,
  pix_settings: EDITED,
  pix_charges: EDITED,
  company_representatives: EDITED_AND_REMOVED,
  company_situations: EDITED_AND_REMOVED,
  company_witnesses: EDITED_AND_REMOVED,
  contract_templates: EDITED,
  credit_operation_events: EDITED,
  credit_operation_messages: EDITED,
  credit_operations: EDITED,
  email_confirmations: EDITED,
  entrepreneur_bank_accounts: EDITED_AND_REMOVED,
  entrepreneur_businesses: EDITED_AND_REMOVED,
  entrepreneur_profiles: EDITED_AND_REMOVED,
  how_did_find: EDITED_AND_REMOVED,
  idempotency_keys: EDITED,
  installment_states: EDITED,
  installment_titles: EDITED,
  iof_parameters: EDITED_AND_REMOVED,
  issued_contracts: EDITED,
  lending_reasons: EDITED_AND_REMOVED,
  lgpd_requests: EDITED,
  login_attempts: EDITED_AND_REMOVED,
  outbox: EDITED_AND_REMOVED,
  outbox_meta: EDITED,
  project_banners: EDITED_AND_REMOVED,
  projects: EDITED_AND_REMOVED,
  rate_limits: EDITED_AND_REMOVED,
  recovery_codes: EDITED,
  remittance_manual_hidden: EDITED_AND_REMOVED,
  saved_reports: EDITED_AND_REMOVED,
  sessions: EDITED,
  simulations: EDITED,
  solicitation_comments: EDITED_AND_REMOVED,
  solicitation_slot_documents: EDITED_AND_REMOVED,
  solicitation_staff_documents: EDITED_AND_REMOVED,
  // The demo seed takes a contracted move back out of a story's history (db/seed-origination.ts).
  solicitation_status_history: EDITED_AND_REMOVED,
  solicitations: EDITED,
  two_factor_challenges: EDITED,
  uploads: EDITED_AND_REMOVED,
  users: EDITED,

  // The migrations' own record: the owner's.
  schema_migrations: {},
};

/** A role name as an SQL identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The GRANT statements for `role` (after a REVOKE of everything it had on the schema's tables and sequences). */
export function privilegesScript(role: string, tables: readonly string[]): string {
  const grantee = quoteIdentifier(role);
  const missing = tables.filter((t) => !(t in APP_PRIVILEGES));
  if (missing.length) throw new Error(`db/privileges.ts declares nothing for table(s) ${missing.join(', ')}: say what the app's role may do there`);
  const lines = [
    `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${grantee};`,
    `REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${grantee};`,
    `GRANT USAGE ON SCHEMA public TO ${grantee};`,
    // nextval() of the serial ids, journal_posting_ids and cession_numbers; never setval().
    `GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${grantee};`,
  ];
  for (const table of [...tables].sort()) {
    const p = APP_PRIVILEGES[table];
    const whole = [p.select && 'SELECT', p.insert && 'INSERT', p.update === true && 'UPDATE', p.delete && 'DELETE'].filter(Boolean);
    const name = quoteIdentifier(table);
    if (whole.length) lines.push(`GRANT ${whole.join(', ')} ON ${name} TO ${grantee};`);
    if (Array.isArray(p.update)) lines.push(`GRANT UPDATE (${p.update.map(quoteIdentifier).join(', ')}) ON ${name} TO ${grantee};`);
  }
  return lines.join('\n');
}

/**
 * Gives `role` exactly APP_PRIVILEGES on the schema's tables, in one
 * transaction (run by migrate() over the owner's connection, under the
 * migration lock, after the migrations). Run at every start, so a privilege
 * granted by hand is taken back and a table added by a migration is covered.
 */
export async function grantAppPrivileges(conn: Pick<DbHandle, 'exec' | 'rows'>, role: string): Promise<void> {
  const tables = (
    await conn.rows<{ name: string }>("SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')")
  ).map((r) => r.name);
  const script = privilegesScript(role, tables);
  try {
    await conn.exec(`BEGIN;\n${script}\nCOMMIT;`);
  } catch (error) {
    await conn.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Why `role` cannot be the app's role, or null when it can: it must not be a
 * superuser, may not create roles (before PostgreSQL 16 that lets it join the
 * owner's) and must not be, or be a member of, the owner of a table of the
 * schema (an owner may disable triggers and truncate).
 */
export async function appRoleProblem(conn: Pick<DbHandle, 'rows'>, role: string): Promise<string | null> {
  const [found] = await conn.rows<{ rolsuper: boolean; rolcreaterole: boolean }>('SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = $1', [role]);
  if (!found) return `the role ${role} does not exist`;
  if (found.rolsuper) return `${role} is a superuser`;
  if (found.rolcreaterole) return `${role} has CREATEROLE`;
  const owned = await conn.rows<{ name: string }>(
    `SELECT relname AS name FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND pg_has_role($1, relowner, 'MEMBER')
      ORDER BY relname LIMIT 3`,
    [role],
  );
  if (owned.length) return `${role} owns (or is a member of the owner of) ${owned.map((o) => o.name).join(', ')}`;
  return null;
}
