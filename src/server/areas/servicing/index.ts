/**
 * Servicing: what happens to an operation after its contract is issued — the
 * disbursement, the installments as of any date, payments and their
 * reversals, and the double-entry journal under every money movement.
 * This file is the area's only way in for other areas and the server's
 * composition (routes, seeds); schema.ts declares its tables.
 *
 * Design choices (the rules are written beside each in its module):
 * - Money transactions are never edited or deleted (the database refuses it):
 *   a reversal is its own row naming the payment it undoes, with a reason.
 *   Each row keeps the split it was recorded with; a payment's split today
 *   is the replay of the installment's standing payments in date order
 *   (domain/servicing/allocation.ts), so a payment or reversal dated in the
 *   past re-allocates the later ones, and the journal posts the difference.
 * - The installment's state (open, partially paid, paid; overdue; days late;
 *   charges) is derived from its transactions and the day asked, never stored
 *   by a job. The settlement day is kept on the schedule row (operations'
 *   paid_on) through the operations area, for the overdue rule the risk
 *   classification reads.
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
 * - The expired-installments list filters candidates by an index on the
 *   schedule (unsettled, due on or before the last business day before today)
 *   and replays only the page's rows for their charges (collections.ts).
 * - Disbursement keeps the signed schedule; a release on or after the first
 *   due date is refused (the contract must be issued again).
 * - Prepayment (prepayment.ts) discounts the remaining installments at the
 *   contract rate and stores the new schedule as a new version: the replaced
 *   rows stay (marked superseded_in), take no more payments or reversals,
 *   and are read through the prepayment that replaced them; a full
 *   prepayment settles the operation.
 * - Moves besides payments (installment-moves.ts, write-off.ts): the
 *   installment's non-payment status is stored beside the schedule
 *   (installment_states: renegotiated, written off), payment progress stays
 *   derived; every write-off, of an installment or of an operation's whole
 *   balance, waits for a second person and posts loans receivable → credit
 *   losses; one function changes the status (installment-change.ts).
 */
export { disburse } from './disbursement';
export { decideReversal, pay, reverse } from './payments';
export { loadInstallmentDetails } from './installments';

export { stillCollected } from './stored-status';
// Reports that list operations (the parameterized report's open amount) read the value still open through here.
export { openValuesOf, type OpenValue } from './open-value';
export { assigneeNamesOf, cededToAssignee } from './cession-reads';
export { applyPrepayment, quotePrepayment } from './prepayment';
export { decideOperationWriteOff, requestOperationWriteOff } from './write-off';
export { saveTitle } from './installment-moves';
export { CESSION_KIND, CESSION_REVERSAL_KIND, REQUEST, cessionInForce, heldByPendingCession, itemStanding, reversalInForce, rowsOf, withAssigneeMoney } from './cession-reads';
export { type InstallmentChange, type InstallmentTarget, changeInstallment, changeInstallments, loadTarget, lockedServicing } from './installment-change';
export { type InstallmentRow, type ServicingContext, replayOf, scheduleOf, servicingContext, transactionsOf } from './installments';
export { REPURCHASE_KIND, REPURCHASE_REVERSAL_KIND, repurchaseInForce, repurchaseReversalInForce, repurchaseStanding } from './repurchase-reads';
export { currentStatus, storedStatusesOf } from './stored-status';
export { REGISTRATION_KINDS } from './boleto-rejection';
export { stateView } from './installments';
export { installmentWithStatus, lockOperationRows } from './payment-reads';
export { type BatchPaymentResult, type PaymentInput, checkPaymentBatch, payBatch } from './payments';
export { storedStatusesOfOperation } from './stored-status';
