/**
 * Assembles an operation's raw arguments from the request, as the contract's
 * encoding says, before the args schema validates them. Path parameters always
 * win over body or query fields of the same name.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '../../shared/contract/index';
import { MAX_UPLOAD_BYTES } from '../../shared/contract/index';
import { decodeListQuery } from '../../shared/query';
import { badRequest, MESSAGES } from './errors';

type Raw = Record<string, unknown>;

function asRecord(value: unknown): Raw {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
}

export async function assembleArgs(op: OperationDef, request: FastifyRequest): Promise<unknown> {
  const params = asRecord(request.params);
  switch (op.encoding) {
    case 'none':
      return { ...params };
    case 'list':
      return { ...decodeListQuery(asRecord(request.query)), ...params };
    case 'query':
      return { ...asRecord(request.query), ...params };
    case 'json': {
      const body = request.body;
      if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
        throw badRequest('Corpo da requisição inválido: esperado um objeto JSON.');
      }
      return { ...asRecord(body), ...params };
    }
    case 'multipart':
      return { ...(await readMultipart(request)), ...params };
  }
}

/** One file part named 'file' plus text fields, mapped to `{ file: { name, type, bytes }, ...fields }`. */
async function readMultipart(request: FastifyRequest): Promise<Raw> {
  if (!request.isMultipart()) return asRecord(request.body);
  const out: Raw = {};
  try {
    for await (const part of request.parts({ limits: { files: 1, fields: 20, fileSize: MAX_UPLOAD_BYTES } })) {
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
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MESSAGES.uploadTooLarge, 'file');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest('Campo file: envie um único arquivo por vez', 'file');
    }
    throw error;
  }
  return out;
}
