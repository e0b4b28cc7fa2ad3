/**
 * The offline-cache figure: the same page answered from the main process's
 * offline cache with the server stopped (a refused connection, then reading
 * and decrypting the sealed entry), through the handlers the bridge calls.
 *
 * For the logs bench (scripts/bench/logs.ts, OFFLINE_CACHE_FIGURE):
 *   const cached = await offlineCacheFigure(main, () => server.stop(), 'logs.all', args, timeRuns);
 * The page must have been answered once online (it then sits in the cache).
 *
 * Run alone (`npx tsx scripts/bench/cache.ts`): a users page from the server
 * and from the cache.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestServer } from '../../tests/helpers/server';
import { createBackofficeMain, type BackofficeMain } from '../../src/main/services/backoffice';
import { MemoryKeychain, TempDialogs, TestBackend } from '../../tests/e2e/harness/ports';

type Timer = (work: () => Promise<void>) => Promise<{ median: number; p95: number }>;

/** Stops the server, then times `name(args)` answered from the offline cache; fails loudly if it is not. */
export async function offlineCacheFigure(
  main: BackofficeMain,
  stopServer: () => Promise<void>,
  name: string,
  args: unknown,
  time: Timer,
): Promise<{ median: number; p95: number }> {
  const online = await main.handlers.apiCall(name, args);
  if (online.error) throw new Error(`${name} failed online: ${online.message}`);
  await stopServer();
  return time(async () => {
    const answer = await main.handlers.apiCall(name, args);
    if (answer.error || answer.stale !== true) throw new Error(`${name} was not answered from the offline cache`);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function time(work: () => Promise<void>, runs = Number(process.env.BENCH_RUNS ?? 200)) {
  for (let i = 0; i < 10; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

export async function usersPageFromCache(): Promise<void> {
  console.log('\n(e) users page of 10, sorted by name: from the server and from the offline cache (server stopped)');
  const server = await startTestServer({ seed: 'demo' });
  const folder = await mkdtemp(join(tmpdir(), 'backoffice-bench-e-'));
  const main = createBackofficeMain({
    keychain: new MemoryKeychain(),
    dialogs: new TempDialogs(folder),
    backend: new TestBackend(() => server.url),
    paths: { userData: join(folder, 'userData'), downloads: folder },
    appVersion: 'bench',
    platform: process.platform,
  });
  try {
    await main.start();
    const login = await main.handlers.apiCall('session.login', { email: 'superadmin@demo.local', password: 'Senha123' });
    if (login.error) throw new Error(`sign-in failed: ${login.message}`);
    const args = { page: 2, limit: 10, sort: { field: 'name', order: 'ASC' } };
    const fromServer = await time(async () => {
      const answer = await main.handlers.apiCall('users.admins', args);
      if (answer.error) throw new Error(answer.message);
    });
    const fromCache = await offlineCacheFigure(main, () => server.stop(), 'users.admins', args, time);
    const line = (label: string, f: { median: number; p95: number }) =>
      console.log(`    ${label.padEnd(28)} median ${f.median.toFixed(2).padStart(7)} ms   p95 ${f.p95.toFixed(2).padStart(7)} ms`);
    line('from the server', fromServer);
    line('from the offline cache', fromCache);
    console.log(`    (cache on disk, AES-256-GCM; ${await main.cache.mode()} mode)`);
  } finally {
    await main.dispose();
    await server.close();
    await rm(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await usersPageFromCache();
