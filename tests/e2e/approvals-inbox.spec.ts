/**
 * The collections desk's menu and the approvals inbox, on the screen against the real server with the demo seed:
 * an administrator asks for a change of the money parameters (it waits for another person); another administrator
 * signs in and sees the Cobrança section with its counts, finds "remessa" and "vencidas" in the palette, opens
 * Aprovações pendentes from the menu, reads who asked, what, how much and since when, and the row opens the screen
 * where it is decided. Looked at 1280×800 and 1024×768 (screenshots in the test's output); axe finds nothing serious.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, expectNoSeriousViolations, DEMO, DEMO_PASSWORD } from './harness';
import type { CompanyParameters, PendingApproval } from '../../src/shared/contract';
import { translate } from '../../src/shared/i18n';

async function openPalette(page: Page): Promise<void> {
  // The palette's code loads on first use: press again until it opens (pressing while open keeps it open).
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('palette-input')).toBeFocused({ timeout: 3000 });
  }).toPass();
}

test('Cobrança in the menu with its counts, the palette finds it, the inbox shows who asked what and since when', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  // An administrator asks for a change of the parameters: it waits for another administrator.
  const admin = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const current = await directCall<CompanyParameters & Record<string, unknown>>(server.url, 'company.parameters', { id: 1 }, admin);
  expect(current.status).toBe(200);
  const { updated_at: _u, pending_change: _p, ...values } = current.body;
  const asked = await directCall(server.url, 'company.updateParameters', { ...values, reversal_approval_above: '1234.56' }, admin);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const superadmin = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const inbox = await directCall<{ items: PendingApproval[] }>(server.url, 'approvals.inbox', { page: 1, limit: 50, filter: { kind: 'company.parameters' } }, superadmin);
  const request = inbox.body.items[0];
  expect(request, JSON.stringify(inbox.body)).toMatchObject({ kind: 'company.parameters', maker_name: DEMO.admin.name, can_check: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.superadmin.email, '/app/profile');

  // The Cobrança section, right under the dashboard, with what needs attention.
  const group = page.getByTestId('menu-group-collections');
  await expect(group).toContainText('Cobrança');
  await expect(group.getByTestId('menu-item-/collections')).toContainText('Parcelas vencidas');
  await expect(group.getByTestId('menu-count-approvals_to_check')).toHaveText(/^\d+$/);
  await expect(group.getByTestId('menu-count-overdue_installments')).toHaveText(/^[\d.]+\+?$/);
  await page.getByTestId('side-menu').screenshot({ path: info.outputPath('menu-1280.png') });

  // The palette finds pages by what people call them.
  await openPalette(page);
  await page.getByTestId('palette-input').fill('vencidas');
  await expect(page.getByTestId('palette-item-menu:/collections')).toBeVisible();
  await page.getByTestId('palette-input').fill('remessa');
  await expect(page.getByTestId('palette-item-menu:/company-operation?tab=banks')).toBeVisible();
  await page.getByTestId('palette-input').fill('relatório');
  await expect(page.getByTestId('palette-item-page:/app/company-operation/reports/operations')).toBeVisible();
  await page.screenshot({ path: info.outputPath('palette-relatorio-1280.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('palette-input')).toHaveCount(0);

  // The inbox, from the menu.
  await group.getByTestId('menu-item-/approvals').click();
  await expect(page).toHaveURL(/#\/app\/approvals$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('pt-BR', 'desk.inbox.title'));
  const row = page.getByTestId(`approvals-row-${request.id}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId(`approvals-kind-${request.id}`)).toHaveText('Alteração de parâmetros');
  await expect(page.getByTestId(`approvals-maker-${request.id}`)).toHaveText(DEMO.admin.name);
  await expect(page.getByTestId(`approvals-state-${request.id}`)).toHaveText('Pode aprovar');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: info.outputPath('inbox-1280x800.png') });
  // A change of the parameters moves no money: no "R$ 0,00".
  await expect(page.getByTestId(`approvals-amount-${request.id}`)).toHaveText('');
  // Nothing of the row's kind, asker or state is off the window at 1280 or 1024.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    for (const id of [`approvals-state-${request.id}`, `approvals-kind-${request.id}`, `approvals-maker-${request.id}`]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x + box.width <= size.width, `${id} at ${size.width}`).toBe(true);
    }
  }
  // The collapsed menu at 1024 still shows what needs attention, on the icon's corner.
  await expect(page.getByTestId('side-menu')).toHaveClass(/collapsed/);
  await expect(page.getByTestId('menu-count-approvals_to_check')).toBeVisible();
  const rail = await page.getByTestId('side-menu').boundingBox();
  const badge = await page.getByTestId('menu-count-approvals_to_check').boundingBox();
  expect(badge!.x + badge!.width, 'the count inside the collapsed rail').toBeLessThanOrEqual(rail!.x + rail!.width);
  await page.screenshot({ path: info.outputPath('inbox-1024x768.png') });
  await page.getByTestId('side-menu').screenshot({ path: info.outputPath('menu-1024.png') });

  // In English: the section, the inbox and its words are English.
  await page.getByTestId('locale-switch').selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('en', 'desk.inbox.title'));
  await expect(page.getByTestId(`approvals-kind-${request.id}`)).toHaveText('Parameter change');
  await expect(page.getByTestId(`approvals-state-${request.id}`)).toHaveText('May approve');
  await page.screenshot({ path: info.outputPath('inbox-en-1024x768.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('menu-group-collections')).toContainText('Collections');
  await page.screenshot({ path: info.outputPath('inbox-en-1280x800.png') });
  await page.getByTestId('locale-switch').selectOption('pt-BR');

  // The row opens where it is decided: the company's parameters.
  await page.getByTestId(`approvals-kind-${request.id}`).click();
  await expect(page).toHaveURL(/#\/app\/company-operation\?tab=parameters$/);
});
