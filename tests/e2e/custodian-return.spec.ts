/**
 * The custodian's CNAB 444 return end to end against the real server with the
 * demo seed: two installments ceded to a fund and sent in the day's assignment
 * remittance (through the API: the remittance is servicing.spec.ts's subject),
 * a return that acquires one and refuses the other (built with the unit
 * tests' fixture, placed field by field from the layout) chosen in the open
 * dialog; an operator sees the preview on the assignment remittance page,
 * applies it behind a confirmation, sees the result and the history, and the
 * refused title's cession is undone with the trial balance at 0.00. At
 * 1280×800 and again at 1024 px; axe finds no serious violation.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrialBalanceView } from '../../src/shared/contract';
import { custodianReturnText } from '../unit/server/cnab444/fixtures/custodian-return';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD, expectNoSeriousViolations } from './harness';

test.use({ viewport: { width: 1280, height: 800 } });

test("an operator applies the custodian's return: one title acquired, one refused and its cession undone", async ({ page, harness, server }) => {
  test.setTimeout(240_000);
  const today = server.clock.today();
  const [op] = await server.database.rows<{ id: number }>(
    `SELECT o.id FROM credit_operations o
      WHERE o.status = 'disbursed'
        AND NOT EXISTS (SELECT 1 FROM credit_operation_installments i
                         WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL AND i.due_date < $1::date)
        AND (SELECT count(*) FROM credit_operation_installments i
              WHERE i.credit_operation_id = o.id AND i.superseded_in IS NULL AND i.paid_on IS NULL) >= 3
      ORDER BY o.id DESC LIMIT 1`,
    [today],
  );
  expect(op, 'the demo seed has a disbursed operation on time').toBeDefined();
  const [account] = await server.database.rows<{ id: number }>(
    `INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account)
     VALUES (1, 'Fundo Custódia e2e FIDC', '11.444.777/0001-61', '611', 'Paulista S.A.', '0001', '77777') RETURNING id`,
  );
  const token = await directSignIn(server.url, DEMO.operador.email, DEMO_PASSWORD);
  const assignable = await directCall<{ installments: Array<{ id: number }> }>(server.url, 'cession.assignable', { id: op.id }, token);
  expect(assignable.status).toBe(200);
  const ids = assignable.body.installments.slice(0, 2).map((i) => i.id);
  const assigned = await directCall<{ number: number }>(
    server.url,
    'cession.assign',
    { id: op.id, idempotency_key: `e2e-custodian-cession-${Date.now()}`, assignment_account_id: account.id, installments: ids, date: today, monthly_rate: '1.5' },
    token,
  );
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const generated = await directCall(server.url, 'assignmentRemittance.generate', { bankCode: '611', date: today, assignment_account_id: account.id, idempotency_key: `e2e-custodian-rem-${Date.now()}` }, token);
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  const refs = await server.database.rows<{ installment_id: number; reference: string }>(
    'SELECT i.installment_id, i.reference FROM assignment_remittance_items i JOIN assignment_remittances r ON r.id = i.remittance_id WHERE r.assignment_account_id = $1 ORDER BY i.id',
    [account.id],
  );
  const cession = String(assigned.body.number);
  const content = custodianReturnText(
    [
      { reference: refs[0].reference, cession, occurrence: '02' },
      { reference: refs[1].reference, cession, occurrence: '03', reasons: '02' },
    ],
    { fileSequence: 1 },
  );
  const folder = join(harness.paths.userData, 'custodian');
  await mkdir(folder, { recursive: true });
  const path = join(folder, 'RET444000001.ret');
  await writeFile(path, content, 'latin1');

  await signInAs(page, harness, DEMO.operador.email, '/app/company-operation/banks/611/assignment-remittances');
  await page.getByTestId('assignment-remittance-account').selectOption(String(account.id));
  await expect(page.getByTestId('custodian-return')).toBeVisible();
  harness.dialogs.nextOpenAnswer = path;
  await page.getByTestId('custodian-return-choose').click();
  await expect(page.getByTestId('custodian-return-totals')).toContainText('1 título(s) adquirido(s), 1 cessão(ões) a desfazer');
  await expect(page.getByTestId('custodian-return-result-2')).toContainText('Adquirido');
  await expect(page.getByTestId('custodian-return-result-3')).toContainText('Cessão desfeita');
  await expect(page.getByTestId('custodian-return-preview')).toContainText('sacado acima do limite de concentração');
  await expectNoSeriousViolations(page);

  await page.getByTestId('custodian-return-apply').click();
  await expect(page.getByTestId('custodian-return-confirm-text')).toBeVisible();
  await expectNoSeriousViolations(page, '.bp6-dialog');
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('custodian-return-result')).toContainText('1 adquirido(s), 1 cessão(ões) desfeita(s)');
  await expect(page.getByTestId('custodian-return-history')).toContainText('RET444000001.ret');

  const [reversal] = await server.database.rows<{ reason: string }>(
    'SELECT r.reason FROM cession_reversals r JOIN cession_reversal_items ri ON ri.reversal_id = r.id WHERE ri.installment_id = $1',
    [refs[1].installment_id],
  );
  expect(reversal.reason).toBe('recusado pelo custodiante: 02 sacado acima do limite de concentração');
  const admin = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const trial = await directCall<TrialBalanceView>(server.url, 'ledger.trialBalance', {}, admin);
  expect(trial.body.difference).toBe('0.00');

  // The same file again: the preview says so and Aplicar is off.
  harness.dialogs.nextOpenAnswer = path;
  await page.getByTestId('custodian-return-choose').click();
  await expect(page.getByTestId('custodian-return-already')).toBeVisible();
  await expect(page.getByTestId('custodian-return-apply')).toBeDisabled();
  await expect(page.getByTestId('custodian-return-result-2')).toContainText('Já respondido');

  // At 1024 px the panel fits the page's width.
  await page.setViewportSize({ width: 1024, height: 768 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
});
