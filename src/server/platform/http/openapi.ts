/**
 * OpenAPI 3.1 description of the API, generated from the contract: the same
 * zod schemas the router validates with and the same access lists it
 * enforces, so the document cannot drift from the server. Served at
 * GET /api/openapi.json (not a contract operation: the app never calls it;
 * it is for people and tools integrating with the stand-alone server).
 *
 * Per operation, from the contract alone:
 * - the statuses it answers (responseStatuses: those its shape implies plus
 *   the contract's `errors`), every error with the server's error body;
 * - path parameters and ids typed as the router reads them (record ids are
 *   integers 1..2^31-1, not "number or string");
 * - lists and exports: each filter[name] and sort[name] the call accepts,
 *   the required filters, page and limit with their bounds (ListFields, or
 *   the call's own typed filter schema);
 * - downloads with the content types they carry (application/pdf, the Excel
 *   type, text/plain for CNAB files…).
 * Each operation also carries `x-roles` (role ids and their Portuguese labels,
 * or 'public' / 'signed-in'), `x-origin` (listed in the spec or designed here)
 * and, for files, `x-file` (Excel export or download with its extension).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contract,
  downloadMediaTypes,
  filterSchema,
  filterValueSchema,
  idempotencyKeySchema,
  idSchema,
  pathParams,
  sortSchema,
  type OperationDef,
  type OperationName,
} from '@shared/contract/index';
import { ROLE_LABELS_PT, type RoleId } from '@shared/roles';
import { FORCE_SENHA_ALLOWED } from './router';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

/** zod's definition of a schema (internal but stable in zod 4: `_zod.def`). */
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/**
 * zod's JSON Schema, with the contract's rules for the wire:
 * - a schema whose metadata names its JSON type (a record id:
 *   `{ type: 'integer', minimum: 1, … }`) is that type, even where the schema
 *   also reads the text a path or query carries: the union of number and
 *   text it parses is left out;
 * - `undefined` in a union is an absent field (JSON has no undefined), not a
 *   branch that matches anything;
 * - a record keyed by an enumeration has each key as a property, so its
 *   required keys are declared ones.
 */
function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => {
      const out = ctx.jsonSchema as JsonSchema;
      const def = defOf(ctx.zodSchema);
      if (z.globalRegistry.get(ctx.zodSchema)?.type !== undefined) delete out.anyOf;
      if (def?.type === 'union' && Array.isArray(out.anyOf)) {
        const options = def.options as z.ZodType[];
        if (options.length === out.anyOf.length) out.anyOf = out.anyOf.filter((_, i) => defOf(options[i])?.type !== 'undefined');
      }
      const keys = (out.propertyNames as JsonSchema | undefined)?.enum;
      if (def?.type === 'record' && Array.isArray(keys) && !out.properties) {
        out.properties = Object.fromEntries(keys.map((key) => [String(key), out.additionalProperties ?? {}]));
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** JSON Schema of what a caller sends (transforms and defaults seen from the input side). */
const inputSchema = (schema: z.ZodType) => toJson(schema, 'input');
const outputSchema = (schema: z.ZodType) => toJson(schema, 'output');

export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

export function rolesOf(op: OperationDef): Array<{ id: RoleId; label: string }> | 'public' | 'signed-in' | 'provider' {
  if (op.access === 'public' || op.access === 'signed-in' || op.access === 'provider') return op.access;
  return op.access.map((id) => ({ id, label: ROLE_LABELS_PT[id] }));
}

// ---- reading the contract's zod schemas ----

/** The schema under optional/nullable/default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let def = defOf(current); def && WRAPPERS.has(def.type); def = defOf(current)) current = def.innerType as z.ZodType;
  return current;
}

/** Whether `target` appears anywhere inside `schema` (fields, lists, unions, pipes). */
export function usesSchema(schema: z.ZodType, target: z.ZodType, seen = new Set<unknown>()): boolean {
  if (schema === target) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = defOf(schema);
  if (!def) return false;
  const inner = (value: unknown) => Boolean(value) && usesSchema(value as z.ZodType, target, seen);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, z.ZodType>).some(inner);
    case 'array':
      return inner(def.element);
    case 'union':
      return (def.options as z.ZodType[]).some(inner);
    case 'intersection':
      return inner(def.left) || inner(def.right);
    case 'pipe':
      return inner(def.in) || inner(def.out);
    case 'record':
      return inner(def.valueType);
    case 'tuple':
      return (def.items as z.ZodType[]).some(inner) || inner(def.rest);
    default:
      return WRAPPERS.has(def.type) ? inner(def.innerType) : false;
  }
}

