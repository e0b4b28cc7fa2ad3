/**
 * The assignee's statement: for one assignee account and a period, what the
 * lender and the assignee owe each other, line by line in date order.
 *
 * Design choices:
 * - Balance = owed to the assignee − due from the assignee (the ledger's
 *   `due_to_assignee` less `due_from_assignee` for this account): positive,
 *   the lender owes the assignee; negative, the assignee still owes prices.
 *   Each line's `amount` is its effect on that balance: a cession −price, its
 *   reversal +price, a payment collected on an assigned installment +amount,
 *   that payment's reversal its own −amount line, a repurchase +amount, its
 *   undoing −amount.
 * - The journal's postings are per operation and do not name the assignee,
 *   so the lines are read from the records that caused them (cession items,
 *   reversal items, repurchases, the payments whose posting credited
 *   `due_to_assignee`, attributed to the standing cession of the installment
 *   on the payment day); only records in force count (four eyes approved).
 *   Dates are the records' own days (cession date, reversal day, payment day,
 *   repurchase day).
 * - opening = every line before `from`; closing = opening + the period's lines;
 *   `totals` sums the period's lines per kind. Period: both dates required,
 *   from ≤ to, at most ASSIGNEE_STATEMENT_MAX_DAYS days (400 naming `to`).
 * - An account of another company, or none: 404. Who: the panel roles that
 *   read the company's assignee accounts (AllPanelUsers).
 */
import { z } from 'zod';
import { AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema } from './common';
import { calendarDaySchema, moneySchema } from './money';

export const ASSIGNEE_STATEMENT_MAX_DAYS = 366;

export const ASSIGNEE_STATEMENT_KINDS = ['cession', 'cession_reversal', 'payment', 'payment_reversal', 'repurchase', 'repurchase_reversal'] as const;
export type AssigneeStatementKind = (typeof ASSIGNEE_STATEMENT_KINDS)[number];

export const assigneeStatementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(ASSIGNEE_STATEMENT_KINDS),
  credit_operation_id: z.number(),
  operation_number: z.string(),
  installment_id: z.number(),
  installment_number: z.number(),
  /** the cession the installment stands in (for every kind) */
  cession_number: z.number(),
  /** signed: the line's effect on the balance (owed to the assignee positive) */
  amount: moneySchema,
  balance: moneySchema,
});
export type AssigneeStatementLine = z.infer<typeof assigneeStatementLineSchema>;

export const assigneeStatementSchema = z.object({
  assignment_account_id: z.number(),
  assignee_name: z.string(),
  from: z.string(),
  to: z.string(),
  opening_balance: moneySchema,
  closing_balance: moneySchema,
  totals: z.object(Object.fromEntries(ASSIGNEE_STATEMENT_KINDS.map((k) => [k, moneySchema])) as Record<AssigneeStatementKind, typeof moneySchema>),
  lines: z.array(assigneeStatementLineSchema),
});
export type AssigneeStatement = z.infer<typeof assigneeStatementSchema>;

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

export const assigneeStatementArgs = z
  .object({ accountId: idSchema, from: calendarDaySchema, to: calendarDaySchema })
  .refine((a) => a.from <= a.to, { message: 'o fim do período não pode ser antes do início', path: ['to'] })
  .refine((a) => a.from > a.to || dayCount(a.from, a.to) <= ASSIGNEE_STATEMENT_MAX_DAYS, {
    message: `período de no máximo ${ASSIGNEE_STATEMENT_MAX_DAYS} dias`,
    path: ['to'],
  });

export const assigneeStatementOperations = {
  'assigneeStatement.get': defineOperation({
    method: 'GET',
    path: '/api/company/assignment-bank-accounts/:accountId/statement',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'designed',
    description:
      "An assignee account's statement for `from`..`to` (at most 366 days): cessions, their reversals, payments collected on its installments and their reversals, repurchases and their undoing, in date order with a running balance (owed to the assignee − due from it), the opening balance, the closing balance and the totals per kind.",
    args: assigneeStatementArgs,
    result: assigneeStatementSchema,
  }),
} as const;
