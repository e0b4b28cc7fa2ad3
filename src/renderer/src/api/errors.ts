/**
 * A failed bridge call as a thrown, typed error, so TanStack Query and forms
 * can treat it like any other rejection while keeping code, status and field.
 */
import type { ApiFailure, ErrorCode } from '@shared/result';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number | null;
  readonly field?: string;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.code = failure.code;
    this.status = failure.status;
    this.field = failure.field;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** i18n key for a failure without a usable message of its own. */
export function errorKey(code: ErrorCode): string {
  switch (code) {
    case 'network':
      return 'errors.network';
    case 'unauthorized':
      return 'errors.unauthorized';
    case 'forbidden':
      return 'errors.forbidden';
    case 'not-found':
      return 'errors.notFound';
    case 'conflict':
      return 'errors.conflict';
    case 'unknown-operation':
      return 'errors.unknownOperation';
    case 'cancelled':
      return 'errors.cancelled';
    default:
      return 'errors.server';
  }
}

/**
 * The text to show for any error. Network failures always get the
 * catalogue's message (it tells the user their input was kept).
 */
export function errorText(e: unknown, t: (key: string) => string): string {
  if (isApiError(e)) {
    if (e.code === 'network') return t('errors.network');
    return e.message || t(errorKey(e.code));
  }
  return t('common.failedTryAgain');
}

/** The field a failure blames, when it is one of the form's fields. */
export function fieldOf(e: unknown, fields: readonly string[]): string | undefined {
  if (!isApiError(e) || !e.field) return undefined;
  return fields.includes(e.field) ? e.field : undefined;
}
