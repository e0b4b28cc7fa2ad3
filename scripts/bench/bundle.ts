/**
 * (e) Renderer bundle: what the sign-in route downloads and parses before the
 * first screen (the entry chunk plus every script index.html loads or
 * preloads), in gzip, and the largest chunk loaded later (an area of screens
 * or a library it needs). Target: sign-in under 300 kB gzip.
 *
 * Builds the renderer into a temporary folder with electron-vite, or measures
 * an existing build: BENCH_RENDERER_DIR=out/renderer.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const TARGET_KB = 300;

export interface BundleFigures {
  /** gzip bytes of each script the sign-in route loads */
  signIn: Array<{ file: string; gzip: number }>;
  signInTotal: number;
  /** the largest chunk that is not part of the sign-in route */
  largestLazy: { file: string; gzip: number } | null;
  lazyCount: number;
  /**
   * each area (src/renderer/src/app/areas/<area>.ts): its chunk, and what a
   * first visit downloads after sign-in (the chunk and the chunks it imports
   * that the sign-in route did not load), largest first
   */
  areas: Array<{ file: string; gzip: number; firstVisit: number }>;
}

const AREAS_DIR = resolve(import.meta.dirname, '../../src/renderer/src/app/areas');

/** The areas AppRoutes loads on first visit, by their module names (the chunk names). */
function areaNames(): string[] {
  return readdirSync(AREAS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''));
}

/** A chunk and every chunk it imports statically (what the browser fetches to run it). */
function staticClosure(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(dir, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) staticClosure(dir, `assets/${m[1]}`, seen);
  return seen;
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** Measures a built renderer folder (index.html + assets/). */
export function measureRenderer(dir: string): BundleFigures {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  // <script src> and <link rel="modulepreload" href>: both are fetched and parsed before the app starts.
  const loaded = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) loaded.add(m[1].replace(/^\.\//, ''));
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) loaded.add(m[1].replace(/^\.\//, ''));
  const signIn = [...loaded].map((file) => ({ file, gzip: gzipSize(join(dir, file)) }));
  const lazy = readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.js') && !loaded.has(`assets/${f}`))
    .map((f) => ({ file: `assets/${f}`, gzip: gzipSize(join(dir, 'assets', f)) }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    signIn,
    signInTotal: signIn.reduce((sum, s) => sum + s.gzip, 0),
    largestLazy: lazy[0] ?? null,
    lazyCount: lazy.length,
    areas: lazy
      .filter((c) => areaNames().some((a) => c.file.startsWith(`assets/${a}-`)))
      .map((c) => ({ ...c, firstVisit: [...staticClosure(dir, c.file)].filter((f) => !loaded.has(f)).reduce((sum, f) => sum + gzipSize(join(dir, f)), 0) }))
      .sort((a, b) => b.firstVisit - a.firstVisit),
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export async function rendererBundle(): Promise<void> {
  console.log('\n(e) renderer bundle: JavaScript of the sign-in route and the largest chunk loaded later (gzip -9)');
  let dir = process.env.BENCH_RENDERER_DIR ? resolve(process.env.BENCH_RENDERER_DIR) : '';
  let temp = '';
  if (!dir) {
    temp = mkdtempSync(join(tmpdir(), 'backoffice-bench-renderer-'));
    dir = join(temp, 'renderer');
    const build = spawnSync('npx', ['electron-vite', 'build'], {
      env: { ...process.env, BACKOFFICE_RENDERER_OUT: dir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (build.status !== 0 || !statSync(dir, { throwIfNoEntry: false })) {
      console.log(`    build failed:\n${build.stderr}`);
      return;
    }
  }
  try {
    const f = measureRenderer(dir);
    for (const s of [...f.signIn].sort((a, b) => b.gzip - a.gzip)) console.log(`    ${s.file.padEnd(48)} ${kb(s.gzip)}`);
    console.log(`    sign-in route total                              ${kb(f.signInTotal)}  (target < ${TARGET_KB} kB)`);
    const area = f.areas[0];
    if (area) {
      console.log(`    largest area (of ${f.areas.length}), first visit after sign-in  ${area.file} ${kb(area.firstVisit)} (its own chunk ${kb(area.gzip)})`);
    }
    else console.log('    no area chunks: every screen is in the sign-in route');
    if (f.largestLazy) console.log(`    largest chunk loaded later (of ${f.lazyCount})              ${f.largestLazy.file} ${kb(f.largestLazy.gzip)}`);
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}
