/**
 * (c) The embedded backend as the app runs it: the server entry as its own
 * process on a data folder, seeded with the demo data. Prints the first start
 * on an empty folder (PGlite's initdb, migrations, demo seed), restarts on the
 * same folder, resident memory once it has answered a sign-in and again after
 * a few idle seconds, and the peak (VmHWM). Then, in one process, where the
 * time and the memory of a first start go (open, migrate, seed).
 *
 * A first start is ready (sign-in works) before the demo records are in: they
 * are written in the background, and the line below it says when they were
 * complete; the memory readings are taken after that.
 *
 * Each figure twice: with the V8 flags the app starts the backend with
 * (EMBEDDED_BACKEND_V8_FLAGS: --liftoff-only, V8's optimizing compiler kept off
 * PGlite's WebAssembly), and without them: in the first seconds V8 would
 * recompile PostgreSQL's hottest functions (the parser, the executor) with
 * TurboFan, which is where a peak near 1 GB comes from.
 *
 * Entry: BENCH_SERVER_ENTRY, else out/main/server.js when built, else
 * src/server/entry.ts via tsx (whose loader alone holds about 200 MB more).
 * Run alone: `npx tsx scripts/bench/backend.ts` (BENCH_RESTARTS; BENCH_C_APP_ONLY=1 for the app's flags alone).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EMBEDDED_BACKEND_V8_FLAGS } from '../../src/main/services/backend';
import { DATA_TEMPLATE_ENV, DATA_TEMPLATE_FILE } from '../../src/server/db/connect';
import { directCall } from '../../tests/e2e/harness/direct-api';

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
/** Idle time before the second memory reading: V8 frees WebAssembly compilation memory after the start. */
const SETTLE_MS = 5_000;

interface StartFigure {
  ms: number;
  /** CPU time the process used until it was ready: unlike the wall time, barely moved by other work on the machine. */
  cpuS: number | null;
  rssMB: number | null;
  settledMB: number | null;
  peakMB: number | null;
  /**
   * A first start announces itself ready once sign-in works and writes the
   * rest of the demo records in the background: when that was complete, and
   * the CPU used by then; null when there was nothing to seed.
   */
  seeded: { ms: number; cpuS: number | null } | null;
}

function entryArgs(): { args: string[]; label: string } {
  const chosen = process.env.BENCH_SERVER_ENTRY;
  if (chosen) return { args: [resolve(chosen)], label: chosen };
  const built = resolve('out/main/server.js');
  if (existsSync(built)) return { args: [built], label: 'out/main/server.js (built)' };
  return { args: ['--import', 'tsx', resolve('src/server/entry.ts')], label: 'src/server/entry.ts via tsx (run `npm run build` for the built figure)' };
}

/** VmRSS and VmHWM (peak) of a process in MB; nulls where /proc is not there. */
function memoryOf(pid: number | undefined): { rss: number | null; peak: number | null } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (key: string) => {
      const kb = Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]);
      return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
    };
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return { rss: null, peak: null };
  }
}

/** User + system CPU seconds a process has used so far; null where /proc is not there. */
function cpuOf(pid: number | undefined): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Starts the server entry as its own process (as the app's utility process does) and measures it. */
async function startBackend(dataDir: string, v8Flags: string[], env: NodeJS.ProcessEnv = {}): Promise<StartFigure> {
  const started = performance.now();
  const child = spawn(process.execPath, [...v8Flags, ...entryArgs().args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BACKOFFICE_DATA_DIR: dataDir, BACKOFFICE_PORT: '0', BACKOFFICE_SEED: 'demo', ...env },
  });
  let out = '';
  const seededAt: { at: { ms: number; cpuS: number | null } | null } = { at: null };
  const seeded = new Promise<void>((ok, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!seededAt.at && out.includes('BACKOFFICE_SERVER_SEEDED')) {
        seededAt.at = { ms: performance.now() - started, cpuS: cpuOf(child.pid) };
        ok();
      }
    });
    child.on('exit', (code) => fail(new Error(`server exited with ${code} before its seed was complete`)));
  });
  seeded.catch(() => undefined);
  const url = await new Promise<string>((ok, fail) => {
    child.stdout.on('data', () => {
      const match = /BACKOFFICE_SERVER_READY (\S+)/.exec(out);
      if (match) ok(match[1]);
    });
    child.on('exit', (code) => fail(new Error(`server exited with ${code} before it was ready`)));
  });
  const ms = performance.now() - started;
  const cpuS = cpuOf(child.pid);
  // One real request so the figure is for a server that has answered something (on a first start, while it seeds).
  await directCall(url, 'session.login', { email: 'admin@demo.local', password: 'Senha123' });
  await seeded;
  // A start with nothing to seed says so right after ready: only a seed that took a while is reported.
  const seededFigure = seededAt.at;
  const answered = memoryOf(child.pid);
  await new Promise((ok) => setTimeout(ok, SETTLE_MS));
  const settled = memoryOf(child.pid);
  child.removeAllListeners('exit');
  await new Promise<void>((ok) => {
    // As the app does (backend.ts, stopChild): a server that has not exited 5 s after SIGTERM is killed, and said so,
    // instead of the bench waiting for ever (seen once at stop 27, not reproduced).
    const kill = setTimeout(() => {
      console.log(`      (the server had not exited 5 s after SIGTERM: killed; pid ${child.pid})`);
      child.kill('SIGKILL');
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      ok();
    });
    child.kill('SIGTERM');
  });
  const backgroundSeed = seededFigure && seededFigure.ms - ms > 1_000 ? seededFigure : null;
  return { ms, cpuS, rssMB: answered.rss, settledMB: settled.rss, peakMB: settled.peak, seeded: backgroundSeed };
}

