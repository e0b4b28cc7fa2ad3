/**
 * The renderer's single way to reach the API: an operation name from the
 * contract and its arguments. Unknown or main-only operations and malformed
 * arguments are refused with a clear failure before anything leaves the app.
 */
import type { Locale } from '@shared/bridge';
import type { ApiFailure, ApiResult } from '@shared/result';
import { isExposed, isOperationName, operation, type OperationDef, type OperationName } from '@shared/contract';
import { errorText, failure, invalidArgs, zodMessages } from './failure';
import type { SessionService } from './session';
import { callThroughCache, type CachedCallDeps } from './cache-calls';

export interface ResolvedCall {
  name: OperationName;
  op: OperationDef;
  args: unknown;
}

/** Resolves an exposed operation and validates its arguments with the contract's schema. */
export function resolveCall(name: unknown, args: unknown, locale: Locale): ResolvedCall | ApiFailure {
  if (!isOperationName(name) || !isExposed(name)) return failure('unknown-operation', locale, { status: null });
  const op = operation(name);
  // Calls without arguments may omit them.
  // zod's own messages in the user's language (a schema's own message still wins).
  const parsed = op.args.safeParse(args === undefined ? {} : args, { error: zodMessages(locale) });
  if (!parsed.success) return invalidArgs(locale, parsed.error.issues);
  return { name, op, args: parsed.data };
}

export function isFailure(value: unknown): value is ApiFailure {
  return !!value && typeof value === 'object' && (value as { error?: unknown }).error === true;
}

export interface ApiDispatcher {
  apiCall(name: unknown, args: unknown): Promise<ApiResult<unknown>>;
}

export function createApiDispatcher(deps: {
  session: SessionService;
  locale(): Locale;
  /** The offline cache and connectivity; without it calls go straight to the session. */
  offline?: Omit<CachedCallDeps, 'session'>;
}): ApiDispatcher {
  return {
    async apiCall(name, args) {
      const locale = deps.locale();
      try {
        const call = resolveCall(name, args, locale);
        if (isFailure(call)) return call;
        if (deps.offline) return await callThroughCache({ ...deps.offline, session: deps.session }, call.name, call.op, call.args);
        return await deps.session.call(call.name, call.args);
      } catch (error) {
        console.error('[api] call failed unexpectedly', errorText(error));
        return failure('server', locale, { status: null });
      }
    },
  };
}
