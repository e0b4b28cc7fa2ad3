/**
 * The credit operation workflow (the spec shows neither the values
 * nor the transitions: this is the designed workflow). Codes are English
 * identifiers; screens label them through i18n (creditOperations.status.*).
 *
 *  proposal ──► analysis ──► approved ──► contract_issued ──► disbursed ──► settled
 *     ▲  │        │  │          │  ▲             │
 *     │  │        │  ▼          │  └─ contract cancelled (back to approved)
 *     │  │        │ refused     │
 *     │  │        ▼             ▼
 *     └──┴── returned      cancelled (from any state before disbursed)
 *
 * - proposal: built (conditions and schedule saved), editable, not yet sent;
 * - analysis: sent to analysis; the decision is approve, refuse (reason) or
 *   return for changes (reason);
 * - returned: sent back for changes; editable, goes to analysis again;
 * - approved: credit granted (AllOperators, never by the person who built or
 *   last changed the conditions; above the company's limit a second person of
 *   AllAdmins confirms it, and until then it stays in analysis with its first
 *   approval pending: src/server/areas/operations/approvals.ts); the contract may be
 *   issued; editing an approved operation sends it back to analysis; only
 *   AllOperators cancel it (an agent does not undo an operator's decision);
 * - contract_issued: the CCB or MPO was issued; cancelling the contract
 *   (PATCH /company/contracts/:id) brings it back to approved;
 * - disbursed: the money left (servicing takes it from there);
 * - settled: a disbursed operation paid off in full ahead of its schedule
 *   (prepayment at the present value of the remaining installments); final;
 * - written_off: servicing wrote off everything still to collect (behind a
 *   second person); undoing the write-off of an installment brings it back
 *   to disbursed (WRITE_OFF_MOVES);
 * - refused, cancelled: final. A disbursed operation is also cancelled when
 *   the borrower withdraws within the seven days of CDC art. 49
 *   (WITHDRAWAL_MOVE, areas/withdrawal).
 */
export const CREDIT_OPERATION_STATUSES = [
  'proposal',
  'analysis',
  'returned',
  'approved',
  'refused',
  'contract_issued',
  'disbursed',
  'cancelled',
  'settled',
  'written_off',
] as const;
export type CreditOperationStatus = (typeof CREDIT_OPERATION_STATUSES)[number];

/** The decisions and moves a person makes on an operation (POST /creditOperation/:id/decision). */
export const CREDIT_OPERATION_ACTIONS = ['send_to_analysis', 'approve', 'refuse', 'return', 'cancel'] as const;
export type CreditOperationAction = (typeof CREDIT_OPERATION_ACTIONS)[number];

interface ActionRule {
  from: readonly CreditOperationStatus[];
  to: CreditOperationStatus;
  /** the person must say why (refusal, return, cancellation) */
  needsReason: boolean;
  /** only AllOperators may take it (approval and what follows from it) */
  operatorsOnly: boolean;
  /** only AllOperators may take it from these statuses (an operator's approval stands until an operator undoes it) */
  operatorsOnlyFrom: readonly CreditOperationStatus[];
}

export const ACTION_RULES: Readonly<Record<CreditOperationAction, ActionRule>> = {
  send_to_analysis: { from: ['proposal', 'returned'], to: 'analysis', needsReason: false, operatorsOnly: false, operatorsOnlyFrom: [] },
  approve: { from: ['analysis'], to: 'approved', needsReason: false, operatorsOnly: true, operatorsOnlyFrom: [] },
  refuse: { from: ['analysis'], to: 'refused', needsReason: true, operatorsOnly: true, operatorsOnlyFrom: [] },
  return: { from: ['analysis', 'approved'], to: 'returned', needsReason: true, operatorsOnly: true, operatorsOnlyFrom: [] },
  cancel: { from: ['proposal', 'analysis', 'returned', 'approved'], to: 'cancelled', needsReason: true, operatorsOnly: false, operatorsOnlyFrom: ['approved'] },
};

