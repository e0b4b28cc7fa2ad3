/**
 * Mounts every operation of the contract on Fastify. One central path for all
 * of them: token → session, access from the contract, the forced password
 * change gate, argument assembly and validation, the handler, and the result
 * checked against the contract's result schema.
 */
import { createReadStream } from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contract, type OperationDef, type OperationName } from '@shared/contract/index';
import type { RoleId } from '@shared/roles';
import { FileReply, type AuthInfo, type ServerDeps } from './handler';
import type { HandlerLookup } from './handler-groups';
import { badRequest, forbidden, HttpError, MESSAGES, unauthorized } from './errors';
import { assembleArgs } from './args';
import { fileAnswerHeaders } from './file-headers';
import { operationOf, type MatchedOperation } from './operation-of';
import { ptBrZodMessage } from '@shared/zod-pt-br';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
    /** the contract operation the path names, set by the route's onRequest */
    operation: MatchedOperation | null;
    /** a JSON body's bytes as received (a provider's signature is over them), set by the JSON parser */
    rawBody: Buffer | null;
  }
}

/** The only calls allowed while the account must still replace a temporary password. */
export const FORCE_SENHA_ALLOWED: ReadonlySet<OperationName> = new Set<OperationName>([
  'session.logged',
  'session.me',
  'session.logout',
  'session.refresh',
  'session.changePassword',
  'users.newPassword',
]);

/** zod's generic messages in Brazilian Portuguese (zod's own pt is European). */
const ptErrors = ptBrZodMessage;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** 'Campo <path>: <message>', naming the first field the schema rejected. */
export function validationError(error: z.ZodError): HttpError {
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.');
  // A refused record key (a filter name) carries the key rule's own message inside.
  const message = issue.code === 'invalid_key' && issue.issues[0] ? issue.issues[0].message : issue.message;
  return badRequest(field ? `Campo ${field}: ${message}` : `Dados inválidos: ${message}`, field || undefined);
}

/**
 * PostgreSQL "data exception" errors (class 22: invalid text representation,
 * numeric value out of range, invalid byte sequence, datetime out of range…)
 * are malformed input that a schema should have refused. Drizzle wraps the
 * driver's error, so the chain of causes is searched.
 */
export function databaseInputErrorCode(error: unknown): string | null {
  return databaseErrorCode(error, /^22[0-9A-Z]{3}$/);
}

/** The SQLSTATE of a database error (the driver wraps it in a cause or two) when it matches `pattern`. */
function databaseErrorCode(error: unknown, pattern: RegExp): string | null {
  let current: unknown = error;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && pattern.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * PostgreSQL gave up a transaction because another held what it needed in the
 * other order (deadlock_detected, 40P01) or could not serialise it (40001).
 * Every money path takes its locks in one order (servicing's README) so this
 * should not happen; if it does, the whole transaction was rolled back and
 * nothing was written, and the same call with the same idempotency key is
 * safe to send again: a 409 saying so, not a 500.
 */
export function databaseConcurrencyErrorCode(error: unknown): string | null {
  return databaseErrorCode(error, /^(40P01|40001)$/);
}

/** How a bearer token becomes a signed-in user: the access area's, handed in by the server so the platform imports no area. */
export type SessionLookup = (db: ServerDeps['db'], token: string) => Promise<AuthInfo | null>;

/**
 * How a call with access 'provider' (made by an outside provider, not a signed-in user) is checked: by the
 * signature of its raw body, the area's own rule, handed in by the server so the platform imports no area. Throws
 * the HttpError that refuses it (401, 409); resolves when the call is the provider's.
 */
export type ProviderCheck = (
  deps: ServerDeps,
  name: OperationName,
  request: { headers: FastifyRequest['headers']; rawBody: Buffer; params: Readonly<Record<string, string>> },
) => Promise<void>;

const refuseProviders: ProviderCheck = async () => {
  throw unauthorized();
};

async function authenticate(name: OperationName, op: OperationDef, request: FastifyRequest, deps: ServerDeps, findSession: SessionLookup, checkProvider: ProviderCheck) {
  if (op.access === 'public') return null;
  if (op.access === 'provider') {
    await checkProvider(deps, name, { headers: request.headers, rawBody: request.rawBody ?? Buffer.alloc(0), params: request.operation?.params ?? {} });
    return null;
  }
  const token = bearerToken(request);
  const auth = token ? await findSession(deps.db, token) : null;
  if (!auth) throw unauthorized();
  if (op.access !== 'signed-in' && !(op.access as readonly RoleId[]).includes(auth.user.role_id as RoleId)) {
    throw forbidden();
  }
  if (auth.user.force_senha && !FORCE_SENHA_ALLOWED.has(name)) {
    throw forbidden(MESSAGES.passwordChangeRequired, 'password-change-required');
  }
  return auth;
}

function sendFile(reply: FastifyReply, file: FileReply) {
  return reply.headers(fileAnswerHeaders(file)).send(file.bytes ?? file.stream ?? createReadStream(file.path));
}

/** The largest body any operation takes (JSON_BODY_LIMIT unless one declares more): the one route of a method reads up to it. */
function largestBodyLimit(defaultLimit: number): number {
  let largest = defaultLimit;
  for (const op of Object.values(contract) as OperationDef[]) largest = Math.max(largest, op.bodyLimit ?? 0);
  return largest;
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/** The body limit of the operation a request names, or the server's default. */
function bodyLimitOf(request: FastifyRequest, defaultLimit: number): number {
  return request.operation?.op.bodyLimit ?? defaultLimit;
}

/**
 * JSON bodies are read with JSON.parse, which keeps a `__proto__` key as a
 * plain own entry (it never touches a prototype), so the argument check
 * refuses it naming the exact field. Fastify's own parser refuses such keys
 * too, but only as "malformed JSON", without saying where. The operation's
 * own body limit is checked here on the bytes read (a body sent without a
 * length is read up to the largest limit; one with a length was refused
 * before reading, in the route's onRequest).
 */
function installJsonParser(app: FastifyInstance, defaultLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length > bodyLimitOf(request, defaultLimit)) {
      done(new HttpError(413, MESSAGES.bodyTooLarge, undefined, 'too-large'), undefined);
      return;
    }
    // Kept only where a signature is checked over it: a return file's megabytes are not held twice.
    if (request.operation?.op.access === 'provider') request.rawBody = bytes;
    const text = bytes.toString('utf8');
    try {
      if (text.trim() === '') throw new SyntaxError('empty body');
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, MESSAGES.invalidJson, undefined, 'validation'), undefined);
    }
  });
}