/** The fields of the args object (extend/pick keep it an object; a refined object is still one). */
function argsShape(op: OperationDef): Record<string, z.ZodType> {
  const def = defOf(unwrapped(op.args));
  return def?.type === 'object' ? (def.shape as Record<string, z.ZodType>) : {};
}

/**
 * The typed filter of a call whose filter is `filterSchema.pipe(z.object(…))`:
 * that object (its fields are the filter names, its required fields the
 * required filters). Null for a free filter map (ListFields names it).
 */
function typedFilter(filter: z.ZodType | undefined): z.ZodType | null {
  if (!filter) return null;
  const def = defOf(unwrapped(filter));
  if (def?.type !== 'pipe') return null;
  const out = unwrapped(def.out as z.ZodType);
  return defOf(out)?.type === 'object' ? out : null;
}

/**
 * A list whose filter is the free filter map, its names listed by the
 * contract (list.filters): the server's list declaration (platform/list.ts)
 * refuses any other filter or sort name with a 400. A typed filter schema
 * instead leaves unknown names out.
 */
export function refusesUnknownNames(op: OperationDef): boolean {
  const filter = argsShape(op).filter;
  return op.encoding === 'list' && Boolean(filter) && usesSchema(filter, filterSchema) && !typedFilter(filter);
}

// ---- statuses ----

const BODY_ENCODINGS = new Set(['json', 'multipart']);

function takesInput(op: OperationDef): boolean {
  return op.encoding !== 'none' || pathParams(op.path).length > 0;
}

/** A record named by the path or by an id argument (an id in a list filter only narrows the list): unknown, it is a 404. */
function namesRecord(op: OperationDef): boolean {
  const shape = argsShape(op);
  return pathParams(op.path).length > 0 || Object.entries(shape).some(([key, field]) => !(key === 'filter' && usesSchema(field, filterSchema)) && usesSchema(field, idSchema));
}

/**
 * Every status the operation may answer, from its shape and the contract's
 * `errors` (define.ts, ErrorStatus, says which are implied):
 * 400 input refused (every call that takes any), 401 no or unknown token,
 * 403 a role outside its access or a temporary password still to change
 * (router.ts, FORCE_SENHA_ALLOWED), 404 a record it names, 409 an idempotency
 * key reused with other arguments, 413/415 a body too large or not of its
 * type, 500 an unexpected failure; plus what the contract declares.
 */
export function responseStatuses(name: OperationName, op: OperationDef): number[] {
  const statuses = new Set<number>([200, 500]);
  if (takesInput(op)) statuses.add(400);
  if (op.access !== 'public') {
    statuses.add(401);
    if (op.access !== 'provider' && (op.access !== 'signed-in' || !FORCE_SENHA_ALLOWED.has(name))) statuses.add(403);
  }
  if (namesRecord(op)) statuses.add(404);
  if (usesSchema(op.args, idempotencyKeySchema)) statuses.add(409);
  if (BODY_ENCODINGS.has(op.encoding)) {
    statuses.add(413);
    statuses.add(415);
  }
  for (const status of op.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The shared error answers, by status: the body is always `{ message, field?, code? }` in Portuguese. */
const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Input refused: `message` says why ("Campo <field>: …"), `field` names the field when there is one' },
  401: { name: 'Unauthorized', description: 'No token, an unknown or expired one, or (on sign-in) wrong credentials' },
  403: {
    name: 'Forbidden',
    description: 'The role may not call this operation, a temporary password must be changed first (code password-change-required), or a rule of the operation refuses this person (e.g. code four-eyes)',
  },
  404: { name: 'NotFound', description: 'A record the call names does not exist (or is not visible to this person)' },
  409: { name: 'Conflict', description: "The record's state refuses the call, or the idempotency key was used with other arguments" },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the operation accepts' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of the media type the operation reads' },
  429: { name: 'TooManyRequests', description: 'Too many attempts: wait and try again (the message says how long)' },
  500: { name: 'ServerError', description: 'Unexpected server failure' },
  502: { name: 'BadGateway', description: 'An outside provider (Receita Federal, the credit bureau) failed' },
  503: { name: 'ServiceUnavailable', description: 'An outside provider did not answer in time' },
  504: { name: 'GatewayTimeout', description: 'An outside provider did not answer in time' },
};

