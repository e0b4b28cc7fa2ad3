/**
 * The company's issued contracts (/app/company-operation?tab=issued)
 * against the real server with the demo seed: an administrator sees the
 * seeded CCB and MPO contracts, filters by kind (kept in the URL), reads a
 * contract's text as issued, saves the PDF of one in force (pdftotext finds
 * its number), cancels one after a confirmation that names it and says the
 * operation goes back to approved, and sees it cancelled; a contract
 * cancelled meanwhile by someone else is answered with the server's 409
 * words. An agent sees the list without the cancel button. A CCB template
 * saved without the order clause (Lei 10.931/2004 art. 29) is saved with a
 * warning naming it, which goes away when the clause is back. Screenshots go
 * to the test's output folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, seriousViolations } from './harness';
import type { CreditOperation, IssuedContract } from '../../src/shared/contract/credit-operations';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

async function serverCall<T>(url: string, name: Parameters<typeof directCall>[1], args: unknown): Promise<{ status: number; body: T }> {
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  return directCall<T>(url, name, args, token);
}

async function contracts(url: string, filter: Record<string, string> = {}): Promise<IssuedContract[]> {
  const answer = await serverCall<{ items: IssuedContract[] }>(url, 'company.contracts', { id: 1, page: 1, limit: 100, filter });
  expect(answer.status).toBe(200);
  return answer.body.items;
}

/** Contracts in force whose operation is not disbursed (the ones that can be cancelled). */
async function cancellable(url: string): Promise<IssuedContract[]> {
  const out: IssuedContract[] = [];
  for (const c of await contracts(url, { status: 'issued' })) {
    const op = await serverCall<CreditOperation>(url, 'creditOperation.get', { id: c.credit_operation_id });
    if (op.body.status !== 'disbursed') out.push(c);
  }
  return out;
}