/**
 * Whether only AllOperators may take `action` from `status`. An operation
 * with its first approval given (the second pending) counts as approved by
 * an operator: an agent cannot cancel it either.
 */
export function operatorsOnlyMove(action: CreditOperationAction, status: CreditOperationStatus, approvalPending = false): boolean {
  const rule = ACTION_RULES[action];
  if (rule.operatorsOnly || rule.operatorsOnlyFrom.includes(status)) return true;
  return action === 'cancel' && approvalPending;
}

/** Statuses in which the conditions may still change (PUT /creditOperation/:id). */
export const EDITABLE_STATUSES: readonly CreditOperationStatus[] = ['proposal', 'analysis', 'returned', 'approved'];
/** Statuses in which a contract may be issued. */
/**
 * Statuses before a contract was issued (or that ended before one): the schedule may still be replaced. From
 * contract_issued on it is the contract's and the database refuses to change it (migration 0036's
 * installment_schedule_fixed repeats this list; tests/unit/server/trigger-status-lists.test.ts keeps them equal).
 */
export const SCHEDULE_OPEN_STATUSES: readonly CreditOperationStatus[] = [...EDITABLE_STATUSES, 'refused', 'cancelled'];
export const CONTRACT_ISSUABLE_STATUSES: readonly CreditOperationStatus[] = ['approved'];
/** Final for origination: no person's action leaves them; servicing's SETTLEMENT_MOVE and WRITE_OFF_MOVES still move a disbursed operation (and a written-off one back). */
export const FINAL_OPERATION_STATUSES: readonly CreditOperationStatus[] = ['refused', 'cancelled', 'disbursed', 'settled', 'written_off'];
/** Statuses an operation reaches only after its money left (disbursed, then paid off or written off): servicing's. */
export const MONEY_RELEASED_STATUSES: readonly CreditOperationStatus[] = ['disbursed', 'settled', 'written_off'];
/**
 * Statuses in which the analyst's opinion no longer changes: the contract was
 * issued on the approval it supports (and the money left after it).
 * Cancelling the contract brings the operation back to approved, where it may
 * be reviewed again.
 */
export const OPINION_CLOSED_STATUSES: readonly CreditOperationStatus[] = ['contract_issued', ...MONEY_RELEASED_STATUSES];

export function isCreditOperationStatus(value: unknown): value is CreditOperationStatus {
  return typeof value === 'string' && (CREDIT_OPERATION_STATUSES as readonly string[]).includes(value);
}

/** Whether `action` may be taken on an operation in `status`. */
export function actionAllowed(action: CreditOperationAction, status: CreditOperationStatus): boolean {
  return ACTION_RULES[action].from.includes(status);
}

/** The actions open from `status` (the screen offers only these). */
export function actionsFrom(status: CreditOperationStatus): CreditOperationAction[] {
  return CREDIT_OPERATION_ACTIONS.filter((a) => actionAllowed(a, status));
}

/**
 * The status an edit leaves the operation in: an approved operation whose
 * conditions change must be approved again, so it goes back to analysis.
 */
export function statusAfterEdit(status: CreditOperationStatus): CreditOperationStatus {
  return status === 'approved' ? 'analysis' : status;
}

/**
 * The moves the contract makes, not a person's decision: issuing it, and
 * cancelling it, which brings the operation back to approved.
 */
export const CONTRACT_MOVES = {
  issue: { from: CONTRACT_ISSUABLE_STATUSES, to: 'contract_issued' },
  cancel: { from: ['contract_issued'], to: 'approved' },
} as const satisfies Record<string, { from: readonly CreditOperationStatus[]; to: CreditOperationStatus }>;

/**
 * The release of the money (PATCH /creditOperation/:id/disbursement): only
 * an operation whose contract is issued is disbursed, by AllOperators.
 */
export const DISBURSEMENT_MOVE = { from: ['contract_issued'], to: 'disbursed' } as const satisfies {
  from: readonly CreditOperationStatus[];
  to: CreditOperationStatus;
};

/**
 * Full prepayment (servicing's prepayment): a disbursed operation whose
 * remaining installments were paid at their present value is settled.
 */
