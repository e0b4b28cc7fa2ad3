/**
 * Servicing, the core: what happens to an operation after its contract is
 * issued is split by job into collection (installments, payments, prepayment,
 * write-off, the collections desk), boletos (the slip and the carnê),
 * bank-files (remittances, return files) and transfers (cessions,
 * repurchases, the assignee's files); this area holds the release that starts
 * servicing and what more than one of those jobs needs, so no import points
 * from a lower area to a higher one:
 * - the disbursement (disbursement.ts, table disbursements in schema.ts);
 * - the installment's stored status (stored-status.ts, schema-status.ts:
 *   renegotiated, written off, assigned, repurchased; collection's
 *   changeInstallment is the one function that moves it, for collection and
 *   transfers alike; boletos and bank files read it);
 * - whether an assignee holds an installment and whose money a payment was
 *   (cession-reads.ts, repurchase-reads.ts): payments need it, and the
 *   cession service reads payments, so it cannot live in transfers;
 * - whether the bank rejected an installment's slip (boleto-rejection.ts):
 *   the installment views and payments need it, and boletos and bank files
 *   read them.
 * The last two read the upper areas' tables in SQL and import none of them.
 * Layering: ledger ← servicing ← collection ← bank-files ← boletos, and
 * collection ← transfers; README.md beside this file has the rules that span
 * them (the one lock order).
 *
 * Design choices (the rules are written beside each in its module):
 * - Every movement of one operation takes that operation's row lock, so
 *   concurrent payments are checked one after another against what is left
 *   (twenty at once never pass an installment's balance); every money write
 *   carries an idempotency key (platform/idempotency.ts) and commits with its
 *   journal entries and activity-log entry.
 * - The business date is the lender's (deps.clock.today()), passed down;
 *   created_at keeps the real instant.
 * - The journal: balanced postings (domain/servicing/postings.ts) posted through the
 *   ledger area's post(), checked by
 *   the code before writing and by a deferred trigger at commit; the trial
 *   balance on a date sums the per-day account balances up to it (kept by a
 *   trigger in each posting's transaction, migration 0021), and is read by
 *   AllOperators.
 * - Disbursement keeps the signed schedule; a release on or after the first
 *   due date is refused (the contract must be issued again).
 */
export { disburse, disbursementOf, type DisbursementName } from './disbursement';
export {
  currentStatus,
  isStoredStatus,
  refuseUnlessCollecting,
  stillCollected,
  storedStatusesAsOf,
  storedStatusesOf,
  storedStatusesOfOperation,
  storedStatusOf,
  storeStatuses,
} from './stored-status';
// Reports that filter or show operations by assignee read the same rule as the transfers area.
export { assigneeNamesOf, cededToAssignee } from './cession-reads';
export {
  CESSION_KIND,
  CESSION_REVERSAL_KIND,
  cessionInForce,
  heldByPendingCession,
  itemStanding,
  postedToAssignee,
  REQUEST,
  reversalInForce,
  rowsOf,
  standingCessionDate,
  withAssigneeMoney,
} from './cession-reads';
export { REPURCHASE_KIND, REPURCHASE_REVERSAL_KIND, repurchaseInForce, repurchaseReversalInForce, repurchaseStanding } from './repurchase-reads';
export { boletoRejectionOf, REGISTRATION_KINDS } from './boleto-rejection';
