/**
 * The one HTTP client of the app: builds each request from the contract,
 * sends it with the session token, and turns every outcome (answer, error
 * answer, network failure, result drift) into the spec's normalised result.
 * It never throws.
 */
import type { Readable } from 'node:stream';
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import type { Locale } from '@shared/bridge';
import type { ApiFailure, ApiResult, ErrorCode } from '@shared/result';
import { buildRequest, operation, type OperationDef } from '@shared/contract';
import { toQueryString } from '@shared/query';
import { uploadFileSchema } from '@shared/contract/common';
import { LAUNCH_SECRET_HEADER } from '@shared/launch';
import { errorText, failure, localServerMessage } from './failure';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Exports and downloads may legitimately take minutes on a large data set. */
export const FILE_TIMEOUT_MS = 5 * 60_000;

export interface HttpContext {
  baseUrl: string;
  /** Sent as `Authorization: Bearer` on every call that is not public. */
  token: string | null;
  locale: Locale;
}

export interface FileStream {
  ok: true;
  status: number;
  stream: Readable;
  contentType: string | null;
  contentLength: number | null;
  /** from Content-Disposition, when the server names the file */
  fileName: string | null;
}

export type StreamResult = FileStream | { ok: false; failure: ApiFailure };

export type ProbeResult = 'api' | 'not-api' | 'unreachable';

export interface HttpClient {
  request(op: OperationDef, args: unknown, ctx: HttpContext): Promise<ApiResult<unknown>>;
  /** A file answer streamed as it arrives (responseType 'stream'); errors are normalised like request(). */
  stream(op: OperationDef, args: unknown, ctx: HttpContext): Promise<StreamResult>;
  /** Whether a base URL answers like our API (an unauthenticated session check answers 401). */
  probe(baseUrl: string): Promise<ProbeResult>;
  /**
   * The embedded server's launch secret, sent (as X-Backoffice-Launch) only on
   * requests to exactly that loopback URL, never to a configured server;
   * null forgets it.
   */
  useLaunchSecret(embedded: { url: string; secret: string } | null): void;
}

export interface HttpClientOptions {
  timeoutMs?: number;
  fileTimeoutMs?: number;
}

/** Whether a base URL is this machine (no proxy may sit in between). */
export function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status >= 500) return 'server';
  return 'validation';
}

function serverBody(data: unknown): { message?: string; field?: string } {
  let body = data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return {};
    }
  }
  if (!body || typeof body !== 'object') return {};
  const { message, field } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' && message.trim() !== '' ? message : undefined,
    field: typeof field === 'string' && field !== '' ? field : undefined,
  };
}

/** Error answer → failure. The server's own Portuguese message is kept for 4xx; 5xx get our text. */
export function failureFromResponse(status: number, data: unknown, locale: Locale) {
  const code = codeForStatus(status);
  const body = serverBody(data);
  const useServerMessage = status < 500 && body.message !== undefined;
  return failure(code, locale, {
    status,
    message: useServerMessage && body.message !== undefined ? localServerMessage(locale, body.message, code) : undefined,
    key: status === 429 && !useServerMessage ? 'errors.tooManyRequests' : undefined,
    field: body.field,
  });
}

function networkFailure(locale: Locale) {
  return failure('network', locale, { status: null });
}

