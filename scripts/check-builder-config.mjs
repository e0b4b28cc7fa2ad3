// Packaging cannot run on the build box (electron-builder downloads Electron),
// so this checks electron-builder.yml against electron-builder's own schema
// and a few project rules; a misspelt option fails `npm test` instead of the
// first release build.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const yaml = require('js-yaml');
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js');

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8'));
await validateConfiguration(config, { add() {}, isEnabled: false });

const problems = [];
const fuses = config.electronFuses ?? {};
const expected = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  // The renderer is served from app://, so file:// needs none of its classic privileges.
  grantFileProtocolExtraPrivileges: false,
};
for (const [fuse, value] of Object.entries(expected)) {
  if (fuses[fuse] !== value) problems.push(`electronFuses.${fuse} must be ${value}`);
}
// The desktop entry launches the main process with its V8 flags (src/main/services/v8-flags.ts, the one declaration).
const v8Flags = readFileSync('src/main/services/v8-flags.ts', 'utf8').match(/MAIN_PROCESS_V8_FLAGS: readonly string\[\] = \[([^\]]*)\]/);
const declared = v8Flags ? `--js-flags=${[...v8Flags[1].matchAll(/'([^']+)'/g)].map((m) => m[1]).join(' ')}` : null;
if (!declared || JSON.stringify(config.linux?.executableArgs) !== JSON.stringify([declared])) {
  problems.push(`linux.executableArgs must be [${declared}] (src/main/services/v8-flags.ts)`);
}
if (config.asar !== true) problems.push('asar must be true');
// The Excel export's worker thread is loaded from app.asar beside the main entry (src/main/electron/index.ts): its
// bundle entry must exist under the name the shell loads, inside what `files` packs (Electron reads workers from asar).
const viteConfig = readFileSync('electron.vite.config.ts', 'utf8');
const shell = readFileSync('src/main/electron/index.ts', 'utf8');
if (!/'excel-worker':\s*resolve\(root, 'src\/main\/services\/excel-worker\.ts'\)/.test(viteConfig) || !shell.includes("join(here, 'excel-worker.js')")) {
  problems.push("the main build's 'excel-worker' entry (electron.vite.config.ts) and the shell's join(here, 'excel-worker.js') must agree");
}
if (!(config.files ?? []).includes('out/**')) problems.push('files must include out/** (the main bundle, its server and export worker entries)');
if (!existsSync(config.icon)) problems.push(`icon ${config.icon} is missing`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('electron-builder.yml: valid (schema, fuses, V8 flags, asar, export worker entry, icon)');
