/**
 * The renegotiation screen's amounts typed as Portuguese writes them, on the screen kit's fields: the down payment
 * shows "0,00" and the rate "1,99" at first; an amount written the English way ("1,234.56") is refused on its field
 * in Portuguese; the down payment "1.234,56" is not more than the balance here, so "10,00" is typed, the rate "2,5"
 * and the late charges' discount "10,5"; the simulation states them back ("R$ 10,00"), and the agreement's payment
 * form shows what is due the Portuguese way. The screen is looked at at 1280×800 and 1024 px wide (screenshots).
 */
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, plusDays } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

/** YYYY-MM-DD → DD/MM/AAAA, as a person types it. */
const typedDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test('a Portuguese user types the renegotiation’s amounts as Portuguese writes them', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  const first = list.body.items[0];
  const op = await directCall<{ borrower_id: number }>(server.url, 'creditOperation.get', { id: first.credit_operation_id }, token);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/renegotiation/${op.body.borrower_id}?operation=${first.credit_operation_id}`);
  await expect(page.getByTestId('renegotiation-installments')).toBeVisible();
  await expect(page.getByTestId('reneg-down')).toHaveValue('0,00');
  await expect(page.getByTestId('reneg-rate')).toHaveValue('1,99');
  await page.getByTestId(`renegotiation-pick-${first.id}`).check({ force: true }); // Blueprint's indicator covers the input

  // The English way is not an amount in Portuguese: refused on the field, nothing sent.
  await page.getByTestId('reneg-down').fill('1,234.56');
  await page.getByTestId('reneg-down').blur();
  await expect(page.getByTestId('field-error-down_payment')).toBeVisible();

  await page.getByTestId('reneg-down').fill('10,00');
  await page.getByTestId('reneg-rate').fill('2,5');
  await page.getByTestId('reneg-late').fill('10,5');
  await page.getByTestId('reneg-term').fill('4');
  await page.getByTestId('reneg-first').fill(typedDay(plusDays(server.clock.today(), 30)));
  await expect(page.getByTestId('field-error-down_payment')).toHaveCount(0);
  await page.getByTestId('reneg-simulate').click();
  await expect(page.getByTestId('reneg-simulation')).toBeVisible();
  await expect(page.getByTestId('reneg-figures-down')).toHaveText(/^R\$\s10,00$/);
  await expect(page.getByTestId('reneg-schedule').locator('tbody tr')).toHaveCount(4);
  await page.getByTestId('renegotiation').screenshot({ path: info.outputPath('renegotiation-typing-1280.png') });
  await page.setViewportSize({ width: 1024, height: 800 });
  // Nothing wider than the window at 1024 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByTestId('renegotiation').screenshot({ path: info.outputPath('renegotiation-typing-1024.png') });

  // Changing a condition drops the simulation shown: the one agreed is the one simulated.
  await page.getByTestId('reneg-rate').fill('2,4');
  await expect(page.getByTestId('reneg-simulation')).toHaveCount(0);
  await page.getByTestId('reneg-simulate').click();
  await expect(page.getByTestId('reneg-simulation')).toBeVisible();
  await page.getByTestId('reneg-agree').click();
  await page.getByTestId('reneg-confirm').click();
  await expect(page.getByTestId('renegotiation-done')).toHaveAttribute('data-status', 'agreed');

  // The agreement's payment form: what is due shown as Portuguese writes it, typed the same way.
  await page.getByTestId('renegotiation-done-link').click();
  await expect(page.getByTestId('reneg-agreement-status')).toHaveAttribute('data-status', 'agreed');
  await page.getByTestId('reneg-pay-1').click();
  await expect(page.getByTestId('reneg-pay-amount')).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{2}$/);
  await page.getByTestId('reneg-pay-amount').fill('1,50');
  await page.getByTestId('reneg-pay-submit').click();
  await expect(page.getByTestId('reneg-pay-amounts-amount')).toHaveText(/^R\$\s1,50$/);
  await page.getByTestId('reneg-pay-confirm').click();
  await expect(page.getByTestId('reneg-inst-status-1')).toHaveAttribute('data-status', 'partially_paid');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('reneg-agreement').screenshot({ path: info.outputPath('agreement-1280.png') });
});