test('an administrator lists, filters, reads, saves and cancels issued contracts', async ({ page, harness, server }, info) => {
  const all = await contracts(server.url);
  expect(all.some((c) => c.kind === 'CCB')).toBe(true);
  expect(all.some((c) => c.kind === 'MPO')).toBe(true);

  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation');
  await page.getByTestId('company-tab-issued').click();
  await expect(page).toHaveURL(/\?tab=issued$/);
  const newest = all[0];
  await expect(page.getByTestId(`issued-contracts-row-${newest.id}`)).toBeVisible();
  await expect(page.getByTestId(`issued-contracts-number-${newest.id}`)).toHaveText(newest.number);
  await expect(page.getByTestId(`issued-contracts-operation-${newest.id}`)).toHaveAttribute('href', `#/app/clientOperation/analize/${newest.credit_operation_id}`);
  await shot(page, info, 'issued-contracts');

  // Only MPO, kept in the URL: a reload keeps the filter.
  await page.getByTestId('issued-contracts-filter-kind').selectOption('MPO');
  await expect(page).toHaveURL(/kind=MPO/);
  await expect(page).toHaveURL(/tab=issued/);
  const mpo = all.filter((c) => c.kind === 'MPO');
  await expect(page.getByTestId(`issued-contracts-row-${mpo[0].id}`)).toBeVisible();
  const ccb = all.find((c) => c.kind === 'CCB')!;
  await expect(page.getByTestId(`issued-contracts-row-${ccb.id}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('issued-contracts-filter-kind')).toHaveValue('MPO');
  await expect(page.getByTestId(`issued-contracts-row-${ccb.id}`)).toHaveCount(0);
  await shot(page, info, 'issued-contracts-mpo');

  // The text as issued.
  await page.getByTestId(`issued-contracts-text-${mpo[0].id}`).click();
  const text = page.getByTestId('issued-contract-text');
  await expect(text).toBeVisible();
  const detail = await serverCall<{ body: string }>(server.url, 'company.issuedContract', { contractId: mpo[0].id });
  expect(detail.body.body.length).toBeGreaterThan(50);
  await expect(text).toContainText(detail.body.body.split('\n').find((l) => l.trim().length > 10)!.trim());
  await expect(text).toHaveCSS('white-space', 'pre-wrap');
  await expect(page.getByTestId('issued-contract-meta')).toContainText(mpo[0].operation_number);
  await shot(page, info, 'issued-contract-text');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('issued-contract-text-close').click();
  await expect(text).toHaveCount(0);

  // A contract in force whose operation is not disbursed: its PDF saved, then cancelled after confirming.
  await page.getByTestId('issued-contracts-filter-clear').click();
  const target = (await cancellable(server.url))[0];
  expect(target, 'the seed has a contract that can be cancelled').toBeTruthy();
  await page.getByTestId('issued-contracts-filter-borrower').fill(target.borrower_name);
  await page.getByTestId('issued-contracts-filter-status').selectOption('issued');
  await expect(page.getByTestId(`issued-contracts-row-${target.id}`)).toBeVisible();

  await page.getByTestId(`issued-contracts-pdf-${target.id}`).click();
  const saved = page.getByTestId('issued-contracts-pdf-saved');
  await expect(saved).toBeVisible();
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(path.endsWith(`/${target.number}.pdf`)).toBe(true);
  expect(existsSync(path)).toBe(true);
  const pdfText = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain(target.number);
  // One number: the text's "nº" is the contract's own, not the operation's OP-…; the amounts are summarised.
  expect(pdfText).not.toMatch(/OP-\d{6}/);
  expect(pdfText).toContain('Quadro-resumo da operação');

  await page.getByTestId(`issued-contracts-cancel-${target.id}`).click();
  await expect(page.getByTestId('issued-contracts-cancel-text')).toContainText(target.number);
  await expect(page.getByTestId('issued-contracts-cancel-text')).toContainText('volta para aprovada');
  await shot(page, info, 'issued-contract-cancel');
  expect(await seriousViolations(page)).toEqual([]);
  // Saying no keeps it in force.
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(page.getByTestId(`issued-contracts-status-${target.id}`)).toHaveAttribute('data-status', 'issued');
  await page.getByTestId(`issued-contracts-cancel-${target.id}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByText(`Contrato ${target.number} cancelado`)).toBeVisible();
  // The list (still filtered by "Vigente") drops it; without the status filter it reads "Cancelado", with no cancel or PDF button.
  await expect(page.getByTestId(`issued-contracts-row-${target.id}`)).toHaveCount(0);
  await page.getByTestId('issued-contracts-filter-status').selectOption('');
  await expect(page.getByTestId(`issued-contracts-status-${target.id}`)).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId(`issued-contracts-status-${target.id}`)).toHaveText('Cancelado');
  await expect(page.getByTestId(`issued-contracts-cancel-${target.id}`)).toHaveCount(0);
  await expect(page.getByTestId(`issued-contracts-pdf-${target.id}`)).toHaveCount(0);
  await page.getByTestId(`issued-contracts-text-${target.id}`).click();
  await expect(page.getByTestId('issued-contract-meta')).toContainText('Cancelado em');
  await expect(page.getByTestId('issued-contract-meta')).toContainText('Arthur Admin');
  await page.getByTestId('issued-contract-text-close').click();
  const after = await serverCall<CreditOperation>(server.url, 'creditOperation.get', { id: target.credit_operation_id });
  expect(after.body.status).toBe('approved');
  await shot(page, info, 'issued-contract-cancelled');

  // Cancelled by someone else meanwhile: the server's 409 is shown and the row refreshed.
  const other = (await cancellable(server.url))[0];
  expect(other, 'the seed has a second contract that can be cancelled').toBeTruthy();
  await page.getByTestId('issued-contracts-filter-borrower').fill(other.borrower_name);
  await expect(page.getByTestId(`issued-contracts-cancel-${other.id}`)).toBeVisible();
  expect((await serverCall(server.url, 'company.cancelContract', { contractId: other.id })).status).toBe(200);
  await page.getByTestId(`issued-contracts-cancel-${other.id}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.locator('.bp6-toast.bp6-intent-danger')).toContainText('Este contrato já foi cancelado.');
  await expect(page.getByTestId(`issued-contracts-status-${other.id}`)).toHaveAttribute('data-status', 'cancelled');
  await shot(page, info, 'issued-contract-conflict');

  // Another tab starts clean: the list's filters are not carried over to it.
  await page.getByTestId('company-tab-iof').click();
  await expect(page).toHaveURL(/#\/app\/company-operation\?tab=iof$/);
});

test('an agent reads the issued contracts without the cancel button', async ({ page, harness, server }, info) => {
  const inForce = await contracts(server.url, { status: 'issued' });
  expect(inForce.length).toBeGreaterThan(0);
  await signInAs(page, harness, DEMO.agente.email, '/app/company-operation?tab=issued');
  await expect(page.getByTestId(`issued-contracts-row-${inForce[0].id}`)).toBeVisible();
  await expect(page.getByTestId(`issued-contracts-text-${inForce[0].id}`)).toBeVisible();
  await expect(page.getByTestId(`issued-contracts-pdf-${inForce[0].id}`)).toBeVisible();
  await expect(page.locator('[data-testid^="issued-contracts-cancel-"]')).toHaveCount(0);
  await shot(page, info, 'issued-contracts-agent');
});

test('a CCB template without a requisite of art. 29 saves with a warning naming it, gone once the text is complete', async ({ page, harness, server }, info) => {
  const templates = await serverCall<Array<{ kind: string; body: string; version: number; warnings: string[] }>>(server.url, 'company.contractTemplates', { id: 1 });
  const ccb = templates.body.find((tpl) => tpl.kind === 'CCB')!;
  expect(ccb.warnings).toEqual([]);
  expect(ccb.body).toContain('ou à sua ordem, ');

  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation?tab=contracts');
  const body = page.getByTestId('company-template-body');
  await expect(body).toHaveValue(ccb.body);
  await expect(page.getByTestId('company-template-warnings')).toHaveCount(0);

  await body.fill(ccb.body.replace('ou à sua ordem, ', ''));
  await page.getByTestId('company-template-save').click();
  await expect(page.getByTestId('company-template-version')).toContainText(`Versão ${ccb.version + 1}`);
  const warnings = page.getByTestId('company-template-warnings');
  await expect(warnings).toContainText('Lei 10.931/2004');
  await expect(warnings).toContainText('Falta a cláusula à ordem (art. 29, IV)');
  await expect(warnings.locator('li')).toHaveCount(1);
  await shot(page, info, 'contract-template-warning');
  expect(await seriousViolations(page)).toEqual([]);

  await body.fill(ccb.body);
  await page.getByTestId('company-template-save').click();
  await expect(page.getByTestId('company-template-version')).toContainText(`Versão ${ccb.version + 2}`);
  await expect(page.getByTestId('company-template-warnings')).toHaveCount(0);
});
