/**
 * The installment's moves besides payments (the spec's `PATCH
 * /installments/:x` with `status` and `PUT /installments/:x/title`), and the
 * write-off of an operation's whole balance.
 *
 * Design choices:
 * - PATCH …/installments/:installment takes the status asked for and a
 *   reason: `renegotiated` moves at once (final; the renegotiation's new
 *   installments carry the debt, so nothing is posted); `written_off` opens a
 *   four-eyes request, and another person of AllOperators approves it (the
 *   open principal goes from loans receivable to credit losses, dated that
 *   business day) or refuses it with a reason (…/write-off-approval); `open`
 *   or `partially_paid` from written off undoes the write-off (the loss
 *   posting swapped), only to the status its payments give. Any other move is
 *   a 409 naming both statuses (src/shared/installment-status.ts decides).
 * - Every write-off needs a second person, whatever the amount: forgiving a
 *   debt is never small enough to do alone, and a write-off happens rarely
 *   enough that the second look costs little. So the company has no
 *   write-off limit (reversals keep reversal_approval_above). Undoing a
 *   write-off brings a receivable back and is one person's move, logged.
 * - The whole balance: POST /creditOperation/:id/write-off (reason) asks for
 *   the write-off of every installment that can still be written off (open,
 *   partially paid, repurchased), as one request for the sum of their open
 *   principal; POST …/write-off-approval decides it. When no installment is
 *   left to collect after a write-off, the operation moves to written_off;
 *   undoing one brings it back to disbursed.
 * - A written-off or renegotiated installment takes no payment, no reversal
 *   and no title change (409 naming its status), and is never overdue.
 * - Title data (PUT …/title) is what the bank's title needs beyond the
 *   schedule: the document number (seu número, up to 15 characters), an
 *   instruction to protest or to report to the credit bureaus (negativação)
 *   after 1–90 days past due (one or the other: banks take one instruction
 *   of the two), and a note for the instructions (up to 200 characters).
 *   `version` is 0 for the first save; a stale one is a 409.
 * - Who: every panel role reads; AllOperators move (they move money).
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { CREDIT_OPERATION_STATUSES } from '../credit-operation-status';
import { INSTALLMENT_STATUSES, MANUAL_INSTALLMENT_STATUSES } from '../installment-status';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, optionalText, timestampSchema, trimmedTextSchema } from './common';
import { moneySchema } from './money';
import { versionOrNewSchema } from './fields';
import { installmentStateSchema } from './servicing';

/**
 * The title's document number (seu número) as every bank holds it whole: 10 characters, the narrowest of the
 * layouts the remittances follow (Itaú CNAB 240 cobrança, segment P 63–72; Caixa 63–73; FEBRABAN 240 63–77).
 * A longer one would be cut at the bank and the slip would print a number the bank does not know.
 */
export const TITLE_DOCUMENT_NUMBER_MAX = 10;
const TITLE_DOCUMENT_NUMBER = new RegExp(`^[A-Za-z0-9./-]{1,${TITLE_DOCUMENT_NUMBER_MAX}}$`);

/** A write-off awaiting the second person. */
export const writeOffRequestSchema = z.object({
  id: z.number().int(),
  /** the open principal when it was asked for */
  amount: moneySchema,
  reason: z.string().nullable(),
  maker_name: z.string().nullable(),
  made_at: timestampSchema,
});

/** A write-off, or the undoing of one (undoes_id), as recorded: never edited. */
export const writeOffRecordSchema = z.object({
  id: z.number().int(),
  principal: moneySchema,
  written_off_on: z.string(),
  reason: z.string(),
  undoes_id: z.number().int().nullable(),
  /** a write-off's undoing, when it has one */
  undone_by: z.number().int().nullable(),
  approval_request_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});

export const installmentTitleSchema = z.object({
  document_number: z.string().nullable(),
  protest_days: z.number().int().nullable(),
  negativation_days: z.number().int().nullable(),
  note: z.string().nullable(),
  /** 0 until the first save */
  version: versionOrNewSchema,
  updated_at: timestampSchema.nullable(),
});
export type InstallmentTitle = z.infer<typeof installmentTitleSchema>;

export const installmentMovesSchema = z.object({
  credit_operation_id: z.number().int(),
  operation_status: z.enum(CREDIT_OPERATION_STATUSES),
  as_of: z.string(),
  installment: installmentStateSchema,
  /** the statuses PATCH may ask for now (the screen offers only these) */
  next_statuses: z.array(z.enum(MANUAL_INSTALLMENT_STATUSES)),
  write_off_request: writeOffRequestSchema.nullable(),
  write_offs: z.array(writeOffRecordSchema),
  title: installmentTitleSchema,
});
export type InstallmentMoves = z.infer<typeof installmentMovesSchema>;

export const operationWriteOffSchema = z.object({
  credit_operation_id: z.number().int(),
  status: z.enum(CREDIT_OPERATION_STATUSES),
  as_of: z.string(),
  /** what a write-off of the balance takes now: each installment still to collect with its open principal */
  installments: z.array(z.object({ id: z.number().int(), number: z.number().int(), status: z.enum(INSTALLMENT_STATUSES), open_principal: moneySchema, due_total: moneySchema })),
  open_principal: moneySchema,
  /** the principal of this operation's standing write-offs */
  written_off: moneySchema,
  request: writeOffRequestSchema.nullable(),
});
export type OperationWriteOff = z.infer<typeof operationWriteOffSchema>;

