/**
 * Transfers: installments leaving the lender and coming back — cessions to an
 * assignee and their reversal, repurchases (with the causes that require one)
 * and their undoing, the CNAB 444 assignment remittance a custodian books them
 * from, and the statement of what the lender and one assignee owe each other.
 * This file is the area's only way in for other areas; schema*.ts declare its
 * tables. It calls collection (the installments' replay, changeInstallment)
 * and the servicing core (whether an assignee holds an installment); neither
 * calls it: what they need of cessions is read in the core
 * (servicing/cession-reads.ts), so no import points back up here.
 *
 * Design choices (the rules are written beside each in its module):
 * - Cessions (cession.ts): installments sold to an assignee at a price (rate
 *   or stated, domain/servicing/cession.ts), one immutable record with its
 *   items, the receivable derecognised against an amount due from the
 *   assignee with the gain or loss, behind four eyes above the company's
 *   limit; payments of an assigned installment are owed to the assignee;
 *   reversals are records of their own with contra entries.
 * - Repurchases (repurchase.ts): an assigned installment bought back for the
 *   amount its assignee account's rule gives (domain/servicing/repurchase.ts),
 *   the receivable back against an amount due to the assignee, behind the
 *   same four-eyes limit; undone by a record of its own with contra entries.
 *
 * No other area calls transfers today (the reports' assignee filter reads the
 * core's cededToAssignee); the server's composition registers handlers/index.ts.
 */
/** The cession reversal, for the custodian's return (a refused title's cession undone by it). */
export { reverseCession, reversibleOf } from './cession';
