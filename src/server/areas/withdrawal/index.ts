/**
 * Withdrawal: the borrower's seven-day withdrawal from a released operation
 * (CDC art. 49). This file is the area's only way in for other areas;
 * schema.ts declares its table (README.md beside it has the rules and their
 * sources). It calls collection (the installments and their status change),
 * operations (the operation's state), servicing (the release) and the
 * ledger; no area calls it.
 */
export { quote as withdrawalQuote } from './withdrawals';