function fileNameFromDisposition(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/** Multipart bodies: the upload file part becomes a Blob, other fields plain strings. */
function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    const file = uploadFileSchema.safeParse(value);
    if (file.success) {
      form.append(key, new Blob([file.data.bytes], { type: file.data.type || 'application/octet-stream' }), file.data.name);
    } else {
      form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  return form;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fileTimeoutMs = options.fileTimeoutMs ?? FILE_TIMEOUT_MS;
  const instances = new Map<string, AxiosInstance>();
  let launch: { url: string; secret: string } | null = null;

  function launchHeaders(baseUrl: string): Record<string, string> {
    return launch && launch.url === baseUrl ? { [LAUNCH_SECRET_HEADER]: launch.secret } : {};
  }

  function instance(baseUrl: string): AxiosInstance {
    let found = instances.get(baseUrl);
    if (!found) {
      found = axios.create({
        baseURL: baseUrl,
        timeout: timeoutMs,
        // Every status is an answer we normalise ourselves.
        validateStatus: () => true,
        maxRedirects: 0,
        // A proxy from the environment must never sit between the app and its own loopback backend.
        proxy: isLoopback(baseUrl) ? false : undefined,
        headers: { Accept: 'application/json' },
      });
      instances.set(baseUrl, found);
    }
    return found;
  }

  async function send(
    op: OperationDef,
    args: unknown,
    ctx: HttpContext,
    responseType: 'json' | 'stream',
  ): Promise<AxiosResponse | null> {
    const built = buildRequest(op, args);
    const url = built.query.length > 0 ? `${built.path}?${toQueryString(built.query)}` : built.path;
    const headers: Record<string, string> = launchHeaders(ctx.baseUrl);
    if (op.access !== 'public' && ctx.token) headers.Authorization = `Bearer ${ctx.token}`;
    let data: unknown;
    if (built.body !== undefined) data = op.encoding === 'multipart' ? toFormData(built.body) : built.body;
    // A bodyless POST/PUT/PATCH would go out as an empty form post, which JSON APIs reject; send {}.
    else if (built.method !== 'GET' && built.method !== 'DELETE') data = {};
    try {
      return await instance(ctx.baseUrl).request({
        method: built.method,
        url,
        data,
        headers,
        responseType,
        timeout: op.file ? fileTimeoutMs : timeoutMs,
      });
    } catch (error) {
      // No answer at all: refused, reset, DNS, timeout.
      if (axios.isAxiosError(error) && !error.response) return null;
      throw error;
    }
  }

  return {
    async request(op, args, ctx) {
      try {
        if (!ctx.baseUrl) return networkFailure(ctx.locale);
        const response = await send(op, args, ctx, 'json');
        if (!response) return networkFailure(ctx.locale);
        if (response.status < 200 || response.status >= 300) {
          return failureFromResponse(response.status, response.data, ctx.locale);
        }
        // An empty 2xx body arrives as ''; schemas that accept nothing meaningful see undefined.
        const body = response.data === '' ? undefined : response.data;
        const parsed = op.result.safeParse(body);
        if (!parsed.success) return failure('server', ctx.locale, { status: response.status });
        return { data: parsed.data, error: false, status: response.status };
      } catch (error) {
        // Only a programming error lands here; the renderer still gets an answer, never an exception.
        console.error('[http] unexpected failure', errorText(error));
        return failure('server', ctx.locale, { status: null });
      }
    },

    async stream(op, args, ctx) {
      try {
        if (!ctx.baseUrl) return { ok: false, failure: networkFailure(ctx.locale) };
        const response = await send(op, args, ctx, 'stream');
        if (!response) return { ok: false, failure: networkFailure(ctx.locale) };
        const stream = response.data as Readable;
        if (response.status < 200 || response.status >= 300) {
          const text = await readAll(stream).catch(() => '');
          return { ok: false, failure: failureFromResponse(response.status, text, ctx.locale) };
        }
        const length = Number(response.headers['content-length']);
        const type = response.headers['content-type'];
        return {
          ok: true,
          status: response.status,
          stream,
          contentType: typeof type === 'string' ? type : null,
          contentLength: Number.isFinite(length) && length >= 0 ? length : null,
          fileName: fileNameFromDisposition(response.headers['content-disposition']),
        };
      } catch {
        return { ok: false, failure: failure('server', ctx.locale, { status: null }) };
      }
    },

    async probe(baseUrl) {
      try {
        const response = await instance(baseUrl).request({
          method: 'GET',
          url: operation('session.logged').path,
          headers: launchHeaders(baseUrl),
          timeout: Math.min(timeoutMs, 5_000),
        });
        return response.status === 401 && serverBody(response.data).message !== undefined ? 'api' : 'not-api';
      } catch {
        return 'unreachable';
      }
    },

    useLaunchSecret(embedded) {
      // Only a loopback server can be ours; anything else never receives the secret.
      launch = embedded && isLoopback(embedded.url) ? { url: embedded.url, secret: embedded.secret } : null;
    },
  };
}
