/**
 * The normalised answer of every call (the spec's calls: data, error flag, status),
 * with `message` on errors and `stale`/`cachedAt` when served from the
 * offline cache.
 */
export type ErrorCode =
  | 'network' // server unreachable or timed out
  | 'invalid-args' // rejected before leaving the app
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'validation'
  | 'server'
  | 'unknown-operation'
  | 'cancelled';

export interface ApiSuccess<T> {
  data: T;
  error: false;
  status: number;
  stale?: boolean;
  cachedAt?: string;
}

export interface ApiFailure {
  data: null;
  error: true;
  status: number | null;
  code: ErrorCode;
  /** Human message, already in the user's language. */
  message: string;
  /** The field the server or the validator blamed, when there is one. */
  field?: string;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Body of every server error answer. */
export interface ServerErrorBody {
  message: string;
  field?: string;
  code?: string;
}
