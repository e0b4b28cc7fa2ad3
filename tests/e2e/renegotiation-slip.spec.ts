/**
 * The down payment's slip end to end: an agreement with a down payment due in five days is closed over the demo
 * seed's overdue installments (through the API, as the renegotiation spec's second test does); an operator opens the
 * agreement's view, where the down payment is the installment "Entrada", and saves its boleto: the main process
 * writes the PDF into the downloads folder, and it reads back (pdftotext) with its linha digitável, the down payment's
 * amount and the agreement it belongs to. axe finds nothing serious on the view with the slip buttons.
 */
import { execFileSync } from 'node:child_process';
import { test, expect, savedPath, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';
import type { ExpiredInstallmentRow } from '../../src/shared/contract';

/** `day` + n calendar days, YYYY-MM-DD (text arithmetic in UTC: no time zone involved). */
function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const DIGITABLE_LINE = /\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/;

test("an operator saves the agreement's down payment slip", async ({ page, harness, server }) => {
  test.setTimeout(180_000);
  const admin = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const list = await directCall<{ items: ExpiredInstallmentRow[] }>(server.url, 'collections.expiredInstallments', { page: 1, limit: 20 }, admin);
  type Item = { installment_id: number; overdue: boolean; total: string };
  let pick: { borrower: number; item: Item } | null = null;
  for (const row of list.body.items) {
    const op = await directCall<{ borrower_id: number }>(server.url, 'creditOperation.get', { id: row.credit_operation_id }, admin);
    const open = await directCall<{ items: Item[] }>(server.url, 'renegotiation.installments', { id: op.body.borrower_id, credit_operation_id: row.credit_operation_id }, admin);
    const item = open.body.items?.find((i) => i.overdue && Number(i.total) > 100);
    if (item) {
      pick = { borrower: op.body.borrower_id, item };
      break;
    }
  }
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
  const s = await directCall<Record<string, string>>(server.url, 'renegotiation.simulate', conditions, admin);
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  const expected = { renegotiated_balance: s.body.renegotiated_balance, discount: s.body.discount, principal: s.body.principal, iof_total: s.body.iof_total, total_payable: s.body.total_payable };
  const agreed = await directCall<{ id: number; status: string }>(server.url, 'renegotiation.agree', { ...conditions, idempotency_key: crypto.randomUUID(), expected }, admin);
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
});
