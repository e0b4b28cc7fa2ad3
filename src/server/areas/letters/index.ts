/**
 * Statements and letters for a borrower: the statement of an operation, the
 * payoff quote letter, the discharge letter (quitação) and the annual
 * debt-discharge declaration (Lei 12.007/2009), as PDFs from templates with
 * placeholders. Reads only: the servicing areas' index (collection's schedule,
 * payments replayed, prepayments and prepayment quote; servicing's stored
 * status), operations', borrowers' and company's; no area imports this one.
 * Its calls are in shared/contract/letters.ts; README.md beside this file has
 * the rules and their sources of law.
 */
export { annualOf, dischargeOf, payoffOf, statementOf, LETTER_MESSAGES } from './figures';
