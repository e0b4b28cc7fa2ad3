/**
 * Negativação on the screen against the real server with the demo seed: an operator opens Cobrança › Negativação,
 * sees a candidate whose borrower has no address flagged with what is missing (in English on an English screen), completes it (as the borrower's screen
 * would), sends the installment after the confirmation, finds the record submitted in the list, runs the job and opens
 * the record's events. Looked at 1280×800 and 1024×768.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs, DEMO } from './harness';

test.use({ serverPerFile: true });

/** Nothing of the element is off the window's right edge. */
async function expectWhole(page: Page, testId: string, width: number): Promise<void> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x + box!.width <= width, `${testId} at ${width}`).toBe(true);
}

test('an operator sends an overdue installment to the bureau after confirming, and follows its record', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const today = server.clock.today();
  // The demo's oldest installment late for more than 30 days, with its borrower's address removed.
  const [subject] = await server.database.rows<{ id: number; borrower_id: number }>(
    `SELECT i.id, o.borrower_id FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id
      LEFT JOIN installment_titles t ON t.installment_id = i.id
      WHERE i.collecting AND i.paid_on IS NULL AND i.superseded_in IS NULL AND t.protest_days IS NULL
        AND i.due_date <= $1::date - coalesce(t.negativation_days, 30)
        AND NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = i.id)
      ORDER BY i.due_date, i.id LIMIT 1`,
    [today],
  );
  expect(subject, 'the demo seed has an installment late for more than 30 days').toBeDefined();
  await server.database.rows('UPDATE borrowers SET cep = NULL, address = NULL WHERE id = $1', [subject.borrower_id]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, '/app/collections/negativation');
  await expect(page.getByTestId('negativation')).toBeVisible();
  await page.getByTestId('negativation-tab-candidates').click();
  await expect(page.getByTestId(`negativation-missing-${subject.id}`)).toHaveText('CEP, logradouro');
  // The server sends the fields, not a sentence: an English screen says them in English.
  await page.getByTestId('locale-switch').selectOption('en');
  await expect(page.getByTestId(`negativation-missing-${subject.id}`)).toHaveText('postal code (CEP), street');
  await page.screenshot({ path: info.outputPath('negativation-candidates-en-1280x800.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId(`negativation-missing-${subject.id}`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('negativation-candidates-en-1024x768.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('locale-switch').selectOption('pt-BR');
  await expect(page.getByTestId(`negativation-missing-${subject.id}`)).toHaveText('CEP, logradouro');

  // Sent without an address: refused, saying what to fix.
  await page.getByTestId(`negativation-submit-${subject.id}`).click();
  await expect(page.getByTestId('negativation-confirm-missing')).toHaveText('Endereço do tomador incompleto (falta: CEP, logradouro)');
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Complete o cadastro do tomador' })).toBeVisible();

  await server.database.rows("UPDATE borrowers SET cep = '01310-100', address = 'Av. Paulista', city = coalesce(city, 'São Paulo'), state = coalesce(state, 'SP') WHERE id = $1", [subject.borrower_id]);
  await page.reload();
  await page.getByTestId('negativation-tab-candidates').click();
  await expect(page.getByTestId(`negativation-missing-${subject.id}`)).toHaveText('');
  await page.getByTestId(`negativation-submit-${subject.id}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Parcela enviada ao birô' })).toBeVisible();
  await expect(page.getByTestId(`negativation-submit-${subject.id}`)).toHaveCount(0);

  await page.getByTestId('negativation-tab-records').click();
  const [record] = await server.database.rows<{ id: number }>('SELECT id FROM negativation_records WHERE installment_id = $1', [subject.id]);
  await expect(page.getByTestId(`negativation-status-${record.id}`)).toContainText('Enviada');
  await page.getByTestId('negativation-run').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Rotina de ' })).toBeVisible();
  await page.getByTestId(`negativation-list-row-${record.id}`).click();
  await expect(page.getByTestId('negativation-events')).toContainText('Olga Operadora');
  await page.keyboard.press('Escape');

  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    for (const id of ['negativation-run', 'negativation-records', 'negativation-list']) await expectWhole(page, id, size.width);
    await page.screenshot({ path: info.outputPath(`negativation-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.getByTestId('negativation-tab-candidates').click();
  await expectWhole(page, 'negativation-candidates-list', 1024);
  await page.screenshot({ path: info.outputPath('negativation-candidates-1024x768.png'), fullPage: true });
});
