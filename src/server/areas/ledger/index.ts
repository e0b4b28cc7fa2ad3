/**
 * The ledger: the double-entry journal under every money movement, the chart
 * of accounts (declared once in @shared/ledger), the trial balance on a date
 * and an operation's journal. Other areas build their postings as
 * declarations (domain/ledger/posting.ts; servicing's in
 * domain/servicing/postings.ts) and hand them to post(), the only writer of
 * journal rows. README.md beside this file says what it owns and its rules.
 */
export { post, type JournalItem, type PostingLink } from './journal';
export { operationJournal, transactionBalance, trialBalanceOn } from './reads';
export { balancete, monthBounds } from './balancete';
export { closeBorrowers, closeOf, closePositions, closePositionsOfBorrowers, lastClose, lastClosePositionsOf, lastClosePositionsOfBorrower, type CloseBorrower, type ClosePosition, type CloseRecord } from './close/positions';
export { accrueUpTo, accruedBalances, accruedInterestOf, reconcileAccrual, settledByPayment, transferAccrual, type AccrualRunResult, type AccrualTransfer } from './accrual';
export { monthInterestIncome, ACCRUAL_INCOME_KINDS, RECEIVED_INCOME_KINDS, type MonthIncome } from './month-income';
