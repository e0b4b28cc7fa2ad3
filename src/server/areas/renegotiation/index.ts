/**
 * Renegotiation: a borrower's open installments replaced by an agreement —
 * discounts within the role's limits, a down payment, a new Price or SAC
 * schedule on origination's math, the IOF the law charges, four eyes above
 * the role's limit. This file is the area's only way in for other areas;
 * schema.ts declares its tables (README.md beside it has the rules and their
 * sources). It calls collection (the open amounts, the installment's status
 * change), operations (four eyes), company (IOF rates) and the ledger.
 * Boletos (an agreement installment's slip: agreementSlipFacts) and pix (a
 * notice settling one: payFromProvider), bank-files (an agreement slip at the bank)
 * and suspense (an item applied to an agreement installment) call it; it calls none of them.
 */
export { agreementView, limitsOf } from './agreements';
export { renegotiableInstallments } from './open-amounts';
export { runBreaks } from './collection';
export { agreementInstallmentOwner, agreementSlipFacts, payFromProvider, type AgreementSlipFacts } from './titles';
// Bank-files (an agreement slip in the remittance and the return file) and suspense (an item applied to an agreement
// installment) collect the agreement's titles through these.
export { agreementTitleStates, checkFromProvider, lockAgreements, payAgreementInstallment, type AgreementTitleState, type ProviderCheck } from './titles';
export { BreakScheduler, BREAK_CHECK_INTERVAL_MS, runBreaksOnce, type BreakRun } from './break-job';
