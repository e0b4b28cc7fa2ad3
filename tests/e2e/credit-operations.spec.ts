/**
 * A credit operation end to end (issue 9 §3, §5) against the real server with
 * the demo seed: an administrator builds an operation for a borrower through
 * the steps (the borrower preselected by the address, the conditions with the
 * company's fees and a guarantee ticked, a rate above the company's limit
 * refused on its field, the inputs kept when going back), simulates, confirms
 * with the amounts (a double click creates one proposal), lands on the
 * proposal, sends it to analysis, approves it, issues the CCB and saves its
 * PDF, whose text (pdftotext) carries the borrower, the principal and the
 * first due date; the operations list shows it. Screenshots go to the test's
 * output folder.
 */
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, signIn, DEMO, DEMO_PASSWORD, setSwitch } from './harness';
import { completeCpf, formatCpf } from '../../src/shared/documents';

async function noSeriousViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('an operation built in steps, proposed, approved, its CCB issued and saved as PDF, and listed', async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  const name = 'Joana Operação de Ponta a Ponta';
  const cpf = formatCpf(completeCpf('318476520'));
  const [{ id: borrowerId }] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrowers (person_type, name, document, city, state) VALUES ('PF', $1, $2, 'Recife', 'PE') RETURNING id",
    [name, cpf],
  );
  const [{ id: guaranteeId }] = await server.database.rows<{ id: number }>(
    "INSERT INTO borrower_secured_guarantees (borrower_id, kind, description, value) VALUES ($1, 'vehicle', 'Moto Honda 2022', 12000) RETURNING id",
    [borrowerId],
  );

  await page.setViewportSize({ width: 1440, height: 900 });
  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);

  // 1 — the borrower, preselected by the address.
  await harness.goto(`/app/clientOperation/building?borrower=${borrowerId}`);
  await expect(page.getByTestId('building-borrower-chosen')).toContainText(name);
  await expect(page.getByTestId('building-borrower-chosen')).toContainText(cpf);
  await noSeriousViolations(page);
  await page.getByTestId('building-next').click();

  // 2 — the conditions: the company's TAC suggested, a guarantee of this borrower ticked.
  await expect(page.getByTestId('building-fee-0-name')).toHaveValue('TAC');
  await expect(page.getByTestId('building-fee-0-amount')).toHaveValue('150,00');
  await page.getByTestId('building-requested-amount').fill('10.000,00');
  await page.getByTestId('building-monthly-rate').fill('9');
  await page.getByTestId('building-installments').fill('12');
  await page.getByTestId('building-disbursement-date').fill('2026-01-15');
  await page.getByTestId('building-first-due-date').fill('2026-02-15');
  await setSwitch(page.getByTestId('building-finance-iof'), false);
  await page.getByTestId(`building-guarantee-${guaranteeId}`).check({ force: true });
  await noSeriousViolations(page);
  // A rate above the company's limit: the server's 400 lands on the rate.
  await page.getByTestId('building-next').click();
  await expect(page.getByTestId('field-error-monthly_rate')).toBeVisible();
  await expect(page.getByTestId('field-error-monthly_rate')).toContainText('4,99');
  await page.getByTestId('building-monthly-rate').fill('1,99');
  await page.getByTestId('building-next').click();

  // 3 — the simulation.
  const result = page.getByTestId('building-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('building-result-principal')).toHaveText('R$ 10.000,00');
  await expect(page.getByTestId('building-result-first-due')).toHaveText('15/02/2026');
  await expect(page.getByTestId('building-result-installment-12')).toBeVisible();
  await expect(page.getByTestId('building-result-iof-basis')).toContainText('6.306');
  const released = (await page.getByTestId('building-result-released').textContent()) ?? '';
  const totalPayable = (await page.getByTestId('building-result-total-payable').textContent()) ?? '';
  expect(released).toMatch(/^R\$ 9\.\d{3},\d{2}$/);
  await noSeriousViolations(page);
  await page.screenshot({ path: 'test-results/operations/building-step3.png', fullPage: true });

  // Back to the conditions: everything typed is still there; forward again reuses the simulation.
  await page.getByTestId('building-previous').click();
  await expect(page.getByTestId('building-requested-amount')).toHaveValue('10.000,00');
  await expect(page.getByTestId('building-monthly-rate')).toHaveValue('1,99');
  await expect(page.getByTestId(`building-guarantee-${guaranteeId}`)).toBeChecked();
  await page.getByTestId('building-next').click();
  await expect(result).toBeVisible();
  await page.getByTestId('building-next').click();

  // 4 — the confirmation states the amounts; a double click creates one proposal.
  await expect(page.getByTestId('building-amounts-released')).toHaveText(released);
  await page.getByTestId('building-create').click();
  await expect(page.getByTestId('building-confirm-amounts-released')).toHaveText(released);
  await expect(page.getByTestId('building-confirm-amounts-total-payable')).toHaveText(totalPayable);
  await expect(page.getByTestId('building-confirm-amounts-plots')).toContainText('12 ×');
  await noSeriousViolations(page);
  await page.getByTestId('building-confirm').dblclick();
  await expect(page).toHaveURL(/#\/app\/clientOperation\/loan-proposal\/\d+$/);
  const operations = await server.database.rows<{ id: number; status: string; secured_guarantee_ids: unknown }>(
    'SELECT id, status FROM credit_operations WHERE borrower_id = $1',
    [borrowerId],
  );
  expect(operations).toHaveLength(1);
  const operationId = operations[0].id;
  expect(page.url()).toContain(`/loan-proposal/${operationId}`);

  // The proposal, then to analysis (confirmed with the amounts).
  await expect(page.getByTestId('operation-status')).toHaveText('Proposta');
  await expect(page.getByTestId('proposal-result-released')).toHaveText(released);
  await page.getByTestId('decision-send_to_analysis').click();
  await expect(page.getByTestId('decision-amounts-released')).toHaveText(released);
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Em análise');

  // The analysis: approve (an administrator is an operator too).
  await page.getByTestId('proposal-open-analysis').click();
  await expect(page).toHaveURL(new RegExp(`/analize/${operationId}$`));
  await page.getByTestId('decision-approve').click();
  await expect(page.getByTestId('decision-amounts-total-payable')).toHaveText(totalPayable);
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Aprovada');
  await expect(page.getByTestId('management-decided-by')).toHaveText(DEMO.admin.name);

  // The timeline says who did what.
  await page.getByTestId('analysis-tab-timeline').click();
  await expect(page).toHaveURL(/\?tab=timeline$/);
  await expect(page.getByTestId('analysis-timeline').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('analysis-timeline')).toContainText(DEMO.admin.name);

  // The contract: issue the CCB, save the PDF and read it.
  await page.getByTestId('analysis-tab-contract').click();
  await expect(page.getByTestId('contract-none')).toBeVisible();
  await page.getByTestId('contract-issue').click();
  await expect(page.getByTestId('contract-issue-amounts-released')).toHaveText(released);
  await page.getByTestId('contract-issue-confirm').click();
  await expect(page.getByTestId('contract-number')).not.toBeEmpty();
  await expect(page.getByTestId('operation-status')).toHaveText('Contrato emitido');
  const contractNumber = (await page.getByTestId('contract-number').textContent()) ?? '';
  await noSeriousViolations(page);
  await page.screenshot({ path: 'test-results/operations/analysis.png', fullPage: true });

  await page.getByTestId('contract-download').click();
  const saved = page.getByTestId('contract-pdf-saved');
  await expect(saved).toBeVisible();
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(existsSync(path)).toBe(true);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain(contractNumber);
  expect(text).toContain(name);
  expect(text).toContain('R$ 10.000,00');
  expect(text).toContain('15/02/2026');

  // The list shows it; its row opens the analysis.
  await harness.goto('/app/allOperations');
  await page.getByTestId('operations-filter-borrower').fill('Ponta a Ponta');
  await expect(page.getByTestId(`operations-row-${operationId}`)).toBeVisible();
  await expect(page.getByTestId(`operations-status-${operationId}`)).toHaveText('Contrato emitido');
  await expect(page.getByTestId('operations-table').locator('tbody tr')).toHaveCount(1);
  await noSeriousViolations(page);
  await page.getByTestId(`operations-row-${operationId}`).click();
  await expect(page).toHaveURL(new RegExp(`/analize/${operationId}$`));
});
