/**
 * Broadcast messages (/app/messages, "Disparos de SMS"): SMS or e-mail to
 * entrepreneurs chosen by filters or to a pasted list. The spec shows no
 * calls for this screen, so every call here is designed (origin 'designed').
 */
import { z } from 'zod';
import { AllPanelUsers } from '../roles';
import { defineOperation } from './define';
import { idArgs, idSchema, listArgs, paged, textSchema, trimmedTextSchema, timestampSchema } from './common';
import { MESSAGE_CHANNELS, BROADCAST_RECIPIENT_STATUSES } from '../enums';

export { MESSAGE_CHANNELS };
export const channelSchema = z.enum(MESSAGE_CHANNELS);

export { BROADCAST_RECIPIENT_STATUSES };
export const recipientStatusSchema = z.enum(BROADCAST_RECIPIENT_STATUSES);

/** Most entries a pasted list may hold in one broadcast. */
export const MAX_PASTED_RECIPIENTS = 5000;
export const MAX_SMS_BODY = 1600;
export const MAX_EMAIL_BODY = 20000;

/**
 * Who receives: entrepreneurs (role USER, active, not erased) matching the
 * filters, or a pasted list of e-mails/phones. `solicitation_status` (a code
 * of shared/solicitation-status.ts) keeps those with at least one live
 * solicitation in that status; an unknown code is a 400.
 */
export const recipientSelectionSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('filters'),
    state: trimmedTextSchema(2).optional(),
    city: trimmedTextSchema(120).optional(),
    solicitation_status: trimmedTextSchema(40).optional(),
  }),
  z.object({
    mode: z.literal('list'),
    entries: z.array(textSchema(254)).min(1, 'informe ao menos um destinatário').max(MAX_PASTED_RECIPIENTS),
  }),
]);
export type RecipientSelection = z.infer<typeof recipientSelectionSchema>;

const previewArgs = z.object({ channel: channelSchema, selection: recipientSelectionSchema });

export const recipientPreviewSchema = z.object({
  /** how many messages will be queued */
  count: z.number().int(),
  /** the first few recipients, to check the selection */
  sample: z.array(z.object({ name: z.string().nullable(), contact: z.string() })),
  /** pasted entries (as typed) or entrepreneurs (by name) left out because their address is not valid for the channel */
  invalid: z.array(z.string()),
  /** entrepreneurs matching the filters without a usable e-mail/phone */
  withoutContact: z.number().int(),
});
export type RecipientPreview = z.infer<typeof recipientPreviewSchema>;

export const broadcastSchema = z.object({
  id: z.number().int(),
  channel: channelSchema,
  subject: z.string().nullable(),
  body: z.string(),
  selection: recipientSelectionSchema,
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** 'sending' while any recipient is queued or being sent */
  status: z.enum(['sending', 'done']),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

export const broadcastRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  contact: z.string(),
  status: recipientStatusSchema,
  error: z.string().nullable(),
  sent_at: timestampSchema.nullable(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

export const BROADCAST_FILTERS = ['channel'] as const;
export const BROADCAST_SORTS = ['id', 'created_at'] as const;
export const BROADCAST_RECIPIENT_FILTERS = ['status'] as const;
export const BROADCAST_RECIPIENT_SORTS = ['id', 'status', 'contact'] as const;

const createArgs = previewArgs
  .extend({
    subject: trimmedTextSchema(200).optional(),
    body: trimmedTextSchema(MAX_EMAIL_BODY).min(1, 'escreva a mensagem'),
  })
  .superRefine((v, ctx) => {
    if (v.channel === 'email' && !v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'informe o assunto do e-mail' });
    if (v.channel === 'sms' && v.body.length > MAX_SMS_BODY) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: `o SMS pode ter no máximo ${MAX_SMS_BODY} caracteres` });
    }
  });

export const messagesOperations = {
  'messages.preview': defineOperation({
    method: 'POST',
    path: '/api/messages/preview',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description: 'How many recipients a selection reaches on a channel, the first few, and the entries left out as invalid. Changes nothing.',
    args: previewArgs,
    result: recipientPreviewSchema,
  }),
  'messages.create': defineOperation({
    method: 'POST',
    path: '/api/messages',
    access: AllPanelUsers,
    encoding: 'json',
    origin: 'designed',
    description: 'Creates a broadcast: recipients are fixed now and queued; a background sender delivers them.',
    errors: [404],
    args: createArgs,
    result: broadcastSchema,
  }),
  'messages.list': defineOperation({
    method: 'GET',
    path: '/api/messages',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'designed',
    description: 'Broadcast history, newest first by default, with per-status counts.',
    list: { filters: BROADCAST_FILTERS, sorts: BROADCAST_SORTS },
    args: listArgs,
    result: paged(broadcastSchema),
  }),
  'messages.get': defineOperation({
    method: 'GET',
    path: '/api/messages/:id',
    access: AllPanelUsers,
    encoding: 'none',
    origin: 'designed',
    description: 'One broadcast with its per-status counts.',
    args: idArgs,
    result: broadcastSchema,
  }),
  'messages.recipients': defineOperation({
    method: 'GET',
    path: '/api/messages/:id/recipients',
    access: AllPanelUsers,
    encoding: 'list',
    cacheable: true,
    origin: 'designed',
    description: "A broadcast's recipients with their status (queued, sending, sent, failed with the reason), paged.",
    list: { filters: BROADCAST_RECIPIENT_FILTERS, sorts: BROADCAST_RECIPIENT_SORTS },
    args: listArgs.extend({ id: idSchema }),
    result: paged(broadcastRecipientSchema),
  }),
} as const;
