/**
 * Servicing's closed lists, once: the kinds of an installment's money
 * transactions, how money leaves (disbursement) and arrives (payment). The
 * database checks the same values (migration 0015). The ledger's accounts,
 * sides and posting kinds are the ledger's own lists (./ledger.ts).
 */

/** A payment received, or the reversal (estorno) of one: its own row, never an edit of the payment. */
export const INSTALLMENT_TRANSACTION_KINDS = ['payment', 'reversal'] as const;
export type InstallmentTransactionKind = (typeof INSTALLMENT_TRANSACTION_KINDS)[number];

/** How the released amount reaches the borrower's payout account. */
export const DISBURSEMENT_METHODS = ['pix', 'ted'] as const;
export type DisbursementMethod = (typeof DISBURSEMENT_METHODS)[number];

/** How a payment arrived. */
export const RECEIPT_METHODS = ['boleto', 'pix', 'ted', 'debit'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

/** A prepayment settles the operation (full) or leaves a new schedule (partial). */
export const PREPAYMENT_KINDS = ['partial', 'full'] as const;
export type PrepaymentKind = (typeof PREPAYMENT_KINDS)[number];

/** What a partial prepayment keeps: the installment (fewer of them) or the term (smaller ones). */
export const PREPAYMENT_MODES = ['reduce_term', 'reduce_installment'] as const;
export type PrepaymentMode = (typeof PREPAYMENT_MODES)[number];

/**
 * What a repurchase costs, as the agreement with each assignee says (stored on its account): what the borrower owes
 * on the day, charges included, or the face value discounted at the cession's rate (domain/servicing/repurchase.ts).
 */
export const REPURCHASE_RULES = ['face_plus_charges', 'present_value'] as const;
export type RepurchaseRule = (typeof REPURCHASE_RULES)[number];

/**
 * A mark on a disbursed operation that makes the agreement require the buy-back of every installment of it an
 * assignee holds, however late: fraud, or the contract cancelled or rescinded (the borrower's right of withdrawal,
 * a court decision). Set and cleared by rows of their own; the mark in force is the latest row of its cause.
 */
export const REPURCHASE_MARK_CAUSES = ['fraud', 'contract_cancelled'] as const;
export type RepurchaseMarkCause = (typeof REPURCHASE_MARK_CAUSES)[number];

/** A mark's row either sets its cause on the operation or clears it. */
export const REPURCHASE_MARK_ACTIONS = ['set', 'clear'] as const;
export type RepurchaseMarkAction = (typeof REPURCHASE_MARK_ACTIONS)[number];

/**
 * Why an installment is (or was) bought back: the agreement's days-late rule, a mark on its operation (fraud, the
 * contract cancelled), or a decision under the agreement with its reason.
 */
export const REPURCHASE_CAUSES = ['overdue', ...REPURCHASE_MARK_CAUSES, 'agreement'] as const;
export type RepurchaseCause = (typeof REPURCHASE_CAUSES)[number];

/**
 * Remuneratory interest during delay, as the frozen contract states it (Res. CMN 4.882/2020: the charges of delay
 * are only those the contract provides). `none`: the contract states only multa and juros de mora, so nothing else
 * runs after the due date. `compound_daily`: the contract's rate keeps running, compounded pro rata die
 * ((1 + monthly)^(days/30) − 1; capitalisation expressly agreed: Lei 10.931/2004 art. 28 §1 I for a CCB, MP
 * 2.170-36/2001 art. 5 and STJ Súmula 539 otherwise). `simple_daily`: 1/30 of the monthly rate per day — only
 * what contracts issued before the clause was frozen were charged, up to the day migration 0038 recorded.
 */
export const REMUNERATORY_IN_DELAY = ['none', 'compound_daily', 'simple_daily'] as const;
export type RemuneratoryInDelay = (typeof REMUNERATORY_IN_DELAY)[number];

/**
 * Where the days late of an installment are counted from. A due date on a weekend or bank holiday moves to the next
 * business day (Código Civil art. 132 §1): `payable_until` counts from that moved day (the law's reading, and what
 * every contract issued since migration 0038 states); `due_date` from the date printed, only where a frozen contract
 * says so.
 */
export const LATE_DAYS_FROM = ['payable_until', 'due_date'] as const;
export type LateDaysFrom = (typeof LATE_DAYS_FROM)[number];
