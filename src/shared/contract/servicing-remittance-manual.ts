/**
 * Manual remittances (/app/company-operation/remittance-operation/manual/:bankId):
 * the boletos of one company account not yet sent to the bank, filtered and
 * picked by a person, put in a CNAB 240 file of their own.
 *
 * Design choices:
 * - `:bankId` of the route and `bank_account_id` of the calls are the
 *   company's collecting account (company_bank_accounts.id): the NSA sequence
 *   is per account, so a file is always of one account; its bank must be one
 *   whose CNAB 240 layouts the server writes (001, 104, 341).
 * - Eligible for a manual remittance: an installment whose boleto was issued
 *   (up to the business date) on that account, never carried by a remittance
 *   (automatic or manual), and still collected by that slip (not paid, not
 *   replaced by a newer slip or a prepayment, not renegotiated, written off
 *   or assigned). That is exactly what an automatic file would carry as an
 *   entry (instruction 01): both read the same candidates, so the two never
 *   disagree. Write-offs (baixa) are never picked by hand: the automatic
 *   remittance sends them.
 * - The list is always page 1 (the spec): at most `limit` rows
 *   (MANUAL_REMITTANCE_LIST_MAX at most) by due date, with the count of all
 *   that match in meta.totalItems, so the screen says when to filter more.
 *   Filters: bank_account_id (required), due_from / due_to (due date,
 *   inclusive), borrower (name fragment without accents or case, or part of
 *   the CPF/CNPJ), operation ("OP-000012" or 12), hidden ('true' lists only
 *   the hidden ones; otherwise they are left out).
 * - Hiding (the spec's no-body POST hideRemittanceManualInstallmentsById/{id}/{id2}):
 *   `id` is the credit operation, `id2` its installment (404 when the
 *   installment is not of that operation). Stored per installment with who
 *   and when, logged; hiding again answers the first hiding. It only tidies
 *   the list: a hidden installment stays eligible (picked while shown with
 *   hidden=true) and the automatic remittance still carries it. DELETE on the
 *   same path (designed) shows it again.
 * - Creating: `installment_ids` (1 to MANUAL_REMITTANCE_PICK_MAX, no repeats)
 *   on `bank_account_id`, with an idempotency key. The file is generated the
 *   way an automatic one is (same writer, checks, account lock, NSA sequence,
 *   storage and download by `remittance.file`), dated and cut off on the
 *   business date. No installment: 400 naming installment_ids. An installment
 *   that is not eligible on that account (another account or bank, no boleto,
 *   already sent, no longer collected, unknown) is a 409 naming each one with
 *   why, and nothing is stored. Checked under the account's lock: two people
 *   picking the same installment at once get one file and one 409.
 * - getRemittanceManual: the manual files, newest first (of one account with
 *   bank_account_id), at most MANUAL_REMITTANCE_HISTORY_MAX.
 * - Renegotiation agreements' slips are not offered: an agreement breaks by
 *   its installments' days late, and a slip held out of the file (what a
 *   manual pick and hiding do) would leave the borrower without a title the
 *   bank takes while that clock runs; the automatic file, which an operator
 *   can generate at any hour, carries each the same day with its resends and
 *   baixas. The list counts those waiting (agreement_entries) and the screen
 *   says why they are not here.
 * - Who: reading, every panel role (as the automatic remittances); creating,
 *   hiding and showing again, AllOperators. The registered role never.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, isDbId, MAX_DB_INT, pageMetaSchema, filterSchema, sortSchema, textSchema, timestampSchema } from './common';
import { remittanceSummarySchema } from './company-remittance';
import { calendarDaySchema, moneySchema } from './money';
import { borrowerNamedSchema, installmentLinkSchema } from './fields';

/** The most rows the (single) page of the list answers. */
export const MANUAL_REMITTANCE_LIST_MAX = 500;
/** The most installments one manual remittance carries. */
export const MANUAL_REMITTANCE_PICK_MAX = 500;
/** The manual files the history lists (newest first). */
export const MANUAL_REMITTANCE_HISTORY_MAX = 200;

export const MANUAL_REMITTANCE_FILTERS = ['bank_account_id', 'due_from', 'due_to', 'borrower', 'operation', 'hidden'] as const;

/** "OP-000012", "op 12" or "12": the operation's number as people quote it. */
export const OPERATION_REFERENCE = /^\s*(?:op[\s-]*)?0*([1-9]\d{0,9})\s*$/i;

/**
 * The account in the list's filter stays text after parsing: the list
 * encoding sends a filter number 1 as "true" (the spec's yes/no convention),
 * so a parsed id 1 would reach the server as "true".
 */
const filterAccountSchema = z
  .union([z.number(), z.string()], { error: 'informe o id da conta bancária' })
  .transform((v) => String(v).trim())
  .refine((v) => /^[1-9]\d{0,9}$/.test(v) && isDbId(Number(v)), { message: 'conta inválida: informe o id da conta bancária (número inteiro)' })
  .meta({ type: 'integer', minimum: 1, maximum: MAX_DB_INT, format: 'int32' });

