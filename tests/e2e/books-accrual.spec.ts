/**
 * The interest accrual on the screen against the real server with the demo seed: an administrator opens Books ›
 * Apropriação de juros (no run yet), enters "Apropriar até" the business date, confirms, and sees the run listed with
 * its date and the accrued balance. Looked at 1280×800 and 1024×768.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, DEMO } from './harness';

/** Nothing of the element is off the window's right edge. */
async function expectWhole(page: Page, testId: string, width: number): Promise<void> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x + box!.width <= width, `${testId} at ${width}`).toBe(true);
}

test('an administrator runs the accrual up to the business date after a confirmation and sees the run listed', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation/books/accrual');
  await expect(page.getByTestId('books-accrual')).toBeVisible();
  await expect(page.getByTestId('accrual-last')).toHaveText('Nenhuma ainda');

  // No date: the field says what it needs and nothing runs.
  await page.getByTestId('accrual-show').click();
  await expect(page.getByText('Informe a data')).toBeVisible();

  const today = server.clock.today();
  const shown = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  await page.getByTestId('accrual-date').fill(today);
  await page.getByTestId('accrual-show').click();
  await expect(page.getByTestId('accrual-confirm-text')).toContainText(shown);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: `Juros apropriados até ${shown}` })).toBeVisible({ timeout: 60_000 });

  await expect(page.getByTestId('accrual-last')).toHaveText(shown);
  await expect(page.getByTestId('accrual-runs')).toContainText(shown);
  await expect(page.getByTestId('accrual-open')).toHaveText(/^R\$\s?[\d.]+,\d{2}$/);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    for (const id of ['accrual-date', 'accrual-show', 'accrual-open', 'accrual-runs']) await expectWhole(page, id, size.width);
    await page.screenshot({ path: info.outputPath(`accrual-${size.width}x${size.height}.png`), fullPage: true });
  }
});
