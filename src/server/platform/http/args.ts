/**
 * Assembles an operation's raw arguments from the request, as the contract's
 * encoding says, before the args schema validates them. Path parameters always
 * win over body or query fields of the same name.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '@shared/contract/index';
import { isSafeText, MAX_UPLOAD_BYTES } from '@shared/contract/index';
import { decodeListQuery } from '@shared/query';
import { badRequest, HttpError, MESSAGES } from './errors';

type Raw = Record<string, unknown>;

function asRecord(value: unknown): Raw {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
}

/** Deeper than any argument the contract declares (a list filter is three levels). */
const MAX_DEPTH = 8;
/** Text fields of an upload form besides the file (the contract uses one or two). */
const MAX_MULTIPART_FIELDS = 20;

/** A field path fit to quote in a message: no control characters, not endless. */
function fieldLabel(path: readonly string[]): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is masked
  const label = path.join('.').replace(/[\u0000-\u001f\u007f\uD800-\uDFFF]/g, '?');
  return label.length > 80 ? `${label.slice(0, 80)}…` : label;
}

/**
 * The last line of defence before any schema or handler: whatever the
 * contract says about a field, no text anywhere in the arguments (keys
 * included) may hold NUL or a lone surrogate (PostgreSQL refuses both, as a
 * 500), no key may be `__proto__` (zod drops it silently and plain objects
 * treat it as their prototype) or `constructor.prototype`, and nothing nests
 * absurdly deep. Each is a 400
 * naming the field. The schemas carry the same text rule; this catches a
 * field a new operation declares with a bare z.string().
 */
export function checkRawInput(value: unknown, path: string[] = [], depth = 0): void {
  if (typeof value === 'string') {
    if (!isSafeText(value)) throw badRequest(MESSAGES.unsafeText(fieldLabel(path)), fieldLabel(path) || undefined);
    return;
  }
  if (!value || typeof value !== 'object' || value instanceof Uint8Array) return;
  if (depth >= MAX_DEPTH) throw badRequest(MESSAGES.tooDeep, fieldLabel(path) || undefined);
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkRawInput(item, [...path, String(i)], depth + 1));
    return;
  }
  for (const key of Object.keys(value)) {
    const at = [...path, key];
    // `__proto__` and `constructor.prototype` are the keys of prototype poisoning: never data.
    if (key === '__proto__' || (key === 'prototype' && path[path.length - 1] === 'constructor')) {
      throw badRequest(MESSAGES.reservedKey(fieldLabel(at)), fieldLabel(at));
    }
    if (!isSafeText(key)) throw badRequest(MESSAGES.unsafeText(fieldLabel(at)), fieldLabel(at));
    checkRawInput((value as Raw)[key], at, depth + 1);
  }
}

/** `params`: the path's parameters, as the contract's matcher decoded them. */
export async function assembleArgs(op: OperationDef, request: FastifyRequest, params: Raw): Promise<unknown> {
  const args = await rawArgs(op, request, params);
  checkRawInput(args);
  return args;
}

async function rawArgs(op: OperationDef, request: FastifyRequest, params: Raw): Promise<Raw> {
  switch (op.encoding) {
    case 'none':
      return { ...params };
    case 'list':
      return { ...decodeListQuery(asRecord(request.query)), ...params };
    case 'query':
      return { ...asRecord(request.query), ...params };
    case 'json': {
      // No body at all stands for no arguments; a body must be an object. JSON `null`, an array, a number or a text
      // is a body that is not one (null once read as {}, so a call whose arguments are all optional ran with it).
      const body = request.body;
      if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
        throw badRequest(MESSAGES.bodyNotObject);
      }
      return { ...asRecord(body), ...params };
    }
    case 'multipart':
      return { ...(await readMultipart(request)), ...params };
  }
}

/**
 * One file part named 'file' plus text fields, mapped to `{ file: { name, type, bytes }, ...fields }`.
 * A form that cannot be read (no or wrong boundary, cut short, malformed part
 * headers) is the sender's fault: 400 naming the file field, never a 500.
 */
async function readMultipart(request: FastifyRequest): Promise<Raw> {
  if (!request.isMultipart()) {
    // No body at all: the schema names the missing file. A body of another type is the wrong media type.
    if (!request.headers['content-type']) return asRecord(request.body);
    throw new HttpError(415, MESSAGES.multipartExpected, 'file', 'unsupported-media-type');
  }
  // Null prototype: a part named '__proto__' stays a field (refused by name) instead of replacing the prototype.
  const out: Raw = Object.create(null) as Raw;
  try {
    const limits = { files: 1, fields: MAX_MULTIPART_FIELDS, parts: MAX_MULTIPART_FIELDS + 1, fileSize: MAX_UPLOAD_BYTES };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        out.file = {
          name: part.filename,
          type: part.mimetype,
          bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength),
        };
      } else if (part.fieldname !== 'file') {
        out[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MESSAGES.uploadTooLarge, 'file');
    if (code === 'FST_FILES_LIMIT') throw badRequest(MESSAGES.multipartOneFile, 'file');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, MESSAGES.multipartTooManyFields, 'file', 'too-large');
    request.log.info({ err: error }, 'unreadable multipart body');
    throw badRequest(MESSAGES.multipartMalformed, 'file');
  }
  return out;
}
