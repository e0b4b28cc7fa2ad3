/**
 * A cession's price received from the assignee, from the cession screen: a cession made through the API (the demo's
 * assignee account, at 1.5% a month), then an operator records part of its price as received into a company account;
 * the row shows what was received and what the assignee still owes; a receipt above that is refused naming it; the
 * receipt reversed with a reason brings what is owed back. Looked
 * at 1280×800 and 1024×768; axe finds nothing serious.
 */
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { AssignableList, AssignmentAccount, Cession } from '../../src/shared/contract';

test('an operator records part of a cession price from the cession screen', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = 10000000.00 WHERE company_id = 1');
  const accounts = await directCall<AssignmentAccount[]>(server.url, 'company.assignmentAccounts', { id: 1 }, token);
  const account = accounts.body.find((a) => a.active)!;
  const assignable = await directCall<AssignableList>(server.url, 'cession.assignableAcross', {}, token);
  expect(assignable.status).toBe(200);
  const today = server.clock.today();
  const assigned = await directCall<Cession>(
    server.url,
    'cession.assignBatch',
    { idempotency_key: `e2e-cession-price-${Date.now()}`, assignment_account_id: account.id, installments: [assignable.body.installments[0].id], date: today, monthly_rate: '1.5' },
    token,
  );
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const cession = assigned.body;
  const price = Number(cession.price);
  const part = (Math.floor(price * 50) / 100).toFixed(2);
  const rest = (price - Number(part)).toFixed(2);
  const brl = (v: string) => `R$ ${Number(v).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, '/app/clientOperation/cession');
  await expect(page.getByTestId('cession-price-table')).toBeVisible();
  const row = page.getByTestId(`cession-price-row-${cession.number}`);
  await expect(row.getByTestId('cession-price-owed')).toHaveText(brl(cession.price));
  await row.getByTestId('cession-price-receive').click();
  await expect(page.getByTestId('cession-price-owed-now')).toContainText(brl(cession.price));
  // Above what is owed: refused, the amount named.
  await page.locator('#cession-price-amount').fill((price + 1).toFixed(2).replace('.', ','));
  await page.getByTestId('cession-price-confirm').click();
  await expect(page.getByTestId('cession-price-failure')).toContainText(brl(cession.price));
  await page.locator('#cession-price-amount').fill(part.replace('.', ','));
  await page.screenshot({ path: info.outputPath('cession-price-receive-1280.png') });
  await page.getByTestId('cession-price-confirm').click();
  await expect(row.getByTestId('cession-price-received')).toHaveText(brl(part));
  await expect(row.getByTestId('cession-price-owed')).toHaveText(brl(rest));
  await expectNoSeriousViolations(page);
  await page.getByTestId('cession-price').screenshot({ path: info.outputPath('cession-price-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(row.getByTestId('cession-price-owed')).toBeVisible();
  await page.getByTestId('cession-price').screenshot({ path: info.outputPath('cession-price-1024.png') });
  // A wrong receipt is undone by a reversal of its own, with a reason: what is owed comes back.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId(`cession-price-expand-${cession.number}`).click();
  const moves = page.getByTestId(`cession-price-moves-${cession.number}`);
  await expect(moves).toContainText('Recebimento');
  await moves.locator('[data-testid^="cession-price-reverse-"]').click();
  await page.locator('#cession-price-reason').fill('Crédito lançado na cessão errada');
  await page.getByTestId('cession-price-confirm').click();
  await expect(row.getByTestId('cession-price-owed')).toHaveText(brl(cession.price));
  await expect(moves).toContainText('Estorno de recebimento');
  await expectNoSeriousViolations(page);
  const tb = await directCall<{ difference: string }>(server.url, 'ledger.trialBalance', {}, token);
  expect(tb.body.difference).toBe('0.00');
});
