/**
 * Statements and letters end to end, over the demo seed's overdue installments: an agent opens the operation of the
 * most-late installment on its contract tab (the "Extratos e cartas" panel), saves its statement (the main process writes the PDF into
 * the downloads folder; pdftotext finds the operation and the borrower in it), and sees no discharge letter (the back
 * office issues it); an operator asks for the discharge of that open operation and reads the server's refusal naming
 * the open installments, and the borrower's annual declaration is refused with the server's reason — at 1280×800
 * and 1024×768. axe finds nothing serious on the tab.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test, expect, signInAs, signOut, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

test('an agent saves an operation statement; the discharge of an open operation is refused', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  expect(list.status).toBe(200);
  const first = list.body.items[0];

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.agente.email, `/app/clientOperation/analize/${first.credit_operation_id}?tab=contract`);
  await expect(page.getByTestId('letters-panel')).toBeVisible();
  await expect(page.getByTestId('letters-discharge')).toHaveCount(0);
  await page.getByTestId('letters-statement-save').click();
  const saved = page.getByTestId('letters-saved');
  await expect(saved).toBeVisible();
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(existsSync(path)).toBe(true);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain('Extrato da operação');
  expect(text).toContain(first.borrower_name);
  expect(text).toContain('Saldo em aberto');
  await expectNoSeriousViolations(page);
  await page.getByTestId('letters-panel').screenshot({ path: info.outputPath('letters-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('letters-panel').screenshot({ path: info.outputPath('letters-1024.png') });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/analize/${first.credit_operation_id}?tab=contract`);
  await page.getByTestId('letters-discharge-save').click();
  await expect(page.getByTestId('letters-error')).toContainText('não está quitada');
  await expectNoSeriousViolations(page);
  await page.getByTestId('letters-panel').screenshot({ path: info.outputPath('letters-refused-1280.png') });

  // The borrower's annual declaration, under their operations: this borrower still owes, so the server says why not.
  await harness.goto(`/app/clientOperation/view/${first.borrower_id}?tab=operations`);
  await expect(page.getByTestId('letters-annual')).toBeVisible();
  await page.getByTestId('letters-annual-save').click();
  await expect(page.getByTestId('letters-annual-error')).not.toBeEmpty();
  await expectNoSeriousViolations(page);
  await page.getByTestId('letters-annual').screenshot({ path: info.outputPath('letters-annual-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('letters-annual').screenshot({ path: info.outputPath('letters-annual-1024.png') });
});
