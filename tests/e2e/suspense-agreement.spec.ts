/**
 * Money to identify applied to an agreement's installment, end to end: an agreement with a down payment of R$ 50,00
 * is closed over the demo seed's overdue installments (through the API, as renegotiation-slip.spec does); a bank
 * return line pays the down payment's slip R$ 30,00 above its value, so the down payment is paid and R$ 30,00 waits
 * in Valores a identificar under the same borrower. An operator applies it to the agreement's first installment,
 * picked by the agreement's number, with the amount written as the language writes it ("30,00"), behind a
 * confirmation; the item leaves the open list and the agreement shows the payment. Screenshots of the dialog at 1280
 * and 1024 px; axe finds nothing serious in it.
 */
import { buildRequest, operation } from '../../src/shared/contract/index';
import { itauReturnFile } from '../helpers/cnab-return-file';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations, plusDays, findRenegotiable, simulateAndAgree } from './harness';

type AgreementView = { id: number; collection: { installments: Array<{ id: number; number: number; status: string }>; payments: Array<{ id: number; number: number; amount: string; from_suspense: boolean }> } };

test("an operator applies money to identify to an agreement's installment, picked by the agreement's number", async ({ page, harness, server }, info) => {
  test.setTimeout(240_000);
  const admin = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const pick = await findRenegotiable(server.url, admin, (i) => i.overdue && Number(i.total) > 100);
  expect(pick, 'an overdue installment above R$ 100').not.toBeNull();
  const today = server.clock.today();
  const conditions = {
    borrower_id: pick!.borrower,
    installment_ids: [pick!.item.installment_id],
    late_charges_discount_percent: '0',
    interest_discount_percent: '0',
    down_payment: '50.00',
    down_payment_due_date: plusDays(today, 5),
    amortization: 'price',
    monthly_rate: '1.99',
    term: 2,
    first_due_date: plusDays(today, 30),
    finance_iof: true,
  };
  const { simulated, agreed } = await simulateAndAgree(server.url, admin, conditions);
  expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
  expect(agreed.body.status, JSON.stringify(agreed.body)).toBe('agreed');
  const view = async () => (await directCall<AgreementView>(server.url, 'renegotiation.get', { id: agreed.body.id }, admin)).body;
  const [downPayment, first] = (await view()).collection.installments;
  expect(downPayment.number).toBe(0);

  // The down payment's slip, then the bank's return paying it R$ 30,00 above.
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const req = buildRequest(operation('boleto.agreementSlip'), { x: downPayment.id });
  const pdf = await fetch(new URL(req.path, server.url), { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.status).toBe(200);
  await pdf.arrayBuffer();
  const [slip] = await server.database.rows<{ sequence: string; amount: string }>(
    "SELECT sequence::text AS sequence, amount::text AS amount FROM boleto_slips WHERE kind = 'agreement' AND agreement_installment_id = $1 ORDER BY id DESC LIMIT 1",
    [downPayment.id],
  );
  expect(slip.amount).toBe('50.00');
  const content = itauReturnFile(
    { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' },
    [{ movement: '06', nossoNumero: slip.sequence.padStart(8, '0'), amount: '50.00', paid: '80.00', fee: '1.90', occurredOn: today, creditedOn: today }],
    { generatedOn: today, fileSequence: 78 },
  );
  const settled = await directCall<{ lines: Array<{ outcome: string }> }>(server.url, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET341000078.ret', content, idempotency_key: 'e2e-suspense-agreement-0001' }, token);
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  expect(settled.body.lines[0].outcome).toBe('settled');
  const [item] = await server.database.rows<{ id: number; amount: string }>(
    "SELECT id, amount::text AS amount FROM suspense_items WHERE reason = 'overpaid' AND borrower_id = $1 ORDER BY id DESC LIMIT 1",
    [pick!.borrower],
  );
  expect(item.amount).toBe('30.00');

  await signInAs(page, harness, DEMO.operador.email, '/app/clientOperation/suspense');
  await expect(page.getByTestId(`suspense-open-${item.id}`)).toContainText('R$ 30,00');
  await page.getByTestId(`suspense-apply-${item.id}`).click();
  await page.getByTestId('suspense-apply-target').selectOption('agreement');
  await page.getByTestId('suspense-apply-agreement').fill(`AC-${String(agreed.body.id).padStart(6, '0')}`);
  // The agreement's open installments are offered (the paid down payment is not).
  await expect(page.getByTestId('suspense-apply-installment').locator('option')).toHaveCount(3);
  await page.getByTestId('suspense-apply-installment').selectOption(String(first.id));
  await expect(page.getByTestId('suspense-apply-amount')).toHaveValue('30,00');
  await expect(page.getByTestId('suspense-apply-amounts-amount')).toContainText('R$ 30,00');
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.screenshot({ path: info.outputPath('apply-agreement-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: info.outputPath('apply-agreement-1024.png') });
  await page.getByTestId('suspense-apply-confirm').click();

  await expect(page.getByTestId(`suspense-open-${item.id}`)).toHaveCount(0);
  const after = await view();
  const payment = after.collection.payments.at(-1)!;
  expect(payment).toMatchObject({ number: first.number, amount: '30.00', from_suspense: true });

  // The agreement's payments say this one came from suspense (its reversal would give the money back there).
  await harness.goto(`/app/clientOperation/renegotiation/agreement/${agreed.body.id}`);
  await expect(page.getByTestId(`reneg-payment-suspense-${payment.id}`)).toHaveText('do valor a identificar');
});
