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
 * - Company-level lines (no operation, installment or cession: those fields
 *   null): the cession price's receipts (+amount), their reversals (−) and
 *   write-offs (+), of the account's cessions; transfers of collected money
 *   to the assignee (−amount sent), the fee the agreement lets the lender keep
 *   (−fee) and a transfer's reversal (+amount +fee). `transfer_id` names the
 *   transfer a transfer, fee or reversal line belongs to.
 * - Pass-through (`pass_through`): the money collected on the account's
 *   installments in the period (payments − their reversals), the fee the
 *   agreement lets the lender keep (collected × the account's
 *   `pass_through_fee_rate` %, to the cent, half up), net due (collected −
 *   fee), what was transferred and kept in the period, and the open payable
 *   at `to` — everything the lender owes the assignee and has not paid
 *   (payments and repurchases, less transfers and fees kept): the ledger's
 *   `due_to_assignee` summed over the accounts equals the sum of their open
 *   payables.
 * - A transfer (AllOperators): date (not after the business date), amount
 *   sent, fee kept (default 0), the company bank account it left from;
 *   entries due to assignee (amount + fee) → bank (amount) and fee income
 *   (fee). 409 when amount + fee passes the open payable (naming it), a bank
 *   account not the company's; append-only: undone by a reversal of its own
 *   (reason ≥ 5, dated the business date, the lines swapped), once.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { ASSIGNEE_TRANSFER_KINDS } from '../enums';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, timestampSchema, trimmedTextSchema } from './common';
import { calendarDaySchema, moneyInputSchema, moneySchema, positiveMoneyInputSchema } from './money';

export const ASSIGNEE_STATEMENT_MAX_DAYS = 366;

export const ASSIGNEE_STATEMENT_KINDS = [
  'cession',
  'cession_reversal',
  'payment',
  'payment_reversal',
  'repurchase',
  'repurchase_reversal',
  'price_receipt',
  'price_receipt_reversal',
  'price_write_off',
  'transfer',
  'transfer_fee',
  'transfer_reversal',
] as const;
export type AssigneeStatementKind = (typeof ASSIGNEE_STATEMENT_KINDS)[number];

export const assigneeStatementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(ASSIGNEE_STATEMENT_KINDS),
  /** null on a company-level line (price moves, transfers) */
  credit_operation_id: z.number().nullable(),
  operation_number: z.string().nullable(),
  installment_id: z.number().nullable(),
  installment_number: z.number().nullable(),
  /** the cession the installment (or the price move) stands in; null on a transfer */
  cession_number: z.number().nullable(),
  /** the transfer a transfer, fee or transfer reversal line belongs to */
  transfer_id: z.number().nullable(),
  /** a transfer line already reversed */
  reversed: z.boolean(),
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
  pass_through: z.object({
    /** % of what is collected the agreement lets the lender keep */
    fee_rate: z.string(),
    collected: moneySchema,
    fee_due: moneySchema,
    net_due: moneySchema,
    transferred: moneySchema,
    fees_kept: moneySchema,
    /** owed to the assignee and not paid, at `to` */
    open_payable: moneySchema,
  }),
});
export type AssigneeStatement = z.infer<typeof assigneeStatementSchema>;

export { ASSIGNEE_TRANSFER_KINDS };

export const assigneeTransferSchema = z.object({
  id: z.number().int(),
  assignment_account_id: z.number().int(),
  kind: z.enum(ASSIGNEE_TRANSFER_KINDS),
  moved_on: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  company_bank_account_id: z.number().int(),
  reverses_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  created_at: timestampSchema,
});
export type AssigneeTransfer = z.infer<typeof assigneeTransferSchema>;

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
  'assigneeStatement.transfer': defineOperation({
    method: 'POST',
    path: '/api/company/assignment-bank-accounts/:accountId/transfers',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      'Records money sent to the assignee against what was collected for it: date, amount sent, fee the agreement lets the lender keep (default 0), the company bank account it left from; entries due to assignee → bank and fee income. 409 when amount + fee passes the open payable (naming it) or the bank account is not the company\'s; 400 after the business date. Idempotent by key.',
    errors: [400, 404, 409],
    args: z.object({
      accountId: idSchema,
      idempotency_key: idempotencyKeySchema,
      date: calendarDaySchema,
      amount: positiveMoneyInputSchema,
      fee: moneyInputSchema.optional(),
      company_bank_account_id: idSchema,
    }),
    result: assigneeTransferSchema,
  }),
  'assigneeStatement.reverseTransfer': defineOperation({
    method: 'POST',
    path: '/api/company/assignment-bank-accounts/:accountId/transfers/:transfer/reversal',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: 'Undoes a transfer recorded by mistake: a reversal row of its own with a reason (at least 5 characters), dated the business date, its entries swapped. 409 when already reversed. Idempotent by key.',
    errors: [400, 404, 409],
    args: z.object({ accountId: idSchema, transfer: idSchema, idempotency_key: idempotencyKeySchema, reason: trimmedTextSchema(1000).min(5, 'diga o motivo (ao menos 5 caracteres)') }),
    result: assigneeTransferSchema,
  }),
} as const;
