/**
 * The confession of debt from the company's template, end to end: an administrator opens "Modelos de contrato",
 * picks the confession of debt, sees its own placeholders, has an unknown one refused on the body (naming it and
 * listing the allowed ones), edits a clause and saves (version 2); an agreement is then carried out and its
 * confession, saved as a PDF by the main process, shows the edited clause (pdftotext). An operator's payoff letter is
 * listed with its template version and, printed again after the template changed, reads as issued. Screenshots at
 * 1280 and 1024 px.
 */
import { execFileSync } from 'node:child_process';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, plusDays, simulateAndAgree } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

const EDITED = 'Cláusula do modelo editado na tela.';

test('the confession of debt is issued from the template the administrator edited', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation?tab=contracts');
  await expect(page.getByTestId('company-template-version')).toContainText('Versão 1');
  await page.getByTestId('company-template-kind-select').selectOption('confession');
  await expect(page.getByTestId('company-alias-acordo.numero')).toBeVisible();
  await expect(page.getByTestId('company-alias-operacao.valor_financiado')).toHaveCount(0);
  await expect(page.getByTestId('company-template-frozen-hint')).toBeVisible();
  const body = page.getByTestId('company-template-body');
  await expect(body).toHaveValue(/^INSTRUMENTO PARTICULAR DE CONFISSÃO DE DÍVIDA/);
  const text = await body.inputValue();

  // A contract's placeholder is unknown to the confession: refused on the field, with the ones it allows.
  await body.fill(`${text}\n\n{{tomador.nome}}`);
  await page.getByTestId('company-template-save').click();
  await expect(page.getByTestId('field-error-body')).toContainText('{{tomador.nome}}');
  await expect(page.getByTestId('field-error-body')).toContainText('{{devedor.nome}}');

  await body.fill(text.replace('6. Este instrumento', `6. ${EDITED} Este instrumento`));
  await page.getByTestId('company-template-save').click();
  await expect(page.getByTestId('company-template-version')).toContainText('Versão 2');
  // The picker and the form from the top, at both widths (the whole page: the text and its placeholders side by side).
  await page.getByTestId('company-template-kind').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('confession-template-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('company-alias-acordo.numero')).toBeVisible();
  await page.getByTestId('company-template-kind').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('confession-template-1024.png'), fullPage: true });

  // An agreement over the most-late installment, carried out by the administrator (no discount: within every limit).
  const token = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  const first = list.body.items[0];
  const op = await directCall<{ borrower_id: number }>(server.url, 'creditOperation.get', { id: first.credit_operation_id }, token);
  const args = {
    borrower_id: op.body.borrower_id,
    installment_ids: [first.id],
    late_charges_discount_percent: '0',
    interest_discount_percent: '0',
    down_payment: '0.00',
    amortization: 'price',
    monthly_rate: '1.50',
    term: 3,
    first_due_date: plusDays(server.clock.today(), 30),
    finance_iof: true,
  };
  const { simulated, agreed } = await simulateAndAgree(server.url, token, args);
  expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
  expect(agreed.body.status, JSON.stringify(agreed.body)).toBe('agreed');

  await page.setViewportSize({ width: 1280, height: 800 });
  await harness.goto(`/app/clientOperation/renegotiation/agreement/${agreed.body.id}`);
  await expect(page.getByTestId('reneg-agreement-status')).toHaveAttribute('data-status', 'agreed');
  await page.getByTestId('reneg-document-save').click();
  const saved = page.getByTestId('reneg-document-saved');
  await expect(saved).toBeVisible();
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  const pdf = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(pdf).toContain('CONFISSÃO DE DÍVIDA');
  expect(pdf).toContain(EDITED);
});

test('a payoff letter issued is listed with its template version and printed again as issued', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const admin = await directSignIn(server.url, DEMO.admin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, admin);
  const first = list.body.items[0];

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/analize/${first.credit_operation_id}?tab=contract`);
  await expect(page.getByTestId('letters-issued-empty')).toBeVisible();
  await page.getByTestId('letters-payoff-save').click();
  await expect(page.getByTestId('letters-saved')).toBeVisible();
  const row = page.locator('[data-testid^="letters-issued-row-"]');
  await expect(row).toHaveCount(1);
  const id = Number((await row.getAttribute('data-testid'))?.replace('letters-issued-row-', ''));
  await expect(page.getByTestId(`letters-issued-version-${id}`)).toContainText('Versão 1');

  // The administrator changes the payoff template; the letter already issued does not change.
  type Template = { kind: string; title: string; body: string };
  const templates = await directCall<Template[]>(server.url, 'company.contractTemplates', { id: 1 }, admin);
  const payoff = templates.body.find((t) => t.kind === 'payoff')!;
  const changed = await directCall(server.url, 'company.updateContractTemplate', { id: 1, kind: 'payoff', title: payoff.title, body: payoff.body.replace('Informamos que', 'Texto novo do modelo: informamos que') }, admin);
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);

  await page.getByTestId(`letters-reprint-${id}`).click();
  const saved = page.getByTestId('letters-saved');
  await expect(saved).toContainText('.pdf');
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  const pdf = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(pdf).toContain('Informamos que o valor para a quitação antecipada');
  expect(pdf).not.toContain('Texto novo do modelo');
  await page.getByTestId('letters-issued').screenshot({ path: info.outputPath('letters-issued-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('letters-issued').screenshot({ path: info.outputPath('letters-issued-1024.png') });
});
