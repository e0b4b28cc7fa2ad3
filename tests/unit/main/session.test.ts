import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/main/services/http';
import { createBackofficeMain } from '../../../src/main/services/backoffice';
import {
  createSessionService,
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_SERVICE,
  type SessionService,
} from '../../../src/main/services/session';
import type { KeychainPort } from '../../../src/main/services/ports';
import type { SessionChange } from '../../../src/shared/bridge';
import { brokenKeychain, closedPort, filesUnder, memoryKeychain, tempDir } from './helpers';
import { FAKE_USER, startFakeApi, type FakeApi } from './fake-api';

const KEY = `${KEYCHAIN_SERVICE}/${KEYCHAIN_ACCOUNT}`;
const credentials = { email: 'admin@demo.local', password: 'Senha123' };

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(() => api.close());

function session(keychain: KeychainPort | null, baseUrl = () => api.url): { service: SessionService; changes: SessionChange[] } {
  const service = createSessionService({
    http: createHttpClient({ timeoutMs: 2000 }),
    keychain,
    context: async () => ({ baseUrl: baseUrl(), locale: 'pt-BR' }),
  });
  const changes: SessionChange[] = [];
  service.onChange((c) => changes.push(c));
  return { service, changes };
}

describe('session service', () => {
  it('signing in keeps the token in the keychain and never returns it', async () => {
    const keychain = memoryKeychain();
    const { service, changes } = session(keychain);
    const result = await service.call('session.login', credentials);

    expect(result.error).toBe(false);
    expect(JSON.stringify(result)).not.toMatch(/token/);
    const stored = JSON.parse(keychain.items.get(KEY)!) as { token: string; baseUrl: string };
    expect(api.tokens.has(stored.token)).toBe(true);
    expect(stored.baseUrl).toBe(api.url);
    expect(JSON.stringify(result)).not.toContain(stored.token);

    expect(changes.map((c) => c.reason)).toEqual(['signed-in']);
    expect(service.state()).toEqual({ user: FAKE_USER, forcePasswordChange: false, keychain: 'available' });
    expect(JSON.stringify(changes)).not.toContain(stored.token);

    // Later calls carry it.
    expect((await service.call('users.admins', { page: 1, limit: 10 })).error).toBe(false);
    expect(api.requests.at(-1)!.headers.authorization).toBe(`Bearer ${stored.token}`);
  });

  it('a wrong password is a plain failure and starts nothing', async () => {
    const keychain = memoryKeychain();
    const { service, changes } = session(keychain);
    const result = await service.call('session.login', { ...credentials, password: 'errada123' });
    expect(result).toMatchObject({ error: true, status: 401, message: 'E-mail ou senha inválidos.' });
    expect(changes).toEqual([]);
    expect(keychain.items.size).toBe(0);
  });

  it('forcePasswordChange mirrors force_senha until the new password is set', async () => {
    api.forcePasswordChange = true;
    const keychain = memoryKeychain();
    const { service } = session(keychain);
    await service.call('session.login', credentials);
    expect(service.state().forcePasswordChange).toBe(true);
    const before = keychain.items.get(KEY);

    const changed = await service.call('users.newPassword', { newPassword: 'NovaSenha1' });
    expect(changed.error).toBe(false);
    expect(JSON.stringify(changed)).not.toMatch(/token/);
    expect(service.state().forcePasswordChange).toBe(false);
    // The renewed token replaced the old one.
    expect(keychain.items.get(KEY)).not.toBe(before);
    expect((await service.call('users.admins', {})).error).toBe(false);
  });

  it('a 401 from any call ends the session everywhere and says it expired', async () => {
    const keychain = memoryKeychain();
    const { service, changes } = session(keychain);
    await service.call('session.login', credentials);
    api.tokens.clear(); // revoked on the server side

    const result = await service.call('users.admins', {});
    expect(result).toMatchObject({ error: true, code: 'unauthorized', status: 401 });
    expect(service.state().user).toBeNull();
    expect(keychain.items.has(KEY)).toBe(false);
    expect(changes.at(-1)).toEqual({
      reason: 'expired',
      state: { user: null, forcePasswordChange: false, keychain: 'available' },
    });
    // Without a session, authenticated calls are refused before leaving the app.
    const requests = api.requests.length;
    expect(await service.call('users.admins', {})).toMatchObject({ error: true, code: 'unauthorized' });
    expect(api.requests.length).toBe(requests);
  });

  it('signing out revokes on the server and clears, and clears even when the server fails', async () => {
    const keychain = memoryKeychain();
    const { service, changes } = session(keychain);
    await service.call('session.login', credentials);
    expect((await service.call('session.logout', {})).error).toBe(false);
    expect(api.tokens.size).toBe(0);
    expect(keychain.items.size).toBe(0);
    expect(changes.at(-1)!.reason).toBe('signed-out');

    await service.call('session.login', credentials);
    api.failLogout = true;
    const failed = await service.call('session.logout', {});
    expect(failed.error).toBe(true);
    expect(service.state().user).toBeNull();
    expect(keychain.items.size).toBe(0);
  });

  it('restores a stored session at start when the server still accepts it', async () => {
    const keychain = memoryKeychain();
    await session(keychain).service.call('session.login', credentials);

    const { service, changes } = session(keychain);
    await service.restore();
    expect(service.state().user).toEqual(FAKE_USER);
    expect(changes.map((c) => c.reason)).toEqual(['signed-in']);
  });

  it('drops a stored session the server no longer accepts', async () => {
    const keychain = memoryKeychain();
    await session(keychain).service.call('session.login', credentials);
    api.tokens.clear();
    const { service } = session(keychain);
    await service.restore();
    expect(service.state().user).toBeNull();
    expect(keychain.items.size).toBe(0);
  });

  it('never sends a stored token to a different server', async () => {
    const keychain = memoryKeychain();
    await session(keychain).service.call('session.login', credentials);
    const other = await startFakeApi();
    try {
      const { service } = session(keychain, () => other.url);
      await service.restore();
      expect(service.state().user).toBeNull();
      expect(other.requests).toHaveLength(0);
      expect(keychain.items.size).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('opens the stored session offline with the stored user when the server is unreachable at start', async () => {
    const keychain = memoryKeychain();
    await session(keychain).service.call('session.login', credentials);
    const port = await closedPort();
    const stored = JSON.parse(keychain.items.get(KEY)!) as { token: string; user: unknown };
    expect(stored.user).toEqual(FAKE_USER);
    keychain.items.set(KEY, JSON.stringify({ ...stored, baseUrl: `http://127.0.0.1:${port}` }));
    const { service, changes } = session(keychain, () => `http://127.0.0.1:${port}`);
    await service.restore();
    expect(service.state().user).toEqual(FAKE_USER);
    expect(changes.map((c) => c.reason)).toEqual(['signed-in']);
    // Still offline: a call fails as a network failure and the session stays.
    const list = await service.call('users.admins', {});
    expect(list.error && list.code).toBe('network');
    expect(service.state().user).toEqual(FAKE_USER);
  });

  it('keeps a stored entry without a user when the server is unreachable at start, signed out', async () => {
    const keychain = memoryKeychain();
    await session(keychain).service.call('session.login', credentials);
    const port = await closedPort();
    const stored = JSON.parse(keychain.items.get(KEY)!) as { token: string };
    keychain.items.set(KEY, JSON.stringify({ token: stored.token, baseUrl: `http://127.0.0.1:${port}` }));
    const { service } = session(keychain, () => `http://127.0.0.1:${port}`);
    await service.restore();
    expect(service.state().user).toBeNull();
    expect(keychain.items.size).toBe(1);
  });

  it('without a keychain the session lives in memory only and the state says so', async () => {
    const { service, changes } = session(null);
    expect(service.state().keychain).toBe('unavailable');
    expect((await service.call('session.login', credentials)).error).toBe(false);
    expect(service.state()).toMatchObject({ user: FAKE_USER, keychain: 'unavailable' });
    expect(changes[0].state.keychain).toBe('unavailable');
    expect((await service.call('users.admins', {})).error).toBe(false);
  });

  it('a keychain that throws behaves like no keychain', async () => {
    const keychain = brokenKeychain();
    const { service } = session(keychain);
    await service.restore();
    expect(service.state().keychain).toBe('unavailable');
    expect((await service.call('session.login', credentials)).error).toBe(false);
    expect(service.state()).toMatchObject({ user: FAKE_USER, keychain: 'unavailable' });
    // After the first failure it is not hammered again.
    expect(keychain.calls).toBe(1);
  });
});

describe('no keychain: nothing about the session reaches the disk', () => {
  for (const [label, keychain] of [
    ['null', () => null],
    ['throwing', () => brokenKeychain()],
  ] as const) {
    it(`keychain ${label}: the token is in no file under userData or downloads`, async () => {
      const userData = await tempDir();
      const downloads = await tempDir();
      try {
        const main = createBackofficeMain({
          keychain: keychain(),
          dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => null },
          backend: { resolve: async () => ({ url: api.url, embedded: false }) },
          paths: { userData: userData.path, downloads: downloads.path },
          appVersion: '0.0.0-test',
          platform: 'linux',
        });
        await main.start();
        const signIn = await main.handlers.apiCall('session.login', credentials);
        expect(signIn.error).toBe(false);
        expect(await main.handlers.sessionCurrent()).toMatchObject({ user: FAKE_USER, keychain: 'unavailable' });
        await main.handlers.settingsUpdate({ locale: 'en' });

        const [token] = [...api.tokens];
        expect(token).toBeTruthy();
        const written = [...(await filesUnder(userData.path)), ...(await filesUnder(downloads.path))];
        for (const file of written) expect(file.content).not.toContain(token);
        expect(written.map((f) => f.path.replace(userData.path, ''))).toEqual(['/settings.json']);
        await main.dispose();
      } finally {
        await userData.remove();
        await downloads.remove();
      }
    });
  }
});
