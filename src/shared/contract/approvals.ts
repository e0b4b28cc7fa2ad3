/**
 * Four eyes (maker-checker): what a pending approval request is on the wire
 * and which roles may check each kind. The server's mechanism is
 * src/server/areas/operations/approvals.ts (its header has the design); the kinds are
 * declared here once so the server's rules and the screens' texts read the
 * same list. Servicing adds its money actions (reversals, write-offs,
 * repurchases, cessions) as new kinds.
 */
import { z } from 'zod';
import { AllAdmins, AllOperators, type RoleId } from '../roles';
import { timestampSchema } from './common';
import { moneySchema } from './money';
import { APPROVAL_STATUSES, LIMITED_MOVE_NAMES } from '../enums';

export { APPROVAL_STATUSES };
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

interface ApprovalKindRule {
  /** the record kind the request is about (activity-log entity names) */
  entity: 'credit_operation' | 'installment_transaction' | 'installment' | 'cession' | 'cession_reversal' | 'repurchase' | 'repurchase_reversal' | 'company' | 'suspense_item' | 'ledger_close' | 'renegotiation';
  /** who may give the first (or only) check */
  checkers: readonly RoleId[];
  /** who may give the second check, when the amount asks for two */
  secondCheckers: readonly RoleId[];
}

/**
 * Each kind of decision that needs a second person. A credit approval is
 * checked by AllOperators; above the company's `second_approval_above` a
 * second person of AllAdmins must confirm it.
 */
export const APPROVAL_KINDS = {
  'credit_operation.approve': { entity: 'credit_operation', checkers: AllOperators, secondCheckers: AllAdmins },
  /** a reversal (estorno) of a payment above the company's reversal_approval_above: another person of AllOperators confirms it */
  'installment.reverse': { entity: 'installment_transaction', checkers: AllOperators, secondCheckers: AllAdmins },
  /** a write-off of an installment's open principal as a loss: always another person of AllOperators (no amount is small enough to forgive alone) */
  'installment.write_off': { entity: 'installment', checkers: AllOperators, secondCheckers: AllAdmins },
  /** a write-off of everything an operation has left to collect: always another person of AllOperators */
  'credit_operation.write_off': { entity: 'credit_operation', checkers: AllOperators, secondCheckers: AllAdmins },
  /** a cession priced above the company's cession_approval_above: another person of AllOperators confirms it */
  'cession.assign': { entity: 'cession', checkers: AllOperators, secondCheckers: AllAdmins },
  /** a cession's reversal priced above cession_approval_above: another person of AllOperators confirms it */
  'cession.reverse': { entity: 'cession_reversal', checkers: AllOperators, secondCheckers: AllAdmins },
  /** a repurchase whose amount is above cession_approval_above: another person of AllOperators confirms it */
  'repurchase.create': { entity: 'repurchase', checkers: AllOperators, secondCheckers: AllAdmins },
  /** undoing a repurchase whose amount is above cession_approval_above: another person of AllOperators confirms it */
  'repurchase.reverse': { entity: 'repurchase_reversal', checkers: AllOperators, secondCheckers: AllAdmins },
  /** a refund of money in suspense (valores a identificar) above the company's reversal_approval_above: another person of AllOperators confirms it */
  'suspense.refund': { entity: 'suspense_item', checkers: AllOperators, secondCheckers: AllAdmins },
  /**
   * a change of the company's money parameters (COMPANY_FOUR_EYES_PARAMETERS, contract/company.ts): another
   * administrator approves it, and only then it applies (entity_id: the company; one pending change per company)
   */
  'company.parameters': { entity: 'company', checkers: AllAdmins, secondCheckers: AllAdmins },
  /** the monthly close of a month (entity_id: the month as YYYYMM): another administrator approves it, and only then it runs */
  'ledger.close': { entity: 'ledger_close', checkers: AllAdmins, secondCheckers: AllAdmins },
  /** writing off what an assignee did not pay of a cession's price (entity_id: the cession): another administrator approves it */
  'cession.price_write_off': { entity: 'cession', checkers: AllAdmins, secondCheckers: AllAdmins },
  /** a renegotiation agreement whose discount is above the maker's role limit (renegotiation_limits.alone_up_to): another person of AllOperators confirms it */
  'renegotiation.agree': { entity: 'renegotiation', checkers: AllOperators, secondCheckers: AllAdmins },
  /**
   * a reversal of an agreement installment's payment above the company's reversal_approval_above (the installment
   * reversal's limit, counted with it per person and operation): another person of AllOperators confirms it
   * (entity_id: the agreement; one reversal waits per agreement at a time)
   */
  'renegotiation.reverse_payment': { entity: 'renegotiation', checkers: AllOperators, secondCheckers: AllAdmins },
  /** a change of the renegotiation limits per role (entity_id: the company; one at a time): another administrator approves it */
  'renegotiation.limits': { entity: 'company', checkers: AllAdmins, secondCheckers: AllAdmins },
} as const satisfies Record<string, ApprovalKindRule>;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;
export const APPROVAL_KIND_NAMES = Object.keys(APPROVAL_KINDS) as [ApprovalKind, ...ApprovalKind[]];

