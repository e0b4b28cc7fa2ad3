/**
 * The main process's V8 flags (services/v8-flags.ts) take effect only when
 * Electron is launched with them: Electron hands `--js-flags` to V8 before the
 * main script runs, and V8 sizes the young generation when it creates the
 * isolate (`app.commandLine.appendSwitch('js-flags', …)` reaches only the
 * processes started later, and `v8.setFlagsFromString` changes nothing there).
 * A packaged app launched without them (a shortcut, a file manager) starts
 * itself once more with them and quits before doing anything else; a marker in
 * the environment makes that happen at most once, so a platform that drops
 * the switch runs with V8's defaults instead of relaunching forever.
 */
import { app } from 'electron';
import { argsWithV8Flags, missingV8Flags } from '../services/v8-flags';

const RELAUNCHED_ENV = 'BACKOFFICE_V8_RELAUNCHED';

/** True when this process is being replaced by one launched with the flags: do nothing more. */
export function relaunchForV8Flags(): boolean {
  // Unpackaged runs (electron-vite dev and preview, Playwright) are watched by the tool that launched them: a
  // relaunched process would escape it. They run as launched (Playwright's launch passes the flags itself).
  if (!app.isPackaged) return false;
  const given = app.commandLine.hasSwitch('js-flags') ? app.commandLine.getSwitchValue('js-flags') : undefined;
  if (missingV8Flags(given).length === 0 || process.env[RELAUNCHED_ENV]) return false;
  process.env[RELAUNCHED_ENV] = '1';
  // process.argv[0] is the executable; a packaged app has no script argument before its own switches.
  app.relaunch({ args: argsWithV8Flags(process.argv.slice(1)) });
  app.exit(0);
  return true;
}