/**
 * One route per method for the whole contract, the operation found by the
 * contract's matcher (match.ts says why and which routing rules it keeps).
 * `handlerOf`: each operation's handler, looked up after the checks so a
 * refused call loads nothing (handler-groups.ts). `jsonBodyLimit`: the body
 * limit of an operation that declares none.
 */
export function mountContract(
  app: FastifyInstance,
  deps: ServerDeps,
  handlerOf: HandlerLookup,
  findSession: SessionLookup,
  jsonBodyLimit: number,
  checkProvider: ProviderCheck = refuseProviders,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('operation', null);
  app.decorateRequest('rawBody', null);
  installJsonParser(app, jsonBodyLimit);
  const methods = new Set((Object.values(contract) as OperationDef[]).map((op) => op.method));
  for (const method of methods) {
    app.route({
      method,
      url: '/*',
      bodyLimit: largestBodyLimit(jsonBodyLimit),
      onRequest: async (request) => {
        const found = operationOf(request);
        if (found === 'bad-encoding') throw new HttpError(400, MESSAGES.invalidRequest, undefined, 'validation');
        if (!found) throw new HttpError(404, MESSAGES.routeNotFound, undefined, 'not-found');
        request.operation = found;
        // Uploads have their own limits (args.ts, readMultipart); every other body is refused here by its declared length.
        const length = Number(request.headers['content-length']);
        if (!isMultipart(request) && length > bodyLimitOf(request, jsonBodyLimit)) throw new HttpError(413, MESSAGES.bodyTooLarge, undefined, 'too-large');
      },
      preHandler: async (request) => {
        const { name, op } = request.operation!;
        request.auth = await authenticate(name, op, request, deps, findSession, checkProvider);
      },
      handler: async (request, reply) => {
        const { name, op, params } = request.operation!;
        const parsed = op.args.safeParse(await assembleArgs(op, request, params), { error: ptErrors });
        if (!parsed.success) throw validationError(parsed.error);
        const handler = await handlerOf(name);
        const output = await handler(parsed.data, { deps, auth: request.auth });
        if (output instanceof FileReply) return sendFile(reply, output);
        const checked = op.result.safeParse(output);
        if (!checked.success) {
          request.log.error({ operation: name, issues: checked.error.issues }, 'handler result does not match the contract');
          throw new Error(`result of ${name} does not match the contract`);
        }
        // An export's row count goes first: the main process writes the info sheet before the rows arrive.
        const body = op.file?.kind === 'excel-export' ? { total: (checked.data as { rows: unknown[] }).rows.length, ...(checked.data as object) } : checked.data;
        return reply.status(200).send(body);
      },
    });
  }
}

/**
 * Fastify's own refusals before any route runs (a path that is not valid
 * percent-encoding, FST_ERR_BAD_URL): the same Portuguese 400 as every other
 * malformed request, instead of Fastify's English text quoting the path.
 */
export const frameworkErrors = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  void reply.status(400).send({ message: MESSAGES.invalidRequest, code: 'validation' });
};

/** Errors become `{ message, field?, code? }` in Portuguese; never a stack. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).send(error.body());
    const e = error as { statusCode?: number; code?: string };
    const status = e.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: MESSAGES.bodyTooLarge, code: 'too-large' });
    if (status === 415) return reply.status(415).send({ message: MESSAGES.unsupportedMedia, code: 'unsupported-media-type' });
    if (status >= 400 && status < 500) {
      const invalidJson = e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError;
      return reply.status(400).send({ message: invalidJson ? MESSAGES.invalidJson : MESSAGES.invalidRequest, code: 'validation' });
    }
    const raced = databaseConcurrencyErrorCode(error);
    if (raced) {
      request.log.warn({ operation: request.operation?.name, dbCode: raced }, 'transaction rolled back by the database (deadlock or serialisation)');
      return reply.status(409).send({ message: MESSAGES.concurrentTransaction, code: 'conflict' });
    }
    const dbCode = databaseInputErrorCode(error);
    if (dbCode) {
      // A safety net, not the rule: the contract's schemas should refuse such input first, so say which call let it through.
      request.log.warn({ operation: request.operation?.name, dbCode }, 'database refused input the contract accepted');
      return reply.status(400).send({ message: MESSAGES.invalidInput, code: 'validation' });
    }
    request.log.error(error);
    return reply.status(500).send({ message: MESSAGES.internal, code: 'server' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: MESSAGES.routeNotFound, code: 'not-found' }));
}
