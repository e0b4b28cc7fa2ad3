/**
 * The borrower screens against the real server with the demo
 * seed: an administrator registers a company borrower from scratch in
 * "Clientes", lands on its record, adds a shareholder (an invalid CPF refused
 * on its field first) and a revenue month, finds both after a reload, removes
 * the month after confirming, and sees a new borrower rated AA; the list
 * finds it by name. An approved solicitation becomes a borrower from its own
 * page, and a second time is told it already is one. A screenshot of the
 * record goes to the test's output folder.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD } from './harness';
import type { BorrowerRecord, SolicitationListItem } from '../../src/shared/contract';
import { demoPdf } from '../../src/server/db/demo-files';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

async function serverCall<T>(url: string, name: Parameters<typeof directCall>[1], args: unknown): Promise<T> {
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<T>(url, name, args, token);
  expect(answer.status, name).toBe(200);
  return answer.body;
}

const CNPJ = '11.222.333/0001-81';

test('a company borrower registered from scratch: shareholder and revenue kept after a reload, a month removed after confirming, rated AA', async ({ page, harness, server }, info) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/clientOperation');
  await expect(page).toHaveURL(/#\/app\/clientOperation$/);
  await expect(page.getByTestId('borrowers-table')).toBeVisible();

  await page.getByTestId('borrowers-new').click();
  // Through its label, as a person does, once the dialog is drawn: a forced click on the hidden input, made while the
  // dialog was still mounting on a busy machine, left the choice unchanged.
  const scratch = page.getByTestId('new-borrower-mode-scratch');
  await expect(async () => {
    await page.locator('label', { has: scratch }).click();
    await expect(scratch).toBeChecked({ timeout: 2_000 });
  }).toPass();
  await page.getByTestId('new-borrower-person_type').selectOption('PJ');
  // A CPF for a company is refused by the contract's rule before anything is sent.
  await page.getByTestId('new-borrower-document').fill('529.982.247-25');
  await page.getByTestId('new-borrower-name').fill('Padaria Pão Quente Ltda');
  await page.getByTestId('new-borrower-save').click();
  await expect(page.getByTestId('field-error-document')).toBeVisible();
  await page.getByTestId('new-borrower-document').fill(CNPJ);
  await page.getByTestId('new-borrower-save').click();

  await expect(page).toHaveURL(/#\/app\/clientOperation\/view\/\d+$/);
  const id = Number(/view\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByTestId('borrower-name')).toHaveText('Padaria Pão Quente Ltda');
  await expect(page.getByTestId('borrower-document')).toHaveText(CNPJ);
  await expect(page.getByTestId('borrower-person-type')).toHaveText('Pessoa jurídica');
  await expect(page.getByTestId('borrower-header-risk')).toHaveAttribute('data-rating', 'AA');
  await expect(page.getByTestId('borrower-form-name')).toHaveValue('Padaria Pão Quente Ltda');

  // Sócios: an invalid CPF is refused on its field; a valid one is saved.
  await page.getByTestId('borrower-tab-shareholder').click();
  await expect(page).toHaveURL(/\?tab=shareholder$/);
  await page.getByTestId('shareholder-add').click();
  await page.getByTestId('shareholder-name').fill('Maria Sócia Souza');
  await page.getByTestId('shareholder-document').fill('111.111.111-11');
  await page.getByTestId('shareholder-share_percent').fill('60');
  await page.getByTestId('shareholder-save').click();
  await expect(page.getByTestId('field-error-document')).toHaveText(/CPF ou CNPJ válido/);
  await expect(page.getByTestId('shareholder-form')).toBeVisible();
  // The dialog checks by the contract's rule; the server, asked anyway, answers 400 on the same field.
  const token = await directSignIn(server.url, DEMO.superadmin.email, DEMO_PASSWORD);
  const refused = await directCall<{ field?: string }>(
    server.url,
    'borrowers.shareholder.save',
    { borrower_id: id, name: 'Maria Sócia Souza', document: '111.111.111-11', share_percent: '60' },
    token,
  );
  expect(refused.status).toBe(400);
  await page.getByTestId('shareholder-document').fill('529.982.247-25');
  await page.getByTestId('shareholder-save').click();
  await expect(page.getByTestId('shareholder-form')).toHaveCount(0);
  const shareholders = await serverCall<BorrowerRecord<'shareholder'>[]>(server.url, 'borrowers.shareholder.list', { id });
  expect(shareholders).toHaveLength(1);
  expect(shareholders[0]).toMatchObject({ name: 'Maria Sócia Souza', share_percent: expect.stringMatching(/^60(\.0+)?$/) });
  await expect(page.getByTestId(`shareholder-table-row-${shareholders[0].id}`)).toBeVisible();
  await expect(page.getByTestId('shareholder-table')).toContainText('529.982.247-25');

  // Faturamento: a month with its amount in reais (decimal text on the wire).
  await page.getByTestId('borrower-tab-revenue').click();
  await expect(page).toHaveURL(/\?tab=revenue$/);
  await page.getByTestId('revenue-add').click();
  await page.getByTestId('revenue-reference_month').fill('2026-09');
  await page.getByTestId('revenue-amount').fill('45.000,50');
  await page.getByTestId('revenue-source').selectOption('invoices');
  await page.getByTestId('revenue-save').click();
  await expect(page.getByTestId('revenue-form')).toHaveCount(0);
  const months = await serverCall<BorrowerRecord<'revenue'>[]>(server.url, 'borrowers.revenue.list', { id });
  expect(months).toEqual([expect.objectContaining({ reference_month: '2026-09', amount: '45000.50', source: 'invoices' })]);
  const month = months[0];
  await expect(page.getByTestId(`revenue-month-${month.id}`)).toHaveText('09/2026');
  await expect(page.getByTestId('revenue-table')).toContainText('45.000,50');

  // After a reload the tab is still the one in the URL, and both records are listed.
  await page.reload();
  await expect(page.getByTestId(`revenue-month-${month.id}`)).toHaveText('09/2026');
  await expect(page.getByTestId('revenue-table')).toContainText('Notas fiscais');
  await page.getByTestId('borrower-tab-shareholder').click();
  await expect(page.getByTestId(`shareholder-table-row-${shareholders[0].id}`)).toContainText('Maria Sócia Souza');
  await shot(page, info, 'borrower-shareholders');

  // Removing asks first: cancelling keeps the month, confirming removes it.
  await page.getByTestId('borrower-tab-revenue').click();
  await page.getByTestId(`revenue-remove-${month.id}`).click();
  await expect(page.getByTestId('revenue-confirm-text')).toContainText('09/2026');
  await page.getByTestId('confirm-dialog-cancel').click();
  await expect(page.getByTestId(`revenue-table-row-${month.id}`)).toBeVisible();
  await page.getByTestId(`revenue-remove-${month.id}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId(`revenue-table-row-${month.id}`)).toHaveCount(0);
  await expect.poll(async () => (await serverCall<unknown[]>(server.url, 'borrowers.revenue.list', { id })).length).toBe(0);

  // A new borrower has nothing overdue: AA, stage 1, with the server's reasons.
  await page.getByTestId('borrower-tab-risk').click();
  await expect(page.getByTestId('borrower-risk-rating')).toHaveText('AA');
  await expect(page.getByTestId('borrower-risk-stage')).toHaveText('Estágio 1');
  await expect(page.getByTestId('borrower-risk-rating-reason')).toContainText('Nenhuma parcela em atraso');
  await expect(page.getByTestId('borrower-risk-days')).toHaveText('0');
  // No month closed in the demo: the close's card says so beside the live stage.
  await expect(page.getByTestId('borrower-risk-stage-live')).toContainText('Atual: apurado em');
  await expect(page.getByTestId('borrower-risk-close')).toContainText('Sem fechamento');
  await shot(page, info, 'borrower-risk');

  // The list finds the borrower by name, with its document and type.
  await page.getByTestId('menu-item-/clientOperation').click();
  await page.getByTestId('borrowers-filter-name').fill('Pão Quente');
  await expect(page).toHaveURL(/name=/);
  const row = page.getByTestId(`borrowers-row-${id}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('borrowers-table')).toContainText(CNPJ);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`#/app/clientOperation/view/${id}$`));
  await expect(page.getByTestId('borrower-name')).toHaveText('Padaria Pão Quente Ltda');
  await shot(page, info, 'borrower-view');
});

test('an approved solicitation becomes a borrower from its page, once; afterwards its page opens that borrower', async ({ page, harness, server }) => {
  const approved = await serverCall<{ items: SolicitationListItem[] }>(server.url, 'solicitations.list', { page: 1, limit: 50, filter: { status: 'approved' } });
  const solicitation = approved.items.find((s) => (s.typeCredit === 'PJ' ? s.cnpj : s.cpf));
  expect(solicitation, 'the demo seed has an approved solicitation with its document').toBeDefined();
  await signInAs(page, harness, DEMO.admin.email, `/app/solicitations/view/${solicitation!.id}`);
  await page.getByTestId('solicitation-register-borrower').click();
  await expect(page).toHaveURL(/#\/app\/clientOperation\/view\/\d+$/);
  await expect(page.getByTestId('borrower-header')).toContainText(`Solicitação #${solicitation!.id}`);
  const borrowerUrl = page.url();

  // Registered once: the solicitation's page no longer offers to register, it opens that borrower.
  await harness.goto(`/app/solicitations/view/${solicitation!.id}`);
  await expect(page.getByTestId('solicitation-open-borrower')).toBeVisible();
  await expect(page.getByTestId('solicitation-register-borrower')).toHaveCount(0);
  await page.getByTestId('solicitation-open-borrower').click();
  await expect(page).toHaveURL(borrowerUrl);
});

test("a person's credit file: payout account, a guarantee with its document, other information saved twice, own limits inside the company's", async ({ page, harness, server }, info) => {
  const created = await serverCall<{ id: number }>(server.url, 'borrowers.create', { person_type: 'PF', document: '529.982.247-25', name: 'João Tomador Pereira' });
  const id = created.id;
  // Contas bancárias: the first account is the payout account.
  await signInAs(page, harness, DEMO.operador.email, `/app/clientOperation/view/${id}?tab=bank`);
  await expect(page.getByTestId('borrower-person-type')).toHaveText('Pessoa física');
  await page.getByTestId('borrower-bank-add').click();
  await page.getByTestId('borrower-bank-bank_code').fill('001');
  await page.getByTestId('borrower-bank-bank_name').fill('Banco do Brasil');
  await page.getByTestId('borrower-bank-agency').fill('1234');
  await page.getByTestId('borrower-bank-account').fill('98765');
  await page.getByTestId('borrower-bank-account_digit').fill('0');
  await page.getByTestId('borrower-bank-save').click();
  await expect(page.getByTestId('borrower-bank-form')).toHaveCount(0);
  await expect(page.getByTestId('borrower-bank-table')).toContainText('98765-0');
  await expect(page.locator('[data-testid^="borrower-bank-payout-"]')).toHaveText('Sim');

  // Garantias: a property with its deed attached and offered back for download.
  await page.getByTestId('borrower-tab-securedguarantee').click();
  await page.getByTestId('securedguarantee-add').click();
  await page.getByTestId('securedguarantee-kind').selectOption('property');
  await page.getByTestId('securedguarantee-description').fill('Sala comercial, matrícula 12.345');
  await page.getByTestId('securedguarantee-value').fill('250.000,00');
  await page.getByTestId('securedguarantee-save').click();
  await expect(page.getByTestId('securedguarantee-form')).toHaveCount(0);
  const [guarantee] = await serverCall<BorrowerRecord<'securedguarantee'>[]>(server.url, 'borrowers.securedguarantee.list', { id });
  expect(guarantee).toMatchObject({ kind: 'property', value: '250000.00', file_name: null });
  await expect(page.getByTestId(`guarantee-file-${guarantee.id}`)).toHaveText('Sem documento');
  await page.getByTestId(`securedguarantee-upload-${guarantee.id}`).click();
  await page.getByTestId('securedguarantee-file-input').setInputFiles({ name: 'matricula.pdf', mimeType: 'application/pdf', buffer: demoPdf('Matrícula', ['Sala comercial']) });
  await expect(page.getByTestId(`guarantee-file-${guarantee.id}`)).toHaveText('matricula.pdf');
  await expect(page.getByTestId(`securedguarantee-download-${guarantee.id}`)).toBeVisible();
  await shot(page, info, 'borrower-guarantees');

  // Outras informações: the first save creates them (POST), the second changes them (PUT).
  await page.getByTestId('borrower-tab-other').click();
  await page.getByTestId('borrower-other-years-in-business').fill('7');
  await page.getByTestId('borrower-other-notes').fill('Cliente desde a feira.');
  await page.getByTestId('borrower-other-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Outras informações salvas' })).toBeVisible();
  await page.getByTestId('borrower-other-notes').fill('Cliente desde a feira; indicado pelo agente.');
  await page.getByTestId('borrower-other-save').click();
  await expect
    .poll(async () => (await serverCall<{ notes: string | null; years_in_business: number | null }>(server.url, 'borrowers.otherInformation', { id })).notes)
    .toBe('Cliente desde a feira; indicado pelo agente.');

  // Parâmetros: blank follows the company; the company's limit is shown beside each field.
  await page.getByTestId('borrower-tab-parameters').click();
  await expect(page.getByTestId('borrower-parameters')).toContainText('Empresa:');
  await page.getByTestId('borrower-parameters-max-installments').fill('12');
  await page.getByTestId('borrower-parameters-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Parâmetros do tomador salvos' })).toBeVisible();
  // A limit beyond the company's is refused by the server on its field.
  await page.getByTestId('borrower-parameters-max-installments').fill('60');
  await page.getByTestId('borrower-parameters-save').click();
  await expect(page.getByTestId('field-error-max_installments')).toBeVisible();
  await page.getByTestId('borrower-parameters-max-installments').fill('12');
  await page.getByTestId('borrower-parameters-save').click();
  await expect(page.getByTestId('field-error-max_installments')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('borrower-parameters-max-installments')).toHaveValue('12');
  await expect(page.getByTestId('borrower-parameters-max-value')).toHaveValue('');
  await shot(page, info, 'borrower-parameters');

  // Operações: none yet; "Nova operação" starts one for this borrower.
  await page.getByTestId('borrower-tab-operations').click();
  await expect(page.getByTestId('borrower-operations-table')).toBeVisible();
  await page.getByTestId('borrower-new-operation').click();
  await expect(page).toHaveURL(new RegExp(`#/app/clientOperation/building\\?borrower=${id}$`));
});

test('"Novo tomador" from an approved solicitation copies its data and opens the record', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/clientOperation');
  await page.getByTestId('borrowers-new').click();
  // Nothing chosen: the contract asks for the solicitation (or the data of a new borrower).
  await page.getByTestId('new-borrower-save').click();
  await expect(page.getByTestId('field-error-solicitation_id')).toBeVisible();
  const select = page.getByTestId('new-borrower-solicitation_id');
  await expect(select.locator('option')).not.toHaveCount(1);
  const label = (await select.locator('option').nth(1).textContent()) ?? '';
  const solicitationId = /^#(\d+)/.exec(label)![1];
  await select.selectOption({ index: 1 });
  await page.getByTestId('new-borrower-save').click();
  await expect(page).toHaveURL(/#\/app\/clientOperation\/view\/\d+$/);
  await expect(page.getByTestId('borrower-header')).toContainText(`Solicitação #${solicitationId}`);
});