const manualFilterSchema = z.strictObject(
  {
    bank_account_id: filterAccountSchema,
    due_from: calendarDaySchema.optional(),
    due_to: calendarDaySchema.optional(),
    borrower: textSchema(120).optional(),
    operation: textSchema(20).regex(OPERATION_REFERENCE, 'informe o número da operação (ex.: OP-000012 ou 12)').optional(),
    hidden: z.enum(['true', 'false'], { error: 'use true ou false' }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `filtro desconhecido: ${issue.keys.join(', ')}` : issue.input === undefined ? 'informe bank_account_id (a conta da remessa)' : undefined) },
);

export const manualRemittanceInstallmentSchema = z.object({
  /** the installment's id */
  id: z.number(),
  ...installmentLinkSchema.shape,
  boleto_slip_id: z.number(),
  operation_number: z.string(),
  /** as the file's P segment carries it: OP-000012/003 */
  reference: z.string(),
  our_number: z.string(),
  ...borrowerNamedSchema.shape,
  amount: moneySchema,
  issued_on: z.string(),
  hidden: z.boolean(),
  hidden_at: timestampSchema.nullable(),
  hidden_by_name: z.string().nullable(),
});
export type ManualRemittanceInstallment = z.infer<typeof manualRemittanceInstallmentSchema>;

export const manualRemittanceListSchema = z.object({
  items: z.array(manualRemittanceInstallmentSchema),
  meta: pageMetaSchema,
  bank_account_id: z.number(),
  bank_code: z.string(),
  /** the NSA the account's next file takes */
  next_nsa: z.number(),
  /** the business date the list is of (slips issued up to it) */
  as_of: z.string(),
  /** the account's agreement slips whose entry waits for the automatic file (never picked here: see the design choices) */
  agreement_entries: z.number().int(),
});
export type ManualRemittanceList = z.infer<typeof manualRemittanceListSchema>;

export const hiddenInstallmentSchema = z.object({
  credit_operation_id: z.number(),
  installment_id: z.number(),
  hidden: z.boolean(),
  hidden_at: timestampSchema.nullable(),
  hidden_by_name: z.string().nullable(),
});
export type HiddenInstallment = z.infer<typeof hiddenInstallmentSchema>;

const hidePath = '/api/creditOperation/installments/hideRemittanceManualInstallmentsById/:id/:id2';
const hideArgs = z.object({ id: idSchema, id2: idSchema });

export const remittanceManualOperations = {
  'remittanceManual.list': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/installments/manual',
    access: AllPanelUsers,
    encoding: 'list',
    origin: 'spec',
    description:
      "The installments a manual remittance of the account can carry (boleto issued on it, never sent, still collected), by due date; always page 1 with at most `limit` rows and the count of all matches. Filters: bank_account_id (required), due_from, due_to, borrower (name or CPF/CNPJ part), operation (OP-000012 or 12), hidden ('true': only the hidden ones).",
    list: { filters: MANUAL_REMITTANCE_FILTERS, sorts: [] },
    errors: [404],
    args: z.object({
      page: z.coerce.number().int().min(1).max(1, 'a lista de remessa manual tem uma página só: use os filtros').default(1),
      limit: z.coerce.number().int().min(1).max(MANUAL_REMITTANCE_LIST_MAX).default(10),
      // sort before filter, and the generic field-name check before this list's own filter: a malformed name is
      // named as such even when the required account is missing too
      sort: sortSchema,
      filter: filterSchema.pipe(manualFilterSchema),
    }),
    result: manualRemittanceListSchema,
  }),
  'remittanceManual.create': defineOperation({
    method: 'POST',
    path: '/api/creditOperation/installments/createRemittanceManual',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      "Generates the account's next remittance (NSA) carrying the installments picked, checked line by line before it is stored (as the automatic one). 400 without installments or naming the installment and field a line cannot hold; 409 naming the installments that are not eligible on that account; nothing stored then. Replays with the same idempotency_key.",
    args: z.object({
      bank_account_id: idSchema,
      installment_ids: z
        .array(idSchema)
        .min(1, 'escolha ao menos uma parcela para a remessa manual')
        .max(MANUAL_REMITTANCE_PICK_MAX, `no máximo ${MANUAL_REMITTANCE_PICK_MAX} parcelas por remessa manual`)
        .refine((ids) => new Set(ids).size === ids.length, { message: 'a mesma parcela foi escolhida duas vezes' }),
      idempotency_key: idempotencyKeySchema,
    }),
    result: remittanceSummarySchema,
  }),
  'remittanceManual.hide': defineOperation({
    method: 'POST',
    path: hidePath,
    access: AllOperators,
    encoding: 'none',
    origin: 'spec',
    description: 'Takes installment `id2` of operation `id` off the manual remittance list (who and when kept, logged); hiding again answers the first hiding. It stays eligible and the automatic remittance still carries it.',
    args: hideArgs,
    result: hiddenInstallmentSchema,
  }),
  'remittanceManual.unhide': defineOperation({
    method: 'DELETE',
    path: hidePath,
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: 'Shows a hidden installment on the manual remittance list again (logged); one not hidden answers as it is.',
    args: hideArgs,
    result: hiddenInstallmentSchema,
  }),
  'remittanceManual.history': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/installments/getRemittanceManual',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description: 'The manual remittances generated, newest first (of one account with bank_account_id); each downloads again through remittance.file.',
    args: z.object({ bank_account_id: idSchema.optional() }),
    result: z.array(remittanceSummarySchema),
  }),
} as const;
