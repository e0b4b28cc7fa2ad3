/**
 * The renegotiation desk's parameters and its break run, on the screen against the real server with the demo seed:
 * an administrator lowers the operator's discount limit on the company's parameters (the renegotiation limits
 * section: percent as Portuguese writes it); it waits for another administrator, who approves it from the same
 * screen; the operator then simulates a discount above the new limit and the refusal, in Portuguese, says the limit
 * on its field; on the collections desk the operator runs the break rule ("Verificar quebras agora") after the
 * confirmation saying what it does, and the answer says how many agreements broke. The limits section, its dialog and
 * the desk's answer are looked at 1280 and 1024 px wide (screenshots in the test's output).
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect, signInAs, signOut, directCall, directSignIn, expectNoSeriousViolations, DEMO, DEMO_PASSWORD, plusDays } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

async function lookAt(page: Page, info: TestInfo, root: Locator, name: string): Promise<void> {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(root).toBeVisible();
    await root.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
    await root.screenshot({ path: info.outputPath(`${name}-${width}-alone.png`) });
    const box = await root.boundingBox();
    expect(box && box.x + box.width <= width + 1, `${name} fits ${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a limit changed with four eyes applies at once; the break rule runs from the desk', async ({ page, harness, server }, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The administrator asks: the operator's most discount from 50% to 10%.
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation');
  await page.getByTestId('company-tab-parameters').click();
  const percent = page.getByTestId('reneg-limits-percent-5');
  await expect(percent).toHaveValue('50');
  await percent.fill('10');
  await page.getByTestId('reneg-limits-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Alteração dos limites enviada' })).toBeVisible();
  await expect(page.getByTestId('reneg-limits-change-rows-role-5')).toContainText('50% e R$ 1.000,00 → 10% e R$ 1.000,00');
  await expect(page.getByTestId('reneg-limits-change-approve')).toHaveCount(0);
  await lookAt(page, info, page.getByTestId('reneg-limits'), 'limits-asked');
  await signOut(page);

  // Another administrator approves it on the same screen.
  await signInAs(page, harness, DEMO.superadmin.email, '/app/company-operation');
  await page.getByTestId('company-tab-parameters').click();
  await page.getByTestId('reneg-limits-change-approve').click();
  await expect(page.getByTestId('reneg-limits-decide-consequence')).toContainText('passam a valer agora');
  await lookAt(page, info, page.getByRole('dialog'), 'limits-approve-dialog');
  await page.getByTestId('reneg-limits-decide-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Alteração aprovada' })).toBeVisible();
  await expect(page.getByTestId('reneg-limits-change')).toHaveCount(0);
  await expect(percent).toHaveValue('10');
  await signOut(page);

  // The operator simulates 20% off the late charges: refused on the field, saying the limit.
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  const first = list.body.items[0];
  const op = await directCall<{ borrower_id: number }>(server.url, 'creditOperation.get', { id: first.credit_operation_id }, token);
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/renegotiation/${op.body.borrower_id}?operation=${first.credit_operation_id}`);
  await expect(page.getByTestId('renegotiation-limits')).toContainText('desconto de até 10,00%');
  await page.getByTestId(`renegotiation-pick-${first.id}`).check({ force: true });
  await page.getByTestId('reneg-late').fill('20');
  await page.getByTestId('reneg-term').fill('6');
  await page.getByTestId('reneg-first').fill(plusDays(server.clock.today(), 30));
  await page.getByTestId('reneg-simulate').click();
  await expect(page.getByTestId('field-error-late_charges_discount_percent')).toContainText('limite do seu perfil (10.00%)');
  await page.screenshot({ path: info.outputPath('simulate-above-limit-1280.png'), fullPage: true });

  // The break rule from the collections desk: confirmed, then the answer.
  await page.getByTestId('menu-item-/collections').click();
  await page.getByTestId('reneg-breaks-run').click();
  await expect(page.getByTestId('reneg-breaks-text')).toContainText('regra de quebra');
  await expectNoSeriousViolations(page, '[role="dialog"]');
  await page.getByTestId('confirm-dialog-confirm').click();
  const result = page.getByTestId('reneg-breaks-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText(/acordos? rompidos?|Nenhum acordo rompido/);
  await lookAt(page, info, result, 'breaks-result');
});
