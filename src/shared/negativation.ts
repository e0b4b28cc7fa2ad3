/**
 * Negativação: an overdue installment reported to a credit bureau (server: areas/negativation, its README has the
 * rules and their legal sources). The record's states and its events, one list each, read by the contract, the
 * server, the status-literals test and the screens.
 *
 * submitted (sent to the bureau) → notified (the bureau mailed the debtor: CDC art. 43 §2; STJ Súmula 359) → active
 * (the debt shows in the bureau) → removal_queued (nothing overdue any more: paid, renegotiated…; the removal is due
 * within five business days, STJ Súmula 548) → removed.
 */
export const NEGATIVATION_STATUSES = ['submitted', 'notified', 'active', 'removal_queued', 'removed'] as const;
export type NegativationStatus = (typeof NEGATIVATION_STATUSES)[number];
export const [NEGATIVATION_SUBMITTED, NEGATIVATION_NOTIFIED, NEGATIVATION_ACTIVE, NEGATIVATION_REMOVAL_QUEUED, NEGATIVATION_REMOVED] = NEGATIVATION_STATUSES;

/** An event is the move into a state (the record's life, append-only). */
export const NEGATIVATION_EVENT_KINDS = NEGATIVATION_STATUSES;

/** Why a removal was queued: the installment was paid, or it left collection otherwise (renegotiated, moved, reversed). */
export const NEGATIVATION_REMOVAL_REASONS = ['paid', 'not_overdue'] as const;
export type NegativationRemovalReason = (typeof NEGATIVATION_REMOVAL_REASONS)[number];

/** Days late before an installment may be sent when its title declares none (the slip's "negativar após N dias" wins). */
export const NEGATIVATION_DEFAULT_DAYS = 30;
/** The removal is due within five business days of the payment (STJ Súmula 548). */
export const NEGATIVATION_REMOVAL_BUSINESS_DAYS = 5;
export const [NEGATIVATION_REMOVAL_PAID, NEGATIVATION_REMOVAL_NOT_OVERDUE] = NEGATIVATION_REMOVAL_REASONS;

/**
 * The borrower's address fields the bureau's prior notice is mailed to (CDC art. 43 §2): a candidate lists the ones
 * missing by these keys, and the screen words them in the user's language.
 */
export const NEGATIVATION_ADDRESS_FIELDS = ['cep', 'address', 'city', 'state'] as const;
export type NegativationAddressField = (typeof NEGATIVATION_ADDRESS_FIELDS)[number];
