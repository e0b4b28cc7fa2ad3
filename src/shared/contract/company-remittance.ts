/**
 * CNAB 240 remittances (remessas) of the company's collecting accounts: what
 * a file would carry on a day, generating one, and downloading a stored one
 * again.
 *
 * Design choices:
 * - The spec's GET and POST /company/bank/{bankCode}/remessas; bankCode is
 *   one of the banks whose CNAB 240 layouts the server writes (001, 104,
 *   341). `bank_account_id` names the company's account; without it (GET) the
 *   first active account of that bank is read, as boletos choose theirs.
 * - `date` is the cut-off: the file carries the slips issued up to that day
 *   (never after the business date); the file itself is dated the business
 *   date it is generated on.
 * - What a file carries: entries (instruction 01) for slips issued and never
 *   sent whose installment is still collected by them; write-offs (baixa, 02)
 *   for slips sent before whose installment was paid outside the bank,
 *   renegotiated, written off, assigned, replaced by a prepayment, or given a
 *   newer slip; due-date changes (06) for sent slips whose installment was
 *   given a newer slip that only moves the due date (same amount and title
 *   data), under the nosso número the bank registered. A slip is carried once
 *   per instruction. One bank per title: a slip issued under another
 *   collecting account replaces the old account's (its baixa goes out there),
 *   and its entry is held back (`held_back`) until that baixa went out.
 * - Generating takes the account's next file sequence number (NSA) under its
 *   row lock; the file is checked line by line before anything is stored: a
 *   problem is a 400 naming the installment and the field (an account field
 *   the bank needs, e.g. account.agreement, names it), nothing to carry a
 *   409, and nothing is stored. A stored file is never changed: the download
 *   answers its exact bytes (sha256 in the list).
 * - Who: reading and downloading, every panel role that reads the company's
 *   accounts (AllPanelUsers); generating, AllOperators (it registers titles
 *   at the bank). The registered (panel applicant) role never.
 * - The download is saved under the name the bank's channel expects when it
 *   has one, else REM<bank><NSA, 6 digits>.rem.
 * - The report (the spec's POST /company/{id}/bank/{bankCode}/remessa/report)
 *   lists what a stored file carried: body { remittance_id, format: pdf |
 *   xlsx }; `id` is the company. Each line: the instruction, nosso número,
 *   borrower, operation, installment number, the due date the bank was told
 *   (the new one for a due-date change) and the amount; then the count and
 *   total per instruction. The file comes back as a download (application/pdf
 *   or the xlsx type, which names the saved file's extension) that the main
 *   process streams to disk; same readers as the file itself.
 * - History pages: the overview answers the account's files newest first,
 *   `history_limit` (default and most 200) from `history_offset` (default 0),
 *   with `history_total`. `remittance.history` lists the files of every
 *   account of a bank of the company, paged the same way.
 */
import { z } from 'zod';
import { REMITTANCE_INSTRUCTIONS } from '../enums';
import { AllOperators, AllPanelUsers } from '../roles';
import { defineOperation, DOWNLOAD_MEDIA_TYPES } from './define';
import { SUPPORTED_BANK_CODES, type SupportedBankCode } from '../banks';
import { idSchema, idempotencyKeySchema, timestampSchema } from './common';
import { calendarDaySchema, moneySchema } from './money';
import { installmentLinkSchema } from './fields';
import { boletoRejectionSchema } from './servicing-boleto';

/** The banks whose CNAB 240 cobrança layouts the server writes: every supported bank (@shared/banks). */
export const REMITTANCE_BANK_CODES = SUPPORTED_BANK_CODES;
export type RemittanceBankCode = SupportedBankCode;

export const REMITTANCE_REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type RemittanceReportFormat = (typeof REMITTANCE_REPORT_FORMATS)[number];

/** The history page the overview and the bank's list answer by default, and the most they answer. */
export const REMITTANCE_HISTORY_PAGE = 200;

/** `broken`: an agreement's slip (renegotiation) asks what its agreement's break changed (bank-files' remittance-agreement.ts). */
export const REMITTANCE_WRITE_OFF_REASONS = ['paid', 'renegotiated', 'written_off', 'assigned', 'prepaid', 'replaced', 'cancelled', 'broken'] as const;

const bankCodeSchema = z.enum(REMITTANCE_BANK_CODES, { error: 'banco sem remessa CNAB 240: use 001, 104 ou 341' });

export const remittanceCandidateSchema = z.object({
  boleto_slip_id: z.number(),
  ...installmentLinkSchema.shape,
  /** the operation's installment; null for an agreement's slip (agreement_installment_id) */
  installment_id: z.number().int().nullable(),
  /** an agreement's slip (renegotiation): its installment (installment_number: 0 the down payment) and agreement */
  agreement_installment_id: z.number().int().nullable(),
  agreement_id: z.number().int().nullable(),
  reference: z.string(),
  instruction: z.enum(REMITTANCE_INSTRUCTIONS),
  /** why a write-off (baixa) is sent; null for entries */
  reason: z.enum(REMITTANCE_WRITE_OFF_REASONS).nullable(),
  our_number: z.string(),
  payer_name: z.string(),
  amount: moneySchema,
  issued_on: z.string(),
  /**
   * an entry the bank rejected (return movement 03) going out again, as a
   * new entry (01) under the same nosso número: the bank's line with its
   * reasons, so the operator sees why before generating; null otherwise
   */
  resend: boletoRejectionSchema.nullable(),
});
export type RemittanceCandidate = z.infer<typeof remittanceCandidateSchema>;

