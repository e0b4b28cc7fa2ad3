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
 *
 * Backfill: a payment a suspense item became before this migration (suspense_moves.agreement_payment_id) and not yet
 * reversed is marked from_suspense, so its reversal from now on gives the money back to suspense. One reversed before
 * keeps false on both rows: that reversal credited the bank, so its application still counts against the item
 * (suspense's standingMove counts a reversal only when from_suspense) and the list keeps agreeing with the ledger.
 * The immutability trigger is set aside for that one statement, as 0038 did.
 */
export const id = '0074_agreement_payment_sources';

export const sql = /* sql */ `
ALTER TABLE renegotiation_payments
  ADD COLUMN rounding_difference numeric(14,2) NOT NULL DEFAULT 0,
  ADD COLUMN from_suspense boolean NOT NULL DEFAULT false;

ALTER TABLE renegotiation_payments DISABLE TRIGGER renegotiation_payments_immutable;
UPDATE renegotiation_payments p SET from_suspense = true
 WHERE p.kind = 'payment'
   AND EXISTS (SELECT 1 FROM suspense_moves m WHERE m.agreement_payment_id = p.id)
   AND NOT EXISTS (SELECT 1 FROM renegotiation_payments r WHERE r.reverses_id = p.id);
ALTER TABLE renegotiation_payments ENABLE TRIGGER renegotiation_payments_immutable;
`;
