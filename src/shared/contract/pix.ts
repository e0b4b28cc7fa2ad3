/**
 * Pix charges matched to installments (server area `pix`): the company's Pix
 * provider and the webhook its provider calls.
 *
 * - The provider is the company's choice (`pix.settings` / `pix.saveSettings`,
 *   administrators): 'none' (the slip prints the static Pix code), 'sandbox'
 *   (the embedded backend's own, for tests and demos) or 'api' (a PSP speaking
 *   the Central Bank's Pix API at `api_base_url`). Choosing one draws the
 *   webhook secret the provider signs its notices with; it is answered once,
 *   when drawn (and when `rotate_secret` draws another), never again.
 * - `pix.webhook` is called by the provider, never by a signed-in user
 *   (access 'provider'): the Pix API's notice `{ pix: [{ endToEndId, txid,
 *   valor, horario, … }] }` POSTed to "<webhook url>/pix", signed with
 *   HMAC-SHA256 over "<timestamp>.<raw body>" (headers x-pix-signature
 *   "sha256=<hex>" and x-pix-timestamp, Unix seconds, within 5 minutes). 401
 *   unsigned, badly signed or stale; 409 the same signed delivery again. Each
 *   pix is taken once by its endToEndId: sent again, it is counted as a
 *   duplicate and changes nothing.
 */
import { z } from 'zod';
import { AllAdmins } from '../roles';
import { defineOperation } from './define';
import { idSchema, timestampSchema } from './common';
import { PIX_PROVIDER_CHOICES } from '../enums';

export { PIX_NOTICE_STATUSES, PIX_PROVIDER_CHOICES, PIX_REFUSAL_REASONS, type PixNoticeStatus, type PixProviderChoice, type PixRefusalReason } from '../enums';


export const pixSettingsSchema = z.object({
  company_id: z.number().int(),
  provider: z.enum(PIX_PROVIDER_CHOICES),
  api_base_url: z.string().nullable(),
  /** where the provider is told to send its notices (it POSTs to this path + "/pix") */
  webhook_path: z.string(),
  /** the secret, only in the answer that drew it (else null) */
  webhook_secret: z.string().nullable(),
  updated_at: timestampSchema.nullable(),
});
export type PixSettings = z.infer<typeof pixSettingsSchema>;

/** One pix of a webhook notice, as the Pix API writes it (other fields are kept as sent). */
export const pixNoticeEntrySchema = z.looseObject({
  endToEndId: z.string().min(1).max(64),
  txid: z.string().max(35).optional(),
  valor: z.string().regex(/^\d{1,10}\.\d{2}$/, 'valor no formato 0.00'),
  horario: z.iso.datetime({ offset: true }),
});
export type PixNoticeEntry = z.infer<typeof pixNoticeEntrySchema>;

export const pixOperations = {
  'pix.settings': defineOperation({
    method: 'GET',
    path: '/api/company/:id/pix',
    access: AllAdmins,
    encoding: 'none',
    origin: 'designed',
    description: "The company's Pix provider (none, sandbox or a Pix API PSP), its base URL and the webhook path to give the provider. The secret is never answered here.",
    args: z.object({ id: idSchema }),
    result: pixSettingsSchema,
  }),
  'pix.saveSettings': defineOperation({
    method: 'PUT',
    path: '/api/company/:id/pix',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description:
      "Chooses the company's Pix provider. The first choice (and rotate_secret) draws the webhook secret, answered this once; the notices' payments are booked in the name of who chose. 'api' needs api_base_url (https).",
    args: z.object({
      id: idSchema,
      provider: z.enum(PIX_PROVIDER_CHOICES),
      api_base_url: z
        .string()
        .trim()
        .max(300)
        .regex(/^https:\/\/[^\s]+$/, 'um endereço https://')
        .nullable()
        .optional(),
      rotate_secret: z.boolean().optional(),
    }),
    result: pixSettingsSchema,
  }),
  'pix.webhook': defineOperation({
    method: 'POST',
    path: '/api/pix/webhook/:company_id/pix',
    access: 'provider',
    encoding: 'json',
    exposed: false,
    origin: 'designed',
    errors: [401, 409],
    bodyLimit: 8 * 1024 * 1024,
    description:
      "The Pix provider's notice of Pix received (Pix API webhook). Signed: HMAC-SHA256 of '<x-pix-timestamp>.<raw body>' with the company's webhook secret in x-pix-signature ('sha256=<hex>'), timestamp within 5 minutes; 401 otherwise, 409 for a delivery already taken. Each pix once by endToEndId: settled as a payment of its charge's installment, or kept unmatched with the reason.",
    args: z.object({ company_id: idSchema, pix: z.array(pixNoticeEntrySchema).min(1).max(5000) }),
    result: z.object({ received: z.number().int(), settled: z.number().int(), unmatched: z.number().int(), duplicates: z.number().int() }),
  }),
} as const;
