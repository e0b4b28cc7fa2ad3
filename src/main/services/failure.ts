/** Builds the normalised failures every service answers with. */
import type { Locale } from '@shared/bridge';
import type { ApiFailure, ErrorCode } from '@shared/result';
import { z } from 'zod';
import { translate } from '@shared/i18n';
import { ptBrZodMessage } from '@shared/zod-pt-br';
import { localRefusal } from './server-refusals';
import { access as ptAccess } from '@shared/i18n/pt-BR/access';

const MESSAGE_KEYS: Record<ErrorCode, string> = {
  network: 'errors.network',
  'invalid-args': 'errors.invalidArgs',
  unauthorized: 'errors.unauthorized',
  forbidden: 'errors.forbidden',
  'not-found': 'errors.notFound',
  conflict: 'errors.conflict',
  validation: 'errors.validation',
  server: 'errors.server',
  'unknown-operation': 'errors.unknownOperation',
  cancelled: 'errors.cancelled',
};

/** The server's fixed Portuguese answers, by their text: the catalogue key that says them in the user's language. */
const SERVER_TEXT_KEYS: ReadonlyMap<string, string> = new Map(Object.entries(ptAccess.server).map(([key, text]) => [text, `access.server.${key}`]));

/** Answers whose code says all a person needs: an area's own Portuguese wording gives way to the catalogue's. */
const SAID_BY_CODE: ReadonlySet<ErrorCode> = new Set(['unauthorized', 'forbidden', 'not-found']);

/**
 * A server's answer in the user's language: its fixed answers are translated, and so is a money area's refusal the
 * catalogue declares (server-refusals.ts: a rule a payment, reversal, cession… broke, with what varies in it); an
 * unknown "not found", "forbidden" or "sign in again" is the code's text; anything else comes as the server wrote it.
 */
export function localServerMessage(locale: Locale, message: string, code: ErrorCode): string {
  if (locale === 'pt-BR') return message;
  const key = SERVER_TEXT_KEYS.get(message);
  if (key) return translate(locale, key);
  const refusal = localRefusal(locale, message);
  if (refusal !== null) return refusal;
  return SAID_BY_CODE.has(code) ? translate(locale, MESSAGE_KEYS[code]) : message;
}

/** zod's messages for a language (Brazilian Portuguese for pt-BR): a raw "Too big" never reaches a Portuguese screen. */
export function zodMessages(locale: Locale) {
  return locale === 'pt-BR' ? ptBrZodMessage : z.locales.en().localeError;
}

export interface FailureDetails {
  status?: number | null;
  /** A message already in the user's language (e.g. the server's); wins over the catalogue text. */
  message?: string;
  /** Catalogue key to use instead of the code's default text. */
  key?: string;
  vars?: Record<string, string | number>;
  field?: string;
}

export function failure(code: ErrorCode, locale: Locale, details: FailureDetails = {}): ApiFailure {
  const message = details.message ?? translate(locale, details.key ?? MESSAGE_KEYS[code], details.vars ?? {});
  const out: ApiFailure = { data: null, error: true, status: details.status ?? null, code, message };
  if (details.field) out.field = details.field;
  return out;
}

/** 'invalid-args' naming the first offending field, from a zod error. */
export function invalidArgs(
  locale: Locale,
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  prefix?: string,
): ApiFailure {
  const first = issues[0];
  const path = first ? first.path.map(String).join('.') : '';
  const field = [prefix, path].filter(Boolean).join('.');
  const detail = first ? (field ? `${field}: ${first.message}` : first.message) : '';
  return failure('invalid-args', locale, { vars: { detail }, field: field || undefined });
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
