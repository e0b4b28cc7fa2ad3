/**
 * The company setup screen against the real server with the
 * demo seed: an administrator changes the operating parameters (maximum
 * installments, TAC, another fee), another administrator approves the change
 * (four eyes), and they are found after a reload; adds
 * an IOF period, is told clearly when another one overlaps it (the server's
 * 409 on the period's start) and removes it after confirming; adds and
 * removes a witness; opens the contract templates with their placeholders.
 * An operator sees the same tabs read-only. Screenshots go to the test's
 * output folder.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD } from './harness';
import type { Company, CompanyParameters, IofParameter } from '../../src/shared/contract';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

async function serverCall<T>(url: string, name: Parameters<typeof directCall>[1], args: unknown): Promise<T> {
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<T>(url, name, args, token);
  expect(answer.status, name).toBe(200);
  return answer.body;
}

/** Another administrator approves the change of the parameters the test's administrator asked for. */
async function approveAsSuperadmin(url: string): Promise<void> {
  await serverCall<CompanyParameters>(url, 'company.decideParameters', { id: 1, approve: true });
}

test('an administrator changes the operating parameters (another approves) and finds them after a reload', async ({ page, harness, server }, info) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation');
  await expect(page).toHaveURL(/#\/app\/company-operation$/);
  await expect(page.getByTestId('company-form-legal-name')).not.toHaveValue('');
  await shot(page, info, 'company-data');

  await page.getByTestId('company-tab-parameters').click();
  await expect(page).toHaveURL(/\?tab=parameters$/);
  await expect(page.getByTestId('company-parameters-max-installments')).toHaveValue('48');
  await expect(page.getByTestId('company-parameters-tac')).toHaveValue('150,00');

  await page.getByTestId('company-parameters-max-installments').fill('36');
  await page.getByTestId('company-parameters-tac').fill('175,50');
  await page.getByTestId('company-parameters-fee-add').click();
  await page.getByTestId('company-parameters-fee-0-name').fill('Cadastro');
  await page.getByTestId('company-parameters-fee-0-amount').fill('1.234,5');
  // Another tab would drop the edits: the screen asks first, and staying keeps them.
  await page.getByTestId('company-tab-iof').click();
  await expect(page.getByTestId('company-unsaved-prompt')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(/\?tab=parameters$/);
  await expect(page.getByTestId('company-parameters-max-installments')).toHaveValue('36');
  // A maximum below the minimum is refused on its field before anything is sent.
  await page.getByTestId('company-parameters-min-installments').fill('40');
  await page.getByTestId('company-parameters-save').click();
  await expect(page.getByTestId('field-error-max_installments')).toBeVisible();
  await page.getByTestId('company-parameters-min-installments').fill('3');
  await expect(page.getByTestId('field-error-max_installments')).toHaveCount(0);
  // The dates of an operation; a multa above the law's 2% is refused on its field with the limit.
  await expect(page.getByTestId('company-parameters-max-first-period-days')).toHaveValue('60');
  await page.getByTestId('company-parameters-max-first-period-days').fill('45');
  await page.getByTestId('company-parameters-max-disbursement-days-ahead').fill('10');
  // The reversal limit (four eyes above it) is set here too.
  await expect(page.getByTestId('company-parameters-reversal-approval-above')).toHaveValue('1.000,00');
  await page.getByTestId('company-parameters-reversal-approval-above').fill('750');
  await page.getByTestId('company-parameters-late-fee-percent').fill('3');
  await page.getByTestId('company-parameters-save').click();
  await expect(page.getByTestId('field-error-late_fee_percent')).toContainText('art. 52');
  await page.getByTestId('company-parameters-late-fee-percent').fill('2');
  await shot(page, info, 'company-parameters');
  await page.getByTestId('company-parameters-save').click();
  // Every parameter is money: the change waits for another administrator (company-parameters-approval.spec.ts shows that flow).
  await expect(page.getByTestId('toast').filter({ hasText: 'Alteração enviada para aprovação de outra pessoa' })).toBeVisible();
  // A settings form stays on its page.
  await expect(page).toHaveURL(/\?tab=parameters$/);
  await expect(page.getByTestId('company-parameters-change-sent')).toBeVisible();
  await approveAsSuperadmin(server.url);

  await expect
    .poll(async () => {
      const p = await serverCall<CompanyParameters>(server.url, 'company.parameters', { id: 1 });
      return { max: p.max_installments, tac: p.tac, fees: p.other_fees, firstPeriod: p.max_first_period_days, ahead: p.max_disbursement_days_ahead, reversal: p.reversal_approval_above };
    })
    .toEqual({ max: 36, tac: '175.50', fees: [{ name: 'Cadastro', amount: '1234.50' }], firstPeriod: 45, ahead: 10, reversal: '750.00' });

  await page.reload();
  await expect(page.getByTestId('company-parameters-max-installments')).toHaveValue('36');
  await expect(page.getByTestId('company-parameters-tac')).toHaveValue('175,50');
  await expect(page.getByTestId('company-parameters-fee-0-name')).toHaveValue('Cadastro');
  await expect(page.getByTestId('company-parameters-fee-0-amount')).toHaveValue('1.234,50');
  await expect(page.getByTestId('company-parameters-reversal-approval-above')).toHaveValue('750,00');

  // The fee is removed in place and saved.
  await page.getByTestId('company-parameters-fee-0-remove').click();
  await page.getByTestId('company-parameters-save').click();
  await expect(page.getByTestId('company-parameters-change-sent')).toBeVisible();
  await approveAsSuperadmin(server.url);
  await expect.poll(async () => (await serverCall<CompanyParameters>(server.url, 'company.parameters', { id: 1 })).other_fees).toEqual([]);
});

test('IOF periods: one added, an overlapping one refused with the reason, the first removed after confirming', async ({ page, harness, server }, info) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation?tab=iof');
  await expect(page.getByTestId('company-iof-table')).toBeVisible();

  const add = async (from: string, to: string) => {
    await page.getByTestId('company-iof-add').click();
    await page.getByTestId('company-iof-person_type').selectOption('PF');
    await page.getByTestId('company-iof-daily_percent').fill('0,0082');
    await page.getByTestId('company-iof-additional_percent').fill('0,38');
    await page.getByTestId('company-iof-valid_from').fill(from);
    await page.getByTestId('company-iof-valid_to').fill(to);
    await page.getByTestId('company-iof-legal_basis').fill('Teste e2e');
    await page.getByTestId('company-iof-save').click();
  };

  await add('2007-01-01', '2007-12-31');
  await expect(page.getByTestId('company-iof-form')).toHaveCount(0);
  await expect
    .poll(async () => (await serverCall<IofParameter[]>(server.url, 'company.iofParameters', {})).find((p) => p.valid_from === '2007-01-01'))
    .toMatchObject({ person_type: 'PF', daily_percent: '0.008200', additional_percent: '0.3800', valid_to: '2007-12-31' });
  const row = (await serverCall<IofParameter[]>(server.url, 'company.iofParameters', {})).find((p) => p.valid_from === '2007-01-01')!;
  await expect(page.getByTestId(`company-iof-period-${row.id}`)).toHaveText('01/01/2007 – 31/12/2007');

  // Overlapping the new period (and the seed's 2008 one): the 409 names the earliest period in the way, on the period's start; the dialog stays open.
  await add('2007-06-01', '2008-06-30');
  await expect(page.getByTestId('field-error-valid_from')).toHaveText('Já existe uma alíquota de IOF de PF com vigência de 01/01/2007 a 31/12/2007, que se sobrepõe a esse período.');
  await expect(page.getByTestId('company-iof-form')).toBeVisible();
  await shot(page, info, 'company-iof-overlap');
  await page.getByTestId('company-iof-cancel').click();

  await page.getByTestId(`company-iof-remove-${row.id}`).click();
  await expect(page.getByTestId('company-iof-confirm-text')).toContainText('01/01/2007 – 31/12/2007');
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId(`company-iof-table-row-${row.id}`)).toHaveCount(0);
  expect((await serverCall<IofParameter[]>(server.url, 'company.iofParameters', {})).some((p) => p.id === row.id)).toBe(false);
});

