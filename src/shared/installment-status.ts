/**
 * The installment workflow (the spec names partial payments and their
 * reversal but shows neither the values nor the moves: this is the designed
 * workflow). Codes are English identifiers; screens label them through the
 * i18n catalogue, the server's refusals through INSTALLMENT_STATUS_LABELS_PT.
 *
 *   open ◄──► partially_paid ◄──► paid, open ──► paid   payments, and reversals back
 *   open, partially_paid ──► renegotiated (final), written_off, assigned
 *   written_off ──► open, partially_paid                  the write-off undone
 *   assigned ──► paid, repurchased; open, partially_paid     the cession reversed
 *   repurchased ──► partially_paid, paid, renegotiated, written_off; assigned   the repurchase undone
 *   paid ──► assigned, repurchased; partially_paid ──► repurchased   a reversal, by the owner
 *   open ──► cancelled (final)                            the borrower's withdrawal (CDC art. 49)
 *
 * - open: nothing paid yet; partially_paid: some paid, some open; paid: the
 *   value and every charge settled. Payments and reversals move among these
 *   three as the replay of the installment's payments says (allocation).
 * - overdue is never stored: an installment with something open whose due
 *   date (or the next business day, when the due date is not one) has passed
 *   on the lender's today is overdue — a nightly job that might not run
 *   never decides it.
 * - renegotiated: replaced by the installments of a renegotiation; final.
 * - cancelled: the operation was undone by the borrower's withdrawal within
 *   seven days (CDC art. 49: areas/withdrawal); nothing is owed; final.
 * - written_off: the open principal went to losses (behind a second person);
 *   it takes no payment nor reversal (a recovery is received after the
 *   write-off is undone, so the loss and the receivable never disagree);
 *   undoing the write-off brings it back to what its payments say.
 * - assigned: sold to an assignee (a receivables fund); payments received on
 *   it are owed to the assignee and move it to paid only when settled.
 *   repurchased: bought back; the lender's again, payable like an open one.
 * - A reversal moves an installment back to what its remaining payments and
 *   its owner say (statusFromPayments); that is how paid returns to open,
 *   partially_paid, assigned or repurchased.
 */
