/**
 * CNAB 240 return files (retornos) of the company's collecting accounts:
 * preview a file, settle it, and the files imported before.
 *
 * Design choices (the spec names the screen, cnab-integration/:bankId, but
 * no call for it):
 * - Paths under the remittances' /company/bank/{bankCode}/: POST
 *   …/retornos/preview (reads, writes nothing), POST …/retornos (settles),
 *   GET …/retornos (history). bankCode is one of the banks whose CNAB 240
 *   layouts the server reads (001, 104, 341).
 * - The file travels as text inside the JSON body (`content`; CNAB is ASCII,
 *   the main process reads it as latin1), with its name. The server's JSON
 *   bodies stop at 1 MiB (413); `content` is capped below that
 *   (MAX_RETURN_FILE_CHARS, 400 naming content), about 2,000 titles a file.
 * - The account is the one the file's header names: BB's convênio, Caixa's
 *   beneficiary code, Itaú's agency and account, among the company's
 *   accounts of that bank. None → 400 naming the header, before anything is
 *   settled. A broken trailer, a line of another bank or of the wrong length
 *   → 400 naming the line number.
 * - Each line's outcome (RETURN_LINE_OUTCOMES): in a preview what settling
 *   would do, in a settled file what it did. A paid line becomes a payment of
 *   its installment dated by the credit date (method boleto); the bank's fee
 *   is a posting of its own (bank fees → bank); a rejected entry marks the
 *   slip rejected with the bank's reasons. Lines naming no slip are shown as
 *   unmatched, never dropped. Money credited that no installment takes (the
 *   excess of a line above what is due, a line paying an installment already
 *   paid, refused or repeated in the file, an unmatched line) goes to
 *   suspense (servicing-suspense.ts), the line's message says so.
 * - Settling twice: the same file (SHA-256 of its text, per account) answers
 *   the stored import again without settling anything; a line already applied
 *   by another file (its identity: bank, nosso número, movement, date,
 *   amount) is reported as duplicate. The settle call also carries an
 *   idempotency key.
 * - Who, as for remittances: preview and history, AllPanelUsers; settling,
 *   AllOperators. The registered (panel applicant) role never.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, timestampSchema } from './common';
import { RETURN_LINE_OUTCOMES, RETURN_MOVEMENT_KINDS } from '../enums';
import { moneySchema } from './money';
import { REMITTANCE_BANK_CODES } from './company-remittance';

/**
 * The largest file text accepted: 8 MiB, about 17,000 titles (a title is a T
 * and a U line of 240 characters and CRLF). The file travels as JSON text, so
 * the preview and settle calls take a body of twice that (a character past
 * ASCII is two bytes of UTF-8) and room for the other fields.
 */
export const MAX_RETURN_FILE_CHARS = 8 * 1024 * 1024;
export const RETURN_FILE_BODY_LIMIT = 2 * MAX_RETURN_FILE_CHARS + 64 * 1024;

// The lists live with the other enumerations (the database's CHECKs are tested against src/shared/enums).
export { RETURN_LINE_OUTCOMES, RETURN_MOVEMENT_KINDS, type ReturnLineOutcome, type ReturnMovementKind } from '../enums';

const bankCodeSchema = z.enum(REMITTANCE_BANK_CODES, { error: 'banco sem retorno CNAB 240: use 001, 104 ou 341' });

const fileArgs = {
  bankCode: bankCodeSchema,
  file_name: z.string().trim().min(1, 'informe o nome do arquivo').max(200),
  content: z
    .string()
    .min(1, 'o arquivo está vazio')
    .max(MAX_RETURN_FILE_CHARS, `o arquivo passa de ${MAX_RETURN_FILE_CHARS / 1024} KB; divida-o no banco`),
};

