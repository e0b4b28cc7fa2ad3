import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHttpClient } from '../../../src/main/services/http';
import { createSettingsStore, SETTINGS_FILE } from '../../../src/main/services/settings';
import { closedPort, sendJson, startLocalServer, tempDir, type LocalServer } from './helpers';
import { startFakeApi, type FakeApi } from './fake-api';

let dir: { path: string; remove(): Promise<void> };
let api: FakeApi;
let notApi: LocalServer;
const http = createHttpClient({ timeoutMs: 2000 });

beforeEach(async () => {
  dir = await tempDir('backoffice-settings-');
  api = await startFakeApi();
  notApi = await startLocalServer((_req, res) => sendJson(res, 200, { hello: 'world' }));
});
afterEach(async () => {
  await dir.remove();
  await api.close();
  await notApi.close();
});

const store = () => createSettingsStore({ userData: dir.path, probe: (url) => http.probe(url) });

describe('settings store', () => {
  it('starts from the defaults: embedded server, pt-BR, ask where to save', async () => {
    const settings = await store().load();
    expect(settings).toEqual({
      serverUrl: '',
      cepServiceUrl: 'https://viacep.com.br',
      locale: 'pt-BR',
      layout: {
        navCollapsed: false,
        sideNavTheme: 'light',
        navigationType: 'side',
        topNavColor: '#ffffff',
        headerNavColor: '#ffffff',
        mobileNav: false,
      },
      downloadFolder: '',
      askWhereToSave: true,
      columnWidths: {},
    });
  });

  it('keeps the list column widths a person set, per table, and refuses absurd ones', async () => {
    const settings = store();
    await settings.load();
    const saved = await settings.update({ columnWidths: { 'operations-table': { borrower: 240 } } });
    expect(saved).toMatchObject({ error: false, data: { columnWidths: { 'operations-table': { borrower: 240 } } } });
    expect((await settings.update({ columnWidths: { 'operations-table': { borrower: 5 } } })).error).toBe(true);
    expect((await store().load()).columnWidths).toEqual({ 'operations-table': { borrower: 240 } });
  });

  it('saves a valid change and reads it back after a restart', async () => {
    const first = store();
    await first.load();
    const result = await first.update({ locale: 'en', askWhereToSave: false, downloadFolder: dir.path });
    expect(result).toMatchObject({ error: false, data: { locale: 'en', askWhereToSave: false, downloadFolder: dir.path } });
    const again = await store().load();
    expect(again).toMatchObject({ locale: 'en', askWhereToSave: false, downloadFolder: dir.path });
  });

  it('a change keeps every setting it does not name', async () => {
    const settings = store();
    await settings.load();
    await settings.update({ locale: 'en', askWhereToSave: false, cepServiceUrl: 'https://cep.example' });
    const result = await settings.update({ downloadFolder: dir.path });
    expect(result).toMatchObject({
      error: false,
      data: { locale: 'en', askWhereToSave: false, cepServiceUrl: 'https://cep.example', downloadFolder: dir.path },
    });
    expect(await store().load()).toMatchObject({ locale: 'en', askWhereToSave: false, cepServiceUrl: 'https://cep.example' });
  });

  it('rejects an invalid patch naming the field, and changes nothing', async () => {
    const settings = store();
    await settings.load();
    for (const [patch, field] of [
      [{ locale: 'fr' }, 'locale'],
      [{ layout: { topNavColor: 'red' } }, 'layout.topNavColor'],
      [{ serverUrl: 'not a url' }, 'serverUrl'],
      [{ unknownKey: 1 }, ''],
    ] as const) {
      const result = await settings.update(patch);
      expect(result).toMatchObject({ error: true, code: 'invalid-args' });
      if (field) expect(result.error && result.field).toBe(field);
    }
    expect(await settings.update('nonsense')).toMatchObject({ error: true, code: 'invalid-args' });
    expect(settings.get().locale).toBe('pt-BR');
    await expect(readFile(join(dir.path, SETTINGS_FILE))).rejects.toThrow();
  });

  it('accepts a server address only when it answers like our API', async () => {
    const settings = store();
    await settings.load();
    await settings.update({ locale: 'pt-BR' });
    const before = await readFile(join(dir.path, SETTINGS_FILE), 'utf8');

    const wrong = await settings.update({ serverUrl: notApi.url });
    expect(wrong).toMatchObject({ error: true, code: 'validation', field: 'serverUrl' });
    expect(wrong.error && wrong.message).toBe(
      `O endereço ${notApi.url} respondeu, mas não é um servidor do Back-office. Verifique o endereço.`,
    );
    const down = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = await settings.update({ serverUrl: down });
    expect(unreachable.error && unreachable.message).toBe(
      `Não foi possível conectar ao servidor ${down}. Verifique o endereço e a rede.`,
    );
    expect(settings.get().serverUrl).toBe('');
    expect(await readFile(join(dir.path, SETTINGS_FILE), 'utf8')).toBe(before);

    const ok = await settings.update({ serverUrl: `${api.url}/` });
    expect(ok).toMatchObject({ error: false, data: { serverUrl: api.url } });
  });

  it('rejects a download folder that does not exist', async () => {
    const settings = store();
    await settings.load();
    const missing = join(dir.path, 'nao-existe');
    const result = await settings.update({ downloadFolder: missing });
    expect(result).toMatchObject({ error: true, field: 'downloadFolder' });
    expect(result.error && result.message).toBe(`A pasta ${missing} não existe ou não pode ser usada.`);
    expect(await settings.update({ downloadFolder: 'relative/path' })).toMatchObject({ error: true });
  });

  it('a damaged settings file falls back to the defaults instead of crashing', async () => {
    await writeFile(join(dir.path, SETTINGS_FILE), '{ not json');
    expect((await store().load()).serverUrl).toBe('');
    await writeFile(join(dir.path, SETTINGS_FILE), JSON.stringify({ locale: 'xx' }));
    expect((await store().load()).locale).toBe('pt-BR');
  });
});
