/**
 * The session: the only holder of the token. It lives in memory and in the
 * OS keychain (never in a file of ours); calls flagged `session` in the
 * contract start, renew or end it, and a 401 on any authenticated call ends
 * it. The renderer sees the user and flags, never the token.
 */
import { z } from 'zod';
import type { Locale, SessionChange, SessionChangeReason, SessionState } from '@shared/bridge';
import type { ApiResult } from '@shared/result';
import { operation, sessionUserSchema, type OperationName, type SessionUser } from '@shared/contract';
import { createEmitter } from './emitter';
import { failure } from './failure';
import type { HttpClient, StreamResult } from './http';
import type { KeychainPort } from './ports';

export const KEYCHAIN_SERVICE = 'backoffice-desktop';
export const KEYCHAIN_ACCOUNT = 'session';

export interface SessionContext {
  baseUrl: string;
  locale: Locale;
}

export interface SessionServiceOptions {
  http: HttpClient;
  keychain: KeychainPort | null;
  /** Where calls go right now and in which language failures are written. */
  context(): Promise<SessionContext>;
}

export interface SessionService {
  state(): SessionState;
  onChange(listener: (change: SessionChange) => void): () => void;
  /** Makes a contract call with already validated arguments, applying its session effects. */
  call(name: OperationName, args: unknown): Promise<ApiResult<unknown>>;
  /** A file answer as a stream, with the same token and 401 handling. */
  stream(name: OperationName, args: unknown): Promise<StreamResult>;
  /** Restores the stored session, if it still belongs to the current server and the server still accepts it. */
  restore(): Promise<void>;
  /** Ends the session locally (memory and keychain). */
  end(reason: Extract<SessionChangeReason, 'signed-out' | 'expired'>): Promise<void>;
}

/**
 * The keychain entry. The user record rides along so that an app started
 * while the server is unreachable can still open the user's cached lists
 * (the first answer from the server confirms or ends the session).
 */
const storedSchema = z.object({ token: z.string().min(1), baseUrl: z.string(), user: sessionUserSchema.optional() });

