/** Schemas shared by several areas of the contract. */
import { z } from 'zod';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from '../query';
import { ALL_ROLE_IDS, type RoleId } from '../roles';
import { isValidEmail } from '../format';

export const idSchema = z.coerce.number().int().positive();
export const idArgs = z.object({ id: idSchema });

export const roleIdSchema = z
  .number()
  .int()
  .refine((v): v is RoleId => (ALL_ROLE_IDS as readonly number[]).includes(v), { message: 'perfil inválido' });

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .refine((v) => isValidEmail(v), { message: 'e-mail inválido' });

/** Staff passwords: at least 8 characters with a letter and a digit. */
export const passwordSchema = z
  .string()
  .min(8, 'a senha deve ter ao menos 8 caracteres')
  .max(128)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { message: 'a senha deve ter letras e números' });

export const timestampSchema = z.string();

export const filterValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
  z.null(),
  z.undefined(),
]);

export const sortSchema = z
  .object({ field: z.string().nullish(), order: z.string().nullish() })
  .nullish();

/** Arguments of every paged list call (spec §5/§9 defaults: page 1, limit 10). */
export const listArgs = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  filter: z.record(z.string(), filterValueSchema).optional(),
  sort: sortSchema,
});

export type ListArgs = z.input<typeof listArgs>;

/** Pagination meta of spec §3: defaults 1, 1, 0, 10. */
export const pageMetaSchema = z.object({
  currentPage: z.number().int().default(1),
  totalPages: z.number().int().default(1),
  totalItems: z.number().int().default(0),
  pageSize: z.number().int().default(10),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), meta: pageMetaSchema });
}

export function pageMeta(page: number, pageSize: number, totalItems: number): PageMeta {
  return {
    currentPage: page,
    pageSize,
    totalItems,
    totalPages: Math.max(1, Math.ceil(totalItems / pageSize)),
  };
}

export const okSchema = z.object({ ok: z.literal(true) });

/** Rows of an export: one flat record per line, written to Excel by the main process. */
export const exportRowsSchema = z.object({
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});

export const exportArgs = z.object({
  filter: z.record(z.string(), filterValueSchema).optional(),
  sort: sortSchema,
});

/** A file carried over IPC and sent as a multipart part. */
export const uploadFileSchema = z.object({
  name: z.string().min(1).max(255),
  type: z.string().max(255),
  bytes: z.instanceof(Uint8Array),
});
