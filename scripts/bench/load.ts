/**
 * (f) Load: CLIENTS concurrent clients (default 50) each calling a paged list
 * (users.admins, pages 1-4 of 10, sorted by name) back to back for SECONDS
 * (default 20) against the server in its own process, on PGlite and on
 * PostgreSQL. Prints requests per second, p50/p95/p99 latency and errors; no
 * assertions. Loopback only: the server listens on 127.0.0.1 and the clients
 * call nothing else.
 *
 * PostgreSQL: BENCH_DATABASE_URL (a server where a database may be created),
 * else a throwaway cluster from scripts/pg-cluster.sh when PostgreSQL is
 * installed, else that half is skipped with a note.
 *
 * Run alone: `npx tsx scripts/bench/load.ts` (BENCH_LOAD_CLIENTS, BENCH_LOAD_SECONDS).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildRequest, operation } from '../../src/shared/contract/index';
import { toQueryString } from '../../src/shared/query';
import { createTestDatabase } from '../../tests/helpers/server';
import { directSignIn } from '../../tests/e2e/harness/direct-api';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);

export interface LoadFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  firstError: string | null;
  /** CPU time the server process spent per request (ms), when measurable: unlike latency, contention does not inflate it. */
  serverCpuMs: number | null;
}

/** User + system CPU time of a process in ms (Linux /proc), or null elsewhere. */
function cpuMsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Starts load-server.ts as a child process; resolves with its URL and a stop function. */
async function startChild(env: Record<string, string>): Promise<{ url: string; pid?: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('scripts/bench/load-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LOAD_SERVER_READY (\S+)/.exec(out);
      if (match) ok(match[1]);
    });
    child.once('exit', (code) => fail(new Error(`load server exited with ${code} before it was ready`)));
  });
  child.removeAllListeners('exit');
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise<void>((ok) => {
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

/** The paged list every client calls, built from the contract (no path written here). */
function listUrl(baseUrl: string, page: number): string {
  const req = buildRequest(operation('users.admins'), { page, limit: 10, sort: { field: 'name', order: 'ASC' } });
  return `${baseUrl}${req.path}${req.query.length ? `?${toQueryString(req.query)}` : ''}`;
}

export async function runLoad(baseUrl: string, clients = CLIENTS, seconds = SECONDS, serverPid?: number): Promise<LoadFigures> {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl)) throw new Error(`load only targets loopback, not ${baseUrl}`);
  const token = await directSignIn(baseUrl, 'superadmin@demo.local', 'Senha123');
  const urls = [1, 2, 3, 4].map((p) => listUrl(baseUrl, p));
  const headers = { authorization: `Bearer ${token}` };
  const once = async (i: number) => {
    const res = await fetch(urls[i % urls.length], { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  };
  // Warm-up: connections, JIT, query plans.
  await Promise.all(Array.from({ length: clients }, (_, i) => once(i).catch(() => undefined)));

  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const cpuBefore = cpuMsOf(serverPid);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; performance.now() < until; i += clients) {
        const t = performance.now();
        try {
          await once(i);
          latencies.push(performance.now() - t);
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuMsOf(serverPid);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    perSecond: (latencies.length + errors) / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    firstError,
    serverCpuMs: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / Math.max(1, latencies.length + errors) : null,
  };
}

function print(label: string, f: LoadFigures): void {
  console.log(
    `    ${label.padEnd(11)} ${f.perSecond.toFixed(0).padStart(5)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   errors ${f.errors}${f.firstError ? ` (first: ${f.firstError})` : ''}   (${f.requests} requests${f.serverCpuMs === null ? '' : `, server CPU ${f.serverCpuMs.toFixed(1)} ms/request`})`,
  );
}

/** A PostgreSQL server to create the bench database on, and how to give it back. */
export async function postgres(): Promise<{ url: string; release(): Promise<void> } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, release: async () => undefined };
  const script = resolve('scripts/pg-cluster.sh');
  try {
    execFileSync('bash', [script, 'bindir'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const dir = join(tmpdir(), `backoffice-bench-pg-${process.pid}-${Date.now()}`);
  const url = execFileSync('bash', [script, 'start', dir], { encoding: 'utf8' }).trim();
  return { url, release: async () => void execFileSync('bash', [script, 'stop', dir], { stdio: 'ignore' }) };
}

export async function loadFigure(): Promise<void> {
  console.log(`\n(f) load: ${CLIENTS} concurrent clients, users.admins pages of 10, ${SECONDS} s each, server in its own process`);

  const folder = await mkdtemp(join(tmpdir(), 'backoffice-bench-f-'));
  try {
    const server = await startChild({ BACKOFFICE_DATA_DIR: join(folder, 'pgdata') });
    try {
      print('PGlite', await runLoad(server.url, CLIENTS, SECONDS, server.pid));
    } finally {
      await server.stop();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  const pg = await postgres();
  if (!pg) {
    console.log('    PostgreSQL  skipped: not installed (apt-get install postgresql) and BENCH_DATABASE_URL not set');
    return;
  }
  try {
    const database = await createTestDatabase(pg.url);
    try {
      const server = await startChild({ DATABASE_URL: database.url });
      try {
        print('PostgreSQL', await runLoad(server.url, CLIENTS, SECONDS, server.pid));
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  } finally {
    await pg.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await loadFigure();
