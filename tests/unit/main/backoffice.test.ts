import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackofficeMain, type BackofficeMain } from '../../../src/main/services/backoffice';
import { createEmbeddedBackendPort, type BackendSpawner } from '../../../src/main/services/backend';
import type { SessionChange } from '../../../src/shared/bridge';
import { memoryKeychain, tempDir } from './helpers';
import { startFakeApi, type FakeApi } from './fake-api';

let primary: FakeApi;
let other: FakeApi;
let userData: { path: string; remove(): Promise<void> };
let main: BackofficeMain;
let starts: number;

beforeEach(async () => {
  primary = await startFakeApi();
  other = await startFakeApi();
  userData = await tempDir();
  starts = 0;
  // The "embedded" server of this test is the primary fake API.
  const spawner: BackendSpawner = {
    async start() {
      starts += 1;
      return { url: primary.url, stop: async () => undefined };
    },
  };
  main = createBackofficeMain({
    keychain: memoryKeychain(),
    dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => '/chosen' },
    backend: createEmbeddedBackendPort(spawner),
    paths: { userData: userData.path, downloads: userData.path },
    appVersion: '1.2.3',
    platform: 'linux',
  });
  await main.start();
});
afterEach(async () => {
  await main.dispose();
  await primary.close();
  await other.close();
  await userData.remove();
});

describe('createBackofficeMain', () => {
  it('starts the embedded backend once and reports it', async () => {
    expect(await main.handlers.appInfo()).toEqual({ version: '1.2.3', embedded: true, serverUrl: primary.url, platform: 'linux' });
    await main.handlers.apiCall('session.login', { email: 'admin@demo.local', password: 'Senha123' });
    await main.handlers.apiCall('users.admins', {});
    expect(starts).toBe(1);
  });

  it('every handler answers malformed input with a failure, never an exception', async () => {
    expect(await main.handlers.apiCall(undefined, undefined)).toMatchObject({ error: true, code: 'unknown-operation' });
    expect(await main.handlers.filesExportExcel('users.export', { filter: 'x' }, null)).toMatchObject({ code: 'invalid-args' });
    expect(await main.handlers.filesDownload(123, null, null)).toMatchObject({ code: 'unknown-operation' });
    expect(await main.handlers.settingsUpdate(null)).toMatchObject({ code: 'invalid-args' });
    expect(await main.handlers.settingsUpdate({ serverUrl: 5 })).toMatchObject({ code: 'invalid-args', field: 'serverUrl' });
    expect(await main.handlers.filesChooseFolder()).toBe('/chosen');
    expect(await main.handlers.filesDownloads()).toEqual([]);
    expect(await main.handlers.filesShowInFolder('/etc/passwd')).toMatchObject({ error: true, code: 'not-found' });
    expect(await main.handlers.filesShowInFolder(undefined)).toMatchObject({ error: true, code: 'not-found' });
  });

  it('switching to another server signs out (revoking the old token) and sends calls there', async () => {
    const changes: SessionChange[] = [];
    main.onSessionChange((c) => changes.push(c));
    await main.handlers.apiCall('session.login', { email: 'admin@demo.local', password: 'Senha123' });
    expect(primary.tokens.size).toBe(1);

    const result = await main.handlers.settingsUpdate({ serverUrl: other.url });
    expect(result).toMatchObject({ error: false, data: { serverUrl: other.url } });
    expect(primary.tokens.size).toBe(0);
    expect(changes.map((c) => c.reason)).toEqual(['signed-in', 'signed-out']);
    expect((await main.handlers.sessionCurrent()).user).toBeNull();
    expect(await main.handlers.appInfo()).toMatchObject({ embedded: false, serverUrl: other.url });

    await main.handlers.apiCall('session.login', { email: 'admin@demo.local', password: 'Senha123' });
    expect(other.tokens.size).toBe(1);
  });

  it('a wrong server address changes nothing, session included', async () => {
    await main.handlers.apiCall('session.login', { email: 'admin@demo.local', password: 'Senha123' });
    const result = await main.handlers.settingsUpdate({ serverUrl: 'http://127.0.0.1:1' });
    expect(result).toMatchObject({ error: true, field: 'serverUrl' });
    expect((await main.handlers.sessionCurrent()).user).not.toBeNull();
    expect((await main.handlers.settingsGet()).serverUrl).toBe('');
  });
});

describe('embedded backend port', () => {
  it('uses the configured server as is, and retries an embedded start that failed', async () => {
    let attempts = 0;
    const port = createEmbeddedBackendPort({
      async start() {
        attempts += 1;
        if (attempts === 1) throw new Error('port in use');
        return { url: 'http://127.0.0.1:9', stop: async () => undefined };
      },
    });
    const settings = { serverUrl: '', locale: 'pt-BR', layout: {}, downloadFolder: '', askWhereToSave: true } as never;
    await expect(port.resolve(settings)).rejects.toThrow('port in use');
    expect(await port.resolve(settings)).toEqual({ url: 'http://127.0.0.1:9', embedded: true });
    expect(await port.resolve({ serverUrl: 'https://api.example.com' } as never)).toEqual({
      url: 'https://api.example.com',
      embedded: false,
    });
    expect(attempts).toBe(2);
  });
});
