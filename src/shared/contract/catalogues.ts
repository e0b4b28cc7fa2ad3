/**
 * Lookup catalogues of the solicitation form (the spec's entities and its calls "company-situations,
 * how-did-find, lending-reasons" and "Projects"): situations, how-did-find options,
 * lending reasons and projects.
 *
 * The spec's generic `GET /{resource}/list-actives` and `PUT /{resource}/status`
 * are mapped onto each of the three simple catalogues (origin 'spec'); projects get
 * their own designed calls for the api_key and the banner bytes.
 */
import { z } from 'zod';
import { parsePercentage } from '../format';
import { AllOperators } from '../roles';
import { defineOperation } from './define';
import { idArgs, idSchema, listArgs, okSchema, paged, textSchema, trimmedTextSchema, timestampSchema, uploadFileSchema } from './common';

/** The three simple catalogues, by the key used in operation names and their resource path. */
export const CATALOGUE_RESOURCES = {
  situations: 'company-situations',
  howDidFind: 'how-did-find',
  reasons: 'lending-reasons',
} as const;
export type CatalogueKind = keyof typeof CATALOGUE_RESOURCES;

/** Filters and sort fields the catalogue lists understand (server and screens agree on these). */
export const CATALOGUE_FILTERS = ['label', 'active'] as const;
export const CATALOGUE_SORTS = ['id', 'label', 'active', 'created_at', 'updated_at'] as const;
export const SITUATION_SORTS = [...CATALOGUE_SORTS, 'percentage'] as const;
export const PROJECT_FILTERS = ['title', 'active'] as const;
export const PROJECT_SORTS = ['id', 'title', 'active', 'created_at', 'updated_at'] as const;

const labelSchema = trimmedTextSchema(120).min(2, 'o rótulo deve ter ao menos 2 caracteres');

export const catalogueItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  active: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const situationSchema = catalogueItemSchema.extend({ percentage: z.number() });
export type Situation = z.infer<typeof situationSchema>;

const labelInput = z.object({ label: labelSchema, active: z.boolean().default(true) });
/**
 * A percentage as a number or as typed ("37,5"): 0 to 100 with at most two
 * decimals, read by parsePercentage (no exponents, no thousands), so the
 * screen and the server accept exactly the same inputs.
 */
const percentageSchema = z.union([z.number(), z.string().max(10)]).transform((v, ctx) => {
  const value = parsePercentage(v);
  if (value === null) {
    ctx.addIssue({ code: 'custom', message: 'informe um percentual de 0 a 100, com até 2 casas decimais', params: { rule: 'percentage' } });
    return z.NEVER;
  }
  return value;
});
const situationInput = labelInput.extend({ percentage: percentageSchema });

export const activeItemSchema = z.object({ id: z.number().int(), label: z.string() });
const statusArgs = z.object({ id: idSchema, active: z.boolean() });

function catalogueOperations<K extends CatalogueKind, I extends z.ZodType, In extends z.ZodObject, S extends readonly string[]>(
  kind: K,
  item: I,
  input: In,
  what: string,
  sorts: S,
) {
  const base = `/api/${CATALOGUE_RESOURCES[kind]}`;
  return {
    list: defineOperation({
      method: 'GET',
      path: base,
      access: AllOperators,
      encoding: 'list',
      cacheable: true,
      origin: 'spec',
      description: `${what}: paged, filtered by label and active, sorted.`,
      list: { filters: CATALOGUE_FILTERS, sorts },
      args: listArgs,
      result: paged(item),
    }),
    listActives: defineOperation({
      method: 'GET',
      path: `${base}/list-actives`,
      access: AllOperators,
      encoding: 'none',
      origin: 'spec',
      description: `${what}: the active ones, for pickers (generic list-actives).`,
      args: z.object({}),
      result: z.array(activeItemSchema),
    }),
    byId: defineOperation({
      method: 'GET',
      path: `${base}/:id`,
      access: AllOperators,
      encoding: 'none',
      origin: 'spec',
      description: `${what}: one item.`,
      args: idArgs,
      result: item,
    }),
    create: defineOperation({
      method: 'POST',
      path: base,
      access: AllOperators,
      encoding: 'json',
      origin: 'spec',
      description: `${what}: creates an item.`,
      errors: [409],
      args: input,
      result: item,
    }),
    update: defineOperation({
      method: 'PUT',
      path: base,
      access: AllOperators,
      encoding: 'json',
      origin: 'spec',
      description: `${what}: edits an item (body with id).`,
      errors: [409],
      args: input.extend({ id: idSchema }),
      result: item,
    }),
    setStatus: defineOperation({
      method: 'PUT',
      path: `${base}/status`,
      access: AllOperators,
      encoding: 'json',
      origin: 'spec',
      description: `${what}: activates or deactivates an item (generic status).`,
      args: statusArgs,
      result: okSchema,
    }),
    delete: defineOperation({
      method: 'DELETE',
      path: `${base}/:id`,
      access: AllOperators,
      encoding: 'none',
      origin: 'spec',
      description: `${what}: removes an item; 409 while any record still refers to it (deactivate it instead).`,
      errors: [409],
      args: idArgs,
      result: okSchema,
    }),
  };
}

const situations = catalogueOperations('situations', situationSchema, situationInput, 'Company situations', SITUATION_SORTS);
const howDidFind = catalogueOperations('howDidFind', catalogueItemSchema, labelInput, 'How-did-find options', CATALOGUE_SORTS);
const reasons = catalogueOperations('reasons', catalogueItemSchema, labelInput, 'Lending reasons', CATALOGUE_SORTS);

