/**
 * A Playwright reporter that keeps what CI's single retry would otherwise
 * hide: every test that failed first and passed on a retry. It prints them at
 * the end of the run and writes them, one per line, to FLAKY_LIST, which
 * scripts/test.sh prints again at the very end of `npm test`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export const FLAKY_LIST = 'test-results/e2e-passed-on-retry.txt';

export function describeTest(test: TestCase, rootDir: string): string {
  const file = relative(rootDir, test.location.file);
  const title = test.titlePath().filter(Boolean).slice(1).join(' › ');
  return `${file}:${test.location.line} › ${title}`;
}

export default class PassedOnRetryReporter implements Reporter {
  private readonly flaky = new Map<string, string>();
  private rootDir = process.cwd();

  onBegin(config: FullConfig): void {
    this.rootDir = config.rootDir;
    rmSync(FLAKY_LIST, { force: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' && result.retry > 0) this.flaky.set(test.id, `${describeTest(test, this.rootDir)} (passed on retry ${result.retry})`);
  }

  onEnd(): void {
    if (this.flaky.size === 0) return;
    const lines = [...this.flaky.values()];
    mkdirSync(dirname(FLAKY_LIST), { recursive: true });
    writeFileSync(FLAKY_LIST, `${lines.join('\n')}\n`, 'utf8');
    console.log(`\n${lines.length} test(s) passed only on retry (flaky):\n${lines.map((l) => `  - ${l}`).join('\n')}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