test('a witness added and removed after confirming; a wrong CPF refused on its field', async ({ page, harness, server }, info) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation?tab=witnesses');
  const before = (await serverCall<Company>(server.url, 'company.get', { id: 1 })).witnesses.length;
  await page.getByTestId('company-witnesses-add').click();
  await page.getByTestId('company-witnesses-name').fill('Beatriz Testemunha Lima');
  await page.getByTestId('company-witnesses-cpf').fill('529.982.247-24');
  await page.getByTestId('company-witnesses-save').click();
  await expect(page.getByTestId('field-error-cpf')).toBeVisible();
  await page.getByTestId('company-witnesses-cpf').fill('529.982.247-25');
  await page.getByTestId('company-witnesses-save').click();
  await expect(page.getByTestId('company-witnesses-form')).toHaveCount(0);

  await expect.poll(async () => (await serverCall<Company>(server.url, 'company.get', { id: 1 })).witnesses.length).toBe(before + 1);
  const witness = (await serverCall<Company>(server.url, 'company.get', { id: 1 })).witnesses.find((w) => w.name === 'Beatriz Testemunha Lima')!;
  expect(witness).toMatchObject({ cpf: '529.982.247-25', active: true, email: null });
  await expect(page.getByTestId(`company-witnesses-table-row-${witness.id}`)).toContainText('Beatriz Testemunha Lima');
  await shot(page, info, 'company-witnesses');

  // Cancelling the question keeps the witness; confirming removes it.
  await page.getByTestId(`company-witnesses-remove-${witness.id}`).click();
  await expect(page.getByTestId('company-witnesses-confirm-text')).toContainText('Beatriz Testemunha Lima');
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(page.getByTestId(`company-witnesses-table-row-${witness.id}`)).toBeVisible();
  await page.getByTestId(`company-witnesses-remove-${witness.id}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId(`company-witnesses-table-row-${witness.id}`)).toHaveCount(0);
  expect((await serverCall<Company>(server.url, 'company.get', { id: 1 })).witnesses.length).toBe(before);
});

test('contract templates: a placeholder inserted at the cursor, an unknown one refused on the body, a save makes a new version', async ({ page, harness, server }, info) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation?tab=contracts');
  await expect(page.getByTestId('company-template-version')).toContainText('Versão 1');
  const body = page.getByTestId('company-template-body');
  await expect(body).not.toHaveValue('');
  await shot(page, info, 'company-templates');

  await body.fill('Contrato de teste entre {{empresa.razao_social}} e ');
  await page.getByTestId('company-alias-tomador.nome').click();
  await expect(body).toHaveValue('Contrato de teste entre {{empresa.razao_social}} e {{tomador.nome}}');
  await body.fill('Contrato de teste com {{marcador.inexistente}} no meio.');
  await page.getByTestId('company-template-save').click();
  await expect(page.getByTestId('field-error-body')).toContainText('{{marcador.inexistente}}');
  await body.fill('Contrato de teste entre {{empresa.razao_social}} e {{tomador.nome}}.');
  await page.getByTestId('company-template-save').click();
  await expect(page.getByTestId('company-template-version')).toContainText('Versão 2');
  const templates = await serverCall<Array<{ kind: string; version: number; body: string }>>(server.url, 'company.contractTemplates', { id: 1 });
  expect(templates.find((tpl) => tpl.kind === 'CCB')).toMatchObject({ version: 2, body: 'Contrato de teste entre {{empresa.razao_social}} e {{tomador.nome}}.' });
});

test('an operator sees the company setup read-only', async ({ page, harness }, info) => {
  await signInAs(page, harness, DEMO.operador.email, '/app/company-operation');
  await expect(page.getByTestId('company-form-read-only')).toBeVisible();
  await expect(page.getByTestId('company-form-save')).toHaveCount(0);
  await expect(page.getByTestId('company-form-cep-lookup')).toHaveCount(0);

  await page.getByTestId('company-tab-parameters').click();
  await expect(page.getByTestId('company-parameters-max-installments')).toHaveValue('48');
  await expect(page.getByTestId('company-parameters-max-installments')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('company-parameters-save')).toHaveCount(0);
  await expect(page.getByTestId('company-parameters-fee-add')).toHaveCount(0);
  await shot(page, info, 'company-parameters-read-only');

  for (const tab of ['representatives', 'witnesses', 'iof', 'banks', 'assignment'] as const) {
    await page.getByTestId(`company-tab-${tab}`).click();
    const prefix = `company-${tab}`;
    await expect(page.getByTestId(`${prefix}-read-only`)).toBeVisible();
    await expect(page.getByTestId(`${prefix}-add`)).toHaveCount(0);
    await expect(page.locator(`[data-testid^="${prefix}-remove-"]`)).toHaveCount(0);
  }
  await page.getByTestId('company-tab-contracts').click();
  await expect(page.getByTestId('company-template-body')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('company-template-save')).toHaveCount(0);
});

test("company data with a CEP lookup and a checked CNPJ; a bank account and an assignee's account added and edited", async ({ page, harness, server }, info) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/company-operation');
  await expect(page.getByTestId('company-form-legal-name')).not.toHaveValue('');
  await page.getByTestId('company-form-cnpj').fill('11.222.333/0001-82');
  await page.getByTestId('company-form-trade-name').click();
  await expect(page.getByTestId('field-error-cnpj')).toContainText('CNPJ');
  await page.getByTestId('company-form-cnpj').fill('11222333000181');
  await page.getByTestId('company-form-trade-name').fill('Crédito Popular Centro');
  await page.getByTestId('company-form-cep').fill('01001-000');
  await page.getByTestId('company-form-cep-lookup').click();
  await expect(page.getByTestId('company-form-address')).toHaveValue('Praça da Sé');
  await expect(page.getByTestId('company-form-state')).toHaveValue('SP');
  await page.getByTestId('company-form-address-number').fill('1');
  await page.getByTestId('company-form-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Dados da empresa salvos' })).toBeVisible();
  await expect
    .poll(async () => {
      const c = await serverCall<Company>(server.url, 'company.get', { id: 1 });
      return { cnpj: c.cnpj, trade: c.trade_name, cep: c.cep, address: c.address, number: c.address_number };
    })
    .toEqual({ cnpj: '11.222.333/0001-81', trade: 'Crédito Popular Centro', cep: '01001-000', address: 'Praça da Sé', number: '1' });

  await page.getByTestId('company-tab-banks').click();
  await expect(page).toHaveURL(/\?tab=banks$/);
  await page.getByTestId('company-banks-add').click();
  await page.getByTestId('company-banks-bank_code').fill('756');
  await page.getByTestId('company-banks-bank_name').fill('Sicoob');
  await page.getByTestId('company-banks-agency').fill('0501');
  await page.getByTestId('company-banks-account').fill('45678');
  await page.getByTestId('company-banks-account_digit').fill('9');
  await page.getByTestId('company-banks-wallet').fill('109');
  await page.getByTestId('company-banks-agreement').fill('123456');
  await page.getByTestId('company-banks-next_our_number').fill('1500');
  await page.getByTestId('company-banks-save').click();
  await expect(page.getByTestId('company-banks-form')).toHaveCount(0);
  const banks = async () => serverCall<Array<{ id: number; bank_code: string; agency_digit: string | null; account_digit: string | null; next_our_number: number }>>(server.url, 'company.banks', { id: 1 });
  await expect.poll(async () => (await banks()).find((b) => b.bank_code === '756')).toMatchObject({ agency_digit: null, account_digit: '9', next_our_number: 1500 });
  const bank = (await banks()).find((b) => b.bank_code === '756')!;
  // Edit sits in the row's menu with the bank's pages.
  await page.getByTestId(`company-banks-menu-${bank.id}`).click();
  await page.getByTestId(`company-banks-edit-${bank.id}`).click();
  await expect(page.getByTestId('company-banks-next_our_number')).toHaveValue('1500');
  await page.getByTestId('company-banks-next_our_number').fill('1501');
  await page.getByTestId('company-banks-save').click();
  await expect.poll(async () => (await banks()).find((b) => b.id === bank.id)?.next_our_number).toBe(1501);
  await expect(page.getByRole('row').filter({ has: page.getByTestId(`company-banks-table-row-${bank.id}`) })).toContainText('1501');
  await shot(page, info, 'company-banks');

  await page.getByTestId('company-tab-assignment').click();
  await page.getByTestId('company-assignment-add').click();
  await page.getByTestId('company-assignment-assignee_name').fill('FIDC Microcrédito Teste');
  await page.getByTestId('company-assignment-assignee_cnpj').fill('11.222.333/0001-81');
  await page.getByTestId('company-assignment-bank_code').fill('001');
  await page.getByTestId('company-assignment-bank_name').fill('Banco do Brasil');
  await page.getByTestId('company-assignment-agency').fill('1234');
  await page.getByTestId('company-assignment-account').fill('99887');
  await page.getByTestId('company-assignment-repurchase_after_days').fill('45');
  // The pass-through fee the agreement lets the lender keep: the kit's percentage field, typed with a comma.
  await expect(page.getByTestId('company-assignment-pass_through_fee_rate')).toHaveValue('0');
  await page.getByTestId('company-assignment-pass_through_fee_rate').fill('1,5');
  await page.getByTestId('company-assignment-save').click();
  await expect(page.getByTestId('company-assignment-form')).toHaveCount(0);
  type Assignee = { id: number; assignee_name: string; assignee_cnpj: string; account_digit: string | null; pass_through_fee_rate: string };
  const assignees = async () => (await serverCall<Assignee[]>(server.url, 'company.assignmentAccounts', { id: 1 })).find((a) => a.assignee_name === 'FIDC Microcrédito Teste');
  await expect.poll(assignees).toMatchObject({ assignee_cnpj: '11.222.333/0001-81', account_digit: null, repurchase_rule: 'face_plus_charges', repurchase_after_days: 45, pass_through_fee_rate: '1.5000' });
  const assignee = (await assignees())!;
  await expect(page.getByTestId(`company-assignment-fee-${assignee.id}`)).toHaveText('1,50%');
  // Edited: the dialog reloads it as typed, and the list shows the new rate.
  await page.getByTestId(`company-assignment-menu-${assignee.id}`).click();
  await page.getByTestId(`company-assignment-edit-${assignee.id}`).click();
  await expect(page.getByTestId('company-assignment-pass_through_fee_rate')).toHaveValue('1,5');
  await page.getByTestId('company-assignment-pass_through_fee_rate').fill('2,25');
  await page.getByTestId('company-assignment-save').click();
  await expect.poll(async () => (await assignees())?.pass_through_fee_rate).toBe('2.2500');
  await expect(page.getByTestId(`company-assignment-fee-${assignee.id}`)).toHaveText('2,25%');
  // The rate's column is on screen at 1280 and at 1024.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    const box = await page.getByTestId(`company-assignment-fee-${assignee.id}`).boundingBox();
    expect(box && box.x + box.width <= size.width, `the fee rate at ${size.width}`).toBe(true);
    await page.screenshot({ path: info.outputPath(`company-assignment-${size.width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, info, 'company-assignment');
});
