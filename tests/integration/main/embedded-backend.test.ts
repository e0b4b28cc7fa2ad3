/**
 * The embedded backend as the app starts it: the server entry in a separate
 * process (here a Node child process; Electron's utility process in the app)
 * with its data in a folder of ours, announcing a loopback URL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { childProcessSpawner, createEmbeddedBackendPort } from '../../../src/main/services/backend';
import { createBackofficeMain } from '../../../src/main/services/backoffice';
import { tempDir } from '../../unit/main/helpers';
import { operation } from '../../../src/shared/contract/index';
import { LAUNCH_SECRET_HEADER } from '../../../src/shared/launch';
import { prepareDataDir } from '../../helpers/server';

const folder = await tempDir('backoffice-embedded-');
/**
 * The child process's test is a first start (initdb, migrations, demo seed): about 30 s of CPU,
 * and several times that in wall time on the shared, busy test machine.
 */
const FIRST_START_TEST_MS = 400_000;
const backend = createEmbeddedBackendPort(
  childProcessSpawner({
    entry: join(process.cwd(), 'src/server/entry.ts'),
    execArgv: ['--import', 'tsx'],
    dataDir: join(folder.path, 'server-data'),
    uploadsDir: join(folder.path, 'server-uploads'),
    // A first start seeds a fresh folder through tsx: on a loaded two-core
    // machine running another test file beside it, that can pass the app's
    // one-minute limit, which this test is not about.
    timeoutMs: 150_000,
  }),
);

afterAll(async () => {
  await backend.stop();
  await folder.remove();
});

describe('embedded backend in a child process', () => {
  it('starts once on loopback, serves the demo accounts, keeps its data in our folder, and stops', async () => {
    const main = createBackofficeMain({
      keychain: null,
      dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => null },
      backend,
      paths: { userData: join(folder.path, 'user-data'), downloads: folder.path },
      appVersion: '0.1.0',
      platform: process.platform,
    });
    await main.start();
    const info = await main.handlers.appInfo();
    expect(info.embedded).toBe(true);
    expect(info.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    // Anyone else on this machine (another program, a page reaching loopback) is refused, the app is not.
    const stranger = await fetch(`${info.serverUrl}${operation('session.login').path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'superadmin@demo.local', password: 'Senha123' }),
    });
    expect(stranger.status).toBe(403);
    const signIn = await main.handlers.apiCall('session.login', { email: 'superadmin@demo.local', password: 'Senha123' });
    expect(signIn.error).toBe(false);
    expect(await main.handlers.sessionCurrent()).toMatchObject({ user: { role_id: 3 }, keychain: 'unavailable' });
    expect(await readdir(join(folder.path, 'server-data'))).not.toHaveLength(0);

    // Same URL and secret on every resolve: one server per app run.
    const first = await backend.resolve(await main.handlers.settingsGet());
    expect(first.url).toBe(info.serverUrl);
    expect((await backend.resolve(await main.handlers.settingsGet())).launchSecret).toBe(first.launchSecret);
    // A configured server is never given the secret.
    expect(await backend.resolve({ ...(await main.handlers.settingsGet()), serverUrl: 'https://backoffice.example.com.br' })).toEqual({
      url: 'https://backoffice.example.com.br',
      embedded: false,
    });
    await backend.stop();
    const after = await main.handlers.apiCall('users.admins', {});
    expect(after).toMatchObject({ error: true, code: 'network', status: null });
    await main.dispose();
  }, FIRST_START_TEST_MS);
});

describe('embedded backend in process (tests and the end-to-end harness)', () => {
  it('starts the reference server in this process and stops it', async () => {
    const { inProcessSpawner } = await import('../../../src/main/services/backend-inprocess');
    // Its subject is the launch secret, not a first start (the child process's test above makes one): a copy of the
    // test helpers' seeded folder saves a second initdb, migration and seed.
    const { dir, dataDir } = await prepareDataDir('demo');
    const port = createEmbeddedBackendPort(inProcessSpawner({ dataDir }));
    try {
      const resolved = await port.resolve({ serverUrl: '' } as never);
      expect(resolved).toMatchObject({ embedded: true });
      expect(resolved.launchSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await fetch(`${resolved.url}${operation('session.logged').path}`)).status).toBe(403);
      const answer = await fetch(`${resolved.url}${operation('session.logged').path}`, {
        headers: { [LAUNCH_SECRET_HEADER]: resolved.launchSecret ?? '' },
      });
      expect(answer.status).toBe(401);
    } finally {
      await port.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, FIRST_START_TEST_MS);
});
