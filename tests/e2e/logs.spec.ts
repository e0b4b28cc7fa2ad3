/**
 * The logs screens against the real server: the list matches the server for
 * filters and sort (kept in the URL), the detail shows before/after with the
 * changed fields highlighted, and EXPORTAR EXCEL writes the file to disk.
 */
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, type Harness } from './harness';
import type { ListQueryInput } from '../../src/shared/query';
import { translate } from '../../src/shared/i18n';

interface LogPage {
  items: Array<{ id: number; action: string; entity_id: number | null; actor_email: string | null }>;
  meta: { totalItems: number; totalPages: number };
}

async function visibleLogIds(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const ids: number[] = [];
    for (const el of document.querySelectorAll('[data-testid^="logs-row-"]')) {
      const id = Number(el.getAttribute('data-testid')!.slice('logs-row-'.length));
      if (Number.isFinite(id) && !ids.includes(id)) ids.push(id);
    }
    return ids;
  });
}

async function serverLogs(url: string, token: string, query: ListQueryInput): Promise<LogPage> {
  const answer = await directCall<LogPage>(url, 'logs.all', { page: 1, limit: 10, ...query }, token);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Real changes made through the API, so the log has entries with before and after. */
async function makeChanges(url: string): Promise<{ token: string; targetId: number }> {
  const token = await directSignIn(url, DEMO.admin.email, DEMO_PASSWORD);
  const created = await directCall<{ id: number }>(url, 'users.createAdmin', { name: 'Pessoa Do Log', email: 'pessoa.log@demo.local', role_id: 5, active: true }, token);
  const targetId = created.body.id;
  await directCall(url, 'users.updateAdmin', { id: targetId, name: 'Pessoa Renomeada', email: 'pessoa.log@demo.local', role_id: 5, active: true, two_factor: false }, token);
  return { token, targetId };
}

async function openLogs(page: Page, harness: Harness): Promise<void> {
  await signInAs(page, harness, DEMO.admin.email, '/app/logsPage');
  await expect(page.getByTestId('logs-table')).toBeVisible();
}

test('filters and sort come from the server and live in the URL; a row opens the detail with the changes highlighted', async ({ page, harness, server }) => {
  const { token, targetId } = await makeChanges(server.url);
  await openLogs(page, harness);

  const newest = await serverLogs(server.url, token, {});
  await expect.poll(() => visibleLogIds(page)).toEqual(newest.items.map((i) => i.id));

  // The action is picked in words; the URL keeps its code.
  await page.getByTestId('logs-filter-action').selectOption({ label: 'Usuário alterado' });
  await page.getByTestId('logs-filter-actor').fill(DEMO.admin.email);
  await page.getByTestId('logs-filter-apply').click();
  const updates = await serverLogs(server.url, token, { filter: { action: 'user.update', actor: DEMO.admin.email } });
  expect(updates.items.length).toBeGreaterThan(0);
  await expect.poll(() => visibleLogIds(page)).toEqual(updates.items.map((i) => i.id));
  expect(page.url()).toMatch(/action=user\.update/);
  await page.reload();
  await expect(page.getByTestId('logs-filter-action')).toHaveValue('user.update');
  await expect.poll(() => visibleLogIds(page)).toEqual(updates.items.map((i) => i.id));

  // Sort by record kind, then clear the filters: the sort stays.
  await page.getByTestId('logs-filter-clear').click();
  await page.getByTestId('sort-action').click();
  const byAction = await serverLogs(server.url, token, { sort: { field: 'action', order: 'ASC' } });
  await expect.poll(() => visibleLogIds(page)).toEqual(byAction.items.map((i) => i.id));

  // A period with nothing in it.
  await page.getByTestId('logs-filter-from').fill('2001-01-01');
  await page.getByTestId('logs-filter-to').fill('2001-01-31');
  await page.getByTestId('logs-filter-apply').click();
  await expect.poll(() => visibleLogIds(page)).toEqual([]);

  // Detail of the rename.
  const rename = updates.items.find((i) => i.entity_id === targetId)!;
  await page.goto(harness.url('/app/logsPage'));
  await page.getByTestId('logs-filter-action').selectOption('user.update');
  await page.getByTestId('logs-filter-apply').click();
  await page.getByTestId(`logs-row-${rename.id}`).first().click();
  await expect(page).toHaveURL(new RegExp(`#/app/logsPage/view/${rename.id}`));
  // Codes are shown as words (screens/logs/labels.ts), never raw.
  await expect(page.getByTestId('log-detail-action')).toHaveText('Usuário alterado');
  await expect(page.getByTestId('log-detail-record')).toHaveText(`Usuário ${targetId}`);
  await expect(page.getByTestId('log-detail-who')).toContainText(DEMO.admin.email);
  await expect(page.getByTestId('log-change-name-before')).toHaveText('Pessoa Do Log');
  await expect(page.getByTestId('log-change-name-after')).toHaveText('Pessoa Renomeada');
  await expect(page.getByTestId('log-change-name')).toHaveAttribute('data-changed', 'true');
  await expect(page.getByTestId('log-change-email')).toHaveAttribute('data-changed', 'false');
  await expect(page.getByTestId('log-detail-changes')).not.toContainText(/password|hash/i);
});

test('EXPORTAR EXCEL writes the filtered log entries to an xlsx on disk', async ({ page, harness, server }) => {
  const { token } = await makeChanges(server.url);
  await openLogs(page, harness);
  await page.getByTestId('logs-filter-actor').fill(DEMO.admin.email);
  await page.getByTestId('logs-filter-apply').click();
  const mine = await serverLogs(server.url, token, { filter: { actor: DEMO.admin.email }, limit: 100 });
  await expect.poll(() => visibleLogIds(page)).toEqual(mine.items.slice(0, 10).map((i) => i.id));

  await page.getByTestId('export-excel').click();
  await expect(page.getByTestId('export-result')).toBeVisible();
  expect(harness.dialogs.saveRequests).toHaveLength(1);
  const saved = harness.dialogs.saveRequests[0].defaultPath.split(/[\\/]/).pop()!;
  const file = `${harness.paths.downloads}/${saved}`;
  expect(existsSync(file)).toBe(true);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const data = book.worksheets[1];
  expect(data.actualRowCount).toBe(mine.meta.totalItems + 1);
  const header = (data.getRow(1).values as unknown[]).filter(Boolean).map(String);
  expect(header).toContain(translate('pt-BR', 'logs.columns.action'));
  // Actions are written in words, as the screen shows them, not as the server's codes.
  const actionColumn = (data.getRow(1).values as unknown[]).indexOf(translate('pt-BR', 'logs.columns.action'));
  const actions = new Set<string>();
  data.eachRow((row, n) => {
    if (n > 1) actions.add(String(row.getCell(actionColumn).value));
  });
  expect(actions.has(translate('pt-BR', 'logs.actions.user_update'))).toBe(true);
  expect([...actions].some((a) => /^user\./.test(a))).toBe(false);
});
