/**
 * The collections desk's contact log and promises to pay: the closed lists
 * once (the contract, the server's columns and migration 0053's CHECKs read
 * them) and the company's grace on a promise.
 */

/** How the borrower was reached (or reached us). */
export const CONTACT_CHANNELS = ['phone', 'whatsapp', 'email', 'sms', 'in_person'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Who started it: the desk (outbound) or the borrower (inbound). */
export const CONTACT_DIRECTIONS = ['outbound', 'inbound'] as const;
export type ContactDirection = (typeof CONTACT_DIRECTIONS)[number];

/**
 * What came of it. `promised` is the one outcome that carries a promise to pay
 * (and a promise only comes with it); the others say why there is none.
 */
export const CONTACT_OUTCOMES = ['promised', 'spoke_no_promise', 'claims_paid', 'disputes_debt', 'callback_requested', 'no_answer', 'left_message', 'wrong_contact', 'refused'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
export const PROMISE_OUTCOME: ContactOutcome = 'promised';

/** Where a promise stands: derived from the payments and the business date, never stored. */
export const PromiseState = { open: 'open', kept: 'kept', broken: 'broken' } as const;
export type PromiseState = (typeof PromiseState)[keyof typeof PromiseState];
export const PROMISE_STATES = [PromiseState.open, PromiseState.kept, PromiseState.broken] as const;

/**
 * The company's grace on a promise, in business days after the promised date
 * (the date itself moved to the next business day when it is not one, as an
 * installment's due date is: Código Civil art. 132 §1º): money paid by boleto
 * or TED on the promised day reaches the bank's return file and is recorded one
 * or two business days later, so a promise is broken only when two business
 * days have passed after it without the money. Until then it stays open.
 */
export const PROMISE_GRACE_BUSINESS_DAYS = 2;

/** The furthest a promise may be dated, in calendar days after the day it is made (the desk calls again sooner). */
export const PROMISE_MAX_DAYS_AHEAD = 60;

/** The longest note kept with a contact. */
export const CONTACT_NOTE_MAX = 2000;
