/**
 * The approvals inbox and the collections desk's attention counts.
 *
 * Why: a request that waits for a second person (APPROVAL_KINDS, ./approvals.ts)
 * was only found from its record's screen, so the approver had to know the
 * operation number and the asker saw nothing of the wait. The inbox lists
 * every pending request in one place: what it is, about which operation(s),
 * how much, who asked and since when, whether the reader may give the next
 * check — oldest first, as work waits.
 *
 * - Read-only: checking, refusing and withdrawing stay on the record's own
 *   screen (the owning area's call), which the row opens.
 * - Who: AllOperators, the roles that ask for and check money decisions.
 * - Filters: `kind` (one of APPROVAL_KIND_NAMES), `mine` (`check`: those the
 *   reader may check now; `asked`: those the reader asked for). Sorts:
 *   `made_at` (oldest first by default), `amount`.
 * - Attention counts (GET /api/collections/attention, every panel role): the
 *   overdue installments on the business date (capped as the list caps), the
 *   requests the reader may check, and the money to identify still open;
 *   null for a count whose list the reader's role may not open.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { APPROVAL_KIND_NAMES } from './approvals';
import { listArgs, paged, timestampSchema } from './common';
import { defineOperation } from './define';
import { moneySchema } from './money';

export const APPROVAL_INBOX_FILTERS = ['kind', 'mine'] as const;
export const APPROVAL_INBOX_SORTS = ['made_at', 'amount'] as const;
/** `mine` filter values: the requests the reader may check now, or those they asked for. */
export const APPROVAL_INBOX_MINE = ['check', 'asked'] as const;

export const pendingApprovalSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KIND_NAMES),
  /** the amount that decided how many checks it needs */
  amount: moneySchema,
  /** checks it needs (1, or 2 above the company's second_approval_above) and checks given so far */
  required_checks: z.number().int(),
  checks_given: z.number().int(),
  /** who asked (the maker) and since when */
  maker_name: z.string().nullable(),
  made_at: timestampSchema,
  /** the operations it is about (a cession may touch several), in id order; empty for a parameter change */
  credit_operation_ids: z.array(z.number().int()),
  /** the record the request is about (the operation, the agreement, the cession, the company, the month as YYYYMM) */
  entity_id: z.number().int(),
  /** the borrower of the first of those operations */
  borrower_name: z.string().nullable(),
  /** whether the reader may give the next check now */
  can_check: z.boolean(),
  /** whether the reader asked for it */
  asked_by_me: z.boolean(),
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

export const attentionSchema = z.object({
  /** the business date the counts are of */
  as_of: z.string(),
  overdue_installments: z.number().int(),
  /** the overdue count stopped at the list's cap */
  overdue_capped: z.boolean(),
  /** pending requests the reader may check now (null: the role may not open the inbox) */
  approvals_to_check: z.number().int().nullable(),
  /** money to identify still open (null: the role may not open that list) */
  suspense_open: z.number().int().nullable(),
});
export type Attention = z.infer<typeof attentionSchema>;

export const approvalsInboxOperations = {
  'approvals.inbox': defineOperation({
    method: 'GET',
    path: '/api/approvals/pending',
    access: AllOperators,
    encoding: 'list',
    origin: 'designed',
    description:
      'Every pending approval request (credit approvals, reversals, write-offs, cessions, repurchases, refunds of money to identify, parameter changes), oldest first: what, about which operations, how much, who asked and when, checks needed and given, whether the reader may give the next check. Filters: kind, mine (check: those the reader may check now; asked: those the reader asked for). Sorts: made_at, amount. Read-only: the record\'s screen checks or refuses.',
    list: { filters: APPROVAL_INBOX_FILTERS, sorts: APPROVAL_INBOX_SORTS },
    args: listArgs,
    result: paged(pendingApprovalSchema),
  }),
  'collections.attention': defineOperation({
    method: 'GET',
    path: '/api/collections/attention',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "What needs attention on the business date, for the menu's Cobrança section: overdue installments (capped as the overdue list caps), pending approvals the reader may check (null when the role may not open the inbox), money to identify still open (null when the role may not open that list).",
    args: z.object({}),
    result: attentionSchema,
  }),
} as const;
