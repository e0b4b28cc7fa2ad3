/**
 * A renegotiation end to end over the demo seed's overdue installments: an operator opens the renegotiation of the
 * most-late installment's operation, picks it, simulates (the figures and the new schedule appear), closes the
 * agreement after a confirmation stating the amounts, and the installment leaves the open list. axe finds nothing
 * serious on the screen.
 *
 * Two people: an agent's agreement with a discount above the agent's limit waits; the agent opens it and sees that
 * it waits for someone else (no approve button); an operator follows the approvals inbox's row to the agreement's
 * view, approves it after the confirmation stating the amounts, and it is agreed; the operator then pays the
 * agreement's first installment from the view (the amounts confirmed) and asks for that payment's reversal, which is
 * above the company's reversal limit and waits; an administrator follows the inbox's row to the agreement and approves
 * it after its confirmation. The confession of debt is saved as a PDF by the main process.
 */
import { execFileSync } from 'node:child_process';
import { test, expect, signInAs, signOut, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations, plusDays, findRenegotiable, simulateAndAgree } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

test('an operator renegotiates an overdue installment', async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 10 }, token);
  expect(list.status).toBe(200);
  const first = list.body.items[0];
  const op = await directCall<{ borrower_id: number }>(server.url, 'creditOperation.get', { id: first.credit_operation_id }, token);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/renegotiation/${op.body.borrower_id}?operation=${first.credit_operation_id}`);
  await expect(page.getByTestId('renegotiation-installments')).toBeVisible();
  await page.getByTestId(`renegotiation-pick-${first.id}`).check({ force: true }); // Blueprint's indicator covers the input
  await page.getByTestId('reneg-term').fill('6');
  await page.getByTestId('reneg-first').fill(plusDays(server.clock.today(), 30));
  await page.getByTestId('reneg-simulate').click();
  await expect(page.getByTestId('reneg-simulation')).toBeVisible();
  await expect(page.getByTestId('reneg-schedule').locator('tbody tr')).toHaveCount(6);
  await expect(page.getByTestId('reneg-figures-principal')).toContainText('R$');
  // Rates as the screen's language writes them, two places: '3,14% a.m. · 44,91% a.a.' (it read '3.14% a.m.').
  await expect(page.getByTestId('reneg-figures-cet')).toHaveText(/^\d+,\d{2}% a\.m\. · \d+,\d{2}% a\.a\.$/);
  await expectNoSeriousViolations(page);
  await page.getByTestId('renegotiation').screenshot({ path: info.outputPath('renegotiation-1280.png') });
  await page.getByTestId('reneg-agree').click();
  await expect(page.getByTestId('reneg-confirm-amounts-balance')).toContainText('R$');
  await page.getByTestId('reneg-confirm').click();
  await expect(page.getByTestId('renegotiation-done')).toHaveAttribute('data-status', 'agreed');
  await expect(page.getByTestId(`renegotiation-row-${first.id}`)).toHaveCount(0);
});

test("an agent's agreement waits; an operator approves it from the inbox", async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  const admin = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const agent = await directSignIn(server.url, DEMO.agente.email, DEMO_PASSWORD);
  const pick = await findRenegotiable(server.url, admin, (i) => i.overdue && Number(i.late_charges) > 1, { viewer: agent, fromEnd: true });
  expect(pick, 'an overdue installment with late charges').not.toBeNull();
  const conditions = {
    borrower_id: pick!.borrower,
    installment_ids: [pick!.item.installment_id],
    late_charges_discount_percent: '20',
    interest_discount_percent: '0',
    down_payment: '0.00',
    amortization: 'price',
    monthly_rate: '1.99',
    term: 3,
    first_due_date: plusDays(server.clock.today(), 30),
    finance_iof: true,
  };
  const { simulated, agreed } = await simulateAndAgree<{ id: number; status: string; approval_request_id: number }>(server.url, agent, conditions);
  expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
  expect(agreed.body.status).toBe('pending');

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.agente.email, `/app/clientOperation/renegotiation/agreement/${agreed.body.id}`);
  await expect(page.getByTestId('reneg-agreement-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('reneg-agreement-waits')).toBeVisible();
  await expect(page.getByTestId('reneg-approve')).toHaveCount(0);
  await signOut(page);

  // Signed in after a sign-out, the app lands on home: the inbox is reached from the menu (as books-close does).
  await signInAs(page, harness, DEMO.operador.email, '/app/approvals');
  await expect(page).toHaveURL(/#\/app\/approvals$/);
  await page.getByTestId(`approvals-kind-${agreed.body.approval_request_id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/clientOperation/renegotiation/agreement/${agreed.body.id}$`));
  await expect(page.getByTestId('reneg-agreement-figures-discount')).toContainText('R$');
  await expectNoSeriousViolations(page);
  await page.getByTestId('reneg-approve').click();
  await expect(page.getByTestId('reneg-approve-amounts-principal')).toContainText('R$');
  await page.getByTestId('reneg-approve-confirm').click();
  await expect(page.getByTestId('reneg-agreement-status')).toHaveAttribute('data-status', 'agreed');

  // The confession of debt, frozen at the agreement: saved by the main process into the downloads folder.
  await page.getByTestId('reneg-document-save').click();
  const saved = page.getByTestId('reneg-document-saved');
  await expect(saved).toBeVisible();
  const path = (await saved.textContent())?.replace(/^.*?(\/\S+\.pdf).*$/, '$1') ?? '';
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })).toContain('CONFISSÃO DE DÍVIDA');

  // Collected: the first installment paid whole (the amounts confirmed), then its payment reversed with a reason.
  await expect(page.getByTestId('reneg-inst-status-1')).toHaveAttribute('data-status', 'open');
  await page.getByTestId('reneg-pay-1').click();
  await expect(page.getByTestId('reneg-pay-bank')).not.toHaveValue('');
  await page.getByTestId('reneg-pay-submit').click();
  await expect(page.getByTestId('reneg-pay-amounts-amount')).toContainText('R$');
  await page.getByTestId('reneg-pay-confirm').click();
  await expect(page.getByTestId('reneg-inst-status-1')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('reneg-payments')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.locator('[data-testid^="reneg-reverse-"]').first().click();
  await page.getByTestId('reneg-reverse-reason').fill('Pagamento devolvido pelo banco');
  await page.getByTestId('reneg-reverse-confirm').click();
  // The whole installment is above the company's reversal limit (R$ 1.000,00): the reversal waits for another person.
  await expect(page.getByTestId('reneg-reversal-pending')).toBeVisible();
  await expect(page.getByTestId('reneg-reversal-waits')).toBeVisible();
  await expect(page.getByTestId('reneg-reversal-approve')).toHaveCount(0);
  await expect(page.getByTestId('reneg-inst-status-1')).toHaveAttribute('data-status', 'paid');
  await signOut(page);

  // An administrator follows the inbox's row to the agreement and approves the reversal after its confirmation.
  const inbox = await directCall<{ items: Array<{ id: number; entity_id: number }> }>(server.url, 'approvals.inbox', { page: 1, limit: 10, filter: { kind: 'renegotiation.reverse_payment' } }, admin);
  const request = inbox.body.items.find((r) => r.entity_id === agreed.body.id);
  expect(request, 'the reversal in the inbox').toBeDefined();
  await signInAs(page, harness, DEMO.admin.email, '/app/approvals');
  await page.getByTestId(`approvals-kind-${request!.id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/clientOperation/renegotiation/agreement/${agreed.body.id}$`));
  await expect(page.getByTestId('reneg-reversal-pending')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByTestId('reneg-reversal-approve').click();
  await expect(page.getByTestId('reneg-reversal-approve-amounts-amount')).toContainText('R$');
  await page.getByTestId('reneg-reversal-approve-confirm').click();
  await expect(page.getByTestId('reneg-reversal-pending')).toHaveCount(0);
  await expect(page.getByTestId('reneg-inst-status-1')).toHaveAttribute('data-status', 'open');
});
