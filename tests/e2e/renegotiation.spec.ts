/**
 * A renegotiation end to end over the demo seed's overdue installments: an operator opens the renegotiation of the
 * most-late installment's operation, picks it, simulates (the figures and the new schedule appear), closes the
 * agreement after a confirmation stating the amounts, and the installment leaves the open list. axe finds nothing
 * serious on the screen.
 */
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

/** `day` + n calendar days, YYYY-MM-DD (text arithmetic in UTC: no time zone involved). */
function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

test('an operator renegotiates an overdue installment', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  expect(list.status).toBe(200);
  const first = list.body.items[0];
  const op = await directCall<{ borrower_id: number }>(server.url, 'creditOperation.get', { id: first.credit_operation_id }, token);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/renegotiation/${op.body.borrower_id}?operation=${first.credit_operation_id}`);
  await expect(page.getByTestId('renegotiation-installments')).toBeVisible();
  await page.getByTestId(`renegotiation-pick-${first.id}`).check({ force: true }); // Blueprint's indicator covers the input
  await page.getByTestId('reneg-term').fill('6');
  await page.getByTestId('reneg-first').fill(plusDays(server.clock.today(), 30));
  await page.getByTestId('reneg-simulate').click();
  await expect(page.getByTestId('reneg-simulation')).toBeVisible();
  await expect(page.getByTestId('reneg-schedule').locator('tbody tr')).toHaveCount(6);
  await expect(page.getByTestId('reneg-figures-principal')).toContainText('R$');
  await expectNoSeriousViolations(page);
  await page.getByTestId('renegotiation').screenshot({ path: info.outputPath('renegotiation-1280.png') });
  await page.getByTestId('reneg-agree').click();
  await expect(page.getByTestId('reneg-confirm-amounts-balance')).toContainText('R$');
  await page.getByTestId('reneg-confirm').click();
  await expect(page.getByTestId('renegotiation-done')).toHaveAttribute('data-status', 'agreed');
  await expect(page.getByTestId(`renegotiation-row-${first.id}`)).toHaveCount(0);
});
