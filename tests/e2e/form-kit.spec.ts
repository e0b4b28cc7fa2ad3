/**
 * The form kit as a user meets it: the question before unsaved changes are
 * left (stay keeps the text, leave goes), English mode with no Portuguese
 * validation text on the sign-in and a form, errors that go away as they are
 * corrected, a duplicate catalogue label refused on its field with no second
 * generic message, and an empty project refused. Screenshots of the user and
 * project forms are written to test-results for review. With two kit forms on one screen (Empresa › Parâmetros: the
 * operating parameters and the renegotiation limits), Ctrl+S saves only the one the focus is in.
 */
import type { Page } from '@playwright/test';
import { translate } from '../../src/shared/i18n';
import { test, expect, signIn, directCall, directSignIn, DEMO, DEMO_PASSWORD, type Harness } from './harness';

/** Portuguese words our validation texts use; none may show in English mode. */
const PORTUGUESE = /preencha|informe|inválid|caracteres|campo|deve ter/i;

async function openAs(page: Page, harness: Harness, email: string, path: string): Promise<void> {
  await harness.goto('/auth/login');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await page.goto(harness.url(path));
}

async function userId(serverUrl: string, email: string): Promise<number> {
  const token = await directSignIn(serverUrl, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<{ items: Array<{ id: number }> }>(serverUrl, 'users.admins', { filter: { email } }, token);
  return answer.body.items[0].id;
}

test('leaving an edited form asks first: staying keeps the text, leaving goes; a saved form leaves without asking', async ({ page, harness, server }) => {
  const id = await userId(server.url, DEMO.agente.email);
  await openAs(page, harness, DEMO.admin.email, `/app/users/${id}`);
  await expect(page.getByTestId('user-form-name')).toHaveValue(DEMO.agente.name);
  await page.screenshot({ path: test.info().outputPath('user-form.png'), fullPage: true });

  // Nothing changed: the menu just goes.
  await page.getByTestId('menu-item-/projects').click();
  await expect(page).toHaveURL(/#\/app\/projects/);
  await page.goBack();
  await expect(page.getByTestId('user-form-name')).toHaveValue(DEMO.agente.name);

  await page.getByTestId('user-form-name').fill('Alice Agente Editada');
  await page.getByTestId('menu-item-/projects').click();
  await expect(page.getByTestId('unsaved-changes-prompt')).toBeVisible();
  await page.getByRole('button', { name: translate('pt-BR', 'form.unsaved.stay') }).click();
  await expect(page.getByTestId('unsaved-changes-prompt')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/app/users/${id}$`));
  await expect(page.getByTestId('user-form-name')).toHaveValue('Alice Agente Editada');

  await page.getByTestId('menu-item-/projects').click();
  await page.getByRole('button', { name: translate('pt-BR', 'form.unsaved.leave') }).click();
  await expect(page).toHaveURL(/#\/app\/projects/);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const stored = await directCall<{ name: string }>(server.url, 'users.byId', { id }, token);
  expect(stored.body.name).toBe(DEMO.agente.name);

  // Saving leaves for the list without the question.
  await page.goto(harness.url(`/app/users/${id}`));
  await page.getByTestId('user-form-name').fill('Alice Agente');
  await page.getByTestId('user-form-save').click();
  await expect(page).toHaveURL(/#\/app\/users(\?|$)/);
  await expect(page.getByTestId('unsaved-changes-prompt')).toHaveCount(0);
});

test('English mode: sign-in and form validation speak English, naming fields by their label', async ({ page, harness }) => {
  await harness.goto('/auth/login');
  await page.getByTestId('login-preferences').click();
  await page.getByTestId('preferences-locale').selectOption('en');
  await page.getByTestId('preferences-save').click();
  await expect(page.getByRole('heading', { name: translate('en', 'auth.login.title') })).toBeVisible();

  await page.getByTestId('login-email').fill('not-an-email');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('field-error-email')).toHaveText('E-mail: enter a valid e-mail address.');
  await expect(page.getByTestId('field-error-password')).toHaveText('Password: fill in this field.');
  await expect(page.locator('form')).not.toContainText(PORTUGUESE);

  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await page.goto(harness.url('/app/users/new'));
  await page.getByTestId('user-form-name').fill('Al');
  await page.getByTestId('user-form-email').fill(`${'a'.repeat(260)}@demo.local`);
  await page.getByTestId('user-form-save').click();
  await expect(page.getByTestId('field-error-name')).toHaveText('Name: use at least 3 characters.');
  await expect(page.getByTestId('field-error-email')).toHaveText('E-mail: use at most 254 characters.');
  await expect(page.getByTestId('user-form')).not.toContainText(PORTUGUESE);
  await expect(page.getByTestId('user-form')).not.toContainText(/Too big|expected/);
});

test('errors go away as the field is corrected, before saving again', async ({ page, harness }) => {
  await openAs(page, harness, DEMO.admin.email, '/app/users/new');
  await page.getByTestId('user-form-name').fill('Al');
  await page.getByTestId('user-form-email').click();
  await expect(page.getByTestId('field-error-name')).toHaveText('Nome: use ao menos 3 caracteres.');
  await page.getByTestId('user-form-name').pressSequentially('ice');
  await expect(page.getByTestId('field-error-name')).toHaveCount(0);

  // The broadcast composer too: "Escreva a mensagem." leaves once something is written.
  await page.goto(harness.url('/app/messages'));
  await page.getByTestId('messages-send').click();
  await expect(page.getByTestId('field-error-body')).toBeVisible();
  await page.getByTestId('messages-body').fill('Olá');
  await expect(page.getByTestId('field-error-body')).toHaveCount(0);
});

test('a duplicate catalogue label is refused on its field, once, without a generic failure toast', async ({ page, harness }) => {
  await openAs(page, harness, DEMO.operador.email, '/app/reasons/new');
  await page.getByTestId('reasons-form-label').fill('  CAPITAL de giro ');
  await page.getByTestId('reasons-form-save').click();
  await expect(page.getByTestId('field-error-label')).toHaveText('Já existe um item com este rótulo neste catálogo.');
  await expect(page).toHaveURL(/#\/app\/reasons\/new/);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page.getByTestId('reasons-form')).not.toContainText(/Campo label|label:/);
});

test('an empty project is refused (a title is required), a situation percentage takes only plain decimals', async ({ page, harness, server }) => {
  const token = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const before = await directCall<{ meta: { totalItems: number } }>(server.url, 'projects.list', {}, token);
  await openAs(page, harness, DEMO.admin.email, '/app/projects/new');
  await page.getByTestId('project-form-save').click();
  await expect(page.getByTestId('field-error-title')).toHaveText('Título: preencha este campo.');
  await expect(page).toHaveURL(/#\/app\/projects\/new/);
  const after = await directCall<{ meta: { totalItems: number } }>(server.url, 'projects.list', {}, token);
  expect(after.body.meta.totalItems).toBe(before.body.meta.totalItems);
  await page.screenshot({ path: test.info().outputPath('project-form.png'), fullPage: true });

  await page.getByTestId('project-form-title').fill('Projeto com título');
  await expect(page.getByTestId('field-error-title')).toHaveCount(0);
  await page.getByTestId('project-form-save').click();
  await expect(page).toHaveURL(/#\/app\/projects(\?|$)/);

  await page.goto(harness.url('/app/situations/new'));
  await page.getByTestId('situations-form-label').fill('Situação percentual');
  for (const typed of ['1e2', '12,345']) {
    await page.getByTestId('situations-form-percentage').fill(typed);
    await page.getByTestId('situations-form-save').click();
    await expect(page.getByTestId('field-error-percentage')).toContainText('até 2 casas decimais');
  }
  await page.getByTestId('situations-form-percentage').fill('12,35');
  await page.getByTestId('situations-form-save').click();
  await expect(page).toHaveURL(/#\/app\/situations(\?|$)/);
  const list = await directCall<{ items: Array<{ percentage: number }> }>(server.url, 'situations.list', { filter: { label: 'Situação percentual' } }, token);
  expect(list.body.items.map((s) => s.percentage)).toEqual([12.35]);
});

test('an admin sees a super administrator read-only: values shown, nothing to save, leaving never asks', async ({ page, harness, server }) => {
  const id = await userId(server.url, DEMO.superadmin.email);
  await openAs(page, harness, DEMO.admin.email, `/app/users/${id}`);
  await expect(page.getByTestId('user-form-read-only')).toBeVisible();
  await expect(page.getByTestId('user-form-name')).toHaveValue(DEMO.superadmin.name);
  await expect(page.getByTestId('user-form-name')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('user-form-save')).toHaveCount(0);
  await expect(page.getByTestId('user-form-toggle-status')).toHaveCount(0);
  await page.getByTestId('menu-item-/projects').click();
  await expect(page).toHaveURL(/#\/app\/projects/);
});

test('with two forms on a screen, Ctrl+S saves only the one the focus is in', async ({ page, harness }) => {
  await openAs(page, harness, DEMO.admin.email, '/app/company-operation?tab=parameters');
  const maxInstallments = page.getByTestId('company-parameters-max-installments');
  const percent = page.getByTestId('reneg-limits-percent-5');
  await expect(maxInstallments).toHaveValue('48');
  await expect(percent).toHaveValue('50');
  const sent = (name: string) => harness.apiCalls.filter((c) => c.name === name).length;

  // Both edited, the focus left in the limits: only the limits are sent (for another administrator's approval).
  await maxInstallments.fill('36');
  await percent.fill('10');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('reneg-limits-change-rows-role-5')).toContainText('50% e R$ 1.000,00 → 10% e R$ 1.000,00');
  expect(sent('renegotiation.updateLimits')).toBe(1);
  expect(sent('company.updateParameters')).toBe(0);
  await expect(page.getByTestId('company-parameters-change-sent')).toHaveCount(0);
  // The parameters keep their edit, unsent.
  await expect(maxInstallments).toHaveValue('36');

  // The focus in the parameters: now they go, and the limits are not sent again.
  await maxInstallments.focus();
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('company-parameters-change-sent')).toBeVisible();
  expect(sent('company.updateParameters')).toBe(1);
  expect(sent('renegotiation.updateLimits')).toBe(1);
});