// ---- parameters and bodies ----

const SORT_ORDER: JsonSchema = { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] };

/**
 * filter[name] and sort[name] query parameters of a list, and the
 * `filter`/`sort` body fields of an export, from the typed filter or the
 * contract's ListFields.
 */
function listFieldsOf(name: OperationName, op: OperationDef): { filters: Record<string, JsonSchema> | null; required: string[]; sorts: readonly string[] } {
  const shape = argsShape(op);
  // Only the list encoding's filter map and sort (a saved report's own `filter` is plain data).
  const filter = shape.filter && usesSchema(shape.filter, filterSchema) ? shape.filter : undefined;
  const sort = shape.sort && usesSchema(shape.sort, sortSchema) ? shape.sort : undefined;
  if (!filter && !sort) return { filters: null, required: [], sorts: [] };
  if (!op.list) throw new Error(`${name} takes a list filter or sort but its contract names neither (list: ListFields)`);
  const typed = typedFilter(filter);
  if (typed) {
    const json = inputSchema(typed);
    const filters = (json.properties as Record<string, JsonSchema> | undefined) ?? {};
    if (op.list.filters && [...op.list.filters].sort().join() !== Object.keys(filters).sort().join()) {
      throw new Error(`${name}: list.filters (${op.list.filters.join()}) are not the fields of its filter schema (${Object.keys(filters).join()})`);
    }
    return { filters, required: (json.required as string[] | undefined) ?? [], sorts: op.list.sorts };
  }
  const filters = filter && op.list.filters ? Object.fromEntries(op.list.filters.map((f) => [f, {} as JsonSchema])) : null;
  if (filter && !filters) throw new Error(`${name} takes a free filter map but its contract names no filters (list.filters)`);
  return { filters, required: [], sorts: sort ? op.list.sorts : [] };
}

function listQueryParameters(name: OperationName, op: OperationDef, properties: Record<string, JsonSchema>): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const key of ['page', 'limit'] as const) {
    if (properties[key]) parameters.push({ name: key, in: 'query', schema: properties[key] });
  }
  const { filters, required, sorts } = listFieldsOf(name, op);
  for (const [filter, schema] of Object.entries(filters ?? {})) {
    const typed = Object.keys(schema).length > 0;
    parameters.push({
      name: `filter[${filter}]`,
      in: 'query',
      required: required.includes(filter),
      // Values travel as text; a typed filter says what the text must be (numbers and booleans written out).
      schema: typed ? schema : { type: 'string' },
      ...(typed ? {} : { description: 'One value (text; the operation says how it is matched).' }),
    });
  }
  for (const sort of sorts) {
    parameters.push({ name: `sort[${sort}]`, in: 'query', schema: SORT_ORDER, description: 'Sort by this field (at most one sort per request).' });
  }
  return parameters;
}

/** An export's JSON `filter` and `sort` fields with the names they accept. */
function namedBodyFields(name: OperationName, op: OperationDef, properties: Record<string, JsonSchema>): Record<string, JsonSchema> {
  if (!properties.filter && !properties.sort) return properties;
  const { filters, required, sorts } = listFieldsOf(name, op);
  const out = { ...properties };
  if (properties.filter && filters) {
    const value = inputSchema(filterValueSchema);
    out.filter = {
      type: 'object',
      properties: Object.fromEntries(Object.entries(filters).map(([key, schema]) => [key, Object.keys(schema).length ? schema : value])),
      additionalProperties: false,
      ...(required.length ? { required } : {}),
    };
  }
  if (properties.sort) {
    out.sort = sorts.length
      ? { type: ['object', 'null'], properties: { field: { type: 'string', enum: [...sorts] }, order: SORT_ORDER } }
      : { type: ['object', 'null'], description: 'Accepted and ignored: the order is fixed.' };
  }
  return out;
}

