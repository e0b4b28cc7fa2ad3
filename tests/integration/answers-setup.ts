/**
 * Global setup of the integration project: the answers every test server
 * sends are recorded (helpers/openapi-answers.ts) and, when the run ends,
 * checked against the OpenAPI document the server serves (the same
 * openApiDocument(); openapi.test.ts checks the served one is it). A mismatch
 * fails the run with the list, printed after the test summary as
 * "error during close … answers do not match the OpenAPI document".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANSWERS_DIR_ENV, answerMismatches, readRecordedAnswers } from '../helpers/openapi-answers';

/** The most mismatches printed: the first ones show the pattern. */
const SHOWN = 60;

let dir: string | null = null;
/** A folder the caller chose (BACKOFFICE_ANSWERS_DIR set before the run) is kept, to look at the answers afterwards. */
let keep = false;

export function setup(): void {
  keep = Boolean(process.env[ANSWERS_DIR_ENV]);
  dir = process.env[ANSWERS_DIR_ENV] || mkdtempSync(join(tmpdir(), 'backoffice-answers-'));
  process.env[ANSWERS_DIR_ENV] = dir;
}

export async function teardown(): Promise<void> {
  if (!dir) return;
  const folder = dir;
  dir = null;
  try {
    const answers = readRecordedAnswers(folder);
    if (answers.length === 0) return;
    const { openApiDocument } = await import('../../src/server/platform/http/openapi');
    const mismatches = answerMismatches(openApiDocument(), answers);
    const operations = new Set(answers.map((a) => a.operation)).size;
    if (mismatches.length > 0) {
      const shown = mismatches.slice(0, SHOWN).map((m) => `  - ${m}`);
      if (mismatches.length > SHOWN) shown.push(`  … and ${mismatches.length - SHOWN} more`);
      throw new Error(`${mismatches.length} answers do not match the OpenAPI document (of ${answers.length} answers, ${operations} operations):\n${shown.join('\n')}`);
    }
    console.log(`OpenAPI document: ${answers.length} answers of ${operations} operations match it`);
  } finally {
    if (!keep) rmSync(folder, { recursive: true, force: true });
  }
}
