/**
 * Valores a identificar (suspense): the closed lists of the suspense area, once
 * (the contract, the server's columns and migration 0040's CHECKs read them).
 */

/** Why money went to suspense. */
export const SUSPENSE_REASONS = ['overpaid', 'already_paid', 'duplicate_line', 'refused', 'unknown_title', 'wrong_amount'] as const;
export type SuspenseReason = (typeof SUSPENSE_REASONS)[number];
/** Where it came from: a return file's line, a Pix notice, a person. */
export const SUSPENSE_SOURCES = ['return_line', 'pix', 'manual'] as const;
export type SuspenseSource = (typeof SUSPENSE_SOURCES)[number];
/** Where an item stands (derived from its moves, never stored). */
export const SUSPENSE_STATES = ['open', 'applied', 'refunded'] as const;
export type SuspenseState = (typeof SUSPENSE_STATES)[number];
/** What was done with an item. */
export const SUSPENSE_MOVE_KINDS = ['applied', 'refunded'] as const;
export type SuspenseMoveKind = (typeof SUSPENSE_MOVE_KINDS)[number];

