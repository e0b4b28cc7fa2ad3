/**
 * The collections desk's contact log end to end, over the demo seed's overdue installments: an agent opens the
 * operation of the most-late installment, logs a call with a promise to pay (the confirmation states the amount and
 * the date), sees it in the operation's contacts with its state ("Promessa em aberto"), and the overdue list's row
 * detail shows that last contact and the open promise — at 1280×800 and 1024×768, the list still scrolling nothing
 * sideways. axe finds nothing serious on the panel and the list.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations, plusDays } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const body = page.getByTestId('expired-table').locator('.rt-body');
  const [scroll, client] = await body.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll, 'the overdue table scrolls sideways').toBeLessThanOrEqual(client);
}

test('an agent logs a call with a promise to pay and the overdue list shows it', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  expect(list.status).toBe(200);
  const first = list.body.items[0];
  const promised = plusDays(server.clock.today(), 3);
  const shown = promised.split('-').reverse().join('/');

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.agente.email, `/app/clientOperation/analize/${first.credit_operation_id}?tab=installments`);
  await expect(page.getByTestId('contacts')).toBeVisible();
  await page.getByTestId('contact-add').click();
  await page.getByTestId('contact-channel').selectOption('whatsapp');
  await page.getByTestId('contact-outcome').selectOption('promised');
  await page.getByTestId('contact-submit').click();
  // The promise's two fields are asked for before anything is sent.
  await expect(page.getByTestId('field-error-promised_on')).not.toBeEmpty();
  await page.getByTestId('contact-promised-on').fill(shown);
  await page.getByTestId('contact-amount').fill('150,00');
  await page.getByTestId('contact-note').fill('Disse que paga a parcela mais atrasada na sexta.');
  await page.getByTestId('contact-form').screenshot({ path: info.outputPath('contact-form-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('contact-form').screenshot({ path: info.outputPath('contact-form-1024.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-confirm-consequence')).toContainText('R$ 150,00');
  await expect(page.getByTestId('contact-confirm-consequence')).toContainText(shown);
  await expectNoSeriousViolations(page);
  await page.getByTestId('contact-confirm').click();
  await expect(page.getByTestId('contacts-table')).toBeVisible();
  const row = page.locator('[data-testid^="contact-row-"]').first();
  await expect(row).toContainText('Promessa de pagamento');
  await expect(row).toContainText('WhatsApp');
  await expect(row).toContainText('Alice Agente');
  await expect(row.locator('[data-testid^="contact-promise-state-"]')).toHaveText('Promessa em aberto');
  await expect(row.locator('[data-testid^="contact-promise-"]:not([data-testid*="state"])')).toContainText(`R$ 150,00 até ${shown}`);
  await expectNoSeriousViolations(page);
  await page.getByTestId('contacts').screenshot({ path: info.outputPath('contacts-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('contacts').screenshot({ path: info.outputPath('contacts-1024.png') });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await harness.goto('/app/collections');
    await expect(page.getByTestId('expired-table')).toBeVisible();
    // The row's detail stays open across the resize (the same screen): open it only when closed.
    const expand = page.getByTestId(`expired-expand-${first.id}`);
    if ((await expand.getAttribute('aria-expanded')) !== 'true') await expand.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId(`expired-detail-contact-${first.id}`)).toContainText('WhatsApp · Promessa de pagamento');
    await expect(page.getByTestId(`expired-promise-state-${first.id}`)).toHaveText('Promessa em aberto');
    await expect(page.getByTestId(`expired-detail-promise-${first.id}`)).toContainText(`R$ 150,00 até ${shown}`);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath(`collections-${size.width}.png`), fullPage: true });
  }
  await expectNoSeriousViolations(page);
});
