/**
 * The list kit on the users and logs screens against the real server:
 * sorting from the column header (order, aria-sort and URL), 25 rows per page
 * kept in the URL, an impossible page corrected to the last one, the
 * "1–10 de N" range, a period whose start is after its end refused with a
 * message, the users list at 1280×800 fitting the window, and no serious or
 * critical axe violation in any kit list (filters, table, pager).
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, axeBuilder, directCall, directSignIn, visibleUserIds, DEMO, DEMO_PASSWORD, type Harness } from './harness';
import type { ListQueryInput } from '../../src/shared/query';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

interface UsersPage {
  items: Array<{ id: number }>;
  meta: { currentPage: number; totalPages: number; totalItems: number; pageSize: number };
}

async function serverUsers(serverUrl: string, query: ListQueryInput): Promise<UsersPage> {
  const token = await directSignIn(serverUrl, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<UsersPage>(serverUrl, 'users.admins', { page: 1, limit: 10, ...query }, token);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function signInAndOpen(page: Page, harness: Harness, route: string): Promise<void> {
  await signInAs(page, harness, DEMO.admin.email, route);
}

test('sorting from the column header changes the order, aria-sort and the URL', async ({ page, harness, server }) => {
  await signInAndOpen(page, harness, '/app/users');
  const table = page.getByTestId('users-table');
  await expect(table).toBeVisible();
  const header = table.getByRole('columnheader', { name: 'E-mail' });
  const button = header.getByRole('button', { name: 'E-mail' });
  await expect(header).toHaveAttribute('aria-sort', 'none');

  await button.click();
  const asc = await serverUsers(server.url, { sort: { field: 'email', order: 'ASC' } });
  await expect.poll(() => visibleUserIds(page)).toEqual(asc.items.map((u) => u.id));
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(page.url()).toMatch(/sort=email&order=ASC/);

  await button.click();
  const desc = await serverUsers(server.url, { sort: { field: 'email', order: 'DESC' } });
  await expect.poll(() => visibleUserIds(page)).toEqual(desc.items.map((u) => u.id));
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(page.url()).toMatch(/sort=email&order=DESC/);

  // The old "Ordenar por" bar is gone: the header is the only sort control.
  await expect(page.getByText('Ordenar por:')).toHaveCount(0);
});

test('25 rows per page, kept in the URL; the range reads "1–25 de N"; first/last buttons have names', async ({ page, harness, server }) => {
  await signInAndOpen(page, harness, '/app/users');
  const all = await serverUsers(server.url, {});
  expect(all.meta.totalItems, 'the demo seed has more than 25 staff').toBeGreaterThan(25);
  await expect(page.getByTestId('pagination-range')).toHaveText(`1–10 de ${all.meta.totalItems}`);

  await page.getByLabel('Linhas por página').selectOption('25');
  const big = await serverUsers(server.url, { limit: 25 });
  await expect.poll(() => visibleUserIds(page)).toEqual(big.items.map((u) => u.id));
  expect(big.items).toHaveLength(25);
  expect(page.url()).toMatch(/pageSize=25/);
  await expect(page.getByTestId('pagination-range')).toHaveText(`1–25 de ${all.meta.totalItems}`);

  await page.reload();
  await expect.poll(() => visibleUserIds(page)).toEqual(big.items.map((u) => u.id));
  await expect(page.getByTestId('pagination-size')).toHaveValue('25');

  await page.getByRole('button', { name: 'Última página' }).click();
  const last = await serverUsers(server.url, { limit: 25, page: big.meta.totalPages });
  await expect.poll(() => visibleUserIds(page)).toEqual(last.items.map((u) => u.id));
  await expect(page.getByTestId('pagination-range')).toHaveText(`26–${all.meta.totalItems} de ${all.meta.totalItems}`);
  await page.getByRole('button', { name: 'Primeira página' }).click();
  await expect(page.getByTestId('pagination-range')).toHaveText(`1–25 de ${all.meta.totalItems}`);
});

test('an impossible page in the URL shows the last page and corrects the URL', async ({ page, harness, server }) => {
  await signInAndOpen(page, harness, '/app/users?page=999');
  const first = await serverUsers(server.url, {});
  const last = await serverUsers(server.url, { page: first.meta.totalPages });
  await expect.poll(() => visibleUserIds(page)).toEqual(last.items.map((u) => u.id));
  await expect(page.getByTestId('pagination-info')).toHaveText(`Página ${first.meta.totalPages} de ${first.meta.totalPages}`);
  await expect(page).toHaveURL(new RegExp(`page=${first.meta.totalPages}$`));
});

test('a period whose start is after its end is refused with a message and not applied', async ({ page, harness }) => {
  await signInAndOpen(page, harness, '/app/logsPage');
  await expect(page.getByTestId('logs-table')).toBeVisible();
  await page.getByTestId('logs-filter-from').fill('2024-02-01');
  await page.getByTestId('logs-filter-to').fill('2024-01-31');
  await page.getByTestId('logs-filter-apply').click();
  await expect(page.getByTestId('logs-filter-from-error')).toHaveText('A data inicial deve ser igual ou anterior à final.');
  expect(page.url()).not.toMatch(/from=/);
  // Corrected, it applies.
  await page.getByTestId('logs-filter-to').fill('2024-02-29');
  await page.getByTestId('logs-filter-apply').click();
  await expect(page).toHaveURL(/from=2024-02-01&to=2024-02-29/);
  await expect(page.getByTestId('logs-filter-from-error')).toHaveCount(0);
});

test('typing in a text filter applies it by itself once typing pauses', async ({ page, harness }) => {
  await signInAndOpen(page, harness, '/app/users');
  await page.getByTestId('users-filter-email').fill('admin@demo.local');
  // No apply click: the 500 ms pause applies it.
  await expect(page).toHaveURL(/email=admin%40demo\.local/);
  await expect(page.getByTestId('users-table')).toContainText(DEMO.admin.name);
});

test('the users list fits a 1280×800 window; a cut cell shows its full text on hover', async ({ page, harness }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndOpen(page, harness, '/app/users');
  const table = page.getByTestId('users-table');
  await expect(table.locator('tbody tr')).toHaveCount(10);
  const width = await table.locator('table').evaluate((el) => ({ table: el.scrollWidth, box: el.parentElement!.clientWidth }));
  expect(width.table).toBeLessThanOrEqual(width.box);
  const firstEmail = table.locator('tbody tr').first().locator('td').nth(1);
  await expect(firstEmail).toHaveAttribute('title', /@demo\.local$/);
  await page.screenshot({ path: test.info().outputPath('users-1280x800.png') });
});

test('the kit lists have no serious or critical accessibility violation (filters, header sort buttons, table, pager)', async ({ page, harness }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndOpen(page, harness, '/app/users');
  const found: string[] = [];
  for (const [route, table] of [
    ['/app/users', 'users-table'],
    ['/app/logsPage', 'logs-table'],
    ['/app/lgpd', 'lgpd-table'],
    ['/app/situations', 'situations-table'],
    ['/app/projects', 'projects-table'],
    ['/app/messages?view=history', 'messages-table'],
  ] as const) {
    await page.goto(harness.url(route));
    await expect(page.getByTestId(table)).toBeVisible();
    await expect(page.locator('.bp6-spinner')).toHaveCount(0);
    // Every kit list fits the window: the table is never wider than its box.
    const fit = await page.getByTestId(table).locator('table').evaluate((el) => el.scrollWidth <= el.parentElement!.clientWidth);
    expect(fit, `${route} fits 1280×800`).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`${table}-1280x800.png`) });
    const result = await axeBuilder(page).include('.screen').withTags(['wcag2a', 'wcag2aa']).analyze();
    for (const v of result.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') found.push(`${route}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  expect(found).toEqual([]);
});
