/**
 * SCR — Doc 3044 (eventos), with the demo seed: an administrator opens it
 * from the menu, sees the queue's totals and the events with their status
 * tags (late ones red, with their days), generates the JSON remittance (saved
 * by the main process and read back from disk), marks the remittance as sent
 * after a confirmation and finds its events under the filter Enviado. Looked at
 * 1280×800 and 1024×768 (screenshots in the test's output).
 */
import { readFileSync } from 'node:fs';
import { test, expect, signIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';

test.use({ viewport: { width: 1280, height: 800 } });

test('an administrator generates the Doc 3044 remittance of the pending events and records it as sent', async ({ page, harness }) => {
  test.setTimeout(180_000);
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await page.getByTestId('menu-item-/company-operation/books/regulatory/doc3044').click();
  await expect(page.getByTestId('doc3044')).toBeVisible();
  await expect(page.getByTestId('doc3044-totals')).toContainText('Pendentes:');
  const rows = page.locator('[data-testid^="doc3044-table-row-"]');
  await expect(rows.first()).toBeVisible();
  // A late event is a red tag that says for how many days.
  const late = page.locator('[data-testid^="doc3044-status-"][data-status="late"]').first();
  if ((await late.count()) > 0) {
    await expect(late).toHaveClass(/intent-danger/);
    await expect(late).toContainText(/Atrasado há \d+ dias?/);
  }
  await expectNoSeriousViolations(page);
  // The filter row (the report kit's, with "Gerar arquivo") and the table fit the window at 1280 and at 1024.
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    for (const id of ['doc3044-status', 'doc3044-from', 'doc3044-to', 'doc3044-show', 'doc3044-generate']) {
      const box = await page.locator(`#${id}, [data-testid="${id}"]`).first().boundingBox();
      expect(box && box.x + box.width <= viewport.width, `${id} at ${viewport.width}`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no horizontal scroll at ${viewport.width}`).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`doc3044-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('doc3044-generate').click();
  const saved = page.getByTestId('doc3044-saved');
  await expect(saved).toBeVisible();
  const path = ((await saved.textContent()) ?? '').replace(/^.*?(\/\S+\.json).*$/s, '$1');
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { cnpjIF: string; dataHoraRemessa: string; operacoes: Array<{ acao: number; ipoc: string; saldoDevedor: string }> };
  expect(doc.cnpjIF).toMatch(/^\d{8}$/);
  expect(doc.dataHoraRemessa).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
  expect(doc.operacoes.length).toBeGreaterThan(0);
  expect(doc.operacoes[0]).toMatchObject({ acao: 1, saldoDevedor: expect.stringMatching(/^\d+\.\d{2}$/) });

  const markFile = page.locator('[data-testid^="doc3044-mark-file-"]').first();
  await markFile.click();
  await expect(page.getByTestId('doc3044-confirm-text')).toContainText('não é enviado de novo');
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.locator('[data-testid^="doc3044-mark-file-"]')).toHaveCount(0);
  await page.getByTestId('doc3044-status').selectOption('sent');
  await page.getByTestId('doc3044-show').click();
  await expect(page.locator('[data-testid^="doc3044-status-"][data-status="sent"]').first()).toBeVisible();
  await expect(page.getByTestId('doc3044-totals')).toContainText('Pendentes: 0');
});
