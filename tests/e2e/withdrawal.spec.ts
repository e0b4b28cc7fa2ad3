/**
 * The borrower's seven-day withdrawal (CDC art. 49) end to end with the demo seed: an operation whose contract is
 * issued is released on the business date (through the API), an operator opens its installments tab, the action
 * "Desistência (art. 49 CDC)" opens a confirmation stating the principal to return and the last day, and once
 * confirmed the operation is cancelled, its installments read "Cancelada (desistência)" with nothing paid and nothing
 * open (the totals' open amount zero) and the record shows. An
 * agent does not see the action. axe on the dialog; screenshots at 1280×800 and 1024 wide go to test-results/withdrawal/.
 */
import type { Page } from '@playwright/test';
import { test, expect, signIn, signInAs, signOut, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';

const SHOTS = 'test-results/withdrawal';

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an operator records a withdrawal within seven days from the installments tab', async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  const [op] = await server.database.rows<{ id: number; borrower_id: number }>(
    `SELECT id, borrower_id FROM credit_operations WHERE status = 'contract_issued' ORDER BY id DESC LIMIT 1`,
  );
  expect(op, 'the demo seed has an operation with its contract issued').toBeDefined();
  await server.database.rows(
    `INSERT INTO borrower_bank_accounts (borrower_id, bank_code, bank_name, agency, account, account_digit, account_type, is_payout)
     SELECT $1::int, '001', 'Banco do Brasil', '4321', '778899', '0', 'checking', true
      WHERE NOT EXISTS (SELECT 1 FROM borrower_bank_accounts WHERE borrower_id = $1::int AND is_payout)`,
    [op.borrower_id],
  );
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const current = await directCall<{ version: number }>(server.url, 'creditOperation.get', { id: op.id }, token);
  const released = await directCall(server.url, 'servicing.disburse', { id: op.id, version: current.body.version, idempotency_key: `e2e-withdrawal-${op.id}-release`, method: 'pix', transfer_reference: 'E2E-W' }, token);
  expect(released.status, JSON.stringify(released.body)).toBe(200);
  const quote = await directCall<{ amount_to_return: string; last_day: string; allowed: boolean }>(server.url, 'withdrawal.quote', { id: op.id }, token);
  expect(quote.body.allowed).toBe(true);

  // An agent reads the tab without the action.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.agente.email, `/app/clientOperation/analize/${op.id}?tab=installments`);
  await expect(page.getByTestId('installments')).toBeVisible();
  await expect(page.getByTestId('withdrawal-open')).toHaveCount(0);
  await signOut(page);

  await signIn(page, DEMO.operador.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/app\/home/);
  await harness.goto(`/app/clientOperation/analize/${op.id}?tab=installments`);
  await page.getByTestId('withdrawal-open').click();
  await expect(page.getByTestId('withdrawal-consequence')).toContainText(quote.body.last_day.split('-').reverse().join('/'));
  // "R$ 1.234,56" shown for "1234.56".
  const shown = (await page.getByTestId('withdrawal-amounts-return').innerText()).replace(/[^\d,]/g, '').replace(',', '.');
  expect(shown).toBe(quote.body.amount_to_return);
  await expectNoSeriousViolations(page);
  await shoot(page, 'withdrawal-dialog');
  await page.getByTestId('withdrawal-confirm').click();
  await expect(page.getByTestId('withdrawal-recorded')).toBeVisible();
  await expect(page.getByTestId('installments')).toContainText('Cancelada (desistência)');
  // A cancelled installment owes nothing: its status alone (never overdue), nothing paid, nothing open; the totals too.
  await expect(page.getByTestId('installment-status-1')).toHaveText('Cancelada (desistência)');
  await expect(page.getByTestId('installment-status-1')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('installment-open-1')).toHaveText(/^R\$\s0,00$/);
  await expect(page.getByTestId('installment-paid-1')).toHaveText(/^R\$\s0,00$/);
  await expect(page.getByTestId('installment-days-late-1')).toHaveText('0');
  await expect(page.getByTestId('installments-totals-due')).toHaveText(/^R\$\s0,00$/);
  await shoot(page, 'withdrawal-recorded');
  const after = await directCall<{ status: string }>(server.url, 'creditOperation.get', { id: op.id }, token);
  expect(after.body.status).toBe('cancelled');
});
