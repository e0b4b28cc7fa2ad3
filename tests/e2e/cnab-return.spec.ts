/**
 * A CNAB 240 return file end to end against the real server with the demo
 * seed: three open installments get their slips on the Itaú account, a return
 * file that settles two of them and rejects the third is written with the
 * project's own CNAB tables (tests/helpers/cnab-return-file.ts; no public
 * Itaú 240 return sample was found) and chosen in the open dialog (the
 * harness answers it with that file); an operator opens Empresa › Integração
 * CNAB for 341, sees the preview with its totals, settles it behind a
 * confirmation that states the amounts, and the result, the payments and the
 * history follow; the rejected installment's payments screen shows the bank's
 * rejection. axe finds no serious violation on the preview and dialog.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRequest, operation } from '../../src/shared/contract/index';
import { itauReturnFile } from '../helpers/cnab-return-file';
import { test, expect, signInAs, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1280, height: 800 } });

test('an operator imports a return file that settles two installments and rejects one', async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  const today = server.clock.today();
  // Open installments of released operations, never paid, still collected, due from today on (their slip is the installment's value).
  const open = await server.database.rows<{ id: number }>(
    `SELECT i.id FROM credit_operation_installments i
       JOIN credit_operations o ON o.id = i.credit_operation_id
       JOIN disbursements d ON d.credit_operation_id = o.id
      WHERE o.status = 'disbursed' AND i.paid_on IS NULL AND i.superseded_in IS NULL AND i.due_date >= $1::date AND d.disbursed_on <= $1::date
        AND NOT EXISTS (SELECT 1 FROM installment_transactions t WHERE t.installment_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM installment_states s WHERE s.installment_id = i.id)
      ORDER BY i.due_date, i.id LIMIT 3`,
    [today],
  );
  expect(open, 'the demo seed has three open installments').toHaveLength(3);
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const slips: Array<{ sequence: string; amount: string }> = [];
  for (const { id } of open) {
    // The slip answers its PDF: only the status matters here.
    const req = buildRequest(operation('boleto.slip'), { x: id });
    const answer = await fetch(new URL(req.path, server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    const [slip] = await server.database.rows<{ sequence: string; amount: string; bank_code: string }>(
      'SELECT s.sequence::text AS sequence, s.amount::text AS amount, a.bank_code FROM boleto_slips s JOIN company_bank_accounts a ON a.id = s.bank_account_id WHERE s.installment_id = $1 ORDER BY s.id DESC LIMIT 1',
      [id],
    );
    expect(slip.bank_code).toBe('341');
    slips.push(slip);
  }
  const nn = (k: number) => slips[k].sequence.padStart(8, '0');
  const content = itauReturnFile(
    { agency: '0912', account: '45021', accountDac: '7', companyDocument: '27185642000169' },
    [
      { movement: '06', nossoNumero: nn(0), amount: slips[0].amount, paid: slips[0].amount, fee: '1.90', occurredOn: today, creditedOn: today },
      { movement: '06', nossoNumero: nn(1), amount: slips[1].amount, paid: slips[1].amount, fee: '1.90', occurredOn: today, creditedOn: today },
      { movement: '03', nossoNumero: nn(2), amount: slips[2].amount, paid: '0', fee: '0', reasons: '14000000', occurredOn: today },
    ],
    { generatedOn: today, fileSequence: 31 },
  );
  const folder = join(harness.paths.userData, 'bank');
  await mkdir(folder, { recursive: true });
  const path = join(folder, 'RET341000031.ret');
  await writeFile(path, content, 'latin1');

  await signInAs(page, harness, DEMO.operador.email, '/app/company-operation/cnab-integration/341');
  harness.dialogs.nextOpenAnswer = path;
  await page.getByTestId('cnab-return-choose').click();
  await expect(page.getByTestId('cnab-return-totals')).toContainText('2 parcela(s) a liquidar');
  await expect(page.getByTestId('cnab-return-outcome-3')).toContainText('Liquidação');
  await expect(page.getByTestId('cnab-return-outcome-7')).toContainText('Entrada rejeitada');
  await expect(page.getByTestId('cnab-return-preview')).toContainText('NOSSO NÚMERO');
  expect(harness.dialogs.openRequests).toHaveLength(1);
  await expectNoSeriousViolations(page);

  await page.getByTestId('cnab-return-settle').click();
  await expect(page.getByTestId('cnab-return-confirm-amounts')).toBeVisible();
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.getByTestId('cnab-return-confirm').click();

  await expect(page.getByTestId('cnab-return-result')).toContainText('2 parcela(s)');
  const payments = await server.database.rows<{ installment_id: number; paid_on: string }>(
    "SELECT installment_id, paid_on::text FROM installment_transactions WHERE installment_id = ANY($1::int[]) AND kind = 'payment' ORDER BY installment_id",
    [open.map((i) => i.id)],
  );
  expect(payments.map((p) => p.installment_id).sort()).toEqual([open[0].id, open[1].id].sort());
  expect(payments.every((p) => p.paid_on === today)).toBe(true);
  const [rejected] = await server.database.rows<{ outcome: string }>('SELECT outcome FROM return_file_lines WHERE installment_id = $1', [open[2].id]);
  expect(rejected.outcome).toBe('rejected');
  await expect(page.getByTestId('cnab-return-history')).toContainText('RET341000031.ret');

  // The rejected installment's payments screen says the bank refused its boleto, with the reason and the file.
  const [{ credit_operation_id: rejectedOp }] = await server.database.rows<{ credit_operation_id: number }>('SELECT credit_operation_id FROM credit_operation_installments WHERE id = $1', [open[2].id]);
  await harness.goto(`/app/clientOperation/payments/${open[2].id}/${rejectedOp}`);
  await expect(page.getByTestId('payments-bank-rejection')).toContainText(nn(2));
  await expect(page.getByTestId('payments-bank-rejection')).toContainText('RET341000031.ret');
  await expect(page.getByTestId('payments-bank-rejection-reasons')).toContainText('14');
});
