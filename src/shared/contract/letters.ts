/**
 * Statements and letters for a borrower (server: areas/letters, its README
 * has the rules): the statement of an operation, the payoff quote letter, the
 * discharge letter (quitação) and the annual debt-discharge declaration
 * (Lei 12.007/2009). Each is a PDF rendered by the server from the figures
 * servicing exposes and saved by the main process; each issue is written to
 * the activity log (who, which letter, for which day, the amount).
 *
 * Design choices:
 * - Who (as a bank would): the statement and the payoff quote are information
 *   the borrower is owed on request (CDC art. 6º III; Res. CMN 3.516/2007 on
 *   the payoff amount) and any panel role serving the borrower gives them —
 *   agents included. The discharge letter and the annual declaration attest
 *   that a debt is extinct, with legal effect against the lender: only the
 *   back office issues them (AllOperators: operators and admins), never the
 *   commercial agent. The role without the panel (Usuário) gets 403 on all.
 * - Dates: the statement's `date` (default the business date) between the
 *   release and the business date; the payoff letter's `valid_until` from the
 *   business date up to PAYOFF_VALID_MAX_DAYS days on (the amount is the one to
 *   pay on that day: the existing prepayment quote for that day). The annual
 *   declaration is for a past year (the year over), from 2000.
 * - Templates: the payoff, discharge and annual texts are the company's
 *   templates of those kinds (company.contractTemplates); each letter issued
 *   is kept with its template's version and the text filled then
 *   (`letters.issued`), and printed again from that text (`letters.reprint`)
 *   whatever the template became. Listing and printing again are the back
 *   office's (AllOperators), as the letters that bind the lender are.
 */
import { z } from 'zod';
import { AllOperators, AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema, timestampSchema } from './common';
import { calendarDaySchema } from './money';
import { versionSchema } from './fields';
import { ISSUED_LETTER_KINDS } from '../enums';

/** How far ahead a payoff quote letter may be valid (calendar days from the business date). */
export const PAYOFF_VALID_MAX_DAYS = 30;

export const LETTER_KINDS = ['statement', 'payoff', 'discharge', 'annual'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

const yearSchema = z.coerce
  .number({ error: 'ano inválido: use quatro algarismos (ex.: 2025)' })
  .int({ error: 'ano inválido: use quatro algarismos (ex.: 2025)' })
  .min(2000, { error: 'ano inválido: a partir de 2000' })
  .max(2100, { error: 'ano inválido: até 2100' });

const pdf = { kind: 'download', extension: 'pdf' } as const;

/** The letters kept when issued (the statement is figures, not a template: not kept). */
export { ISSUED_LETTER_KINDS };

export const issuedLetterSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ISSUED_LETTER_KINDS),
  credit_operation_id: z.number().int().nullable(),
  borrower_id: z.number().int(),
  /** the day the letter speaks of: the payoff's validity, the last payment, the year's last day */
  letter_day: calendarDaySchema,
  template_version: versionSchema,
  title: z.string(),
  file_name: z.string(),
  issued_by_name: z.string().nullable(),
  issued_at: timestampSchema,
});
export type IssuedLetter = z.infer<typeof issuedLetterSchema>;

export const lettersOperations = {
  'letters.statement': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/letters/statement',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'designed',
    description:
      "The borrower's statement of the operation on `date` (default: the business date) as a PDF: the schedule with each installment's status, the payments with their split (principal, interest, late fee, default interest) and reversals, prepayments, the charges owed and the balance on the date. 400 naming `date` before the release or after the business date; 409 when the operation was never released. Logged.",
    file: pdf,
    errors: [404, 409],
    args: z.object({ id: idSchema, date: calendarDaySchema.optional() }),
    result: z.unknown(),
  }),
  'letters.payoff': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/letters/payoff',
    access: AllPanelUsers,
    encoding: 'query',
    origin: 'designed',
    description:
      'The payoff quote letter valid to `valid_until` (default: the business date; at most PAYOFF_VALID_MAX_DAYS days on) as a PDF: the amount that settles the operation on that day — the prepayment quote (present value of the remaining installments at the contract rate, CDC art. 52 §2º; Res. CMN 3.516/2007) plus the open installments with their charges. 400 naming `valid_until`; 409 when the operation is not being collected or nothing remains. Logged.',
    file: pdf,
    errors: [404, 409],
    args: z.object({ id: idSchema, valid_until: calendarDaySchema.optional() }),
    result: z.unknown(),
  }),
  'letters.discharge': defineOperation({
    method: 'GET',
    path: '/api/creditOperation/:id/letters/discharge',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description:
      'The discharge letter (termo de quitação) of a settled operation as a PDF: settled by a full prepayment, or released with every installment of its schedule paid. 409 otherwise, naming what is still open. Logged.',
    file: pdf,
    errors: [404, 409],
    args: z.object({ id: idSchema }),
    result: z.unknown(),
  }),
  'letters.annual': defineOperation({
    method: 'GET',
    path: '/api/borrowers/:id/letters/annual',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description:
      "The annual debt-discharge declaration of a borrower for `year` (Lei 12.007/2009) as a PDF: every installment of the borrower's operations due in that year, paid, with the day and amount paid. 400 naming `year` for the current or a future year; 409 when an installment due in the year is still open (art. 2º §1º: only who paid all the year's debts) or nothing fell due in it. Logged.",
    file: pdf,
    errors: [404, 409],
    args: z.object({ id: idSchema, year: yearSchema }),
    result: z.unknown(),
  }),
  'letters.issued': defineOperation({
    method: 'GET',
    path: '/api/letters/issued',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description:
      "The letters issued (payoff, discharge, annual) for an operation (`credit_operation_id`) or a borrower (`borrower_id`: theirs, annual declarations included), newest first, each with its template's version. 400 when neither or both are given.",
    args: z
      .object({ credit_operation_id: idSchema.optional(), borrower_id: idSchema.optional() })
      .refine((v) => (v.credit_operation_id === undefined) !== (v.borrower_id === undefined), { message: 'informe a operação ou o tomador', path: ['credit_operation_id'] }),
    result: z.array(issuedLetterSchema),
  }),
  'letters.reprint': defineOperation({
    method: 'GET',
    path: '/api/letters/issued/:id',
    access: AllOperators,
    encoding: 'query',
    origin: 'designed',
    description: 'An issued letter printed again as a PDF from the text frozen when it was issued (a later version of the template changes nothing). Logged.',
    file: pdf,
    errors: [404],
    args: z.object({ id: idSchema }),
    result: z.unknown(),
  }),
} as const;