/** Answers that carry the signed-in user (the whole answer, or its `user`). */
const USER_ANSWERS: ReadonlySet<OperationName> = new Set<OperationName>(['session.me', 'profiles.update']);
const USER_FIELD_ANSWERS: ReadonlySet<OperationName> = new Set<OperationName>(['session.logged']);

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function createSessionService(options: SessionServiceOptions): SessionService {
  const { http, keychain } = options;
  const changes = createEmitter<SessionChange>();
  let token: string | null = null;
  let tokenBaseUrl = '';
  let user: SessionUser | null = null;
  let forcePasswordChange = false;
  let keychainWorks = keychain !== null;

  function state(): SessionState {
    return {
      user: user ? { ...user } : null,
      forcePasswordChange: user ? forcePasswordChange : false,
      keychain: keychainWorks ? 'available' : 'unavailable',
    };
  }

  function emit(reason: SessionChangeReason): void {
    changes.emit({ state: state(), reason });
  }

  /** Runs a keychain operation; any failure means the keychain is unusable from now on (memory only). */
  async function withKeychain<T>(action: (k: KeychainPort) => Promise<T>): Promise<T | undefined> {
    if (!keychain || !keychainWorks) return undefined;
    try {
      return await action(keychain);
    } catch (error) {
      keychainWorks = false;
      console.warn('[session] keychain unavailable, keeping the session in memory only:', String(error));
      return undefined;
    }
  }

  async function persist(): Promise<void> {
    if (!token) return;
    const value = JSON.stringify({ token, baseUrl: tokenBaseUrl, user: user ?? undefined });
    const before = keychainWorks;
    await withKeychain((k) => k.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, value));
    if (before && !keychainWorks) emit('updated');
  }

  async function forget(): Promise<void> {
    await withKeychain((k) => k.deletePassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT));
  }

  async function clear(reason: 'signed-out' | 'expired'): Promise<void> {
    const had = token !== null || user !== null;
    token = null;
    tokenBaseUrl = '';
    user = null;
    forcePasswordChange = false;
    await forget();
    if (had) emit(reason);
  }

  function setUser(next: unknown): boolean {
    const parsed = sessionUserSchema.safeParse(next);
    if (!parsed.success) return false;
    user = parsed.data;
    forcePasswordChange = parsed.data.force_senha;
    return true;
  }

  /** Applies a successful answer's effects on the session and returns what the renderer may see. */
  async function applySuccess(name: OperationName, data: unknown, baseUrl: string): Promise<unknown> {
    const op = operation(name);
    const record = asRecord(data);
    if ((op.session === 'start' || op.session === 'renew') && record) {
      const { token: newToken, ...visible } = record;
      if (typeof newToken === 'string' && newToken !== '') {
        token = newToken;
        tokenBaseUrl = baseUrl;
      }
      if (token) {
        setUser(visible.user);
        if (typeof visible.force_senha === 'boolean') forcePasswordChange = visible.force_senha;
        if (typeof newToken === 'string') await persist();
        emit(op.session === 'start' ? 'signed-in' : 'updated');
      }
      return visible;
    }
    const userChanged =
      (token !== null && USER_ANSWERS.has(name) && setUser(data)) ||
      (token !== null && USER_FIELD_ANSWERS.has(name) && record !== null && setUser(record.user));
    if (userChanged) {
      await persist();
      emit('updated');
    }
    return data;
  }

  /** The token to send, or null when the call is public; undefined when it needs one we do not have. */
  function tokenFor(name: OperationName, baseUrl: string): string | null | undefined {
    if (operation(name).access === 'public') return null;
    if (!token || tokenBaseUrl !== baseUrl) return undefined;
    return token;
  }

  async function afterFailure(name: OperationName, status: number | null, sentToken: string | null): Promise<void> {
    // Only the token that was refused ends the session: a late 401 for an old token must not end a new one.
    if (status === 401 && sentToken !== null && sentToken === token && operation(name).session !== 'end') {
      await clear('expired');
    }
  }

  return {
    state,
    onChange: (listener) => changes.on(listener),

    async call(name, args) {
      const ctx = await options.context();
      const op = operation(name);
      const sent = tokenFor(name, ctx.baseUrl);
      if (sent === undefined) {
        if (op.session === 'end') await clear('signed-out');
        return failure('unauthorized', ctx.locale, { status: null });
      }
      const result = await http.request(op, args, { baseUrl: ctx.baseUrl, token: sent, locale: ctx.locale });
      if (op.session === 'end') {
        // Signing out always ends the local session, even when the server could not be told.
        if (sent === token) await clear('signed-out');
        return result;
      }
      if (result.error) {
        await afterFailure(name, result.status, sent);
        return result;
      }
      return { ...result, data: await applySuccess(name, result.data, ctx.baseUrl) };
    },

    async stream(name, args) {
      const ctx = await options.context();
      const sent = tokenFor(name, ctx.baseUrl);
      if (sent === undefined) return { ok: false, failure: failure('unauthorized', ctx.locale, { status: null }) };
      const result = await http.stream(operation(name), args, { baseUrl: ctx.baseUrl, token: sent, locale: ctx.locale });
      if (!result.ok) await afterFailure(name, result.failure.status, sent);
      return result;
    },

    async restore() {
      const ctx = await options.context();
      const raw = await withKeychain((k) => k.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT));
      if (!raw) return;
      let stored: z.infer<typeof storedSchema>;
      try {
        stored = storedSchema.parse(JSON.parse(raw));
      } catch {
        await forget();
        return;
      }
      // A token belongs to the server that issued it; another server must never receive it.
      if (stored.baseUrl !== ctx.baseUrl) {
        await forget();
        return;
      }
      const result = await http.request(operation('session.logged'), {}, {
        baseUrl: ctx.baseUrl,
        token: stored.token,
        locale: ctx.locale,
      });
      if (result.error) {
        if (result.status === 401) {
          await forget();
          return;
        }
        // Unreachable server: open the session offline with the stored user, so
        // cached lists stay viewable; the next answer from the server confirms
        // it, and a 401 then ends it as any other would.
        if (result.code === 'network' && stored.user) {
          token = stored.token;
          tokenBaseUrl = stored.baseUrl;
          setUser(stored.user);
          emit('signed-in');
        }
        return;
      }
      token = stored.token;
      tokenBaseUrl = stored.baseUrl;
      const record = asRecord(result.data);
      if (!record || !setUser(record.user)) {
        token = null;
        tokenBaseUrl = '';
        return;
      }
      emit('signed-in');
    },

    end: clear,
  };
}