const mb = (v: number | null) => (v === null ? '  n/a' : `${String(v).padStart(4)} MB`);

function line(label: string, f: StartFigure): void {
  const cpu = f.cpuS === null ? '' : ` (CPU ${f.cpuS.toFixed(2)} s)`;
  console.log(`      ${label.padEnd(50)} ${(f.ms / 1000).toFixed(2).padStart(6)} s${cpu}   RSS ${mb(f.rssMB)}, ${mb(f.settledMB)} after ${SETTLE_MS / 1000} s   peak ${mb(f.peakMB)}`);
  if (f.seeded) {
    const seedCpu = f.seeded.cpuS === null ? '' : ` (CPU ${f.seeded.cpuS.toFixed(2)} s)`;
    console.log(`      ${'  ready above; demo records complete in the background'.padEnd(50)} ${(f.seeded.ms / 1000).toFixed(2).padStart(6)} s${seedCpu}`);
  }
}

/** The phases of a first start in one process (phases.ts), each with its time and memory. */
function phases(dataDir: string, v8Flags: string[]): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [...v8Flags, '--import', 'tsx', resolve('scripts/bench/backend-phases.ts'), dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok(out.trimEnd()) : fail(new Error(`backend-phases exited with ${code}`))));
  });
}

const MODES: Array<[label: string, v8Flags: string[]]> = [
  [`as the app starts it (${EMBEDDED_BACKEND_V8_FLAGS.join(' ')})`, [...EMBEDDED_BACKEND_V8_FLAGS]],
  ['without those flags (TurboFan on, for comparison)', []],
];
/** BENCH_C_APP_ONLY=1: only the flags the app uses (the comparison doubles the run). */
const modes = () => (process.env.BENCH_C_APP_ONLY ? MODES.slice(0, 1) : MODES);
/** The built entry fills an empty folder from the template next to it; a path that is not there turns that off. */
const NO_TEMPLATE = { [DATA_TEMPLATE_ENV]: '/nonexistent/no-template' };

export async function embeddedBackend(): Promise<void> {
  console.log('\n(c) embedded backend (server entry as a child process, demo seed; aims: first start < 3 s, restart < 0.5 s, RSS < 250 MB, peak < 400 MB)');
  console.log(`    entry: ${entryArgs().label}`);
  const template = join(dirname(entryArgs().args.at(-1) ?? ''), DATA_TEMPLATE_FILE);
  console.log(`    data folder template: ${existsSync(template) ? template : 'none (run `npm run build`)'}`);
  for (const [mode, flags] of modes()) {
    const folder = await mkdtemp(join(tmpdir(), 'backoffice-bench-c-'));
    try {
      console.log(`    ${mode}:`);
      const dataDir = join(folder, 'pgdata');
      if (existsSync(template)) line('first start, empty folder, no template (initdb)', await startBackend(join(folder, 'initdb'), flags, NO_TEMPLATE));
      line(`first start, empty data folder${existsSync(template) ? ' (from the template)' : ''}`, await startBackend(dataDir, flags));
      const again: StartFigure[] = [];
      for (let i = 0; i < RESTARTS; i++) again.push(await startBackend(dataDir, flags));
      again.sort((a, b) => a.ms - b.ms);
      line(`restart on the same folder (median of ${RESTARTS})`, again[Math.floor(again.length / 2)]);
      console.log(`      data folder with its uploads: ${folderMB(folder)} MB; one first start in one process (via tsx), phase by phase:`);
      console.log((await phases(join(folder, 'phases'), flags)).replace(/^/gm, '        '));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

function folderMB(folder: string): string {
  // du is on every machine this bench runs on; without it only this figure is missing.
  try {
    return String(Math.round(Number(execFileSync('du', ['-sk', folder], { encoding: 'utf8' }).split('\t')[0]) / 1024));
  } catch {
    return 'n/a';
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await embeddedBackend();