export const SETTLEMENT_MOVE = { from: ['disbursed'], to: 'settled' } as const satisfies {
  from: readonly CreditOperationStatus[];
  to: CreditOperationStatus;
};

/**
 * Servicing's moves: the write-off of what was left to collect (the last
 * collectible installment written off, alone or with the operation's whole
 * balance), and its undoing (a written-off installment brought back).
 */
export const WRITE_OFF_MOVES = {
  writeOff: { from: ['disbursed'], to: 'written_off' },
  undo: { from: ['written_off'], to: 'disbursed' },
} as const satisfies Record<string, { from: readonly CreditOperationStatus[]; to: CreditOperationStatus }>;

/**
 * The borrower's withdrawal within seven days (CDC art. 49; areas/withdrawal):
 * a disbursed operation is undone — the principal returns, its installments
 * close as cancelled — and the operation is cancelled.
 */
export const WITHDRAWAL_MOVE = { from: ['disbursed'], to: 'cancelled' } as const satisfies {
  from: readonly CreditOperationStatus[];
  to: CreditOperationStatus;
};

/**
 * Whether the workflow takes an operation from `from` to `to` by any of its
 * moves: a person's action, an edit of approved conditions, the contract, the disbursement, or a write-off.
 * Staying in the same status is not a move.
 */
export function canMoveOperation(from: CreditOperationStatus, to: CreditOperationStatus): boolean {
  if (from === to) return false;
  if (CREDIT_OPERATION_ACTIONS.some((a) => ACTION_RULES[a].to === to && actionAllowed(a, from))) return true;
  if (EDITABLE_STATUSES.includes(from) && statusAfterEdit(from) === to) return true;
  if ((DISBURSEMENT_MOVE.from as readonly CreditOperationStatus[]).includes(from) && DISBURSEMENT_MOVE.to === to) return true;
  if ((SETTLEMENT_MOVE.from as readonly CreditOperationStatus[]).includes(from) && SETTLEMENT_MOVE.to === to) return true;
  if (Object.values(WRITE_OFF_MOVES).some((m) => (m.from as readonly CreditOperationStatus[]).includes(from) && m.to === to)) return true;
  if ((WITHDRAWAL_MOVE.from as readonly CreditOperationStatus[]).includes(from) && WITHDRAWAL_MOVE.to === to) return true;
  return Object.values(CONTRACT_MOVES).some((m) => (m.from as readonly CreditOperationStatus[]).includes(from) && m.to === to);
}

/** The status a new proposal starts in. */
export const INITIAL_OPERATION_STATUS: CreditOperationStatus = 'proposal';

/** Whether the money left: the schedule is being collected, so its installments may be overdue. */
export function isDisbursed(status: CreditOperationStatus): boolean {
  return status === 'disbursed';
}
/**
 * Whether the money left at some point (disbursed, or settled or written off
 * after it): its installments are valued by the real dates of their payments
 * and charges, the contract and the complement stay closed. Settled and
 * written-off operations are no longer collected (COLLECTING_STATUSES).
 */
export function wasDisbursed(status: CreditOperationStatus): boolean {
  return isDisbursed(status) || status === SETTLEMENT_MOVE.to || status === WRITE_OFF_MOVES.writeOff.to;
}
/** The statuses whose installments are being collected. */
export const COLLECTING_STATUSES: readonly CreditOperationStatus[] = CREDIT_OPERATION_STATUSES.filter(isDisbursed);

/**
 * Statuses of an operation that still holds the guarantees pledged to it:
 * every one but a refusal, a cancellation or a settlement, which release them.
 */
export const GUARANTEE_HOLDING_STATUSES: readonly CreditOperationStatus[] = CREDIT_OPERATION_STATUSES.filter((s) => s !== 'refused' && s !== 'cancelled' && s !== 'settled');

/** Whether the first (or only) approval is decided in `status`. */
export function awaitsApproval(status: CreditOperationStatus): boolean {
  return actionAllowed('approve', status);
}
