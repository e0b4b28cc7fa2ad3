/**
 * V8 flags our Node processes start with: the Electron main process (as
 * `--js-flags` on its command line: the Linux desktop entry carries it,
 * electron-builder.yml's linux.executableArgs, checked against this list by
 * scripts/check-builder-config.mjs), the embedded server's utility process
 * (backend.ts, always) and the benches that measure them.
 *
 * V8 sizes each semi-space of the young generation up to 64 MB on 64-bit
 * builds without pointer compression (Node's and Electron's): under a high
 * allocation rate (an Excel export parsing and writing 100,000 rows) the two
 * semi-spaces and the old space they promote into take the main process's peak
 * to 311–328 MB while the live heap stays at 25–100 MB. Capped at 8 MB the
 * peak is 195–222 MB at the same CPU time (docs/performance.md, (k2)).
 *
 * Only at launch: V8 sizes the young generation when the isolate is created;
 * `v8.setFlagsFromString('--max-semi-space-size=8')` afterwards is accepted and
 * changes nothing (measured: the new space stays at 134 MB). The app does not
 * relaunch itself to get them: app.relaunch from an AppImage starts from the
 * mount its exit removes (electron-builder issues 1727 and 4650), and every
 * start would pay a second Electron start. Where the launcher passes no flag
 * (Windows and macOS shortcuts, an AppImage opened directly) the main process
 * runs with V8's defaults. Excel exports, the allocation this flag was for, no
 * longer depend on it: they are parsed and written in a worker thread whose
 * young generation is capped by resourceLimits (excel-in-worker.ts).
 */
// A plain literal: scripts/check-builder-config.mjs reads it to check the desktop entry's --js-flags.
export const MAIN_PROCESS_V8_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/** The young generation sized at the cap from the start (`--min-` beside `--max-semi-space-size`): see backend.ts. */
export function semiSpaceFromTheStart(flags: readonly string[] = MAIN_PROCESS_V8_FLAGS): string[] {
  return flags.filter((f) => f.startsWith('--max-semi-space-size=')).map((f) => f.replace('--max-', '--min-'));
}

/** The `--js-flags` switch for a Chromium/Electron command line. */
export function jsFlagsSwitch(flags: readonly string[] = MAIN_PROCESS_V8_FLAGS): string {
  return `--js-flags=${flags.join(' ')}`;
}
