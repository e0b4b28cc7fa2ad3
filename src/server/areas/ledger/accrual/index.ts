/** The competence-basis accrual (README "Competence basis"): the run, the accrued balances, the undoing of what will never be earned. */
export { accrueUpTo, type AccrualRunResult } from './run';
export { accruedBalances, accruedInterestOf, reconcileAccrual, settledByPayment } from './balances';
export { transferAccrual, type AccrualDirection, type AccrualTransfer } from './transfer';
