/**
 * Boletos and the carnê (the spec's GET /boleto/{x} and POST /boleto/carne):
 * PDF answers the main process saves or shows in the app's viewer.
 *
 * Design choices:
 * - `x` is the installment's id (ids never repeat across schedule versions);
 *   the carnê's body names the credit operation: `credit_operation_id`.
 * - Who: every panel role that reads servicing (AllPanelUsers: superadmin,
 *   admin, operator, agent) — agents hand boletos to borrowers; the registered
 *   (panel applicant) role does not.
 * - A GET that records: asking for a boleto reserves the collecting account's
 *   next nosso número and records the slip the first time; asking again with
 *   the same amount and due date gives the same slip (same number, same
 *   barcode), so viewing, saving and reprinting never make a second title.
 * - Amount and due date as of the lender's business date: before the due date
 *   (or the next business day when it is not one) the open value with the
 *   late-charge instructions; overdue, an updated slip due today with the
 *   charges so far in the amount.
 * - The carnê has every installment with something to collect, in order,
 *   three per A4 page; paid ones are left out; none left is a 409.
 * - 404 unknown installment or operation; 409 operation not disbursed,
 *   installment paid (or in a status that takes no payment), no collecting
 *   account or data a boleto needs missing (the answer names it).
 */
import { z } from 'zod';
import { AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idSchema } from './common';

/**
 * The bank's last word on the installment's registration when it was a
 * rejection (movement 03 and the like in a return file): the nosso número
 * refused, the day, the bank's reason codes in words and the file that said
 * so. Derived from the stored return lines (the bank's files are the one
 * source); null when no return file rejected it, or a later line confirmed,
 * settled or wrote off one of its slips.
 */
export const boletoRejectionSchema = z.object({
  our_number: z.string(),
  /** the bank's occurrence date (null when the line gave none) */
  occurred_on: z.string().nullable(),
  movement: z.string(),
  reasons: z.array(z.object({ code: z.string(), words: z.string() })),
  return_file_id: z.number().int(),
  file_name: z.string(),
  bank_code: z.string(),
  imported_on: z.string(),
});
export type BoletoRejection = z.infer<typeof boletoRejectionSchema>;

/**
 * Where a slip's title stands at its bank (bank-files' registered-title.ts
 * derives it from the remittances and return files): issued and not sent,
 * sent (entry or 06 out, no answer yet), confirmed by a return, rejected by
 * one, moved (a later 06 carried the title on), baixa sent, settled or
 * written off by the bank.
 */
export const TITLE_REGISTRATION_STATES = ['issued', 'sent', 'confirmed', 'rejected', 'moved', 'write_off_sent', 'settled', 'written_off'] as const;
export type TitleRegistrationState = (typeof TITLE_REGISTRATION_STATES)[number];

export const titleRegistrationSchema = z.object({
  boleto_slip_id: z.number().int(),
  bank_account_id: z.number().int(),
  bank_code: z.string(),
  /** the nosso número the bank knows the title by */
  our_number: z.string(),
  state: z.enum(TITLE_REGISTRATION_STATES),
  /** the day it got there: issued, the file's business day, or the bank's occurrence day */
  since: z.string(),
  /** when rejected: the bank's 03 line (its reasons in words and the file), else null */
  rejection: boletoRejectionSchema.nullable(),
});
export type TitleRegistration = z.infer<typeof titleRegistrationSchema>;

/**
 * One bank per title: an installment's title is registered at one bank at a
 * time. `current` is the live title (sent or confirmed), `latest` the newest
 * slip (the one a boleto prints), `waiting` true when that newest slip's entry
 * waits for the baixa of the live title at another bank; `titles` every slip
 * of the installment, oldest first. The same answer serves an agreement's
 * installment (boleto.agreementRegistration): `installment_id` is then the
 * agreement installment's id.
 */
export const boletoRegistrationSchema = z.object({
  installment_id: z.number().int(),
  current: titleRegistrationSchema.nullable(),
  latest: titleRegistrationSchema.nullable(),
  waiting: z.boolean(),
  titles: z.array(titleRegistrationSchema),
});
export type BoletoRegistration = z.infer<typeof boletoRegistrationSchema>;

export const servicingBoletoOperations = {
  'boleto.slip': defineOperation({
    method: 'GET',
    path: '/api/boleto/:x',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'spec',
    description:
      "One installment's boleto as a PDF (payer's receipt with a PIX QR code, ficha de compensação with the barcode). x = installment id. Reuses the slip's nosso número while amount and due date are unchanged.",
    file: { kind: 'download', extension: 'pdf' },
    errors: [409],
    args: z.object({ x: idSchema }),
    result: z.unknown(),
  }),
  'boleto.carne': defineOperation({
    method: 'POST',
    path: '/api/boleto/carne',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'spec',
    description: "The carnê of an operation as a PDF: every installment with something to collect, three slips per A4 page.",
    file: { kind: 'download', extension: 'pdf' },
    errors: [409],
    args: z.object({ credit_operation_id: idSchema }),
    result: z.unknown(),
  }),
  'boleto.registration': defineOperation({
    method: 'GET',
    path: '/api/boleto/:x/registration',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "Where the installment's title is registered (x = installment id): the bank and nosso número of the live title and since when (sent, confirmed by the bank's return, rejected), the newest slip's state, and every slip's.",
    args: z.object({ x: idSchema }),
    result: boletoRegistrationSchema,
  }),
  'boleto.agreementRegistration': defineOperation({
    method: 'GET',
    path: '/api/boleto/agreements/:x/registration',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "Where each installment of a renegotiation agreement has its slip's title registered (x = agreement id), by installment number, the down payment (0) first: the same answer as boleto.registration per installment (installment_id = the agreement installment's id), with the bank's reasons when it rejected one. 404 unknown agreement.",
    errors: [404],
    args: z.object({ x: idSchema }),
    result: z.array(boletoRegistrationSchema),
  }),
  'boleto.agreementSlip': defineOperation({
    method: 'GET',
    path: '/api/boleto/agreement-installments/:x/slip',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description:
      "A renegotiation agreement installment's boleto as a PDF (x = the agreement installment's id; the down payment is installment 0), with its Pix charge's dynamic code when the company chose a Pix provider. The same nosso número while amount and due date are unchanged; an overdue one is updated to today with its charges. 404 unknown installment; 409 agreement not agreed or installment paid (status), no collecting account or incomplete company or borrower data.",
    file: { kind: 'download', extension: 'pdf' },
    errors: [404, 409],
    args: z.object({ x: idSchema }),
    result: z.unknown(),
  }),
} as const;