export const returnLineSchema = z.object({
  line: z.number(),
  movement: z.string(),
  movement_words: z.string(),
  kind: z.enum(RETURN_MOVEMENT_KINDS),
  outcome: z.enum(RETURN_LINE_OUTCOMES),
  /** why a line is refused or not settled, in words */
  message: z.string().nullable(),
  our_number: z.string(),
  boleto_slip_id: z.number().nullable(),
  installment_id: z.number().nullable(),
  installment_number: z.number().nullable(),
  credit_operation_id: z.number().nullable(),
  /** operation number / installment, as remittances write it */
  reference: z.string().nullable(),
  borrower_name: z.string().nullable(),
  title_amount: moneySchema,
  paid: moneySchema,
  fee: moneySchema,
  /**
   * whether the bank's fee is (in a preview: would be) posted to the ledger:
   * every line but a duplicate, once per line identity (an unmatched line's
   * as a posting of no operation); a line repeated inside the file posts its own
   */
  fee_posted: z.boolean(),
  net: moneySchema,
  occurred_on: z.string().nullable(),
  credited_on: z.string().nullable(),
  reasons: z.array(z.object({ code: z.string(), words: z.string() })),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnTotalsSchema = z.object({
  line_count: z.number(),
  settled_count: z.number(),
  settled_total: moneySchema,
  fee_total: moneySchema,
  rejected_count: z.number(),
  unmatched_count: z.number(),
  not_settled_count: z.number(),
});

export const returnPreviewSchema = z.object({
  bank_code: z.string(),
  bank_account_id: z.number(),
  /** agency / account as the company's account is registered */
  account_label: z.string(),
  file_sequence: z.string(),
  generated_on: z.string().nullable(),
  sha256: z.string(),
  /** the id of the stored import when this exact file was settled before */
  imported_as: z.number().nullable(),
  lines: z.array(returnLineSchema),
  totals: returnTotalsSchema,
});
export type ReturnPreview = z.infer<typeof returnPreviewSchema>;

export const returnFileSummarySchema = z.object({
  id: z.number(),
  bank_account_id: z.number(),
  bank_code: z.string(),
  file_name: z.string(),
  sha256: z.string(),
  file_sequence: z.string(),
  imported_on: z.string(),
  line_count: z.number(),
  settled_count: z.number(),
  settled_total: moneySchema,
  fee_total: moneySchema,
  rejected_count: z.number(),
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type ReturnFileSummary = z.infer<typeof returnFileSummarySchema>;

export const returnSettlementSchema = z.object({
  file: returnFileSummarySchema,
  /** true when this exact file had been settled before: nothing was settled now */
  already_imported: z.boolean(),
  lines: z.array(returnLineSchema),
  totals: returnTotalsSchema,
});
export type ReturnSettlement = z.infer<typeof returnSettlementSchema>;

export const companyCnabReturnOperations = {
  'cnabReturn.preview': defineOperation({
    method: 'POST',
    path: '/api/company/bank/:bankCode/retornos/preview',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description:
      "Reads a CNAB 240 return file of the bank without writing anything: the account its header names, each T+U line's movement, the installment it names by nosso número, amounts, fee, dates and reasons in words, and what settling would do with it; 400 naming the line for a broken file or the header for another account.",
    bodyLimit: RETURN_FILE_BODY_LIMIT,
    errors: [409],
    args: z.object(fileArgs),
    result: returnPreviewSchema,
  }),
  'cnabReturn.settle': defineOperation({
    method: 'POST',
    path: '/api/company/bank/:bankCode/retornos',
    access: AllOperators,
    encoding: 'json',
    origin: 'designed',
    description:
      'Settles a CNAB 240 return file in one transaction: paid lines become payments of their installments (dated by the credit date; above what is due, what is due), fees their own ledger postings, money no installment takes goes to suspense (valores a identificar), rejected entries mark their slips; the file and its lines are stored. The same file again settles nothing and answers the stored import. Replays with the same idempotency_key.',
    bodyLimit: RETURN_FILE_BODY_LIMIT,
    args: z.object({ ...fileArgs, idempotency_key: idempotencyKeySchema }),
    result: returnSettlementSchema,
  }),
  'cnabReturn.history': defineOperation({
    method: 'GET',
    path: '/api/company/bank/:bankCode/retornos',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'designed',
    description: "The bank's imported return files, newest first (the last 200).",
    args: z.object({ bankCode: bankCodeSchema }),
    result: z.array(returnFileSummarySchema),
  }),
  'cnabReturn.get': defineOperation({
    method: 'GET',
    path: '/api/company/bank/:bankCode/retornos/:returnId',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: 'One imported return file with each line and what it did.',
    args: z.object({ bankCode: bankCodeSchema, returnId: idSchema }),
    result: returnSettlementSchema,
  }),
} as const;