const installmentPath = { id: idSchema, installment: idSchema };
const reasonSchema = trimmedTextSchema(1000).min(5, 'informe o motivo (ao menos 5 caracteres)');
const decisionArgs = {
  idempotency_key: idempotencyKeySchema,
  approve: z.boolean({ error: 'informe se aprova a baixa' }),
  /** required when refusing */
  reason: optionalText(1000),
};
const days = (what: string) =>
  z
    .number({ error: `informe o número de dias para ${what}` })
    .int(`${what}: dias inteiros`)
    .min(1, `${what}: ao menos 1 dia depois do vencimento`)
    .max(90, `${what}: no máximo 90 dias depois do vencimento`)
    .nullable()
    .optional();

export const servicingMovesOperations = {
  'servicingMoves.installment': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/installments/:installment/moves',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "One installment's moves besides payments, on the business date: its state, the statuses a person may ask for now, a write-off awaiting the second person, its write-offs and their undoing, and its title data.",
    errors: [409],
    args: z.object(installmentPath),
    result: installmentMovesSchema,
  }),
  'servicingMoves.setStatus': defineOperation({
    method: 'PATCH',
    path: '/api/creditOperation/:id/installments/:installment',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      'Moves an installment of a disbursed operation, with a reason: renegotiated (at once, final), written_off (opens a four-eyes request another person decides through …/write-off-approval), or back from written_off to the status its payments give (open or partially_paid; the loss posting is swapped). 409 naming both statuses when the workflow refuses the move, or when a write-off is already pending. Idempotent by key.',
    args: z.object({
      ...installmentPath,
      idempotency_key: idempotencyKeySchema,
      status: z.enum(MANUAL_INSTALLMENT_STATUSES, { error: 'escolha renegociada, baixada como perda, em aberto ou paga parcialmente' }),
      reason: reasonSchema,
    }),
    result: installmentMovesSchema,
  }),
  'servicingMoves.decideWriteOff': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/installments/:installment/write-off-approval',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "The second person on an installment's pending write-off: approve posts it (open principal from loans receivable to credit losses, dated the business date; the operation becomes written_off when nothing is left to collect); refuse (with a reason) closes the request and nothing moves; the person who asked may withdraw it the same way. 403 four-eyes when the asker approves; 409 when none is pending or the installment can no longer be written off. Idempotent by key.",
    args: z.object({ ...installmentPath, ...decisionArgs }),
    result: installmentMovesSchema,
  }),
  'servicingMoves.saveTitle': defineOperation({
    method: 'PUT',
    path: '/api/creditOperation/:id/installments/:installment/title',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      "The installment's title data for the bank: document number (seu número, up to 10 letters, digits, '.', '/', '-'), protest or credit-bureau report (negativação) after 1–90 days past due, never both, and a note for the instructions. version 0 for the first save; 409 on a stale version or an installment that no longer collects.",
    errors: [409],
    args: z
      .object({
        ...installmentPath,
        version: versionOrNewSchema,
        document_number: optionalText(TITLE_DOCUMENT_NUMBER_MAX).refine((v) => !v || TITLE_DOCUMENT_NUMBER.test(v), {
          message: `número do documento: até ${TITLE_DOCUMENT_NUMBER_MAX} letras, números, ".", "/" ou "-"`,
        }),
        protest_days: days('protestar'),
        negativation_days: days('negativar'),
        note: optionalText(200),
      })
      .refine((v) => v.protest_days == null || v.negativation_days == null, {
        message: 'escolha protesto ou negativação: o banco aceita uma das duas instruções',
        path: ['negativation_days'],
      }),
    result: installmentMovesSchema,
  }),
  'servicingMoves.operationWriteOff': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/write-off',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "What writing off the operation's balance would take on the business date (each installment still to collect with its open principal, and the sum), what was written off, and a request awaiting the second person.",
    args: z.object({ id: idSchema }),
    result: operationWriteOffSchema,
  }),
  'servicingMoves.writeOffOperation': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/write-off',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Asks, with a reason, for the write-off of everything a disbursed operation has left to collect: one four-eyes request for the open principal of its open, partially paid or repurchased installments, decided through …/write-off-approval. 409 when nothing is left to collect, a request is pending, or an installment's own write-off is pending. Idempotent by key.",
    args: z.object({ id: idSchema, idempotency_key: idempotencyKeySchema, reason: reasonSchema }),
    result: operationWriteOffSchema,
  }),
  'servicingMoves.decideOperationWriteOff': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/:id/write-off-approval',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "The second person on an operation's pending write-off: approve writes off every installment still to collect (each its own posting, dated the business date) and moves the operation to written_off; refuse (with a reason) closes the request. 403 four-eyes when the asker approves; 409 when none is pending. Idempotent by key.",
    args: z.object({ id: idSchema, ...decisionArgs }),
    result: operationWriteOffSchema,
  }),
} as const;
