/**
 * The users screen against the real server: server-side paging, sorting and
 * filters kept in the URL (a reload keeps them), creating, editing and
 * deactivating an account, and the Excel export written to disk.
 */
import ExcelJS from 'exceljs';
import { existsSync, statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, signInAs, signIn, readOutboxCode, directCall, directSignIn, fillUserForm, chooseRole, visibleUserIds, DEMO, DEMO_PASSWORD, type Harness } from './harness';
import { Role } from '../../src/shared/roles';
import { translate } from '../../src/shared/i18n';
import type { ListQueryInput } from '../../src/shared/query';

interface Page1 {
  items: Array<{ id: number; name: string; email: string; active: boolean; role_id: number }>;
  meta: { currentPage: number; totalPages: number; totalItems: number; pageSize: number };
}

async function openUsers(page: Page, harness: Harness): Promise<void> {
  await signInAs(page, harness, DEMO.admin.email, '/app/users');
  await expect(page).toHaveURL(/#\/app\/users/);
  await expect(page.getByTestId('users-table')).toBeVisible();
}

/** What the server answers for the same list query, as the truth the screen must show. */
async function serverList(serverUrl: string, query: ListQueryInput): Promise<Page1> {
  const token = await directSignIn(serverUrl, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<Page1>(serverUrl, 'users.admins', { page: 1, limit: 10, ...query }, token);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function expectRows(page: Page, ids: number[]): Promise<void> {
  await expect.poll(() => visibleUserIds(page)).toEqual(ids);
}

test('paging, sorting and filters come from the server and live in the URL', async ({ page, harness, server }) => {
  await openUsers(page, harness);

  const first = await serverList(server.url, {});
  expect(first.meta.totalPages, 'the demo seed has several pages of staff').toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('pagination-info')).toHaveText(`Página 1 de ${first.meta.totalPages}`);
  await expectRows(page, first.items.map((u) => u.id));

  // Next page.
  await page.getByTestId('pagination-next').click();
  const second = await serverList(server.url, { page: 2 });
  await expect(page.getByTestId('pagination-info')).toHaveText(`Página 2 de ${first.meta.totalPages}`);
  await expectRows(page, second.items.map((u) => u.id));
  expect(page.url()).toMatch(/page=2/);
  await page.reload();
  await expect(page.getByTestId('pagination-info')).toHaveText(`Página 2 de ${first.meta.totalPages}`);
  await expectRows(page, second.items.map((u) => u.id));
  await page.getByTestId('pagination-prev').click();
  await expect(page.getByTestId('pagination-info')).toHaveText(`Página 1 de ${first.meta.totalPages}`);

  // Sort by name, ascending then descending.
  await page.getByTestId('sort-name').click();
  const byNameAsc = await serverList(server.url, { sort: { field: 'name', order: 'ASC' } });
  await expectRows(page, byNameAsc.items.map((u) => u.id));
  await page.getByTestId('sort-name').click();
  const byNameDesc = await serverList(server.url, { sort: { field: 'name', order: 'DESC' } });
  await expectRows(page, byNameDesc.items.map((u) => u.id));
  const sortedUrl = page.url();
  expect(sortedUrl).toMatch(/name/);
  await page.reload();
  await expectRows(page, byNameDesc.items.map((u) => u.id));

  // Filter by role (operators) and name fragment; the URL keeps them.
  await chooseRole(page, page.getByTestId('users-filter-role_id'), Role.OPERATOR);
  await page.getByTestId('users-filter-apply').click();
  const operators = await serverList(server.url, { filter: { role_id: Role.OPERATOR }, sort: { field: 'name', order: 'DESC' } });
  expect(operators.items.length).toBeGreaterThan(0);
  await expectRows(page, operators.items.map((u) => u.id));
  await page.reload();
  await expectRows(page, operators.items.map((u) => u.id));

  await page.getByTestId('users-filter-clear').click();
  await page.getByTestId('users-filter-email').fill('admin@demo.local');
  await page.getByTestId('users-filter-apply').click();
  const byEmail = await serverList(server.url, { filter: { email: 'admin@demo.local' }, sort: { field: 'name', order: 'DESC' } });
  await expectRows(page, byEmail.items.map((u) => u.id));
  await expect(page.getByTestId('users-table')).toContainText(DEMO.admin.name);
  await page.reload();
  await expect(page.getByTestId('users-filter-email')).toHaveValue('admin@demo.local');
  await expectRows(page, byEmail.items.map((u) => u.id));

  await page.getByTestId('users-filter-clear').click();
  await page.getByTestId('users-filter-name').fill('zzz-ninguém-com-este-nome');
  await page.getByTestId('users-filter-apply').click();
  await expectRows(page, []);
});

test('an admin creates, edits and deactivates a user; the deactivated user cannot sign in', async ({ page, harness, server }) => {
  const email = 'agente.novo@demo.local';
  await openUsers(page, harness);
  await page.getByTestId('users-new').click();
  await expect(page).toHaveURL(/#\/app\/users\/new/);

  // Bad input is refused on the form, naming the field, and nothing is created.
  await page.getByTestId('user-form-name').fill('Al');
  await page.getByTestId('user-form-email').fill('nao-e-email');
  await page.getByTestId('user-form-save').click();
  await expect(page.getByTestId('field-error-name')).toBeVisible();
  await expect(page.getByTestId('field-error-email')).toBeVisible();

  await fillUserForm(page, { name: 'Agente Novo', email, role: Role.AGENT, active: true });
  const temporary = await readOutboxCode(server, email, 'Senha temporária');
  let created = await serverList(server.url, { filter: { email } });
  expect(created.items).toHaveLength(1);
  const id = created.items[0].id;
  expect(created.items[0]).toMatchObject({ name: 'Agente Novo', role_id: Role.AGENT, active: true });

  // A second account with the same e-mail is refused.
  await page.goto(harness.url('/app/users/new'));
  await fillUserForm(page, { name: 'Outro Agente', email, role: Role.AGENT, active: true });
  await expect(page.getByText(/já existe|já está em uso|já cadastrado/i).first()).toBeVisible();

  // Edit.
  await page.goto(harness.url('/app/users'));
  await page.getByTestId('users-filter-email').fill(email);
  await page.getByTestId('users-filter-apply').click();
  await page.getByTestId(`users-row-${id}`).first().click();
  await expect(page).toHaveURL(new RegExp(`#/app/users/${id}`));
  await expect(page.getByTestId('user-form-email')).toHaveValue(email);
  await fillUserForm(page, { name: 'Agente Renomeado' });
  await expect.poll(async () => (await serverList(server.url, { filter: { email } })).items[0]?.name).toBe('Agente Renomeado');

  // Deactivate (confirmed), then that account cannot sign in.
  await page.goto(harness.url(`/app/users/${id}`));
  await page.getByTestId('user-form-toggle-status').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect.poll(async () => (await serverList(server.url, { filter: { email } })).items[0]?.active).toBe(false);
  const attempt = await directCall(server.url, 'session.login', { email, password: temporary });
  expect(attempt.status).toBe(403);

  await page.getByTestId('sign-out').click();
  await signIn(page, email, temporary);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/#\/auth\/login/);
  created = await serverList(server.url, { filter: { email } });
  expect(created.items[0].active).toBe(false);
});

test('EXPORTAR EXCEL writes an xlsx with the info and data sheets and every matching row', async ({ page, harness, server }) => {
  await openUsers(page, harness);
  const all = await serverList(server.url, {});
  await page.getByTestId('export-excel').click();
  await expect(page.getByTestId('export-result')).toBeVisible();

  expect(harness.dialogs.saveRequests).toHaveLength(1);
  expect(harness.dialogs.saveRequests[0].defaultPath).toMatch(/\.xlsx$/);
  const saved = harness.dialogs.saveRequests[0].defaultPath.split(/[\\/]/).pop()!;
  const file = `${harness.paths.downloads}/${saved}`;
  expect(existsSync(file)).toBe(true);
  expect(statSync(file).size).toBeGreaterThan(0);
  await expect(page.getByTestId('export-result')).toContainText(saved);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  expect(book.worksheets).toHaveLength(2);
  const [info, data] = book.worksheets;
  const infoText = JSON.stringify(info.getSheetValues());
  expect(infoText).toContain(String(all.meta.totalItems));
  // Header row plus one row per staff account.
  expect(data.actualRowCount).toBe(all.meta.totalItems + 1);
  const header = (data.getRow(1).values as unknown[]).filter(Boolean).map(String);
  expect(header).toContain(translate('pt-BR', 'users.columns.email'));
  const emails = new Set<string>();
  data.eachRow((row, n) => {
    if (n > 1) for (const v of row.values as unknown[]) if (typeof v === 'string' && v.includes('@')) emails.add(v);
  });
  expect(emails.has(DEMO.admin.email)).toBe(true);
  expect(harness.progressEvents.some((p) => p.phase === 'done')).toBe(true);
});
