import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Path of the Electron binary, or the reason there is none. Found the way the
 * `electron` package does (path.txt under its folder, or
 * ELECTRON_OVERRIDE_DIST_PATH) but without requiring it: since Electron 45,
 * `require('electron')` tries to download a missing binary, which must not
 * happen on a machine installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1.
 */
export function electronBinary(): { path: string } | { missing: string } {
  let folder: string;
  try {
    folder = dirname(require.resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const pathFile = join(folder, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!relative && !override) {
    return { missing: 'the Electron binary is absent (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1: no node_modules/electron/path.txt)' };
  }
  const binary = override ? join(override, relative || 'electron') : join(folder, 'dist', relative);
  return existsSync(binary) ? { path: binary } : { missing: `the Electron binary is absent (${binary} does not exist)` };
}
