/**
 * The main process (createBackofficeMain) against the real reference server:
 * what the renderer gets through the bridge, end to end below the UI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { createBackofficeMain, type BackofficeMain } from '../../../src/main/services/backoffice';
import { createEmbeddedBackendPort } from '../../../src/main/services/backend';
import { createHttpClient } from '../../../src/main/services/http';
import { KEYCHAIN_ACCOUNT, KEYCHAIN_SERVICE } from '../../../src/main/services/session';
import { operation, type AdminUser, type PageMeta } from '../../../src/shared/contract';
import type { FileProgress, SessionChange } from '../../../src/shared/bridge';
import { startTestServer, type TestServer } from '../../helpers/server';
import { filesUnder, memoryKeychain, tempDir } from '../../unit/main/helpers';

const ADMIN = { email: 'admin@demo.local', password: 'Senha123' };
const KEY = `${KEYCHAIN_SERVICE}/${KEYCHAIN_ACCOUNT}`;

let server: TestServer;
let userData: { path: string; remove(): Promise<void> };
let downloads: { path: string; remove(): Promise<void> };
let keychain: ReturnType<typeof memoryKeychain>;
let main: BackofficeMain;
const changes: SessionChange[] = [];
const progress: FileProgress[] = [];

function newMain(): BackofficeMain {
  return createBackofficeMain({
    keychain,
    dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => null },
    // Settings say "embedded"; the embedded server of this suite is the test server.
    backend: createEmbeddedBackendPort({ start: async () => ({ url: server.url, stop: async () => undefined }) }),
    paths: { userData: userData.path, downloads: downloads.path },
    appVersion: '0.1.0',
    platform: process.platform,
  });
}

function storedToken(): string {
  return (JSON.parse(keychain.items.get(KEY)!) as { token: string }).token;
}

type Page = { items: AdminUser[]; meta: PageMeta };

async function admins(args: unknown): Promise<Page> {
  const result = await main.handlers.apiCall('users.admins', args);
  if (result.error) throw new Error(`users.admins failed: ${result.message}`);
  return result.data as Page;
}

beforeAll(async () => {
  server = await startTestServer();
  userData = await tempDir('backoffice-userdata-');
  downloads = await tempDir('backoffice-downloads-');
  keychain = memoryKeychain();
  main = newMain();
  main.onSessionChange((c) => changes.push(c));
  main.onFileProgress((p) => progress.push(p));
  await main.start();
});

afterAll(async () => {
  await main?.dispose();
  await server?.close();
  await userData?.remove();
  await downloads?.remove();
});

describe('main process against the reference server', () => {
  it('reports the embedded backend', async () => {
    expect(await main.handlers.appInfo()).toMatchObject({ embedded: true, serverUrl: server.url, version: '0.1.0' });
    expect(await main.handlers.sessionCurrent()).toEqual({ user: null, forcePasswordChange: false, keychain: 'available' });
  });

  it('a wrong password is a clear Portuguese failure', async () => {
    const result = await main.handlers.apiCall('session.login', { ...ADMIN, password: 'Errada999' });
    expect(result).toMatchObject({ error: true, status: 401 });
    expect(result.error && result.message).toMatch(/senha|e-mail/i);
    expect((await main.handlers.sessionCurrent()).user).toBeNull();
  });

  it('signs in as admin: user in the state, token only in the keychain', async () => {
    const result = await main.handlers.apiCall('session.login', ADMIN);
    expect(result.error).toBe(false);
    const token = storedToken();
    expect(token.length).toBeGreaterThan(10);
    expect(JSON.stringify(result)).not.toContain(token);
    expect(result.data).not.toHaveProperty('token');
    const state = await main.handlers.sessionCurrent();
    expect(state).toMatchObject({ user: { email: 'admin@demo.local', role_id: 1, name: 'Arthur Admin' }, forcePasswordChange: false });
    expect(changes.at(-1)?.reason).toBe('signed-in');
    expect(JSON.stringify(changes)).not.toContain(token);
  });

  it('lists staff users with paging', async () => {
    const first = await admins({ page: 1, limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.meta).toMatchObject({ currentPage: 1, pageSize: 10 });
    expect(first.meta.totalItems).toBeGreaterThanOrEqual(31);
    expect(first.meta.totalPages).toBe(Math.ceil(first.meta.totalItems / 10));
    const second = await admins({ page: 2, limit: 10 });
    expect(second.meta.currentPage).toBe(2);
    const firstIds = new Set(first.items.map((u) => u.id));
    expect(second.items.some((u) => firstIds.has(u.id))).toBe(false);
    // Staff list: never the USER role.
    expect([...first.items, ...second.items].every((u) => u.role_id !== 2)).toBe(true);
  });

  it('filters and sorts on the server', async () => {
    const byName = await admins({ filter: { name: 'Olga' } });
    expect(byName.items.map((u) => u.email)).toContain('operador@demo.local');
    expect(byName.items.every((u) => u.name.toLowerCase().includes('olga'))).toBe(true);

    const operators = await admins({ limit: 100, filter: { role_id: [5] } });
    expect(operators.items.length).toBeGreaterThan(0);
    expect(operators.items.every((u) => u.role_id === 5)).toBe(true);

    const desc = await admins({ limit: 100, sort: { field: 'id', order: 'descend' } });
    const ids = desc.items.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const asc = await admins({ limit: 100, sort: { field: 'id', order: 'ascend' } });
    expect(asc.items[0].id).toBe(Math.min(...ids));
  });

  it('malformed arguments never reach the server', async () => {
    expect(await main.handlers.apiCall('users.admins', { page: -3 })).toMatchObject({ code: 'invalid-args', field: 'page' });
    expect(await main.handlers.apiCall('session.auth', { token: 'x' })).toMatchObject({ code: 'unknown-operation' });
  });

  it('exports the staff list to an Excel file on disk with the right row count', async () => {
    const saved = await main.handlers.settingsUpdate({ askWhereToSave: false, downloadFolder: downloads.path });
    expect(saved.error).toBe(false);
    const total = (await admins({ limit: 1 })).meta.totalItems;

    const result = await main.handlers.filesExportExcel('users.export', {}, { jobId: 'export-1' });
    expect(result.error).toBe(false);
    if (result.error || !result.data) throw new Error('no file');
    expect(result.data.rows).toBe(total);
    expect(result.data.path.startsWith(downloads.path)).toBe(true);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(result.data.path);
    expect(book.getWorksheet('Informações')!.getCell('B1').value).toBe(total);
    const data = book.getWorksheet('Dados')!;
    expect(data.getRow(1).values).toEqual([undefined, 'ID', 'Nome', 'E-mail', 'Perfil', 'Ativo', 'Criado em']);
    expect(data.actualRowCount).toBe(total + 1);
    const emails: string[] = [];
    data.eachRow((row, n) => n > 1 && emails.push(String(row.getCell(3).value)));
    expect(emails).toContain('admin@demo.local');
    expect(await readdir(downloads.path)).toEqual(['list_exported.xlsx']);
    expect(progress.filter((p) => p.jobId === 'export-1').at(-1)).toMatchObject({ phase: 'done', written: total });

    // The export honours the list filters.
    const filtered = await main.handlers.filesExportExcel('users.export', { filter: { role_id: [5] } }, { fileName: 'operadores' });
    const operators = (await admins({ limit: 100, filter: { role_id: [5] } })).meta.totalItems;
    expect(filtered.data?.rows).toBe(operators);
  });

  it('a 401 (token revoked elsewhere) ends the session and tells the renderer', async () => {
    const token = storedToken();
    // Revoke this session's token directly on the server.
    const http = createHttpClient();
    const revoked = await http.request(operation('session.logout'), {}, { baseUrl: server.url, token, locale: 'pt-BR' });
    expect(revoked.error).toBe(false);

    const result = await main.handlers.apiCall('users.admins', {});
    expect(result).toMatchObject({ error: true, status: 401, code: 'unauthorized' });
    expect(changes.at(-1)).toMatchObject({ reason: 'expired', state: { user: null } });
    expect(await main.handlers.sessionCurrent()).toMatchObject({ user: null });
    expect(keychain.items.has(KEY)).toBe(false);
  });

  it('a stored session survives a restart of the app', async () => {
    await main.handlers.apiCall('session.login', ADMIN);
    const restarted = newMain();
    await restarted.start();
    expect((await restarted.handlers.sessionCurrent()).user?.email).toBe('admin@demo.local');
    expect((await restarted.handlers.apiCall('users.admins', {})).error).toBe(false);
    await restarted.dispose();
  });

  it('signing out revokes the token on the server', async () => {
    const token = storedToken();
    const result = await main.handlers.apiCall('session.logout', {});
    expect(result.error).toBe(false);
    expect(changes.at(-1)?.reason).toBe('signed-out');
    expect(keychain.items.has(KEY)).toBe(false);

    const http = createHttpClient();
    const later = await http.request(operation('users.admins'), {}, { baseUrl: server.url, token, locale: 'pt-BR' });
    expect(later).toMatchObject({ error: true, status: 401 });
    expect(await main.handlers.apiCall('users.admins', {})).toMatchObject({ error: true, code: 'unauthorized' });
  });

  it('no token was ever written to the app folders', async () => {
    const written = [...(await filesUnder(userData.path)), ...(await filesUnder(downloads.path))];
    expect(written.length).toBeGreaterThan(0);
    for (const file of written) expect(file.content).not.toMatch(/"token"|Bearer/);
  });
});
