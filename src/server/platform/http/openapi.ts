/**
 * OpenAPI 3.1 description of the API, generated from the contract: the same
 * zod schemas the router validates with and the same access lists it
 * enforces, so the document cannot drift from the server. Served at
 * GET /api/openapi.json (not a contract operation: the app never calls it;
 * it is for people and tools integrating with the stand-alone server).
 *
 * Each operation carries `x-roles` (role ids and their Portuguese labels, or
 * 'public' / 'signed-in'), `x-origin` (listed in the spec or designed here)
 * and, for files, `x-file` (Excel export or download with its extension).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract, pathParams, type OperationDef, type OperationName } from '@shared/contract/index';
import { ROLE_LABELS_PT, type RoleId } from '@shared/roles';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

/** JSON Schema of what a caller sends (transforms and defaults seen from the input side). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function outputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

export function rolesOf(op: OperationDef): Array<{ id: RoleId; label: string }> | 'public' | 'signed-in' {
  if (op.access === 'public' || op.access === 'signed-in') return op.access;
  return op.access.map((id) => ({ id, label: ROLE_LABELS_PT[id] }));
}

function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  return {
    properties: (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
    required: (schema.required as string[] | undefined) ?? [],
  };
}

function operationObject(name: OperationName, op: OperationDef): JsonSchema {
  const args = inputSchema(op.args);
  const { properties, required } = propertiesOf(args);
  const inPath = pathParams(op.path);
  const parameters: JsonSchema[] = inPath.map((param) => ({ name: param, in: 'path', required: true, schema: properties[param] ?? { type: 'string' } }));
  const rest = Object.fromEntries(Object.entries(properties).filter(([key]) => !inPath.includes(key)));
  const restRequired = required.filter((key) => !inPath.includes(key));
  const restSchema: JsonSchema = { ...args, properties: rest, ...(restRequired.length ? { required: restRequired } : {}) };
  if (!restRequired.length) delete restSchema.required;
  let requestBody: JsonSchema | undefined;
  if (op.encoding === 'query') {
    for (const [key, schema] of Object.entries(rest)) parameters.push({ name: key, in: 'query', required: restRequired.includes(key), schema });
  } else if (op.encoding === 'list') {
    // The spec's list encoding: page, limit, filter[name]=value, sort[field]=asc|desc.
    parameters.push(
      { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
      { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
      { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', additionalProperties: { type: 'string' } } },
      { name: 'sort', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', additionalProperties: { enum: ['asc', 'desc'] } } },
    );
  } else if (op.encoding === 'json') {
    requestBody = { required: true, content: { 'application/json': { schema: restSchema } } };
  } else if (op.encoding === 'multipart') {
    requestBody = { required: true, content: { 'multipart/form-data': { schema: { ...restSchema, properties: { ...rest, file: { type: 'string', format: 'binary' } } } } } };
  }
  const fileContent = op.file?.kind === 'download' ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } : undefined;
  return {
    operationId: name,
    summary: op.description,
    tags: [name.split('.')[0]],
    ...(op.access === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '200': { description: 'OK', content: fileContent ?? { 'application/json': { schema: outputSchema(op.result) } } },
      '400': { $ref: '#/components/responses/BadRequest' },
      ...(op.access === 'public' ? {} : { '401': { $ref: '#/components/responses/Unauthorized' }, '403': { $ref: '#/components/responses/Forbidden' } }),
    },
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
  for (const name of Object.keys(contract) as OperationName[]) {
    const op = contract[name] as OperationDef;
    const path = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operationObject(name, op);
  }
  const error = { type: 'object', properties: { message: { type: 'string' }, field: { type: 'string' }, code: { type: 'string' } }, required: ['message'] };
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Back-office de Crédito API',
      version: '1',
      description: 'Generated from the contract in src/shared/contract. Errors are { message, field?, code? } in Portuguese; x-roles lists who may call each operation.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: error },
      responses: {
        BadRequest: { description: 'Invalid input; `field` names it', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        Unauthorized: { description: 'No or unknown token', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        Forbidden: { description: 'The role may not call this operation', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
    paths,
  };
  return cached;
}

export function installOpenApi(app: FastifyInstance): void {
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(openApiDocument()));
}
