/**
 * V8 flags our Node processes start with: the Electron main process (passed
 * as `--js-flags` at launch, electron/launch-flags.ts), the embedded server's
 * utility process (backend.ts) and the benches that measure them.
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
 * changes nothing (measured: the new space stays at 134 MB).
 */
export const MAIN_PROCESS_V8_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/** The `--js-flags` switch for a Chromium/Electron command line. */
export function jsFlagsSwitch(flags: readonly string[] = MAIN_PROCESS_V8_FLAGS): string {
  return `--js-flags=${flags.join(' ')}`;
}

/** The flags absent from a `--js-flags` value (the switch's text after `=`; empty or undefined when none was given). */
export function missingV8Flags(jsFlags: string | undefined, flags: readonly string[] = MAIN_PROCESS_V8_FLAGS): string[] {
  const given = new Set((jsFlags ?? '').split(/\s+/).filter(Boolean));
  return flags.filter((flag) => !given.has(flag));
}

/**
 * A launch's arguments (process.argv without the executable) with the flags
 * added to its `--js-flags` (Chromium reads the last `--js-flags`, so an
 * existing one is merged, not repeated).
 */
export function argsWithV8Flags(args: readonly string[], flags: readonly string[] = MAIN_PROCESS_V8_FLAGS): string[] {
  const at = args.findIndex((arg) => arg.startsWith('--js-flags='));
  if (at < 0) return [...args, jsFlagsSwitch(flags)];
  const given = args[at].slice('--js-flags='.length);
  const merged = [given, ...missingV8Flags(given, flags)].filter(Boolean).join(' ');
  return args.map((arg, i) => (i === at ? `--js-flags=${merged}` : arg));
}
