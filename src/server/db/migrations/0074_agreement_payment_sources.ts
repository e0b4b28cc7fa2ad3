/**
 * Where an agreement's payment came from, for its reversal (areas/renegotiation, its README has the rules).
 *
 * renegotiation_payments.rounding_difference: what the company's settlement tolerance posted to rounding differences
 * when a bank's return line or a Pix paid within it of what was due (what was due less what the bank credited:
 * positive short, negative over; 0 for every other payment). The reversal swaps it, so the bank account gives back
 * exactly what it received.
 *
 * renegotiation_payments.from_suspense: the payment was a suspense item applied (valor a identificar): its money never
 * left the bank again, it left suspense, so its reversal gives it back to suspense (suspense_in), as an operation
 * installment's payment from suspense does.
 *
 * A reversal's row carries its payment's two values (the rows stay append-only).
 */
export const id = '0074_agreement_payment_sources';

export const sql = /* sql */ `
ALTER TABLE renegotiation_payments
  ADD COLUMN rounding_difference numeric(14,2) NOT NULL DEFAULT 0,
  ADD COLUMN from_suspense boolean NOT NULL DEFAULT false;
`;
