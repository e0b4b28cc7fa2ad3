/**
 * SCR — Doc 3040 with the demo seed: an administrator opens Operações › SCR —
 * Doc 3040, picks a month with a close in force, checks it (no rule fails),
 * generates and saves it (confirmed; the main process writes the part the
 * server streams) and finds the file listed; the saved XML reads back and
 * passes every offline rule. A month whose close breaks a rule lists the
 * failure by client and operation and keeps "Gerar e salvar" disabled; a
 * month without a close says so in Portuguese.
 *
 * The closes are written by SQL from the demo's schedules (the close's own
 * screen and run belong to its area).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocument } from '../../src/server/domain/scr3040/checks';
import { attr, parseXml } from '../../src/server/domain/scr3040/xml';
import { test, expect, signIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';

test.use({ viewport: { width: 1280, height: 800 } });

type Rows = { rows<T>(query: string, params?: unknown[]): Promise<T[]> };

function monthBefore(month: string, back: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

async function closeMonth(database: Rows, month: string, breakStage: boolean): Promise<void> {
  const asOf = lastDay(month);
  const [close] = await database.rows<{ id: number }>(
    "INSERT INTO ledger_closes (month, as_of, business_date, status, operations, balance, allowance, previous_allowance) VALUES ($1, $2, $2, 'closed', 0, 0, 0, 0) RETURNING id",
    [month, asOf],
  );
  const two = breakStage ? 'false' : 's.late > 30';
  await database.rows(
    `INSERT INTO ledger_close_positions (close_id, credit_operation_id, borrower_id, stage, stage_reason, portfolio, days_late, months_in_default, defaulted, restructured, principal, accrued, balance, provision_rate, provision)
     SELECT $1, o.id, o.borrower_id,
            CASE WHEN s.late > 90 THEN '3' WHEN ${two} THEN '2' ELSE '1' END,
            CASE WHEN s.late > 90 THEN 'late_over_90' WHEN ${two} THEN 'late_over_30' ELSE 'performing' END,
            CASE WHEN b.person_type = 'PJ' THEN 'C4' ELSE 'C5' END, s.late, 0, false, false, s.balance, 0, s.balance, 1.9, round(s.balance * 0.019, 2)
       FROM (SELECT i.credit_operation_id AS op, sum(i.amortization) AS balance, greatest(0, $2::date - min(i.due_date)) AS late
               FROM credit_operation_installments i
              WHERE i.superseded_in IS NULL AND i.collecting AND (i.paid_on IS NULL OR i.paid_on > $2::date)
              GROUP BY i.credit_operation_id) s
       JOIN credit_operations o ON o.id = s.op AND o.disbursement_date <= $2::date
       JOIN borrowers b ON b.id = o.borrower_id`,
    [close.id, asOf],
  );
}

test('an administrator checks the month, generates and saves the Doc 3040, and sees what fails in a broken month', async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  const today = server.clock.today().slice(0, 7);
  const good = monthBefore(today, 1);
  const bad = monthBefore(today, 2);
  const open = monthBefore(today, 3);
  await closeMonth(server.database, good, false);
  await closeMonth(server.database, bad, true);

  await harness.goto('/auth/login');
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await page.getByTestId('menu-item-/company-operation/books/regulatory/doc3040').click();
  await expect(page.getByTestId('doc3040')).toBeVisible();
  // It opens on the month before the business date's (the one a close usually covers).
  await expect(page.getByTestId('doc3040-month')).toHaveValue(good);
  await expect(page.getByTestId('doc3040-generate')).toBeDisabled();
  await expect(page.getByTestId('doc3040-none-saved')).toBeVisible();

  // A month without a close.
  await page.getByTestId('doc3040-month').selectOption(open);
  await page.getByTestId('doc3040-check').click();
  await expect(page.getByTestId('doc3040-error')).toContainText('não está fechado');

  // A month whose close breaks the stage rule: listed by client and operation, no generation.
  await page.getByTestId('doc3040-month').selectOption(bad);
  await page.getByTestId('doc3040-check').click();
  await expect(page.getByTestId('doc3040-result')).toContainText('falha(s)');
  await expect(page.getByTestId('doc3040-failures')).toContainText('Estágio incompatível com o atraso');
  await expect(page.getByTestId('doc3040-failures')).toContainText(/CCB\d{9}/);
  await expect(page.getByTestId('doc3040-generate')).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('doc3040-failures-1280.png'), fullPage: true });

  // The good month: passes, generated and saved after confirming.
  await page.getByTestId('doc3040-month').selectOption(good);
  await page.getByTestId('doc3040-check').click();
  await expect(page.getByTestId('doc3040-result')).toContainText('Nenhuma falha');
  await expect(page.getByTestId('doc3040-summary')).toContainText('1 parte(s)');
  await expectNoSeriousViolations(page);
  await page.getByTestId('doc3040-generate').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Gerar e salvar' }).click();
  const saved = page.getByTestId('doc3040-saved');
  await expect(saved).toContainText(`Doc3040_${good}_P1.xml`);
  await page.screenshot({ path: test.info().outputPath('doc3040-saved-1280.png'), fullPage: true });

  const root = parseXml(readFileSync(join(harness.paths.downloads, `Doc3040_${good}_P1.xml`), 'utf8'));
  expect(checkDocument(root)).toEqual([]);
  expect([attr(root, 'DtBase'), attr(root, 'Parte'), attr(root, 'TpArq')]).toEqual([good, '1', 'F']);
});
