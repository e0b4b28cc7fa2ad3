/**
 * The main process as the benches drive it: the real handlers (the path the
 * bridge takes) over a test server, with an in-memory keychain and a
 * temporary folder for dialogs, downloads and the offline cache.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackofficeMain } from '../../src/main/services/backoffice';
import { MemoryKeychain, TempDialogs, TestBackend } from '../../tests/e2e/harness/ports';

export async function benchMain(serverUrl: () => string, tag: string) {
  const folder = await mkdtemp(join(tmpdir(), `backoffice-bench-${tag}-`));
  const keychain = new MemoryKeychain();
  const main = createBackofficeMain({
    keychain,
    dialogs: new TempDialogs(folder),
    backend: new TestBackend(serverUrl),
    paths: { userData: join(folder, 'userData'), downloads: folder },
    appVersion: 'bench',
    platform: process.platform,
  });
  return {
    main,
    keychain,
    /** Starts the main process and signs the super administrator in. */
    async signIn(): Promise<void> {
      await main.start();
      const login = await main.handlers.apiCall('session.login', { email: 'superadmin@demo.local', password: 'Senha123' });
      if (login.error) throw new Error(`sign-in failed: ${login.message}`);
    },
    async dispose(): Promise<void> {
      await main.dispose();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
