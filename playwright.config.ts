import { defineConfig } from '@playwright/test';
import { launchOptions } from './tests/e2e/harness/browser';

/**
 * End-to-end tests: the built renderer (out/renderer) in Chromium, with the
 * harness in tests/e2e/harness standing in for the preload and wiring the
 * bridge to the real main-process services and a real server. The browser is
 * CHROMIUM_PATH, else Playwright's own when installed, else the system's
 * (tests/e2e/harness/browser.ts), speaking pt-BR like the app. A test that
 * passes only on CI's retry is listed at the end (flaky-reporter.ts).
 */
const isCI = !!process.env.CI;
/**
 * A test's only clock. Every wait inside it (an assertion, an action, a
 * navigation) may use the whole of it: on a busy machine things come late,
 * not never, and a shorter limit of their own turned slowness into red runs.
 */
const TEST_TIMEOUT = 90_000;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two cores: one worker runs the browser, the other the server and main services.
  // BACKOFFICE_E2E_WORKERS=2 tries two side by side (each with its own servers,
  // temporary folders and ports) to measure on a quiet machine whether a test's
  // waits leave a core idle; one stays the default until that is measured.
  workers: Number(process.env.BACKOFFICE_E2E_WORKERS ?? 1),
  fullyParallel: false,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: TEST_TIMEOUT,
  expect: { timeout: TEST_TIMEOUT },
  reporter: [['list'], ['./tests/e2e/harness/flaky-reporter.ts']],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Toasts then come and go without fading (styles.css): a half-faded toast failed axe's contrast rule at random.
    reducedMotion: 'reduce',
    actionTimeout: TEST_TIMEOUT,
    navigationTimeout: TEST_TIMEOUT,
    // Recording a trace costs the browser a screenshot and a DOM snapshot per
    // action: every test recording one (kept on failure only) took a fifth to a
    // quarter longer on two cores. CI retries a failed test once, and records
    // that retry; locally, with no retry, a failed test keeps its trace.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: launchOptions(),
  },
  projects: [{ name: 'chromium' }],
});