/** Operation names of one simple catalogue, for screens shared by the three. */
export const CATALOGUE_OPERATIONS = {
  situations: {
    list: 'situations.list',
    listActives: 'situations.listActives',
    byId: 'situations.byId',
    create: 'situations.create',
    update: 'situations.update',
    setStatus: 'situations.setStatus',
    delete: 'situations.delete',
  },
  howDidFind: {
    list: 'howDidFind.list',
    listActives: 'howDidFind.listActives',
    byId: 'howDidFind.byId',
    create: 'howDidFind.create',
    update: 'howDidFind.update',
    setStatus: 'howDidFind.setStatus',
    delete: 'howDidFind.delete',
  },
  reasons: {
    list: 'reasons.list',
    listActives: 'reasons.listActives',
    byId: 'reasons.byId',
    create: 'reasons.create',
    update: 'reasons.update',
    setStatus: 'reasons.setStatus',
    delete: 'reasons.delete',
  },
} as const;

export const projectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  /** the stored banner's reference ('' when none); the bytes come from projects.banner */
  banner: z.string(),
  api_key: z.string(),
  active: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Project = z.infer<typeof projectSchema>;

const projectUrlSchema = trimmedTextSchema(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: 'informe um endereço http(s) válido', params: { rule: 'url' } });

/**
 * A new project is inactive with empty strings (the spec's Project entity), except its title:
 * a project nobody can name is not saved.
 */
const projectInput = z.object({
  title: trimmedTextSchema(200).min(1, 'informe o título'),
  description: trimmedTextSchema(5000).default(''),
  url: projectUrlSchema.default(''),
  banner: textSchema(40).default(''),
  active: z.boolean().default(false),
});

export const PROJECT_BANNER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_BANNER_BYTES = 5 * 1024 * 1024;

export const cataloguesOperations = {
  'situations.list': situations.list,
  'situations.listActives': situations.listActives,
  'situations.byId': situations.byId,
  'situations.create': situations.create,
  'situations.update': situations.update,
  'situations.setStatus': situations.setStatus,
  'situations.delete': situations.delete,
  'howDidFind.list': howDidFind.list,
  'howDidFind.listActives': howDidFind.listActives,
  'howDidFind.byId': howDidFind.byId,
  'howDidFind.create': howDidFind.create,
  'howDidFind.update': howDidFind.update,
  'howDidFind.setStatus': howDidFind.setStatus,
  'howDidFind.delete': howDidFind.delete,
  'reasons.list': reasons.list,
  'reasons.listActives': reasons.listActives,
  'reasons.byId': reasons.byId,
  'reasons.create': reasons.create,
  'reasons.update': reasons.update,
  'reasons.setStatus': reasons.setStatus,
  'reasons.delete': reasons.delete,
  'projects.list': defineOperation({
    method: 'GET',
    path: '/api/projects',
    access: AllOperators,
    encoding: 'list',
    cacheable: true,
    origin: 'spec',
    description: 'Projects, paged, filtered by title and active, sorted.',
    list: { filters: PROJECT_FILTERS, sorts: PROJECT_SORTS },
    args: listArgs,
    result: paged(projectSchema),
  }),
  'projects.search': defineOperation({
    method: 'GET',
    path: '/api/v1/projects/search',
    access: AllOperators,
    encoding: 'query',
    origin: 'spec',
    description: 'Projects whose title contains the text (at most 20), for the debounced search box.',
    args: z.object({ search: trimmedTextSchema(200).default('') }),
    result: z.array(projectSchema),
  }),
  'projects.byId': defineOperation({
    method: 'GET',
    path: '/api/projects/:id',
    access: AllOperators,
    encoding: 'none',
    origin: 'spec',
    description: 'One project.',
    args: idArgs,
    result: projectSchema,
  }),
  'projects.create': defineOperation({
    method: 'POST',
    path: '/api/projects',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description: 'Creates a project (inactive with empty strings by default); the server generates its api_key.',
    args: projectInput,
    result: projectSchema,
  }),
  'projects.update': defineOperation({
    method: 'PUT',
    path: '/api/projects',
    access: AllOperators,
    encoding: 'json',
    origin: 'spec',
    description: 'Edits a project (body with id); the api_key is never set by the client.',
    args: projectInput.extend({ id: idSchema }),
    result: projectSchema,
  }),
  'projects.delete': defineOperation({
    method: 'DELETE',
    path: '/api/projects/:id',
    access: AllOperators,
    encoding: 'none',
    origin: 'spec',
    description: 'Removes a project and its banner; 409 while any record still refers to it (deactivate it instead).',
    errors: [409],
    args: idArgs,
    result: okSchema,
  }),
  'projects.upload': defineOperation({
    method: 'POST',
    path: '/api/projects/upload/true',
    access: AllOperators,
    encoding: 'multipart',
    origin: 'spec',
    description: 'Stores a banner image (PNG, JPEG or WebP, judged by its bytes); answers the reference to save in the project and a preview.',
    args: z.object({ file: uploadFileSchema }),
    result: z.object({ banner: z.string(), dataUrl: z.string() }),
  }),
  'projects.banner': defineOperation({
    method: 'GET',
    path: '/api/projects/:id/banner',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: "A project's banner as a data: URL (null when it has none), so the renderer shows it under its CSP.",
    args: idArgs,
    result: z.object({ dataUrl: z.string().nullable() }),
  }),
  'projects.regenerateKey': defineOperation({
    method: 'POST',
    path: '/api/projects/:id/api-key',
    access: AllOperators,
    encoding: 'none',
    origin: 'designed',
    description: "Replaces a project's api_key with a new server-generated one (the old key stops being valid).",
    args: idArgs,
    result: projectSchema,
  }),
} as const;

/** Designed (non-spec) operations of this area, for the contract test. */
export const CATALOGUE_DESIGNED_OPERATIONS = ['projects.banner', 'projects.regenerateKey'] as const;
