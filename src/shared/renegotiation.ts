/**
 * Renegotiation agreements' statuses (server: areas/renegotiation). An
 * agreement is pending while it waits for another person's check; its
 * decision records one of the outcomes.
 */
export const RENEGOTIATION_STATUSES = ['pending', 'agreed', 'refused', 'withdrawn'] as const;
export type RenegotiationStatus = (typeof RENEGOTIATION_STATUSES)[number];
/** The outcomes a decision records (migration 0057's CHECK). */
export const RENEGOTIATION_OUTCOMES = ['agreed', 'refused', 'withdrawn'] as const satisfies readonly RenegotiationStatus[];
/**
 * An agreement installment's collection status, derived by one function
 * (domain/renegotiation/collection.ts) from its payments' replay: paid,
 * late (something open past its due date), partially paid, open.
 */
export const AGREEMENT_INSTALLMENT_STATUSES = ['open', 'partially_paid', 'late', 'paid'] as const;
export type AgreementInstallmentStatus = (typeof AGREEMENT_INSTALLMENT_STATUSES)[number];
