/**
 * Lints the OpenAPI document the server serves (npm run lint:openapi, a step
 * of scripts/test.sh): writes openApiDocument() — what GET /api/openapi.json
 * answers — to a temporary file and runs Redocly's linter on it with
 * redocly.yaml (every warning an error, the rules the spec's own paths break
 * turned off with the reason). Offline: Redocly's telemetry and update
 * notice are turned off, so it never reaches the network.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/server/platform/http/openapi';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'backoffice-openapi-'));
const file = join(dir, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(openApiDocument(), null, 1));
  execFileSync(process.execPath, [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'summary'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
  });
} catch (error) {
  // Redocly has printed its findings; only the exit status is left to pass on.
  process.exitCode = (error as { status?: number }).status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
