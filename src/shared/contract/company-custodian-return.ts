/**
 * The custodian's CNAB 444 return: what an assignee's custodian (a
 * receivables fund's) answered about the titles of our assignment
 * remittances — acquired, or refused with reasons — read as the bank's CNAB
 * 240 return is read.
 *
 * Design choices:
 * - Paths beside the assignment remittances of the account
 *   (/api/company/assignment-bank-accounts/{bankCode}/custodian-returns);
 *   `assignment_account_id` names the account (the file's titles are its
 *   cessions'). The file travels as text in the JSON body, as the bank
 *   return's (the main process reads it: files.openReturnFile).
 * - Preview writes nothing: each line with the cession and installment it
 *   names (participant control = our installment reference, cession term =
 *   the cession's number), acquired or refused, the reasons in Portuguese,
 *   and what applying would do (`result`). Apply does it in one transaction.
 * - Idempotent: the same file (SHA-256, per account) answers the stored
 *   import (`replayed: true`) and does nothing; a line about a title answered
 *   by an earlier file is `repeated` and does nothing (one answer per cession
 *   item, UNIQUE in the database). Replays with the same idempotency_key.
 * - A refused title's cession is undone by the cession reversal (the
 *   agreement's rule: within the company's reversal window, nothing yet
 *   collected for the assignee, four eyes above the limit), reason
 *   "recusado pelo custodiante: …"; when the reversal cannot be asked the
 *   line is `refused_blocked` with the reason, and the rest applies.
 * - Who: as the assignment remittance's — reading (history, get) every panel
 *   role; previewing and applying a file, AllOperators.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { CUSTODIAN_RETURN_RESULTS } from '../enums';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, timestampSchema } from './common';
import { moneySchema } from './money';

export { CUSTODIAN_RETURN_RESULTS, type CustodianReturnResult } from '../enums';

/** 2 MiB of text: about 4,500 titles of 444 characters and CR LF. */
export const MAX_CUSTODIAN_RETURN_CHARS = 2 * 1024 * 1024;
const BODY_LIMIT = 2 * MAX_CUSTODIAN_RETURN_CHARS + 64 * 1024;
export const CUSTODIAN_RETURN_HISTORY_PAGE = 200;

const bankCodeSchema = z.string({ error: 'código do banco com 3 dígitos' }).regex(/^\d{3}$/, 'código do banco com 3 dígitos');

const fileArgs = {
  bankCode: bankCodeSchema,
  assignment_account_id: idSchema,
  file_name: z.string().trim().min(1, 'informe o nome do arquivo').max(200),
  content: z
    .string()
    .min(1, 'o arquivo está vazio')
    .max(MAX_CUSTODIAN_RETURN_CHARS, `o arquivo passa de ${MAX_CUSTODIAN_RETURN_CHARS / 1024} KB; peça ao custodiante que o divida`),
};

export const custodianReturnLineSchema = z.object({
  line: z.number(),
  /** our installment reference (operation/number), as the remittance sent it */
  reference: z.string(),
  cession_term: z.string(),
  occurrence: z.string(),
  kind: z.enum(['acquired', 'refused', 'other']),
  reasons: z.array(z.object({ code: z.string(), words: z.string() })),
  result: z.enum(CUSTODIAN_RETURN_RESULTS),
  /** why the line did nothing or could not undo its cession, in words */
  message: z.string().nullable(),
  cession_id: z.number().nullable(),
  cession_number: z.number().nullable(),
  cession_item_id: z.number().nullable(),
  installment_id: z.number().nullable(),
  installment_number: z.number().nullable(),
  credit_operation_id: z.number().nullable(),
  borrower_name: z.string().nullable(),
  face_value: moneySchema.nullable(),
  cession_reversal_id: z.number().nullable(),
});
export type CustodianReturnLine = z.infer<typeof custodianReturnLineSchema>;

const countsSchema = {
  line_count: z.number(),
  acquired_count: z.number(),
  /** refused titles whose cession is (or would be) undone */
  undone_count: z.number(),
};

export const custodianReturnPreviewSchema = z.object({
  assignment_account_id: z.number(),
  assignee_name: z.string(),
  file_name: z.string(),
  file_sequence: z.number(),
  written_on: z.string().nullable(),
  /** the import this same file already is (applying again does nothing) */
  imported_as: z.number().nullable(),
  ...countsSchema,
  lines: z.array(custodianReturnLineSchema),
});
export type CustodianReturnPreview = z.infer<typeof custodianReturnPreviewSchema>;

export const custodianReturnSummarySchema = z.object({
  id: z.number(),
  assignment_account_id: z.number(),
  file_name: z.string(),
  sha256: z.string(),
  file_sequence: z.number(),
  written_on: z.string().nullable(),
  applied_on: z.string(),
  ...countsSchema,
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type CustodianReturnSummary = z.infer<typeof custodianReturnSummarySchema>;

export const custodianReturnImportSchema = custodianReturnSummarySchema.extend({
  /** true when this file had been applied before: nothing was done now */
  replayed: z.boolean(),
  lines: z.array(custodianReturnLineSchema),
});
export type CustodianReturnImport = z.infer<typeof custodianReturnImportSchema>;

const PATH = '/api/company/assignment-bank-accounts/:bankCode/custodian-returns';

export const companyCustodianReturnOperations = {
  'custodianReturn.preview': defineOperation({
    method: 'POST',
    path: `${PATH}/preview`,
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Reads a custodian's CNAB 444 return of the assignee account without writing anything: each line's cession and installment, acquired or refused, the reasons in Portuguese, and what applying would do; 400 naming the line for a broken file.",
    bodyLimit: BODY_LIMIT,
    args: z.object(fileArgs),
    result: custodianReturnPreviewSchema,
  }),
  'custodianReturn.apply': defineOperation({
    method: 'POST',
    path: PATH,
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      "Applies a custodian's CNAB 444 return in one transaction: acquired titles recorded, a refused title's cession undone by a cession reversal (reason \"recusado pelo custodiante: …\") with its entries; the file and its lines stored. The same file again, or a title answered before, does nothing. Replays with the same idempotency_key.",
    bodyLimit: BODY_LIMIT,
    args: z.object({ ...fileArgs, idempotency_key: idempotencyKeySchema }),
    result: custodianReturnImportSchema,
  }),
  'custodianReturn.history': defineOperation({
    method: 'GET',
    path: PATH,
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'designed',
    description: "The assignee account's applied custodian returns, newest first (the last 200).",
    args: z.object({ bankCode: bankCodeSchema, assignment_account_id: idSchema }),
    result: z.array(custodianReturnSummarySchema),
  }),
  'custodianReturn.get': defineOperation({
    method: 'GET',
    path: `${PATH}/:returnId`,
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: 'One applied custodian return with each line and what it did.',
    args: z.object({ bankCode: bankCodeSchema, returnId: idSchema }),
    result: custodianReturnImportSchema,
  }),
} as const;
