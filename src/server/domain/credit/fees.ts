/**
 * Fees charged at disbursement. A PF operation never carries the TAC: not
 * the company's default, not a borrower's negotiated one, not an operator's
 * fee list naming it (the rule and its sources: shared/tac.ts). A company
 * (PJ) may be charged it.
 */
export { isTacName } from '@shared/tac';
