/**
 * A cession's price settled with the assignee (server: areas/transfers/cession-price.ts).
 *
 * Design choices:
 * - The price (of the items not reversed) is due from the assignee until paid. Each receipt is a row of its own
 *   (date, amount, the company bank account it arrived in), partial or whole, with its entries (bank ← due from
 *   assignee). Never edited: a wrong receipt is undone by a reversal of its own, with a reason.
 * - Refused (409): a receipt above what is still owed (the message names the amount), dated before the cession,
 *   after the business date (400), on a cession not in force (pending or refused) or reversed whole.
 * - A difference the assignee will not pay (rounding, a dispute) is written off behind four eyes: one person of
 *   AllOperators asks (the amount owed at that moment, a reason), another administrator (AllAdmins, not the asker)
 *   approves it — entries cession loss ← due from assignee — or refuses it with a reason; the asker may withdraw.
 */
import { z } from 'zod';
import { AllAdmins, AllOperators } from '../roles';
import { CESSION_PRICE_MOVE_KINDS } from '../enums';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, optionalText, timestampSchema, trimmedTextSchema } from './common';
import { calendarDaySchema, moneySchema, positiveMoneyInputSchema } from './money';


export const cessionPriceMoveSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CESSION_PRICE_MOVE_KINDS),
  moved_on: z.string(),
  amount: moneySchema,
  company_bank_account_id: z.number().int().nullable(),
  /** bank, agency and account of the company account, as words */
  bank_account: z.string().nullable(),
  /** the receipt a reversal undoes */
  reverses_id: z.number().int().nullable(),
  /** a receipt already reversed */
  reversed: z.boolean(),
  reason: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type CessionPriceMove = z.infer<typeof cessionPriceMoveSchema>;

export const cessionPriceSchema = z.object({
  cession_id: z.number().int(),
  cession_number: z.number().int(),
  cession_date: z.string(),
  assignee_name: z.string(),
  /** the price of the items not reversed (and, of an item reversed after collection, the share of what the assignee collected) */
  price: moneySchema,
  received: moneySchema,
  written_off: moneySchema,
  /** still owed by the assignee */
  owed: moneySchema,
  /** whether receipts may be recorded (in force, not reversed whole) */
  open: z.boolean(),
  /** a write-off waiting for an administrator: its request, amount and who asked */
  write_off_request: z.object({ id: z.number().int(), amount: moneySchema, maker_id: z.number().int(), reason: z.string().nullable() }).nullable(),
  moves: z.array(cessionPriceMoveSchema),
});
export type CessionPrice = z.infer<typeof cessionPriceSchema>;

export const cessionPriceLineSchema = cessionPriceSchema.omit({ moves: true, write_off_request: true, open: true }).extend({
  /** a write-off waiting: its request and who asked */
  write_off_request_id: z.number().int().nullable(),
  write_off_maker_id: z.number().int().nullable(),
});
export type CessionPriceLine = z.infer<typeof cessionPriceLineSchema>;

/** At most this many cessions in the list (newest first). */
export const CESSION_PRICE_LIST_CAP = 200;

const cessionArg = { cession: idSchema };

export const cessionPriceOperations = {
  'cessionPrice.list': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/cession-prices',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description: `The cessions in force, newest first (at most ${CESSION_PRICE_LIST_CAP}): price of the items not reversed, received, written off, still owed by the assignee, and a write-off waiting. owed=open keeps those with something owed.`,
    args: z.object({ owed: z.enum(['open', 'all'], { message: 'owed: open ou all' }).optional() }),
    result: z.array(cessionPriceLineSchema),
  }),
  'cessionPrice.get': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/installments/cession/:cession/price',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: "A cession's price settled with the assignee: price in force, received, written off, still owed, every receipt, reversal and write-off, and a write-off waiting for approval.",
    errors: [404],
    args: z.object(cessionArg),
    result: cessionPriceSchema,
  }),
  'cessionPrice.receive': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installments/cession/:cession/price/receipts',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      'Records money the assignee paid towards the price (partial or whole): date, amount, the company bank account it arrived in; entries bank ← due from assignee. 409 above what is owed (naming it), before the cession date, on a cession not in force or reversed; 400 after the business date. Idempotent by key.',
    errors: [400, 404, 409],
    args: z.object({
      ...cessionArg,
      idempotency_key: idempotencyKeySchema,
      date: calendarDaySchema,
      amount: positiveMoneyInputSchema,
      company_bank_account_id: idSchema,
    }),
    result: cessionPriceSchema,
  }),
  'cessionPrice.reverseReceipt': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installments/cession/:cession/price/receipts/:receipt/reversal',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: 'Undoes a receipt recorded by mistake: a reversal row of its own with a reason (at least 5 characters), dated the business date, its entries swapped. 409 when already reversed. Idempotent by key.',
    errors: [400, 404, 409],
    args: z.object({ ...cessionArg, receipt: idSchema, idempotency_key: idempotencyKeySchema, reason: trimmedTextSchema(1000).min(5, 'diga o motivo (ao menos 5 caracteres)') }),
    result: cessionPriceSchema,
  }),
  'cessionPrice.askWriteOff': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installments/cession/:cession/price/write-off',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description: 'Asks to write off what the assignee still owes (a rounding, a dispute), with a reason: an approval request another administrator decides. 409 when nothing is owed or a request already waits. Idempotent by key.',
    errors: [400, 404, 409],
    args: z.object({ ...cessionArg, idempotency_key: idempotencyKeySchema, reason: trimmedTextSchema(1000).min(5, 'diga o motivo (ao menos 5 caracteres)') }),
    result: cessionPriceSchema,
  }),
  'cessionPrice.decideWriteOff': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installments/cession/:cession/price/write-off/approval',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      'An administrator other than the asker decides a write-off waiting: approve posts cession loss ← due from assignee (what is owed then, at most the amount asked); refuse needs a reason. 403 for the asker. Idempotent by key.',
    errors: [400, 403, 404, 409],
    args: z.object({ ...cessionArg, idempotency_key: idempotencyKeySchema, approve: z.boolean({ error: 'informe se aprova' }), reason: optionalText(1000) }),
    result: cessionPriceSchema,
  }),
} as const;
