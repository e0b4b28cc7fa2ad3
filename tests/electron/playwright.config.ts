import { defineConfig } from '@playwright/test';

/**
 * Checks that need the real Electron binary (window security settings, the
 * preload bridge). A config of its own so it needs no Chromium and can be run
 * on its own: `npx playwright test -c tests/electron/playwright.config.ts`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: '../../test-results/electron',
});
