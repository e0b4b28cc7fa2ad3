/**
 * LGPD erasure requests. The spec shows only the erase itself
 * (DELETE /users/all/:id, users.erase); listing, registering, reading and
 * refusing requests are designed here.
 */
import { z } from 'zod';
import { AllAdmins } from '../roles';
import { defineOperation } from './define';
import { idArgs, idSchema, instantSchema, listArgs, paged, roleIdSchema, timestampSchema, trimmedTextSchema } from './common';
import { LGPD_STATUSES, LGPD_CHANNELS } from '../enums';

export { LGPD_STATUSES };
export type LgpdStatus = (typeof LGPD_STATUSES)[number];
export { LGPD_CHANNELS };
export type LgpdChannel = (typeof LGPD_CHANNELS)[number];

export const LGPD_FILTERS = ['status'] as const;
export const LGPD_SORTS = ['received_at', 'status', 'closed_at'] as const;

/** The word that, typed instead of the person's e-mail, also enables the erase button. */
export const LGPD_ERASE_WORD = 'APAGAR';

export const lgpdRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** the person's name and e-mail as registered; replaced once the data is erased */
  subject_name: z.string(),
  subject_email: z.string().nullable(),
  channel: z.enum(LGPD_CHANNELS),
  received_at: timestampSchema,
  status: z.enum(LGPD_STATUSES),
  outcome: z.string().nullable(),
  notes: z.string().nullable(),
  handled_by: z.number().int().nullable(),
  handled_by_name: z.string().nullable(),
  closed_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type LgpdRequest = z.infer<typeof lgpdRequestSchema>;

/** One area of "what the system holds": available false = that area is not built in this version. */
export const holdingSectionSchema = z.object({
  key: z.string(),
  available: z.boolean(),
  count: z.number().int().nullable(),
});
export type HoldingSection = z.infer<typeof holdingSectionSchema>;

export const personHoldingsSchema = z.object({
  account: z
    .object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      cpf: z.string().nullable(),
      phone: z.string().nullable(),
      role_id: roleIdSchema,
      active: z.boolean(),
      created_at: timestampSchema,
      deleted_at: timestampSchema.nullable(),
      anonymised_at: timestampSchema.nullable(),
    })
    .nullable(),
  uploads: z.array(
    z.object({ id: z.number().int(), type: z.string(), name: z.string(), mime: z.string(), size: z.number().int(), created_at: timestampSchema }),
  ),
  sections: z.array(holdingSectionSchema),
});
export type PersonHoldings = z.infer<typeof personHoldingsSchema>;

export const lgpdPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  role_id: roleIdSchema,
});
export type LgpdPerson = z.infer<typeof lgpdPersonSchema>;

export const lgpdOperations = {
  'lgpd.list': defineOperation({
    method: 'GET',
    path: '/api/lgpd/requests',
    access: AllAdmins,
    encoding: 'list',
    cacheable: true,
    origin: 'designed',
    description: 'Erasure requests, newest first by default, paged, filtered by status.',
    list: { filters: LGPD_FILTERS, sorts: LGPD_SORTS },
    args: listArgs,
    result: paged(lgpdRequestSchema),
  }),
  'lgpd.people': defineOperation({
    method: 'GET',
    path: '/api/lgpd/people',
    access: AllAdmins,
    encoding: 'query',
    origin: 'designed',
    description: 'Finds the person a request is about by e-mail or CPF (at most 10, erased accounts excluded).',
    args: z.object({ q: trimmedTextSchema(254).min(3, 'digite ao menos 3 caracteres') }),
    result: z.array(lgpdPersonSchema),
  }),
  'lgpd.create': defineOperation({
    method: 'POST',
    path: '/api/lgpd/requests',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description: 'Registers a request received through another channel (e-mail, phone, in person…). One open request per person.',
    errors: [409],
    args: z.object({
      user_id: idSchema,
      channel: z.enum(LGPD_CHANNELS),
      received_at: instantSchema
        .refine((v) => Date.parse(v) <= Date.now() + 60_000, { message: 'a data de recebimento não pode estar no futuro' })
        .optional(),
      notes: trimmedTextSchema(2000).optional(),
    }),
    result: lgpdRequestSchema,
  }),
  'lgpd.get': defineOperation({
    method: 'GET',
    path: '/api/lgpd/requests/:id',
    access: AllAdmins,
    encoding: 'none',
    origin: 'designed',
    description: 'One request with what the system holds about that person.',
    args: idArgs,
    result: z.object({ request: lgpdRequestSchema, holdings: personHoldingsSchema }),
  }),
  'lgpd.refuse': defineOperation({
    method: 'PUT',
    path: '/api/lgpd/requests/:id/refuse',
    access: AllAdmins,
    encoding: 'json',
    origin: 'designed',
    description: 'Closes an open request as refused, with the reason (e.g. a legal duty to keep the data).',
    errors: [409],
    args: z.object({ id: idSchema, outcome: trimmedTextSchema(2000).min(5, 'informe o motivo (ao menos 5 caracteres)') }),
    result: lgpdRequestSchema,
  }),
} as const;
