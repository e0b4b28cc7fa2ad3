/**
 * The preferences dialog from the login screen and from the header: a wrong
 * server address answers a clear message and nothing changes; the language
 * switches the screens; the download folder and "always ask" are kept by the
 * main process.
 */
import { test, expect, signIn, DEMO, DEMO_PASSWORD } from './harness';
import type { Page } from '@playwright/test';
import { translate } from '../../src/shared/i18n';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

/** The open preferences dialog (Blueprint's Dialog takes a class, not a test id). */
const dialog = (page: Page) => page.locator('.preferences-dialog');

test('from the login screen: a wrong address is refused clearly and nothing else changes', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  const before = await harness.main.handlers.settingsGet();
  await page.getByTestId('login-preferences').click();
  await expect(page.getByTestId('preferences-form')).toBeVisible();
  await expect(page.getByTestId('preferences-server-url')).toHaveValue('');

  // Nothing listens there; the language change made in the same dialog must not go through either.
  const nowhere = 'http://127.0.0.1:9';
  await page.getByTestId('preferences-server-url').fill(nowhere);
  await page.getByTestId('preferences-locale').selectOption('en');
  await page.getByTestId('preferences-save').click();
  await expect(page.getByTestId('preferences-error')).toHaveText(translate('pt-BR', 'errors.serverUnreachable', { url: nowhere }));
  await expect(dialog(page)).toBeVisible();
  expect(await harness.main.handlers.settingsGet()).toEqual(before);

  // An address that answers but is not our API (the page's own static server).
  const notApi = new URL(page.url()).origin;
  await page.getByTestId('preferences-server-url').fill(notApi);
  await page.getByTestId('preferences-save').click();
  await expect(page.getByTestId('preferences-error')).toHaveText(translate('pt-BR', 'errors.serverNotApi', { url: notApi }));
  expect(await harness.main.handlers.settingsGet()).toEqual(before);

  await page.getByTestId('preferences-cancel').click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: translate('pt-BR', 'auth.login.title') })).toBeVisible();
  expect((await harness.main.handlers.appInfo()).embedded).toBe(true);
  // The embedded server still answers: signing in works.
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
});

test('switching the language from the login screen applies it and keeps it', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await page.getByTestId('login-preferences').click();
  await page.getByTestId('preferences-locale').selectOption('en');
  await page.getByTestId('preferences-save').click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: translate('en', 'auth.login.title') })).toBeVisible();
  expect((await harness.main.handlers.settingsGet()).locale).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: translate('en', 'auth.login.title') })).toBeVisible();
  await expect(page.getByTestId('login-preferences')).toHaveText(translate('en', 'preferences.open'));
});

test('from the header: the download folder and "always ask where to save" are saved, the session stays', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  const before = await harness.main.handlers.settingsGet();
  expect(before.askWhereToSave).toBe(true);

  await page.getByTestId('header-preferences').click();
  await expect(page.getByTestId('preferences-download-folder')).toHaveValue('');
  await page.getByTestId('preferences-choose-folder').click();
  await expect(page.getByTestId('preferences-download-folder')).toHaveValue(harness.paths.downloads);
  await dialog(page).getByText(translate('pt-BR', 'preferences.askWhereToSave')).click();
  await page.getByTestId('preferences-save').click();
  await expect(dialog(page)).toHaveCount(0);

  const after = await harness.main.handlers.settingsGet();
  expect(after).toEqual({ ...before, downloadFolder: harness.paths.downloads, askWhereToSave: false });
  await expect(page.getByTestId('header-user')).toContainText(DEMO.admin.name);

  // Reopened, the dialog shows what was saved.
  await page.getByTestId('header-preferences').click();
  await expect(page.getByTestId('preferences-download-folder')).toHaveValue(harness.paths.downloads);
  await expect(page.getByTestId('preferences-ask-where')).not.toBeChecked();
});
