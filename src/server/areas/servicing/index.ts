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
 * - The journal: balanced postings (domain/servicing/ledger.ts), checked by
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
 * - Boletos (boleto.ts): one recorded slip per installment while its amount
 *   and due date do not change (a reprint gives the same nosso número); an
 *   overdue installment gets an updated slip due today with its charges; the
 *   nosso número is the collecting account's sequence (company area), never
 *   reused; the PDF is drawn after the commit from what was recorded.
 * - Moves besides payments (installment-moves.ts, write-off.ts): the
 *   installment's non-payment status is stored beside the schedule
 *   (installment_states: renegotiated, written off), payment progress stays
 *   derived; every write-off, of an installment or of an operation's whole
 *   balance, waits for a second person and posts loans receivable → credit
 *   losses; one function changes the status (installment-change.ts).
 * - CNAB 240 remittances (remittance.ts): entries for slips never sent,
 *   write-offs for sent slips whose installment left the bank's collection;
 *   the NSA under the account's row lock; a file is stored (text, SHA-256,
 *   what it carried) only when every line checks out, and never changed.
 * - Cessions (cession.ts): installments sold to an assignee at a price (rate
 *   or stated, domain/servicing/cession.ts), one immutable record with its
 *   items, the receivable derecognised against an amount due from the
 *   assignee with the gain or loss, behind four eyes above the company's
 *   limit; payments of an assigned installment are owed to the assignee;
 *   reversals are records of their own with contra entries.
 */
export { servicingHandlers } from './handlers/servicing';
export { prepaymentHandlers } from './handlers/prepayment';
export { boletoHandlers } from './handlers/boleto';
export { servicingMovesHandlers } from './handlers/moves';
export { collectionsHandlers } from './handlers/collections';
export { remittanceHandlers } from './handlers/remittance';
export { cessionHandlers } from './handlers/cession';
export { disburse } from './disbursement';
export { decideReversal, pay, reverse } from './payments';
export { loadInstallmentDetails } from './installments';
export { trialBalanceOn } from './journal';
export { stillCollected } from './stored-status';
export { applyPrepayment, quotePrepayment } from './prepayment';
export { decideOperationWriteOff, requestOperationWriteOff } from './write-off';
export { issueBoleto, issueCarne } from './boleto';
export { saveTitle } from './installment-moves';
