/**
 * The command palette and the keyboard: Ctrl+K opens the palette, an
 * operation is found by its number and opened; once opened it is offered
 * again among the recent records (also by its borrower's document); the
 * palette offers only what the role may open. "?" shows the help, which
 * lists the shortcuts from their one declaration, and a shortcut read there
 * works: "/" goes to the list's filter, "]" to the next page, "j" and Enter
 * open a row; on a form Ctrl+S saves (the form's checks run) and Escape
 * leaves (asking first about unsaved changes).
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import { translate } from '../../src/shared/i18n';
import { SHORTCUTS } from '../../src/renderer/src/app/shortcuts';
import type { CreditOperationSummary } from '../../src/shared/contract/credit-operations';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

async function openPalette(page: Page): Promise<void> {
  // The palette's code loads on first use; on a slow machine the first press can come while the shell still binds
  // its keys, so press again until it opens (pressing while open keeps it open).
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('palette-input')).toBeFocused({ timeout: 3000 });
  }).toPass();
}

test('Ctrl+K finds an operation by its number and opens it; it comes back among the recent records', async ({ page, harness, server }) => {
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const ops = await directCall<{ items: CreditOperationSummary[] }>(server.url, 'creditOperation.list', { page: 1, limit: 5 }, token);
  const op = ops.body.items[0];
  expect(op, 'the demo seed has credit operations').toBeDefined();

  await signInAs(page, harness, DEMO.operador.email, '/app/profile');
  await openPalette(page);
  // Nothing typed: the menu the role has.
  await expect(page.getByTestId('palette-item-menu:/allOperations')).toBeVisible();
  await expect(page.getByTestId('palette-item-menu:/users')).toHaveCount(0);
  await expectNoSeriousViolations(page, '.command-palette');
  await page.screenshot({ path: test.info().outputPath('palette-menu.png') });

  await page.getByTestId('palette-input').fill(op.number);
  const go = page.getByTestId(`palette-item-go:operation:${op.id}`);
  await expect(go).toContainText(op.number);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/app/clientOperation/analize/${op.id}$`));
  await expect(page.getByTestId('palette-input')).toHaveCount(0);

  // Elsewhere, the operation is offered as opened recently, found by its borrower's document too.
  await page.evaluate(() => {
    window.location.hash = '#/app/home';
  });
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await openPalette(page);
  const recent = page.getByTestId(`palette-item-recent:operation:${op.id}`);
  await expect(recent).toContainText(op.number);
  await page.getByTestId('palette-input').fill(op.borrower_document.replace(/\D/g, '').slice(0, 8));
  await expect(recent).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('palette-recent.png') });
  await recent.click();
  await expect(page).toHaveURL(new RegExp(`#/app/clientOperation/analize/${op.id}$`));

  // A menu entry by its words, without accents.
  await openPalette(page);
  await page.getByTestId('palette-input').fill('simulacoes');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/app\/simulations/);
  // Escape closes it without going anywhere.
  await openPalette(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('palette-input')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/app\/simulations/);
});

test('"?" lists the shortcuts from their declaration, and a list shortcut read there works', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/users');
  await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(10);
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  await page.keyboard.press('Shift+?');
  const help = page.getByTestId('shortcuts-help');
  await expect(help).toBeVisible();
  for (const [id, decl] of Object.entries(SHORTCUTS)) {
    await expect(help.getByTestId(`shortcut-${id}`)).toContainText(translate('pt-BR', decl.label));
  }
  await expectNoSeriousViolations(page, '[data-testid="shortcuts-help"]');
  await page.screenshot({ path: test.info().outputPath('shortcuts-help.png') });
  // The key the help gives for the list's filter is the one that works.
  const filterKey = await help.getByTestId('shortcut-listFilter').getAttribute('data-combo');
  expect(filterKey).toBe(SHORTCUTS.listFilter.combo);
  await page.getByTestId('shortcuts-help-close').click();
  await expect(help).toHaveCount(0);

  await page.keyboard.press(filterKey!);
  await expect(page.locator('.list-filters input, .list-filters select').first()).toBeFocused();
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  // Next page, and back.
  await page.keyboard.press(SHORTCUTS.listNextPage.combo);
  await expect(page).toHaveURL(/[?&]page=2/);
  await page.keyboard.press(SHORTCUTS.listPreviousPage.combo);
  await expect(page).not.toHaveURL(/[?&]page=2/);

  // "j" selects the first row, Enter opens it.
  await page.keyboard.press(SHORTCUTS.listNextRow.combo);
  const first = page.getByTestId('users-table').locator('tbody tr').first();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-label', /E-mail: .+@/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/app\/users\/\d+$/);

  // The header's keyboard button opens the same help.
  await page.getByTestId('header-shortcuts').click();
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});

test('on a form Ctrl+S saves through the form (its checks run) and Escape leaves, asking first', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/users');
  // The list's keys exist once the list has drawn (pressed earlier, "n" reached no one: a flake on CI).
  await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(10);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  // "n": the list's new record.
  await page.keyboard.press(SHORTCUTS.listNew.combo);
  await expect(page).toHaveURL(/#\/app\/users\/new$/);

  await page.getByTestId('user-form-name').fill('Al');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('field-error-name')).toHaveText('Nome: use ao menos 3 caracteres.');
  await expect(page).toHaveURL(/#\/app\/users\/new$/);

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unsaved-changes-prompt')).toBeVisible();
  await page.getByRole('button', { name: translate('pt-BR', 'form.unsaved.leave') }).click();
  await expect(page).toHaveURL(/#\/app\/users(\?|$)/);
});
