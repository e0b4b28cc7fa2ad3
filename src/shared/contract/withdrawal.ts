/**
 * The borrower's seven-day withdrawal (CDC art. 49; server: areas/withdrawal,
 * its README has the rules and their sources).
 *
 * Design choices:
 * - `withdrawal.quote` answers whether the operation may be withdrawn on the
 *   business date, and if not why (the same Portuguese sentence the call
 *   refuses with), the window (counted from, last day) and the amounts: what
 *   the borrower returns (the principal released, no interest, no fees) and
 *   the release's IOF and fees. Once withdrawn it answers the record.
 * - `withdrawal.withdraw` takes the operation's version and the amount the
 *   screen showed (`expected_return`; 409 naming it when it differs), and an
 *   idempotency key: a retry answers the same withdrawal; a second one is a
 *   409 saying it was withdrawn.
 * - Who: operators and admins (AllOperators); no four eyes — the move is not
 *   one of the limited moves (`LIMITED_MOVES`): the money comes back to the
 *   lender, nothing is forgiven; the screen confirms with the amounts.
 */
import { z } from 'zod';
import { AllOperators } from '../roles';
import { defineOperation } from './define';
import { versionSchema } from './fields';
import { idSchema, idempotencyKeySchema, optionalText } from './common';
import { moneyInputSchema, moneySchema } from './money';

export const withdrawalQuoteSchema = z.object({
  credit_operation_id: z.number().int(),
  /** the business date the quote is for */
  today: z.string(),
  /** whether a withdrawal is accepted today */
  allowed: z.boolean(),
  /** why not, in Portuguese (null when allowed) */
  refusal: z.string().nullable(),
  /** the day the seven days count from (the later of the signature and the release); null before a release */
  counted_from: z.string().nullable(),
  /** the last day a withdrawal is accepted (inclusive) */
  last_day: z.string().nullable(),
  /** what the borrower returns: the principal released to them */
  amount_to_return: moneySchema.nullable(),
  financed: moneySchema.nullable(),
  iof: moneySchema.nullable(),
  fees: moneySchema.nullable(),
  /** the withdrawal recorded, if any */
  withdrawn: z
    .object({ id: z.number().int(), withdrawn_on: z.string(), returned: moneySchema, reason: z.string().nullable(), actor_name: z.string().nullable() })
    .nullable(),
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

export const withdrawalOperations = {
  'withdrawal.quote': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/withdrawal',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description:
      "Whether the borrower may withdraw from the operation on the business date (CDC art. 49: seven calendar days from the later of the signature and the release) and why not, the window, and what the borrower returns (the principal released: no interest, no fees; the IOF is not refunded by the Treasury and not charged to the borrower). Once withdrawn, the record.",
    errors: [404],
    args: z.object({ id: idSchema }),
    result: withdrawalQuoteSchema,
  }),
  'withdrawal.withdraw': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/withdrawal',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Records the borrower's withdrawal (CDC art. 49) with the principal returned: the operation is cancelled, every installment closes as cancelled (their live bank titles get a baixa in the next remittance), the return is posted (kind withdrawal) and accrued interest undone. 409 saying why (in Portuguese) after the last day, when an installment has a payment or is assigned, written off or renegotiated, on a stale version, when `expected_return` differs, or when already withdrawn. Idempotent by key.",
    errors: [404, 409],
    args: z.object({
      id: idSchema,
      version: versionSchema,
      idempotency_key: idempotencyKeySchema,
      expected_return: moneyInputSchema,
      reason: optionalText(500),
    }),
    result: withdrawalQuoteSchema,
  }),
} as const;