function operationObject(name: OperationName, op: OperationDef): JsonSchema {
  const args = inputSchema(op.args);
  const properties = (args.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = (args.required as string[] | undefined) ?? [];
  const inPath = pathParams(op.path);
  const parameters: JsonSchema[] = inPath.map((param) => ({ name: param, in: 'path', required: true, schema: properties[param] ?? { type: 'string' } }));
  const rest = Object.fromEntries(Object.entries(properties).filter(([key]) => !inPath.includes(key)));
  const restRequired = required.filter((key) => !inPath.includes(key));
  const body = (props: Record<string, JsonSchema>): JsonSchema => {
    const schema: JsonSchema = { ...args, properties: props, required: restRequired };
    if (!restRequired.length) delete schema.required;
    return schema;
  };
  let requestBody: JsonSchema | undefined;
  if (op.encoding === 'query') {
    for (const [key, schema] of Object.entries(rest)) parameters.push({ name: key, in: 'query', required: restRequired.includes(key), schema });
  } else if (op.encoding === 'list') {
    // The spec's list encoding: page, limit, filter[name]=value (repeated for several), sort[name]=ASC|DESC.
    parameters.push(...listQueryParameters(name, op, rest));
  } else if (op.encoding === 'json') {
    requestBody = { required: true, content: { 'application/json': { schema: body(namedBodyFields(name, op, rest)) } } };
  } else if (op.encoding === 'multipart') {
    requestBody = { required: true, content: { 'multipart/form-data': { schema: body({ ...rest, file: { type: 'string', format: 'binary' } }) } } };
  }
  const ok =
    op.file?.kind === 'download'
      ? {
          description: 'The file',
          headers: { 'Content-Disposition': { description: 'attachment (inline for pictures and signed document PDFs) with the file name', schema: { type: 'string' } } },
          content: Object.fromEntries(downloadMediaTypes(op.file).map((media) => [media, { schema: { type: 'string', format: 'binary' } }])),
        }
      : { description: 'OK', content: { 'application/json': { schema: outputSchema(op.result) } } };
  const responses: Record<string, JsonSchema> = {};
  for (const status of responseStatuses(name, op)) {
    responses[String(status)] = status === 200 ? ok : { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  return {
    operationId: name,
    summary: op.description,
    tags: [name.split('.')[0]],
    ...(op.access === 'public' || op.access === 'provider' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    'x-roles': rolesOf(op),
    'x-origin': op.origin,
    ...(op.file ? { 'x-file': op.file.kind === 'download' ? { kind: 'download', extension: op.file.extension } : { kind: 'excel-export' } } : {}),
  };
}

let cached: JsonSchema | null = null;

/** The whole document (built once: the contract does not change while the server runs). */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const name of Object.keys(contract) as OperationName[]) {
    const op = contract[name] as OperationDef;
    const path = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operationObject(name, op);
    tags.add(name.split('.')[0]);
  }
  const error = {
    type: 'object',
    properties: {
      message: { type: 'string', description: 'In Portuguese, fit to show to a person' },
      field: { type: 'string', description: 'The field refused, as a path (filter.from, installments.0)' },
      code: { type: 'string', description: 'validation, unauthorized, forbidden, not-found, conflict, too-large, too-many-attempts, four-eyes, …' },
    },
    required: ['message'],
    additionalProperties: false,
  };
  const used = new Set(Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((op) => Object.keys(op.responses as object).map(Number))));
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES)
      .filter(([status]) => used.has(Number(status)))
      .map(([, { name, description }]) => [name, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
  );
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Back-office de Crédito API',
      version: '1',
      description:
        'Generated from the contract in src/shared/contract. Errors are { message, field?, code? } in Portuguese; x-roles lists who may call each operation. ' +
        'Every request may also be refused with 403 when its Host header is not one the server answers to, or (the embedded backend) without its launch secret.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [...tags].map((tag) => ({ name: tag })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: error },
      responses,
    },
    paths,
  };
  return cached;
}

export function installOpenApi(app: FastifyInstance): void {
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(openApiDocument()));
}
