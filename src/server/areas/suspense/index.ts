/**
 * Valores a identificar (suspense): money the bank credited that no
 * installment took, with its source and reason, and what a person does with
 * it (apply it to an installment of the same borrower, refund it). Other
 * areas (bank-files' return files, a Pix notice) book an amount with
 * recordUnapplied inside their transaction; README.md beside this file has
 * the rules. It calls collection (the payment path), operations (four eyes)
 * and the ledger; bank-files calls it, never the other way round.
 */
export { recordUnapplied, recordUnappliedMany, openSuspenseCount, openSuspenseTotal, SUSPENSE_MESSAGES, type UnappliedInput } from './items';
