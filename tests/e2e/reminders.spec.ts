/**
 * Payment reminders on the screen against the real server with the demo seed: an administrator opens Cobrança ›
 * Lembretes de pagamento, sees the default rules, is refused an offset out of range (the field's message), adds a rule
 * and saves, runs the job and sees its counts; the list answers. Looked at 1280×800 and 1024×768.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, DEMO } from './harness';

/** Nothing of the element is off the window's right edge. */
async function expectWhole(page: Page, testId: string, width: number): Promise<void> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x + box!.width <= width, `${testId} at ${width}`).toBe(true);
}

test('an administrator edits the reminder rules, runs the job and sees the list', async ({ page, harness }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.admin.email, '/app/collections/reminders');
  await expect(page.getByTestId('reminders')).toBeVisible();
  // The defaults: five rules, −5 first.
  await expect(page.getByTestId('reminders-offset-0')).toHaveValue('-5');
  await expect(page.getByTestId('reminders-offset-4')).toHaveValue('15');

  await page.getByTestId('reminders-add-rule').click();
  await page.getByTestId('reminders-offset-5').fill('120');
  await page.getByTestId('reminders-save').click();
  await expect(page.getByTestId('reminders-settings-error')).toContainText('dias: de -30 a +90');

  await page.getByTestId('reminders-offset-5').fill('3');
  await page.getByTestId('reminders-channel-5-sms').check({ force: true });
  await page.getByTestId('reminders-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Regras de lembrete salvas' })).toBeVisible();
  await expect(page.getByTestId('reminders-offset-3')).toHaveValue('3');

  await page.getByTestId('reminders-run').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Lembretes de ' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('reminders-list')).toBeVisible();

  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    for (const id of ['reminders-run', 'reminders-rules', 'reminders-optout', 'reminders-list']) await expectWhole(page, id, size.width);
    await page.screenshot({ path: info.outputPath(`reminders-${size.width}x${size.height}.png`), fullPage: true });
  }
});
