/**
 * Money collected on an assigned installment passed through to the assignee, from the assignee statement (under the
 * assignment remittance screen): a cession and a payment of R$ 50,00 on the installment made through the API, on an
 * assignee account whose agreement lets the lender keep 2%; the statement shows collected, fee, net due and the open
 * payable; an operator records the transfer (prefilled with the net due and the fee) and the open payable falls to
 * zero, the transfer and the fee kept listed. Looked at 1280×800 and 1024×768; axe finds nothing serious; the trial
 * balance stays zero.
 */
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { AssignableList, Cession } from '../../src/shared/contract';

test('an operator records a transfer to the assignee from its statement', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = 10000000.00 WHERE company_id = 1');
  const [account] = await server.database.rows<{ id: number }>(
    `INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account, pass_through_fee_rate)
     VALUES (1, 'Fundo Repasse e2e FIDC', '11.444.777/0001-61', '611', 'Paulista S.A.', '0001', '54321', 2) RETURNING id`,
  );
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const assignable = await directCall<AssignableList>(server.url, 'cession.assignableAcross', {}, token);
  expect(assignable.status).toBe(200);
  const item = assignable.body.installments[0];
  const today = server.clock.today();
  const assigned = await directCall<Cession>(
    server.url,
    'cession.assignBatch',
    { idempotency_key: `e2e-assignee-transfer-${Date.now()}`, assignment_account_id: account.id, installments: [item.id], date: today, monthly_rate: '1.5' },
    token,
  );
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const paid = await directCall(
    server.url,
    'servicing.pay',
    { id: item.credit_operation_id, installment: item.id, idempotency_key: `e2e-assignee-transfer-pay-${Date.now()}`, amount: '50.00', paid_on: today, method: 'pix' },
    token,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, '/app/company-operation/banks/611/assignment-remittances');
  await page.getByTestId('assignment-remittance-account').selectOption(String(account.id));
  const summary = page.getByTestId('assignee-pass-through-summary');
  await expect(summary).toContainText('cobrado R$ 50,00');
  await expect(summary).toContainText('(2,00%) R$ 1,00');
  await expect(summary).toContainText('líquido a repassar R$ 49,00');
  await expect(summary).toContainText(': R$ 50,00.');
  await page.getByTestId('assignee-transfer-record').click();
  await expect(page.locator('#assignee-transfer-amount')).toHaveValue('49,00');
  await expect(page.locator('#assignee-transfer-fee')).toHaveValue('1,00');
  // Above what is owed: refused, the amount named.
  await page.locator('#assignee-transfer-amount').fill('60,00');
  await page.getByTestId('assignee-transfer-save').click();
  await expect(page.getByTestId('assignee-transfer-error')).toContainText('R$ 50,00');
  await page.locator('#assignee-transfer-amount').fill('49,00');
  await page.screenshot({ path: info.outputPath('assignee-transfer-dialog-1280.png') });
  await page.getByTestId('assignee-transfer-save').click();
  await expect(summary).toContainText(': R$ 0,00.');
  await expect(summary).toContainText('repassado R$ 49,00 (tarifa retida R$ 1,00)');
  const lines = page.getByTestId('assignee-statement-lines');
  await expect(lines).toContainText('Repasse ao cessionário');
  await expect(lines).toContainText('Tarifa de cobrança retida');
  await expectNoSeriousViolations(page);
  await page.getByTestId('assignee-statement').screenshot({ path: info.outputPath('assignee-statement-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('assignee-transfer-record')).toBeVisible();
  await page.getByTestId('assignee-statement').screenshot({ path: info.outputPath('assignee-statement-1024.png') });
  const tb = await directCall<{ difference: string }>(server.url, 'ledger.trialBalance', {}, token);
  expect(tb.body.difference).toBe('0.00');
});
