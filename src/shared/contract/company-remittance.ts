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
 *   newer slip. A slip is carried once per instruction.
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
 */
import { z } from 'zod';
import { REMITTANCE_INSTRUCTIONS } from '../enums';
import { AllOperators, AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema, idempotencyKeySchema, timestampSchema } from './common';
import { calendarDaySchema, moneySchema } from './money';

/** The banks whose CNAB 240 cobrança layouts the server writes. */
export const REMITTANCE_BANK_CODES = ['001', '104', '341'] as const;
export type RemittanceBankCode = (typeof REMITTANCE_BANK_CODES)[number];

export const REMITTANCE_WRITE_OFF_REASONS = ['paid', 'renegotiated', 'written_off', 'assigned', 'prepaid', 'replaced'] as const;

const bankCodeSchema = z.enum(REMITTANCE_BANK_CODES, { error: 'banco sem remessa CNAB 240: use 001, 104 ou 341' });

export const remittanceCandidateSchema = z.object({
  boleto_slip_id: z.number(),
  installment_id: z.number(),
  credit_operation_id: z.number(),
  installment_number: z.number(),
  reference: z.string(),
  instruction: z.enum(REMITTANCE_INSTRUCTIONS),
  /** why a write-off (baixa) is sent; null for entries */
  reason: z.enum(REMITTANCE_WRITE_OFF_REASONS).nullable(),
  our_number: z.string(),
  payer_name: z.string(),
  amount: moneySchema,
  due_date: z.string(),
  issued_on: z.string(),
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
    slip_count: z.number(),
    total: moneySchema,
  }),
  /** the account's files, newest first */
  history: z.array(remittanceSummarySchema),
});
export type RemittanceOverview = z.infer<typeof remittanceOverviewSchema>;

export const companyRemittanceOperations = {
  'remittance.overview': defineOperation({
    method: 'GET',
    path: '/api/company/bank/:bankCode/remessas',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'spec',
    description:
      "An account's CNAB 240 remittances: what a file generated now would carry up to `date` (default: the business date) — entries for slips never sent, write-offs (baixa) for sent slips whose installment left the bank's collection — with totals, and the files generated before, newest first.",
    args: z.object({ bankCode: bankCodeSchema, date: calendarDaySchema.optional(), bank_account_id: idSchema.optional() }),
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
} as const;