export const INSTALLMENT_STATUSES = ['open', 'partially_paid', 'paid', 'renegotiated', 'written_off', 'assigned', 'repurchased', 'cancelled'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

const TRANSITIONS: Readonly<Record<InstallmentStatus, readonly InstallmentStatus[]>> = {
  open: ['partially_paid', 'paid', 'renegotiated', 'written_off', 'assigned', 'cancelled'],
  partially_paid: ['open', 'paid', 'renegotiated', 'written_off', 'assigned', 'repurchased'],
  paid: ['open', 'partially_paid', 'assigned', 'repurchased'],
  renegotiated: [],
  written_off: ['open', 'partially_paid'],
  assigned: ['paid', 'repurchased', 'open', 'partially_paid'],
  repurchased: ['partially_paid', 'paid', 'renegotiated', 'written_off', 'assigned'],
  cancelled: [],
};

/**
 * The statuses kept in the database (installment_states, migration 0018):
 * the ones payments do not give. Open, partially paid and paid are always
 * derived from the payments; overdue from the date.
 */
export const STORED_INSTALLMENT_STATUSES = ['renegotiated', 'written_off', 'assigned', 'repurchased', 'cancelled'] as const satisfies readonly InstallmentStatus[];
export type StoredInstallmentStatus = (typeof STORED_INSTALLMENT_STATUSES)[number];

/** Portuguese labels for the server's messages (the screens use the i18n catalogue). */
export const INSTALLMENT_STATUS_LABELS_PT: Readonly<Record<InstallmentStatus, string>> = {
  open: 'Em aberto',
  partially_paid: 'Paga parcialmente',
  paid: 'Paga',
  renegotiated: 'Renegociada',
  written_off: 'Baixada como perda',
  assigned: 'Cedida',
  repurchased: 'Recomprada',
  cancelled: 'Cancelada (desistência)',
};

/** Statuses with something still to collect: they take payments and may be overdue. */
export const COLLECTIBLE_STATUSES: readonly InstallmentStatus[] = ['open', 'partially_paid', 'assigned', 'repurchased'];

/** The status the borrower's withdrawal (CDC art. 49) gives every installment of the operation; final. */
export const WITHDRAWN_INSTALLMENT_STATUS = 'cancelled' as const satisfies InstallmentStatus;

/** Statuses that end the workflow (restructured: the close reads them as a renegotiation). */
export const FINAL_INSTALLMENT_STATUSES: readonly InstallmentStatus[] = ['renegotiated'];

/** Who the installment belongs to, which decides the status its payments give it. */
export type InstallmentOwner = 'lender' | 'assignee' | 'repurchased';

/** Who owns an installment with this stored status (null: none stored). */
export function ownerOf(stored: InstallmentStatus | null): InstallmentOwner {
  if (stored === 'assigned') return 'assignee';
  if (stored === 'repurchased') return 'repurchased';
  return 'lender';
}

/** Whether its payments still give the status of an installment with this stored status (assigned, repurchased, none). */
export function paymentsDecide(stored: InstallmentStatus | null): boolean {
  return stored === null || stored === 'assigned' || stored === 'repurchased';
}

/** What the replay of its payments says (allocation.ts's PaymentStatus). */
export type PaymentProgress = 'open' | 'partially_paid' | 'paid';

export function isInstallmentStatus(value: unknown): value is InstallmentStatus {
  return typeof value === 'string' && (INSTALLMENT_STATUSES as readonly string[]).includes(value);
}

/** The statuses an installment in `from` may move to (empty for final ones). */
export function nextInstallmentStatuses(from: InstallmentStatus): readonly InstallmentStatus[] {
  return TRANSITIONS[from];
}

/** Whether the workflow allows `from` → `to`; staying in the same status is not a move. */
export function canMoveInstallment(from: InstallmentStatus, to: InstallmentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Whether an installment in `status` may be overdue (the date decides whether it is). */
export function canBeOverdue(status: InstallmentStatus): boolean {
  return COLLECTIBLE_STATUSES.includes(status);
}

/** The status payments give an installment, by its owner: the move a payment or reversal makes. */
export function statusFromPayments(progress: PaymentProgress, owner: InstallmentOwner): InstallmentStatus {
  if (progress === 'paid') return 'paid';
  if (owner === 'assignee') return 'assigned';
  if (owner === 'repurchased' && progress === 'open') return 'repurchased';
  return progress;
}

/**
 * The moves a person asks for by name (PATCH …/installments/:x with `status`);
 * every other move comes from a payment, a reversal or a cession.
 */
export const MANUAL_INSTALLMENT_STATUSES = ['renegotiated', 'written_off', 'open', 'partially_paid'] as const;
export type ManualInstallmentStatus = (typeof MANUAL_INSTALLMENT_STATUSES)[number];
export type ManualInstallmentMove = 'renegotiate' | 'write_off' | 'undo_write_off';

/**
 * Which manual move takes an installment from `from` to `to`, or null when
 * none does: renegotiated or written off from a status the workflow allows
 * (never what is paid or belongs to an assignee), and back from written off
 * only to the status its payments give (`progress`): undoing a write-off
 * never invents a payment. Open ⇄ partially paid ⇄ paid stay the payments'.
 */
export function manualInstallmentMove(from: InstallmentStatus, to: InstallmentStatus, progress: PaymentProgress): ManualInstallmentMove | null {
  if (!canMoveInstallment(from, to)) return null;
  if (to === 'renegotiated') return 'renegotiate';
  if (to === 'written_off') return 'write_off';
  if (from === 'written_off' && to === statusFromPayments(progress, 'lender')) return 'undo_write_off';
  return null;
}

function label(status: string): string {
  return isInstallmentStatus(status) ? INSTALLMENT_STATUS_LABELS_PT[status] : status;
}

/** The 409 message for a move the workflow refuses, naming both statuses. */
export function installmentTransitionMessage(from: string, to: string): string {
  if (from === to) return `A parcela já está na situação "${label(to)}".`;
  return `Não é possível passar a parcela da situação "${label(from)}" para "${label(to)}".`;
}

/**
 * The 409 message for a manual move refused (manualInstallmentMove gave
 * null): both statuses, and, for a write-off undone to another status than
 * its payments give, the one they give.
 */
export function manualMoveMessage(from: InstallmentStatus, to: InstallmentStatus, progress: PaymentProgress): string {
  const message = installmentTransitionMessage(from, to);
  const landing = statusFromPayments(progress, 'lender');
  if (from === 'written_off' && canMoveInstallment(from, to) && to !== landing) return `${message} Pelos pagamentos, ela volta para "${label(landing)}".`;
  return message;
}
