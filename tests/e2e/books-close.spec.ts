/**
 * The monthly close on the screen against the real server with the demo seed: an administrator previews the next
 * month to close (totals by stage and portfolio, the allowance and its change) and asks for its close (four eyes: the
 * toast says it went to another person); another administrator signs in, the approvals inbox sends the request to the
 * screen, and they approve it there; the history shows the month closed by whom, the month is shown as recorded, then
 * it is undone (after a confirmation) and the history shows it undone. Looked at 1280×800 and 1024×768.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, signOut, DEMO } from './harness';
import { translate } from '../../src/shared/i18n';

const KIND = translate('pt-BR', 'desk.inbox.kinds.ledger.close');

/** Nothing of the element is off the window's right edge. */
async function expectWhole(page: Page, testId: string, width: number): Promise<void> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x + box!.width <= width, `${testId} at ${width}`).toBe(true);
}

test('an administrator previews and asks, another approves on the screen, the history shows it closed, then undone', async ({ page, harness }, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation/books/close');
  await expect(page.getByTestId('books-close')).toBeVisible();
  await expect(page.getByTestId('close-history')).toBeVisible();

  // The picker opens on the next month to close (the month before the business date's: nothing closed yet), MM/AAAA.
  const picker = page.getByTestId('close-month');
  await expect(picker).not.toHaveValue('');
  const month = await picker.inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  const shown = `${month.slice(5)}/${month.slice(0, 4)}`;
  await expect(picker.locator('option:checked')).toHaveText(shown);

  await page.getByTestId('close-show').click();
  await expect(page.getByTestId('close-source')).toContainText(`Pré-visualização de ${shown}`, { timeout: 60_000 });
  await expect(page.getByTestId('close-total-allowance')).toHaveText(/^R\$\s?[\d.]+,\d{2}$/);
  await expect(page.getByTestId('close-by-stage')).toContainText('Estágio 3');
  await expect(page.getByTestId('close-by-portfolio')).toContainText('C5');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    for (const id of ['close-total-allowance', 'close-total-change', 'close-month', 'close-ask']) await expectWhole(page, id, size.width);
    await page.screenshot({ path: info.outputPath(`close-preview-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ask (confirmation), four eyes: it goes to another person.
  await page.getByTestId('close-ask').click();
  await expect(page.getByTestId('close-ask-text')).toContainText(shown);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'enviado para aprovação de outra pessoa' })).toBeVisible();
  await expect(page.getByTestId('close-pending')).toContainText(DEMO.admin.name);
  // The asker may not approve their own request: no Aprovar for them, only withdraw.
  await expect(page.getByTestId('close-approve')).toHaveCount(0);
  await expect(page.getByTestId('close-withdraw')).toBeVisible();
  await signOut(page);

  // Another administrator: the inbox's row opens the close's screen, where they approve it.
  await signInAs(page, harness, DEMO.superadmin.email, '/app/approvals');
  await expect(page).toHaveURL(/#\/app\/approvals$/);
  const row = page.getByRole('row').filter({ hasText: KIND }).filter({ hasText: DEMO.admin.name });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(/#\/app\/company-operation\/books\/close$/);
  await expect(page.getByTestId('close-month')).toHaveValue(month);
  await page.getByTestId('close-show').click();
  await expect(page.getByTestId('close-pending')).toContainText(DEMO.admin.name, { timeout: 60_000 });
  await page.getByTestId('close-approve').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Mês ${shown} fechado` })).toBeVisible({ timeout: 60_000 });

  // The history: the month closed, asked by one and approved by the other.
  const history = page.getByTestId('close-history');
  const closedRow = history.locator('tr').filter({ hasText: shown });
  await expect(closedRow).toContainText('Fechado');
  await expect(closedRow).toContainText(DEMO.admin.name);
  await expect(closedRow).toContainText(DEMO.superadmin.name);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await history.scrollIntoViewIfNeeded();
    for (const id of ['close-history-month-', 'close-undo-']) {
      const box = await history.locator(`[data-testid^="${id}"]`).first().boundingBox();
      expect(box && box.x + box.width <= size.width, `${id} at ${size.width}`).toBe(true);
    }
    await history.screenshot({ path: info.outputPath(`close-history-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Shown again as it was recorded.
  await closedRow.locator('[data-testid^="close-view-"]').click();
  await expect(page.getByTestId('close-source')).toContainText(`Fechamento de ${shown} como foi registrado`);

  // Undo the latest close (confirmation): the history shows it undone.
  await closedRow.locator('[data-testid^="close-undo-"]').click();
  await expect(page.getByTestId('close-undo-text')).toContainText(shown);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Fechamento de ${shown} desfeito` })).toBeVisible();
  await expect(history.locator('tr').filter({ hasText: shown }).first()).toContainText('Desfeito');
  await expect(history.locator('[data-testid^="close-undo-"]')).toHaveCount(0);
});
