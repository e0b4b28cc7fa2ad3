/**
 * Assignment remittances: the CNAB 444 files that tell an assignee's
 * custodian (a receivables fund) which installments were ceded to it on a
 * day, and the operations ceded to an assignee account on a day.
 *
 * Design choices:
 * - The spec's GET and POST /company/assignment-bank-accounts/{bankCode}/
 *   assignment-remittances; bankCode is the assignee account's bank (the
 *   custodian's). `assignment_account_id` names the account; without it
 *   (GET) the first active assignee account of that bank is read.
 * - What a file carries: every installment standing in a cession to that
 *   account dated `date` (cessions in force — approved when they needed a
 *   second person — less the items reversed since). The GET lists them per
 *   cession and per installment with totals (this is also the list of the
 *   cessions of an assignee account on a day), and the account's files.
 * - Layout: CNAB 444 (Banco Paulista/Fromtis "Troca Eletrônica Padrão –
 *   Remessa/Cobrança", junho/2019, the table FIDC custodians share), every
 *   line checked before anything is stored: a problem is a 400 naming the
 *   installment and the field; nothing to carry is a 409 naming `date`.
 * - A second file for the same account and cession date is a 409 naming
 *   `again` unless the call says `again: true`; it carries the day as it
 *   stands then and is numbered 2 (day_sequence) in its name. Every file
 *   takes the account's next file number (header positions 111–117) under
 *   the account's row lock.
 * - A stored file is never changed: the download answers its exact bytes
 *   (sha256 in the list), saved as CB<DDMM><day sequence, 2 digits>.REM —
 *   the CNAB 400 naming (Bradesco's "CBDDMMSS.REM") the 444 layout keeps,
 *   which custodians' upload channels expect.
 * - Who: reading and downloading, every panel role that reads the company's
 *   assignee accounts (AllPanelUsers); generating, AllOperators.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, timestampSchema } from './common';
import { calendarDaySchema, moneySchema } from './money';
import { installmentLinkSchema } from './fields';

/** The history page the overview answers (newest first). */
export const ASSIGNMENT_REMITTANCE_HISTORY_PAGE = 200;

const bankCodeSchema = z.string({ error: 'código do banco com 3 dígitos' }).regex(/^\d{3}$/, 'código do banco com 3 dígitos');

export const assignmentRemittanceItemSchema = z.object({
  cession_item_id: z.number(),
  cession_id: z.number(),
  cession_number: z.number(),
  ...installmentLinkSchema.shape,
  /** operation/installment as the file's control number carries it */
  reference: z.string(),
  borrower_name: z.string(),
  face_value: moneySchema,
  /** the price the assignee paid for it (valor presente da parcela) */
  present_value: moneySchema,
});
export type AssignmentRemittanceItem = z.infer<typeof assignmentRemittanceItemSchema>;

export const assignmentRemittanceCessionSchema = z.object({
  cession_id: z.number(),
  number: z.number(),
  cession_date: z.string(),
  installment_count: z.number(),
  face_value: moneySchema,
  present_value: moneySchema,
});
export type AssignmentRemittanceCession = z.infer<typeof assignmentRemittanceCessionSchema>;

export const assignmentRemittanceSummarySchema = z.object({
  id: z.number(),
  assignment_account_id: z.number(),
  bank_code: z.string(),
  /** the account's file number (header "nº sequencial do arquivo") */
  number: z.number(),
  cession_date: z.string(),
  /** which file of the account for that cession date: 1, then 2… when asked again */
  day_sequence: z.number(),
  generated_on: z.string(),
  file_name: z.string(),
  sha256: z.string(),
  cession_count: z.number(),
  installment_count: z.number(),
  face_value: moneySchema,
  present_value: moneySchema,
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type AssignmentRemittanceSummary = z.infer<typeof assignmentRemittanceSummarySchema>;

export const assignmentRemittanceOverviewSchema = z.object({
  bank_code: z.string(),
  assignment_account_id: z.number(),
  assignee_name: z.string(),
  date: z.string(),
  next_number: z.number(),
  /** files of this account already generated for this cession date (a new one must be asked with again) */
  generated_for_date: z.number(),
  pending: z.object({
    cessions: z.array(assignmentRemittanceCessionSchema),
    items: z.array(assignmentRemittanceItemSchema),
    cession_count: z.number(),
    installment_count: z.number(),
    face_value: moneySchema,
    present_value: moneySchema,
  }),
  history: z.array(assignmentRemittanceSummarySchema),
  history_total: z.number(),
});
export type AssignmentRemittanceOverview = z.infer<typeof assignmentRemittanceOverviewSchema>;

export const assignedOperationSchema = z.object({
  credit_operation_id: z.number(),
  operation_number: z.string(),
  borrower_name: z.string(),
  cession_numbers: z.array(z.number()),
  installment_count: z.number(),
  face_value: moneySchema,
  present_value: moneySchema,
});
export type AssignedOperation = z.infer<typeof assignedOperationSchema>;

export const assignedOperationsSchema = z.object({
  assignment_account_id: z.number(),
  date: z.string(),
  operations: z.array(assignedOperationSchema),
  installment_count: z.number(),
  face_value: moneySchema,
  present_value: moneySchema,
});
export type AssignedOperations = z.infer<typeof assignedOperationsSchema>;

export const companyAssignmentRemittanceOperations = {
  'assignmentRemittance.overview': defineOperation({
    method: 'GET',
    path: '/api/company/assignment-bank-accounts/:bankCode/assignment-remittances',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description:
      "An assignee account's CNAB 444 assignment remittances: the cessions dated `date` (default: the business date) a file generated now would carry, per cession and per installment with totals, and the account's files, newest first.",
    args: z.object({ bankCode: bankCodeSchema, date: calendarDaySchema.optional(), assignment_account_id: idSchema.optional() }),
    result: assignmentRemittanceOverviewSchema,
  }),
  'assignmentRemittance.generate': defineOperation({
    method: 'POST',
    path: '/api/company/assignment-bank-accounts/:bankCode/assignment-remittances',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      "Generates the account's CNAB 444 file of the installments ceded on `date`, checked line by line before it is stored; 400 naming the installment and field when a line cannot be written, 409 when there is nothing to carry, 409 naming `again` when a file of that day exists and `again` is not true. Replays with the same idempotency_key.",
    args: z.object({
      bankCode: bankCodeSchema,
      date: calendarDaySchema,
      assignment_account_id: idSchema,
      again: z.boolean({ error: 'again: verdadeiro ou falso' }).optional(),
      idempotency_key: idempotencyKeySchema,
    }),
    result: assignmentRemittanceSummarySchema,
  }),
  'assignmentRemittance.file': defineOperation({
    method: 'GET',
    path: '/api/company/assignment-bank-accounts/:bankCode/assignment-remittances/:remittanceId/file',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: 'A stored assignment remittance, byte for byte as generated (text/plain, CR LF lines), under the name the custodian expects.',
    file: { kind: 'download', extension: 'rem' },
    args: z.object({ bankCode: bankCodeSchema, remittanceId: idSchema }),
    result: z.unknown(),
  }),
  'assignmentRemittance.operations': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/assignment-bank-accounts/:id/operations',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description: 'The operations with installments standing in cessions to the assignee account dated `date` (default: the business date), with their cession numbers, counts and totals.',
    args: z.object({ id: idSchema, date: calendarDaySchema.optional() }),
    result: assignedOperationsSchema,
  }),
} as const;
