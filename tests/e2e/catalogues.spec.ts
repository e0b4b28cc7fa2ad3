/**
 * Catalogue screens against the real server: a lending reason created, edited,
 * filtered, deactivated and deleted, and an item still in use whose delete is
 * refused (409) with the offer to deactivate it instead; the project flow with
 * the banner upload and preview, the api_key regenerated and copied, and the
 * debounced quick search.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, type Harness } from './harness';

/** A real 1×1 PNG, so the preview actually renders. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Item {
  id: number;
  label: string;
  active: boolean;
}
interface ProjectAnswer {
  id: number;
  title: string;
  description: string;
  url: string;
  banner: string;
  api_key: string;
  active: boolean;
}

/** Answers the open confirmation and waits until it has gone (Blueprint keeps it during its exit transition). */
async function answerDialog(page: Page, button: 'confirm' | 'cancel'): Promise<void> {
  await page.getByRole('dialog').getByTestId(`confirm-dialog-${button}`).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function open(page: Page, harness: Harness, email: string, menuPath: string): Promise<void> {
  await signInAs(page, harness, email, `/app${menuPath}`);
  await expect(page).toHaveURL(new RegExp(`#/app${menuPath}`));
}

async function reasonsByLabel(serverUrl: string, label: string): Promise<Item[]> {
  const token = await directSignIn(serverUrl, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<{ items: Item[] }>(serverUrl, 'reasons.list', { filter: { label }, limit: 100 }, token);
  return answer.body.items;
}

test('a lending reason: create, edit, filter, deactivate, delete, and a delete refused while in use offers deactivation', async ({ page, harness, server }) => {
  await open(page, harness, DEMO.operador.email, '/reasons');
  await expect(page.getByTestId('reasons-table')).toBeVisible();

  // Create.
  await page.getByTestId('reasons-new').click();
  await expect(page).toHaveURL(/#\/app\/reasons\/new/);
  await page.getByTestId('reasons-form-label').fill('x');
  await page.getByTestId('reasons-form-save').click();
  await expect(page.getByTestId('field-error-label')).toBeVisible();
  await page.getByTestId('reasons-form-label').fill('Compra de veículo utilitário');
  await page.getByTestId('reasons-form-save').click();
  await expect(page).toHaveURL(/#\/app\/reasons(\?|$)/);
  const [created] = await reasonsByLabel(server.url, 'veículo utilitário');
  expect(created).toMatchObject({ label: 'Compra de veículo utilitário', active: true });

  // Filter by label: the URL keeps it.
  await page.getByTestId('reasons-filter-label').fill('utilitário');
  await page.getByTestId('reasons-filter-apply').click();
  await expect(page).toHaveURL(/label=utilit/);
  await expect(page.getByTestId(`reasons-row-${created.id}`)).toBeVisible();

  // Edit.
  await page.getByTestId(`reasons-row-${created.id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/reasons/${created.id}`));
  await expect(page.getByTestId('reasons-form-label')).toHaveValue('Compra de veículo utilitário');
  await page.getByTestId('reasons-form-label').fill('Compra de veículo utilitário usado');
  await page.getByTestId('reasons-form-save').click();
  await expect(page).toHaveURL(/#\/app\/reasons(\?|$)/);
  expect((await reasonsByLabel(server.url, 'utilitário usado')).map((r) => r.id)).toEqual([created.id]);

  // Deactivate from the list, behind the confirmation.
  await page.getByTestId('reasons-filter-label').fill('utilitário usado');
  await page.getByTestId('reasons-filter-apply').click();
  await page.getByTestId(`reasons-toggle-${created.id}`).first().click();
  await answerDialog(page, 'confirm');
  await expect(page.getByTestId(`reasons-toggle-${created.id}`).first()).toHaveText('Ativar');
  expect((await reasonsByLabel(server.url, 'utilitário usado'))[0].active).toBe(false);

  // The inactive filter shows it; delete it (nothing uses it).
  await page.getByTestId('reasons-filter-active').selectOption('2');
  await expect(page).toHaveURL(/active=2/);
  await expect(page.getByTestId(`reasons-row-${created.id}`)).toBeVisible();
  await page.getByTestId(`reasons-delete-${created.id}`).first().click();
  await answerDialog(page, 'cancel');
  expect(await reasonsByLabel(server.url, 'utilitário usado')).toHaveLength(1);
  await page.getByTestId(`reasons-delete-${created.id}`).first().click();
  await answerDialog(page, 'confirm');
  await expect(page.getByTestId(`reasons-row-${created.id}`)).toHaveCount(0);
  expect(await reasonsByLabel(server.url, 'utilitário usado')).toEqual([]);

  // An item in use: the server refuses the delete and the screen offers deactivation.
  const [inUse] = await reasonsByLabel(server.url, 'Capital de giro');
  expect(inUse.active).toBe(true);
  // The demo solicitations give this reason; the count the server names is theirs (and any other reference).
  const [{ n: uses }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM solicitations WHERE lending_reason = $1', [inUse.id]);
  expect(uses).toBeGreaterThan(0);
  await page.getByTestId('reasons-filter-clear').click();
  await page.getByTestId('reasons-filter-label').fill('Capital de giro');
  await page.getByTestId('reasons-filter-apply').click();
  await page.getByTestId(`reasons-delete-${inUse.id}`).first().click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('catalogue-in-use-message')).toHaveText(new RegExp(`está em uso por ${uses} registros? e não pode ser excluído`));
  await expect(page.getByTestId('confirm-dialog-confirm')).toHaveText('Desativar');
  await answerDialog(page, 'confirm');
  await expect(page.getByTestId(`reasons-toggle-${inUse.id}`).first()).toHaveText('Ativar');
  const [after] = await reasonsByLabel(server.url, 'Capital de giro');
  expect(after).toMatchObject({ id: inUse.id, active: false });
});

test('a situation keeps its percentage between 0 and 100', async ({ page, harness, server }) => {
  await open(page, harness, DEMO.admin.email, '/situations');
  await page.getByTestId('situations-new').click();
  await page.getByTestId('situations-form-label').fill('Empresa em implantação');
  await page.getByTestId('situations-form-percentage').fill('150');
  await page.getByTestId('situations-form-save').click();
  await expect(page.getByTestId('field-error-percentage')).toBeVisible();
  await page.getByTestId('situations-form-percentage').fill('37,5');
  await page.getByTestId('situations-form-save').click();
  await expect(page).toHaveURL(/#\/app\/situations(\?|$)/);
  const token = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: Array<{ label: string; percentage: number }> }>(server.url, 'situations.list', { filter: { label: 'implantação' } }, token);
  expect(list.body.items).toEqual([expect.objectContaining({ label: 'Empresa em implantação', percentage: 37.5 })]);
});

test('a project: banner by upload with preview, api_key generated, regenerated and copied, quick search', async ({ page, harness, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, harness, DEMO.admin.email, '/projects');
  await expect(page.getByTestId('projects-table')).toBeVisible();

  await page.getByTestId('projects-new').click();
  await expect(page.getByTestId('project-form-banner-empty')).toBeVisible();
  await page.getByTestId('project-form-title').fill('Crédito Rural Familiar');
  await page.getByTestId('project-form-description').fill('Linha para agricultura familiar.');
  await page.getByTestId('project-form-url').fill('ftp://errado');
  // A file of the wrong type is refused before anything is sent.
  await page.getByTestId('project-banner-input').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('texto') });
  await expect(page.getByTestId('project-banner-problem')).toBeVisible();
  await page.getByTestId('project-banner-input').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByTestId('project-banner-send').click();
  await expect(page.getByTestId('project-form-banner-preview')).toHaveAttribute('src', `data:image/png;base64,${PNG_1X1.toString('base64')}`);
  await expect
    .poll(() => page.getByTestId('project-form-banner-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await page.getByTestId('project-form-save').click();
  await expect(page.getByTestId('field-error-url')).toBeVisible();
  await page.getByTestId('project-form-url').fill('https://exemplo.com.br/rural');
  await page.getByTestId('project-form-save').click();
  await expect(page).toHaveURL(/#\/app\/projects(\?|$)/);

  const token = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const found = await directCall<ProjectAnswer[]>(server.url, 'projects.search', { search: 'Rural Familiar' }, token);
  expect(found.body).toHaveLength(1);
  const project = found.body[0];
  expect(project).toMatchObject({ title: 'Crédito Rural Familiar', url: 'https://exemplo.com.br/rural', active: false });
  expect(project.banner).not.toBe('');
  expect(project.api_key).toMatch(/^pk_/);

  // Quick search (debounced) leads to the project; the saved banner comes back as a data: URL.
  await page.getByTestId('projects-quick-search').fill('rural fam');
  await page.getByTestId(`projects-quick-result-${project.id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/projects/${project.id}`));
  await expect(page.getByTestId('project-form-banner-preview')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('project-form-api-key')).toHaveValue(project.api_key);

  // Copy.
  await page.getByTestId('project-form-copy-key').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Chave copiada' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(project.api_key);

  // Regenerate, behind the confirmation.
  await page.getByTestId('project-form-regenerate-key').click();
  await answerDialog(page, 'cancel');
  await expect(page.getByTestId('project-form-api-key')).toHaveValue(project.api_key);
  await page.getByTestId('project-form-regenerate-key').click();
  await answerDialog(page, 'confirm');
  await expect(page.getByTestId('project-form-api-key')).not.toHaveValue(project.api_key);
  const again = await directCall<ProjectAnswer>(server.url, 'projects.byId', { id: project.id }, token);
  expect(again.body.api_key).not.toBe(project.api_key);
  await expect(page.getByTestId('project-form-api-key')).toHaveValue(again.body.api_key);

  // Where the clipboard permission is refused (the Electron shell denies permission
  // requests), the copy still works from the selected read-only field.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await page.getByTestId('project-form-copy-key').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Chave copiada' }).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(again.body.api_key);

  // Activate it, then delete it from the form.
  await page.getByTestId('project-form-toggle').click();
  await answerDialog(page, 'confirm');
  await expect(page.getByTestId('project-form-toggle')).toHaveText('Desativar');
  await expect(page.getByTestId('project-form-active')).toBeChecked();
  await page.getByTestId('project-form-delete').click();
  await answerDialog(page, 'confirm');
  await expect(page).toHaveURL(/#\/app\/projects(\?|$)/);
  expect((await directCall(server.url, 'projects.byId', { id: project.id }, token)).status).toBe(404);
});

test('the agent has no catalogue screens', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.agente.email, '/app/profile');
  await expect(page.getByTestId('menu-item-/projects')).toHaveCount(0);
  await harness.goto('/app/reasons');
  await expect(page.getByText('Desculpe, você não tem permissão de acesso a este conteúdo!')).toBeVisible();
});

