/**
 * Valores a identificar end to end, with the demo seed: a return file (the
 * project's own CNAB tables, tests/helpers/cnab-return-file.ts) pays an open
 * installment R$ 50,00 above its value; an operator opens Operações › Valores
 * a identificar, sees the R$ 50,00 with who paid, why and the open total,
 * applies it to another installment of the same operation behind a
 * confirmation that states the amounts, and the list and the payment follow.
 * axe finds no serious violation on the list and the dialog. The payment
 * reversed, the item is open again and its history shows the application
 * marked "Estornada".
 */
import Decimal from 'decimal.js';
import { buildRequest, operation } from '../../src/shared/contract/index';
import { itauReturnFile } from '../helpers/cnab-return-file';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';

test.use({ viewport: { width: 1280, height: 800 } });

test('an operator applies money paid above an installment to another installment of the same borrower', async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  const today = server.clock.today();
  // An operation with two open installments never paid, released on or before today.
  const open = await server.database.rows<{ id: number; number: number; credit_operation_id: number }>(
    `SELECT i.id, i.number, i.credit_operation_id FROM credit_operation_installments i
       JOIN credit_operations o ON o.id = i.credit_operation_id
       JOIN disbursements d ON d.credit_operation_id = o.id
      WHERE o.status = 'disbursed' AND i.paid_on IS NULL AND i.superseded_in IS NULL AND i.due_date >= $1::date AND d.disbursed_on <= $1::date
        AND NOT EXISTS (SELECT 1 FROM installment_transactions t WHERE t.installment_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = i.id)
      ORDER BY i.credit_operation_id, i.due_date, i.id LIMIT 2`,
    [today],
  );
  expect(open).toHaveLength(2);
  expect(open[1].credit_operation_id).toBe(open[0].credit_operation_id);
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const req = buildRequest(operation('boleto.slip'), { x: open[0].id });
  const pdf = await fetch(new URL(req.path, server.url), { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.status).toBe(200);
  await pdf.arrayBuffer();
  const [slip] = await server.database.rows<{ sequence: string; amount: string }>(
    'SELECT s.sequence::text AS sequence, s.amount::text AS amount FROM boleto_slips s WHERE s.installment_id = $1 ORDER BY s.id DESC LIMIT 1',
    [open[0].id],
  );
  const paid = new Decimal(slip.amount).plus(50).toFixed(2);
  const content = itauReturnFile(
    { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' },
    [{ movement: '06', nossoNumero: slip.sequence.padStart(8, '0'), amount: slip.amount, paid, fee: '1.90', occurredOn: today, creditedOn: today }],
    { generatedOn: today, fileSequence: 77 },
  );
  const settled = await directCall<{ lines: Array<{ outcome: string }> }>(server.url, 'cnabReturn.settle', { bankCode: '341', file_name: 'RET341000077.ret', content, idempotency_key: 'e2e-suspense-settle-0001' }, token);
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  expect(settled.body.lines[0].outcome).toBe('settled');
  const [item] = await server.database.rows<{ id: number }>("SELECT id FROM suspense_items WHERE installment_id = $1 AND reason = 'overpaid'", [open[0].id]);

  await signInAs(page, harness, DEMO.operador.email, '/app/clientOperation/suspense');
  await expect(page.getByTestId('suspense-table')).toBeVisible();
  await expect(page.getByTestId(`suspense-open-${item.id}`)).toContainText('R$ 50,00');
  await expect(page.getByTestId(`suspense-reason-${item.id}`)).toContainText('Pago acima do devido');
  await expect(page.getByTestId('suspense-open-total')).toContainText('R$ 50,00');
  await expectNoSeriousViolations(page);

  await page.getByTestId(`suspense-apply-${item.id}`).click();
  await expect(page.getByTestId('suspense-apply-amounts')).toBeVisible();
  await page.getByTestId('suspense-apply-installment').selectOption(String(open[1].id));
  await expect(page.getByTestId('suspense-apply-amounts-amount')).toContainText('R$ 50,00');
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.getByTestId('suspense-apply-confirm').click();

  await expect(page.getByTestId(`suspense-open-${item.id}`)).toHaveCount(0);
  await expect(page.getByTestId('suspense-open-total')).toContainText('R$ 0,00');
  const payments = await server.database.rows<{ amount: string }>("SELECT amount::text AS amount FROM installment_transactions WHERE installment_id = $1 AND kind = 'payment'", [open[1].id]);
  expect(payments).toEqual([{ amount: '50.00' }]);

  // The application reversed (by another screen): the item is open again, and its history keeps the application, marked.
  const [applied] = await server.database.rows<{ id: number }>("SELECT id FROM installment_transactions WHERE installment_id = $1 AND kind = 'payment'", [open[1].id]);
  const reversed = await directCall(
    server.url,
    'servicing.reverse',
    { id: open[1].credit_operation_id, installment: open[1].id, detailId: applied.id, reason: 'aplicado na parcela errada', idempotency_key: 'e2e-suspense-reverse-0001' },
    token,
  );
  expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
  await page.reload();
  await expect(page.getByTestId(`suspense-open-${item.id}`)).toContainText('R$ 50,00');
  await page.getByTestId(`suspense-history-${item.id}`).click();
  await expect(page.getByTestId('suspense-history')).toContainText(`Aplicado à parcela ${open[1].number} da operação OP-${String(open[1].credit_operation_id).padStart(6, '0')}`);
  await expect(page.getByTestId('suspense-history')).toContainText('R$ 50,00');
  await expect(page.getByTestId('suspense-history').getByText('Estornada')).toBeVisible();
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.screenshot({ path: test.info().outputPath('suspense-history-1280.png') });
});
