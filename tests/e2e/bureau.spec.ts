/**
 * Credit bureau end to end: an administrator opens a solicitation's lookup,
 * confirms a billable new lookup (a double click on the confirmation runs it
 * once), reads the score and sections, sees it in the person's history, and
 * saves the report as PDF through the main process (read back with
 * pdftotext), then reads it offline from the cache. axe finds no serious or
 * critical violation with the report and with the confirmation open.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, signInAs, axeBuilder, DEMO } from './harness';
import { SANDBOX_UNAVAILABLE_CPF } from '../../src/server/areas/bureau/sandbox';
import { completeCpf, formatCpf } from '../../src/shared/documents';

async function noSeriousViolations(page: Page): Promise<void> {
  const result = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('a bureau lookup confirmed once, shown, in the history and saved as PDF', async ({ page, harness, server }) => {
  const [person] = await server.database.rows<{ id: number; name: string; cpf: string }>(
    'SELECT id, name, cpf FROM users WHERE role_id = 2 AND cpf IS NOT NULL AND anonymised_at IS NULL ORDER BY id LIMIT 1',
  );
  const [{ id }] = await server.database.rows<{ id: number }>(
    `INSERT INTO solicitations (user_id, type_credit, name, email, cpf, lending_value, lending_plots_to_pay)
     VALUES ($1, 'PF', $2, 'pessoa@example.com', $3, 25000.00, 24) RETURNING id`,
    [person.id, person.name, person.cpf],
  );

  await signInAs(page, harness, DEMO.admin.email, `/boavista/boa-vista/${id}`);
  await expect(page.getByTestId('bureau-applicant')).toHaveText(person.name);
  await expect(page.getByTestId('bureau-document')).toHaveText(person.cpf);
  await expect(page.getByTestId('bureau-no-report')).toBeVisible();

  await page.getByTestId('bureau-new').click();
  await expect(page.getByTestId('bureau-billable')).toContainText('cobrada');
  await noSeriousViolations(page);
  // An impatient double click on the confirmation: one billable lookup.
  await page.getByTestId('bureau-confirm').dblclick();
  await expect(page.getByTestId('bureau-report')).toBeVisible();
  await expect(page.getByTestId('bureau-billable')).toHaveCount(0);
  // One request left the screen: one toast, and it is not a replay.
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(page.getByTestId('toast')).toContainText('realizada');
  await expect(page.getByTestId('bureau-score')).toContainText('de 1000');
  for (const section of ['negative', 'protests', 'inquiries', 'cheques']) await expect(page.getByTestId(`bureau-section-${section}`)).toBeVisible();
  const rows = await server.database.rows<{ id: number; score: number }>("SELECT id, score FROM bureau_reports WHERE solicitation_id = $1 AND provider <> '__claim__'", [id]);
  expect(rows).toHaveLength(1);
  await expect(page.getByTestId('bureau-score')).toHaveText(`${rows[0].score} de 1000`);
  await expect(page.getByTestId('bureau-history').locator(`[data-report-id="${rows[0].id}"]`)).toBeVisible();
  await noSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('bureau.png') });
  await page.getByTestId('bureau-report').screenshot({ path: test.info().outputPath('bureau-report.png') });

  await page.getByTestId('bureau-save-pdf').click();
  const saved = page.getByTestId('bureau-pdf-saved');
  await expect(saved).toBeVisible();
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.endsWith('.pdf')).toBe(true);
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(existsSync(path)).toBe(true);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text).toContain('Consulta ao birô de crédito');
  expect(text).toContain(person.name);
  expect(text).toContain(`Score: ${rows[0].score} de 1000`);

  // Offline: the lookup and its report stay readable from the cache, with the notice.
  await server.stop();
  await page.reload();
  await expect(page.getByTestId('bureau-stale')).toContainText('Sem conexão');
  await expect(page.getByTestId('bureau-score')).toHaveText(`${rows[0].score} de 1000`);
});

test('a bureau that is down: the confirmation says so in Portuguese, stays open, and nothing is stored', async ({ page, harness, server }) => {
  const [person] = await server.database.rows<{ id: number }>('SELECT id FROM users WHERE role_id = 2 ORDER BY id LIMIT 1');
  const [{ id }] = await server.database.rows<{ id: number }>(
    `INSERT INTO solicitations (user_id, type_credit, name, email, cpf, lending_value, lending_plots_to_pay)
     VALUES ($1, 'PF', 'Pessoa Indisponível', 'p@example.com', $2, 5000.00, 12) RETURNING id`,
    [person.id, SANDBOX_UNAVAILABLE_CPF],
  );
  await signInAs(page, harness, DEMO.superadmin.email, `/boavista/boa-vista/${id}`);
  await page.getByTestId('bureau-new').click();
  await page.getByTestId('bureau-confirm').click();
  await expect(page.getByTestId('bureau-run-error')).toContainText('birô de crédito está indisponível');
  await expect(page.getByTestId('bureau-billable')).toBeVisible();
  await expect(page.getByTestId('bureau-confirm')).toBeEnabled();
  expect(await server.database.rows('SELECT id FROM bureau_reports WHERE solicitation_id = $1', [id])).toEqual([]);
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(page.getByTestId('bureau-no-report')).toBeVisible();
});

test('another CPF looked up from the screen (POST /boavista): refused when invalid, shown when done', async ({ page, harness, server }) => {
  const [person] = await server.database.rows<{ id: number; name: string; cpf: string }>(
    'SELECT id, name, cpf FROM users WHERE role_id = 2 AND cpf IS NOT NULL ORDER BY id LIMIT 1',
  );
  const [{ id }] = await server.database.rows<{ id: number }>(
    `INSERT INTO solicitations (user_id, type_credit, name, email, cpf, lending_value, lending_plots_to_pay)
     VALUES ($1, 'PF', $2, 'p@example.com', $3, 8000.00, 12) RETURNING id`,
    [person.id, person.name, person.cpf],
  );
  const partner = formatCpf(completeCpf('390533447'));
  await signInAs(page, harness, DEMO.admin.email, `/boavista/boa-vista/${id}`);
  await page.getByTestId('bureau-other').click();
  await expect(page.getByTestId('bureau-other-billable')).toBeVisible();
  await noSeriousViolations(page);
  await page.getByTestId('bureau-other-document').fill('123.456.789-00');
  await page.getByTestId('bureau-other-confirm').click();
  await expect(page.getByTestId('bureau-other-error')).toHaveText('Informe um CPF ou CNPJ válido.');
  await page.getByTestId('bureau-other-document').fill(partner.replace(/\D/g, ''));
  await page.getByTestId('bureau-other-confirm').click();
  await expect(page.getByTestId('bureau-report-subject')).toContainText(partner);
  const rows = await server.database.rows<{ solicitation_id: number | null }>(
    "SELECT solicitation_id FROM bureau_reports WHERE document = $1 AND provider <> '__claim__'",
    [partner.replace(/\D/g, '')],
  );
  expect(rows).toEqual([{ solicitation_id: null }]);
});
