/**
 * Offline-tolerant viewing: the users list (two pages) and a user opened from
 * it stay viewable with the "Sem conexão" banner when the server stops; a
 * write fails with the clear message and keeps the form; when the server
 * comes back the list refreshes by itself. The cache folder never holds
 * personal data in plain text.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signInAs, visibleUserIds, DEMO } from './harness';
import { CACHE_FOLDER } from '../../src/main/services/cache';
import { translate } from '../../src/shared/i18n';

const BANNER = /^Sem conexão — exibindo dados de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/**
 * DD/MM/YYYY HH:mm of every minute from `from` to `to` as the browser shows
 * it: in the page's time zone (the project's timezoneId), not the test
 * process's, so the expectation holds at any hour and under any TZ.
 */
function minutesShown(from: Date, to: Date, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const out: string[] = [];
  for (let t = Math.floor(from.getTime() / 60_000) * 60_000; t <= to.getTime(); t += 60_000) {
    const part = Object.fromEntries(format.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
    out.push(`${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`);
  }
  return out;
}

async function rows(page: Page): Promise<number[]> {
  await expect.poll(() => visibleUserIds(page)).not.toEqual([]);
  return visibleUserIds(page);
}

async function filesIn(folder: string): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) out.push(await readFile(join(entry.parentPath, entry.name)));
  }
  return out;
}

test('cached lists and details stay viewable offline, writes keep the form, and the list refreshes when the server is back', async ({
  page,
  harness,
  server,
}) => {
  const timeZone = test.info().project.use.timezoneId;
  expect(timeZone, 'playwright.config.ts sets the browser time zone').toBeTruthy();
  const startedAt = new Date();
  // Online: page 1, page 2, then one user opened from the list.
  await signInAs(page, harness, DEMO.admin.email, '/app/users');
  const page1 = await rows(page);
  await page.getByTestId('pagination-next').click();
  await expect(page.getByTestId('pagination-info')).toContainText('Página 2');
  await expect.poll(() => visibleUserIds(page)).not.toEqual(page1);
  const page2 = await rows(page);
  const opened = page2[0];
  await page.getByTestId(`users-row-${opened}`).first().click();
  await expect(page).toHaveURL(new RegExp(`#/app/users/${opened}$`));
  const originalName = await page.getByTestId('user-form-name').inputValue();
  expect(originalName).not.toBe('');
  await expect(page.getByTestId('users-table-stale')).toHaveCount(0);

  // The server goes away.
  await server.stop();

  // A reload of the list (page 2, from the URL) shows the cached page with the banner.
  await harness.goto('/app/users?page=2');
  await page.reload();
  await expect(page.getByTestId('users-table-stale')).toHaveText(BANNER);
  expect(await rows(page)).toEqual(page2);
  // Paging among cached pages works.
  await page.getByTestId('pagination-prev').click();
  await expect(page.getByTestId('pagination-info')).toContainText('Página 1');
  await expect.poll(() => visibleUserIds(page)).toEqual(page1);
  await expect(page.getByTestId('users-table-stale')).toHaveText(BANNER);
  // A page never seen says clearly that the server cannot be reached.
  await harness.goto('/app/users?page=3');
  await expect(page.getByTestId('users-table-error')).toContainText(translate('pt-BR', 'errors.network'));

  // The detail opened earlier shows from the cache too.
  await harness.goto(`/app/users/${opened}`);
  await page.reload();
  await expect(page.getByTestId('user-form-stale')).toHaveText(BANNER);
  await expect(page.getByTestId('user-form-name')).toHaveValue(originalName);

  // A write needs the connection: clear message, and what was typed stays.
  const typed = `${originalName} Editado Offline`;
  await page.getByTestId('user-form-name').fill(typed);
  await page.getByTestId('user-form-save').click();
  await expect(page.getByTestId('form-error')).toHaveText(translate('pt-BR', 'errors.network'));
  await expect(page).toHaveURL(new RegExp(`#/app/users/${opened}$`));
  await expect(page.getByTestId('user-form-name')).toHaveValue(typed);

  // Back to the list (cached), then the server returns over the same data: the list refreshes by itself.
  await page.getByRole('button', { name: translate('pt-BR', 'common.back') }).click();
  // The unsaved edit is only given up after the form asks.
  await page.getByRole('button', { name: translate('pt-BR', 'form.unsaved.leave') }).click();
  await expect(page.getByTestId('users-table-stale')).toHaveText(BANNER);
  // The banner dates the cached answer: a minute of this test, in the browser's time zone.
  const staleText = (await page.getByTestId('users-table-stale').textContent()) ?? '';
  const shown = staleText.replace('Sem conexão — exibindo dados de ', '');
  expect(minutesShown(startedAt, new Date(), timeZone ?? '')).toContain(shown);
  await server.restart();
  await expect(page.getByTestId('users-table-stale')).toHaveCount(0);
  expect(harness.connectivityEvents.map((e) => e.online)).toEqual([false, true]);
  expect(await rows(page)).toEqual(page1);

  // Online again: page 2 and the user opened from it come from the server.
  await page.getByTestId('pagination-next').click();
  await expect.poll(() => visibleUserIds(page)).toEqual(page2);
  await expect(page.getByTestId('users-table-stale')).toHaveCount(0);
  await page.getByTestId(`users-row-${opened}`).first().click();
  await expect(page.getByTestId('user-form-name')).toHaveValue(originalName);
  await expect(page.getByTestId('user-form-stale')).toHaveCount(0);
});

test('no personal data is readable anywhere in the cache folder after browsing lists', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.superadmin.email, '/app/users');
  const ids = await rows(page);
  await page.getByTestId('pagination-next').click();
  await expect(page.getByTestId('pagination-info')).toContainText('Página 2');
  await harness.goto(`/app/users/${ids[0]}`);
  await expect(page.getByTestId('user-form-name')).not.toHaveValue('');

  // Borrowers (with CPF and phone) through the bridge, as their list screen does.
  const borrowers = await page.evaluate(() =>
    window.backoffice.api.call('users.entrepreneurs', { page: 1, limit: 10 }),
  );
  expect(borrowers.error).toBe(false);
  const people = borrowers.error ? [] : borrowers.data.items;
  const withCpf = people.find((p) => typeof p.cpf === 'string' && p.cpf !== '');
  expect(withCpf, 'the demo seed has borrowers with a CPF').toBeDefined();

  const folder = join(harness.paths.userData, CACHE_FOLDER);
  const files = await filesIn(folder);
  expect(files.length, 'the lists were cached on disk').toBeGreaterThanOrEqual(4);
  const cpf = withCpf?.cpf ?? '';
  const secrets = [
    DEMO.superadmin.email,
    DEMO.admin.email,
    DEMO.admin.name,
    DEMO.usuario.email,
    cpf,
    cpf.replace(/\D/g, ''),
    withCpf?.email ?? '',
    withCpf?.name ?? '',
  ].filter((s) => s !== '');
  const everything = [...files, ...(await filesIn(harness.paths.userData))];
  for (const secret of secrets) {
    for (const bytes of everything) {
      expect(bytes.includes(Buffer.from(secret, 'utf8')), `"${secret}" readable in the cache`).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'utf16le')), `"${secret}" readable in the cache`).toBe(false);
    }
  }

  // Sign-out empties it.
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/#\/auth\/login/);
  await expect.poll(async () => (await filesIn(folder)).length).toBe(0);
});
