import { describe, expect, it } from 'vitest';
import { createApiDispatcher } from '../../../src/main/services/dispatcher';
import type { SessionService } from '../../../src/main/services/session';
import { translate } from '../../../src/shared/i18n';

/** Records what reached the session; the dispatcher must stop bad calls before this. */
function recordingSession(answer: () => Promise<unknown> = async () => ({ data: { ok: true }, error: false, status: 200 })) {
  const calls: Array<{ name: string; args: unknown }> = [];
  const session = {
    state: () => ({ user: null, forcePasswordChange: false, keychain: 'available' as const }),
    onChange: () => () => undefined,
    call: async (name: string, args: unknown) => {
      calls.push({ name, args });
      return answer();
    },
    stream: async () => {
      throw new Error('not used');
    },
    restore: async () => undefined,
    end: async () => undefined,
  } as unknown as SessionService; // only call() matters here
  return { session, calls };
}

describe('api dispatcher', () => {
  it('refuses an operation that is not in the contract', async () => {
    const { session, calls } = recordingSession();
    const api = createApiDispatcher({ session, locale: () => 'pt-BR' });
    for (const name of ['users.nope', 42, null, undefined, { name: 'users.admins' }, '__proto__', 'toString']) {
      expect(await api.apiCall(name, {})).toEqual({
        data: null,
        error: true,
        status: null,
        code: 'unknown-operation',
        message: translate('pt-BR', 'errors.unknownOperation'),
      });
    }
    expect(calls).toEqual([]);
  });

  it('refuses main-only operations (session.auth would hand a token to the renderer)', async () => {
    const { session, calls } = recordingSession();
    const api = createApiDispatcher({ session, locale: () => 'pt-BR' });
    expect(await api.apiCall('session.auth', { token: 'x' })).toMatchObject({ error: true, code: 'unknown-operation' });
    expect(calls).toEqual([]);
  });

  it('malformed arguments get a clear failure naming the field', async () => {
    const { session, calls } = recordingSession();
    const api = createApiDispatcher({ session, locale: () => 'pt-BR' });
    const bad = await api.apiCall('session.login', { email: 'not-an-email', password: 'x' });
    expect(bad).toMatchObject({ error: true, code: 'invalid-args', status: null, field: 'email' });
    expect(bad.error && bad.message).toBe('Dados inválidos: email: e-mail inválido');

    expect(await api.apiCall('users.byId', { id: 'abc' })).toMatchObject({ code: 'invalid-args', field: 'id' });
    expect(await api.apiCall('users.admins', { limit: 5000 })).toMatchObject({ code: 'invalid-args', field: 'limit' });
    expect(await api.apiCall('session.login', 'a string')).toMatchObject({ code: 'invalid-args' });
    expect(calls).toEqual([]);
  });

  it('in English when the user chose English', async () => {
    const { session } = recordingSession();
    const api = createApiDispatcher({ session, locale: () => 'en' });
    const bad = await api.apiCall('users.byId', {});
    expect(bad.error && bad.message).toMatch(/^Invalid data: id: /);
  });

  it('valid calls go through with the parsed arguments (defaults applied)', async () => {
    const { session, calls } = recordingSession();
    const api = createApiDispatcher({ session, locale: () => 'pt-BR' });
    expect(await api.apiCall('users.admins', { filter: { name: 'ana' } })).toMatchObject({ error: false });
    expect(calls).toEqual([{ name: 'users.admins', args: { page: 1, limit: 10, filter: { name: 'ana' } } }]);
    // Calls without arguments may omit them.
    await api.apiCall('session.logged', undefined);
    expect(calls.at(-1)).toEqual({ name: 'session.logged', args: {} });
  });

  it('never throws: an unexpected error becomes a server failure', async () => {
    const { session } = recordingSession(async () => {
      throw new Error('boom');
    });
    const api = createApiDispatcher({ session, locale: () => 'pt-BR' });
    await expect(api.apiCall('users.admins', {})).resolves.toMatchObject({ error: true, code: 'server', status: null });
  });
});
