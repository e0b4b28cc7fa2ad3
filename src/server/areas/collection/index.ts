/**
 * Collection: the installments as of any date and the money that settles
 * them — payments and their reversals (with four eyes above the company's
 * limit), late charges, prepayment, write-off and renegotiation, title data,
 * the collections desk's list of expired installments and the portfolio.
 * This file is the area's only way in for other areas and the server's
 * composition (seeds); schema*.ts declare its tables. It calls the servicing
 * core (the release's terms, the stored status, whether an assignee holds an
 * installment or the bank rejected its slip) and the ledger; boletos,
 * bank-files and transfers call it, never the other way round.
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
 * - The expired-installments list filters candidates by an index on the
 *   schedule (unsettled, due on or before the last business day before today)
 *   and replays only the page's rows for their charges (collections.ts).
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
export { decideReversal, pay, reverse } from './payments';
export { applyPrepayment, listPrepayments, quotePrepayment } from './prepayment';
export { decideOperationWriteOff, requestOperationWriteOff } from './write-off';
export { saveTitle, titlesForBank, type TitleForBank } from './installment-moves';
export { loadInstallmentDetails } from './installments';
// Reports that list operations (the parameterized report's open amount) read the value still open through here.
export { openValuesOf } from './open-value';
// What the upper areas build on: the installments' replay and the one function that changes a stored status (transfers),
// the payment rules a return file settles by (bank-files) and the reads a boleto takes under its locks (boletos).
export {
  lateChargeTerms,
  replayOf,
  scheduleOf,
  servicingContext,
  stateView,
  termsOfDisbursement,
  transactionsOf,
  type InstallmentRow,
  type ServicingContext,
} from './installments';
export { changeInstallment, changeInstallments, loadTarget, loadTargets, lockedServicing, type InstallmentChange, type InstallmentTarget } from './installment-change';
export { checkPaymentBatch, payBatch, type BatchPaymentResult, type PaymentInput } from './payments';
export { BANK_RETURN_REFERENCE, bankShortOf } from './bank-settlement';
export type { InstallmentTransactionRow } from './schema';
export { installmentWithStatus, lockOperationRows } from './payment-reads';