/**
 * Servicing's money moves behind a limit, and the move each kind counts as.
 * Splitting does not get under a limit: what decides is the sum, per person
 * (the maker) and operation, of the moves of the same kind they made over the
 * company's `approval_window_days` (calendar days up to the business date,
 * 1 = that day alone) — taken alone, approved or still waiting; refused and
 * withdrawn ones do not count — plus this one (a cession touching several
 * operations counts each operation's share, and its whole price too):
 * - above the kind's one-check limit (`reversal_approval_above` for reversals,
 *   `cession_approval_above` for cessions, repurchases and their undoing; write-offs
 *   have none: they always wait) it waits for another person of the kind's `checkers`;
 * - above the company's higher limit, `second_approval_above` (the one credit
 *   approvals use: one number says when two people besides the maker confirm
 *   any money decision), it waits whatever the one-check limit says, and needs
 *   two checks: the second from `secondCheckers` (AllAdmins), as a credit
 *   approval above that limit does.
 * Write-offs of an installment and of a whole operation are one kind of move.
 */
export const LIMITED_MOVES = {
  'installment.reverse': 'reversal',
  'installment.write_off': 'write_off',
  'credit_operation.write_off': 'write_off',
  'cession.assign': 'cession',
  'cession.reverse': 'cession_reversal',
  'repurchase.create': 'repurchase',
  'repurchase.reverse': 'repurchase_reversal',
  'suspense.refund': 'suspense_refund',
  'renegotiation.reverse_payment': 'reversal',
} as const satisfies Partial<Record<ApprovalKind, LimitedMove>>;
export type LimitedKind = keyof typeof LIMITED_MOVES;
export type LimitedMove = (typeof LIMITED_MOVE_NAMES)[number];
export { LIMITED_MOVE_NAMES };

/** One request as a screen shows it: who made what, who checked it, where it stands, and who may act next. */
export const approvalRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KIND_NAMES),
  status: z.enum(APPROVAL_STATUSES),
  /** the amount that decided how many checks it needs */
  amount: moneySchema,
  /** the limit in force when it was opened, above which two checks are needed */
  limit_amount: moneySchema.nullable(),
  /** the figures the checkers saw (principal, released, total payable…), decimal text */
  amounts: z.record(z.string(), moneySchema),
  required_checks: z.number().int(),
  maker_name: z.string().nullable(),
  made_at: timestampSchema,
  checker_name: z.string().nullable(),
  checked_at: timestampSchema.nullable(),
  second_checker_name: z.string().nullable(),
  second_checked_at: timestampSchema.nullable(),
  closed_by_name: z.string().nullable(),
  closed_at: timestampSchema.nullable(),
  reason: z.string().nullable(),
  /** while pending: the roles that may give the next check */
  next_check_roles: z.array(z.number().int()),
  /** while pending: the active people who may give the next check (the maker and the first checker left out) */
  next_checkers: z.array(z.string()),
  /** whether the person asking may give the next check now */
  can_check: z.boolean(),
  created_at: timestampSchema,
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;
