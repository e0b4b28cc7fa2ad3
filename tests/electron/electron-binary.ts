import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Path of the Electron binary, or the reason there is none. The `electron`
 * package's entry throws when its postinstall download was skipped
 * (ELECTRON_SKIP_BINARY_DOWNLOAD=1), which is the case on the build box.
 */
export function electronBinary(): { path: string } | { missing: string } {
  try {
    const path = require('electron') as unknown as string;
    if (typeof path === 'string' && existsSync(path)) return { path };
    return { missing: `the Electron binary is absent (${String(path)} does not exist)` };
  } catch (error) {
    return {
      missing:
        'the Electron binary is absent (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1): ' +
        (error instanceof Error ? error.message.split('\n')[0] : String(error)),
    };
  }
}
