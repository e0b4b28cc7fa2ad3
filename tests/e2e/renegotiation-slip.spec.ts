/**
 * The down payment's slip end to end: an agreement with a down payment due in five days is closed over the demo
 * seed's overdue installments (through the API, as the renegotiation spec's second test does); an operator opens the
 * agreement's view, where the down payment is the installment "Entrada", and saves its boleto: the main process
 * writes the PDF into the downloads folder, and it reads back (pdftotext) with its linha digitável, the down payment's
 * amount and the agreement it belongs to. axe finds nothing serious on the view with the slip buttons. Beside the saved
 * slip the screen warns that its title is not registered yet, and the registration table says "emitido, não enviado";
 * after the company's automatic remittance carries it (through the API, as the bank-files suite does) the view says
 * the title was sent, with its bank and nosso número — looked at in 1280×800 and 1024 wide.
 */
import { execFileSync } from 'node:child_process';
import { test, expect, savedPath, signInAs, directSignIn, directCall, DEMO, DEMO_PASSWORD, expectNoSeriousViolations, plusDays, findRenegotiable, simulateAndAgree } from './harness';

const DIGITABLE_LINE = /\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/;

test("an operator saves the agreement's down payment slip and sees its title sent to the bank", async ({ page, harness, server }, info) => {
  test.setTimeout(180_000);
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

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/renegotiation/agreement/${agreed.body.id}`);
  await expect(page.getByTestId('reneg-inst-0')).toContainText('Entrada');
  await expect(page.getByTestId('reneg-inst-status-0')).toHaveAttribute('data-status', 'open');
  await expectNoSeriousViolations(page);
  await page.getByTestId('reneg-boleto-0-download').click();
  const text = execFileSync('pdftotext', ['-layout', await savedPath(page, harness), '-'], { encoding: 'utf8' });
  expect(text).toMatch(DIGITABLE_LINE);
  expect(text).toContain('50,00');
  expect(text).toContain(`Entrada do acordo de renegociação nº ${agreed.body.id}`);

  // Printed before the bank confirmed it: the warning beside the slip, and the registration table says so.
  await expect(page.getByTestId('boleto-unregistered')).toContainText('Título ainda não registrado no banco');
  await expect(page.getByTestId('reneg-registration-0-0')).toHaveAttribute('data-state', 'issued');
  await page.getByTestId('boleto-unregistered').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('agreement-unregistered-1280x800.png') });

  // The company's automatic remittance of the slip's account carries it.
  const registration = await directCall<Array<{ latest: { bank_account_id: number; bank_code: string; our_number: string } | null }>>(server.url, 'boleto.agreementRegistration', { x: agreed.body.id }, admin);
  const title = registration.body[0].latest!;
  const generated = await directCall(server.url, 'remittance.generate', { bankCode: title.bank_code, date: today, bank_account_id: title.bank_account_id, idempotency_key: crypto.randomUUID() }, admin);
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);

  await page.reload();
  const row = page.getByTestId('reneg-registration-0-0');
  await expect(row).toHaveAttribute('data-state', 'sent');
  await expect(row).toContainText(title.our_number);
  await expect(row).toContainText('enviado na remessa, sem retorno');
  await expect(row).toContainText('Entrada');
  await page.getByTestId('reneg-registration').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('agreement-registration-1280x800.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId('reneg-registration').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('agreement-registration-1024x768.png') });
  await expectNoSeriousViolations(page);
});
