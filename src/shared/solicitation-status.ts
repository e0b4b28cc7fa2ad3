/**
 * The solicitation status workflow (the spec's states and transitions say status changes exist but shows
 * neither the values nor the transitions; this is the designed workflow).
 *
 * Codes are English identifiers (they appear in URLs such as
 * /app/solicitations/pending and, upper-cased, in
 * GET /v1/solicitations/cancelled-approved/:a/:STATUS); the screens label
 * them through the i18n catalogue (solicitations.status.*).
 *
 * pending ──► in_review ──► approved ──► contracted
 *    │  ▲        │  ▲            │
 *    │  └── documents_requested  │
 *    ▼           ▼               ▼
 *  refused / cancelled (final)  cancelled
 *
 * - pending: received from the applicant, nobody has looked at it yet.
 * - in_review: an analyst is working on it.
 * - documents_requested: the applicant was asked for documents; it goes back
 *   to in_review when they arrive (or is refused / cancelled).
 * - approved: credit granted in principle; becomes contracted when the
 *   contract of its credit operation is issued (only then: see
 *   CONTRACT_ONLY_STATUSES), or cancelled if the applicant gives up.
 * - refused, cancelled, contracted: final. A refused applicant applies again
 *   with a new solicitation, so the decision stays in the record as it was.
 */
export const SOLICITATION_STATUSES = [
  'pending',
  'in_review',
  'documents_requested',
  'approved',
  'refused',
  'cancelled',
  'contracted',
] as const;
export type SolicitationStatus = (typeof SOLICITATION_STATUSES)[number];

const TRANSITIONS: Readonly<Record<SolicitationStatus, readonly SolicitationStatus[]>> = {
  pending: ['in_review', 'documents_requested', 'refused', 'cancelled'],
  in_review: ['documents_requested', 'approved', 'refused', 'cancelled'],
  documents_requested: ['in_review', 'refused', 'cancelled'],
  approved: ['contracted', 'cancelled'],
  refused: [],
  cancelled: [],
  contracted: [],
};

/** The status a new solicitation starts in (the column's default). */
export const INITIAL_SOLICITATION_STATUS: SolicitationStatus = 'pending';

/** Statuses a decision moves into that the applicant must be given a reason for. */
export const STATUSES_NEEDING_REASON: readonly SolicitationStatus[] = ['documents_requested', 'refused', 'cancelled'];

/** Statuses still waiting for the provider's work (the "pending" list and its menu entry). */
export const OPEN_STATUSES: readonly SolicitationStatus[] = ['pending', 'in_review', 'documents_requested'];

/** Statuses that end the workflow. */
export const FINAL_STATUSES: readonly SolicitationStatus[] = ['refused', 'cancelled', 'contracted'];

export function isSolicitationStatus(value: unknown): value is SolicitationStatus {
  return typeof value === 'string' && (SOLICITATION_STATUSES as readonly string[]).includes(value);
}

/** The statuses a solicitation in `from` may move to (empty for final ones). */
export function nextStatuses(from: SolicitationStatus): readonly SolicitationStatus[] {
  return TRANSITIONS[from];
}

/**
 * Statuses no person sets by hand: a solicitation becomes contracted only when
 * the contract of its credit operation is issued (the server refuses it on
 * the status calls).
 */
export const CONTRACT_ONLY_STATUSES: readonly SolicitationStatus[] = ['contracted'];

/** The statuses staff may move a solicitation in `from` to through the status calls. */
export function manualNextStatuses(from: SolicitationStatus): readonly SolicitationStatus[] {
  return TRANSITIONS[from].filter((to) => !CONTRACT_ONLY_STATUSES.includes(to));
}

/** Whether the workflow allows `from` → `to`; staying in the same status is not a transition. */
export function canTransition(from: SolicitationStatus, to: SolicitationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The upper-case form of GET /v1/solicitations/cancelled-approved/:a/:STATUS
 * (the spec's call writes the status upper-cased): only the two statuses the call is
 * named after.
 */
export const CANCELLED_APPROVED_STATUSES = ['CANCELLED', 'APPROVED'] as const;
export type CancelledApprovedStatus = (typeof CANCELLED_APPROVED_STATUSES)[number];

/** Statuses an analyst is working in (the "in review" list). */
export const REVIEW_STATUSES: readonly SolicitationStatus[] = ['in_review'];

/** Statuses that end a solicitation without a credit: nothing new is added to them. */
export const CLOSED_WITHOUT_CREDIT_STATUSES: readonly SolicitationStatus[] = ['refused', 'cancelled'];

/** Whether the credit was granted and the contract is still to come: a borrower may be registered from it. */
export function awaitsContract(status: string): boolean {
  return status === 'approved';
}