export const remittanceSummarySchema = z.object({
  id: z.number(),
  bank_account_id: z.number(),
  bank_code: z.string(),
  nsa: z.number(),
  generated_on: z.string(),
  cutoff_date: z.string(),
  file_name: z.string(),
  sha256: z.string(),
  slip_count: z.number(),
  entry_count: z.number(),
  write_off_count: z.number(),
  due_date_change_count: z.number(),
  total: moneySchema,
  actor_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type RemittanceSummary = z.infer<typeof remittanceSummarySchema>;

export const remittanceOverviewSchema = z.object({
  bank_code: z.string(),
  bank_account_id: z.number(),
  date: z.string(),
  /** the NSA the next file of the account takes */
  next_nsa: z.number(),
  pending: z.object({
    items: z.array(remittanceCandidateSchema),
    entry_count: z.number(),
    entry_total: moneySchema,
    write_off_count: z.number(),
    write_off_total: moneySchema,
    due_date_change_count: z.number(),
    due_date_change_total: moneySchema,
    slip_count: z.number(),
    total: moneySchema,
  }),
  /**
   * One bank per title: entries no file carries yet because a title of the
   * same installment is live at another bank (the company changed its
   * collecting account); each names that bank and nosso número. Its baixa goes
   * out on that bank's next remittance; the entry goes out here after it.
   */
  held_back: z.array(remittanceCandidateSchema.extend({ held_at: z.object({ boleto_slip_id: z.number(), bank_code: z.string(), our_number: z.string() }) })),
  /** the account's files, newest first: a page of `history_total` */
  history: z.array(remittanceSummarySchema),
  history_total: z.number(),
});
export type RemittanceOverview = z.infer<typeof remittanceOverviewSchema>;

export const remittanceHistorySchema = z.object({
  bank_code: z.string(),
  items: z.array(remittanceSummarySchema.extend({ agency: z.string(), account: z.string() })),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type RemittanceHistory = z.infer<typeof remittanceHistorySchema>;
export type RemittanceHistoryItem = RemittanceHistory['items'][number];

/** A whole number from min to max, as a number or the decimal text a query string carries (never a boolean or an array). */
function wholeNumber(min: number, max: number) {
  const message = `informe um número inteiro de ${min} a ${max}`;
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isInteger(n) && n >= min && n <= max) return n;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}

const historyPaging = {
  history_offset: wholeNumber(0, 999_999_999).optional(),
  history_limit: wholeNumber(1, REMITTANCE_HISTORY_PAGE).optional(),
};

export const companyRemittanceOperations = {
  'remittance.overview': defineOperation({
    method: 'GET',
    path: '/api/company/bank/:bankCode/remessas',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description:
      "An account's CNAB 240 remittances: what a file generated now would carry up to `date` (default: the business date) — entries for slips never sent, write-offs (baixa) for sent slips whose installment left the bank's collection — with totals, and the files generated before, newest first.",
    args: z.object({ bankCode: bankCodeSchema, date: calendarDaySchema.optional(), bank_account_id: idSchema.optional(), ...historyPaging }),
    result: remittanceOverviewSchema,
  }),
  'remittance.generate': defineOperation({
    method: 'POST',
    path: '/api/company/bank/:bankCode/remessas',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description:
      'Generates the account\'s next remittance (NSA) with what it carries up to `date`, checked line by line before it is stored; 400 naming the installment and field when a line cannot be written, 409 when there is nothing to carry. Replays with the same idempotency_key.',
    args: z.object({ bankCode: bankCodeSchema, date: calendarDaySchema, bank_account_id: idSchema, idempotency_key: idempotencyKeySchema }),
    result: remittanceSummarySchema,
  }),
  'remittance.file': defineOperation({
    method: 'GET',
    path: '/api/company/bank/:bankCode/remessas/:remittanceId/file',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: 'A stored remittance file, byte for byte as generated (text/plain, CR LF lines), under the name the bank expects.',
    file: { kind: 'download', extension: 'rem' },
    args: z.object({ bankCode: bankCodeSchema, remittanceId: idSchema }),
    result: z.unknown(),
  }),
  'remittance.history': defineOperation({
    method: 'GET',
    path: '/api/company/:id/bank/:bankCode/remessas/history',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'designed',
    description:
      "The remittances of every account of one bank of the company, newest first (generated on, then NSA), a page of `history_limit` (default and most 200) from `history_offset`, with the total.",
    args: z.object({ id: idSchema, bankCode: bankCodeSchema, ...historyPaging }),
    result: remittanceHistorySchema,
  }),
  'remittance.report': defineOperation({
    method: 'POST',
    path: '/api/company/:id/bank/:bankCode/remessa/report',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description:
      'What a stored remittance carried, as PDF or Excel: per line the instruction, nosso número, borrower, operation, installment, due date and amount, with the count and total per instruction. The file type (application/pdf or xlsx) names the saved extension.',
    file: { kind: 'download', extension: '', media: REMITTANCE_REPORT_FORMATS.map((format) => DOWNLOAD_MEDIA_TYPES[format]) },
    args: z.object({
      id: idSchema,
      bankCode: bankCodeSchema,
      remittance_id: idSchema,
      format: z.enum(REMITTANCE_REPORT_FORMATS, { error: 'formato do relatório: use pdf ou xlsx' }),
    }),
    result: z.unknown(),
  }),
} as const;
