/**
 * The shape of one backend call. Every call the app can make is declared once
 * with `defineOperation`; the preload, the main process's client, the server's
 * router and the tests all read these declarations.
 */
import { z } from 'zod';
import type { RoleId } from '../roles';
import { encodeListQuery, type ListQueryInput } from '../query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * 'public': no token; 'signed-in': any valid token; a role list: only those roles; 'provider': no token, called by
 * an outside provider and checked by the signature of its body (the server's ProviderCheck, e.g. a Pix webhook).
 */
export type Access = 'public' | 'signed-in' | 'provider' | readonly RoleId[];

/**
 * How the arguments that are not path parameters travel:
 * 'query'  plain query string; 'list' the spec's page/limit/filter/sort encoding;
 * 'json'   JSON body; 'multipart' a form with one file part; 'none' nothing.
 */
export type ArgsEncoding = 'query' | 'list' | 'json' | 'multipart' | 'none';

export interface ExcelColumn {
  /** key in each exported row */
  key: string;
  /** i18n key of the column title (Portuguese by default) */
  header: string;
  /** 'activity-action' / 'activity-entity': an activity-log code written in words (src/shared/activity.ts). */
  format?: 'text' | 'date' | 'datetime' | 'currency' | 'integer' | 'boolean' | 'role' | 'activity-action' | 'activity-entity';
}

/** A call whose rows the main process writes into an Excel file (the spec's export rule). */
export interface ExcelExportSpec {
  kind: 'excel-export';
  columns: readonly ExcelColumn[];
  /** i18n key of the report title written on the info sheet */
  title: string;
}

/** A call whose answer is a file streamed straight to disk (PDF, Excel report, CNAB). */
export interface DownloadSpec {
  kind: 'download';
  extension: string;
  /**
   * The content types the answer may carry, when the extension does not say
   * (a stored upload, a report in the format asked); else the extension's
   * (DOWNLOAD_MEDIA_TYPES).
   */
  media?: readonly string[];
}

/** The content type of a download, by its extension (CNAB files are plain text, CR LF lines). */
export const DOWNLOAD_MEDIA_TYPES: Readonly<Record<string, string>> = {
  xml: 'application/xml',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  rem: 'text/plain',
  json: 'application/json',
};

/** The content types a download answers with: its own list, else its extension's. */
export function downloadMediaTypes(file: DownloadSpec): readonly string[] {
  if (file.media?.length) return file.media;
  const byExtension = Object.hasOwn(DOWNLOAD_MEDIA_TYPES, file.extension) ? DOWNLOAD_MEDIA_TYPES[file.extension] : undefined;
  if (!byExtension) throw new Error(`download with extension "${file.extension}" declares no media types`);
  return [byExtension];
}

/**
 * Error statuses a call may answer besides those its shape implies. The
 * OpenAPI document (server platform/http/openapi.ts, responseStatuses) derives
 * 400 from taking input, 401 and 403 from its access, 404 from a record named
 * by a path parameter or an id argument, 409 from an idempotency key, 413 and
 * 415 from a body; a call declares the rest: 409 when the state of a record
 * refuses it, 404 for a record found another way, 429 for a rate limit, 401 or
 * 403 on a public call that checks credentials, 502–504 when a provider fails.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503 | 504;

/**
 * The names a list or an export accepts in filter[name] and sort[name]
 * (the spec's list encoding, or the `filter` and `sort` of a JSON body). A
 * filter typed by the call's own schema (`filterSchema.pipe(…)`) is named by
 * it, so `filters` is then left out; `sorts: []` when the order is fixed
 * (a sort sent is ignored).
 */
export interface ListFields {
  filters?: readonly string[];
  sorts: readonly string[];
}

export interface OperationDef {
  method: HttpMethod;
  /** The spec's exact path under /api, with ':name' path parameters. */
  path: string;
  access: Access;
  args: z.ZodType;
  result: z.ZodType;
  encoding: ArgsEncoding;
  file?: ExcelExportSpec | DownloadSpec;
  /** Error statuses beyond those implied by the call's shape (ErrorStatus says which are implied). */
  errors?: readonly ErrorStatus[];
  /** A list or export: the filter and sort names it accepts (ListFields). */
  list?: ListFields;
  /**
   * The largest JSON body this call takes, in bytes, when it is larger than
   * the server's default (1 MiB: forms): a call that carries a file as text
   * (a bank's return file) says how much it needs.
   */
  bodyLimit?: number;
  /** A list (or a detail record opened from one) whose last good answer may be kept for offline viewing; GET only. */
  cacheable?: boolean;
  /**
   * Calls that change the session: 'start' and 'renew' answers carry a token
   * that the main process keeps and strips before the renderer sees the answer;
   * 'end' closes the session after the call.
   */
  session?: 'start' | 'renew' | 'end';
  /** false: only the main process may make this call (never exposed to the renderer). */
  exposed?: boolean;
  /** 'spec': listed in the product spec; 'designed': a call the spec does not show, designed here. */
  origin: 'spec' | 'designed';
  description: string;
}

export function defineOperation<const T extends OperationDef>(def: T): T {
  return def;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]);
}

export interface BuiltRequest {
  method: HttpMethod;
  /** path with parameters filled in, without query string */
  path: string;
  query: Array<[string, string]>;
  body?: Record<string, unknown>;
}

/**
 * Builds the request for already validated arguments: path parameters are
 * taken out of the arguments by name, the rest travel as the operation's
 * encoding says.
 */
export function buildRequest(op: OperationDef, args: unknown): BuiltRequest {
  const rest: Record<string, unknown> = { ...((args ?? {}) as Record<string, unknown>) };
  const path = op.path.replace(PARAM, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  switch (op.encoding) {
    case 'list':
      return { method: op.method, path, query: encodeListQuery(rest as ListQueryInput) };
    case 'query': {
      const query: Array<[string, string]> = [];
      for (const [k, v] of Object.entries(rest)) {
        if (v === undefined || v === null || v === '') continue;
        query.push([k, String(v)]);
      }
      return { method: op.method, path, query };
    }
    case 'json':
    case 'multipart':
      return { method: op.method, path, query: [], body: rest };
    case 'none':
      return { method: op.method, path, query: [] };
  }
}
