/**
 * The entrepreneurs screens against the real server: the list
 * opening a person; their registration data edited with the address filled
 * from a CEP looked up through the main process against the local ViaCEP
 * stand-in (found, unknown CEP: message on the field and what was typed
 * kept), a CPF refused while typing, the save reaching the server; a bank
 * account added, edited and removed. Screenshots go to the test's output.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, signInAs, directCall, directSignIn, DEMO, DEMO_PASSWORD } from './harness';
import { translate } from '../../src/shared/i18n';
import type { EntrepreneurDetail } from '../../src/shared/contract';
import { CEP } from '../helpers/cep-stand-in';
import { insertEntrepreneur } from '../helpers/credit-fixtures';

// The screens as at a larger workstation window.
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

async function serverGet(url: string, id: number): Promise<EntrepreneurDetail> {
  const token = await directSignIn(url, DEMO.superadmin.email, DEMO_PASSWORD);
  const answer = await directCall<EntrepreneurDetail>(url, 'users.entrepreneur', { id }, token);
  expect(answer.status).toBe(200);
  return answer.body;
}

test('an entrepreneur edited with a CEP lookup against the stand-in; a wrong CPF refused while typing', async ({ page, harness, server, cepService }, info) => {
  const id = await insertEntrepreneur(server.database, { name: 'Joana Empreendedora Dias', email: 'joana.dias@teste.local', state: 'RJ', city: 'Niterói' });
  await signInAs(page, harness, DEMO.operador.email, '/app/entrepreneurs');
  await expect(page).toHaveURL(/#\/app\/entrepreneurs$/);
  await page.getByTestId('entrepreneurs-filter-name').fill('Joana Empreendedora');
  await expect(page).toHaveURL(/name=Joana/);
  await expect(page.getByTestId(`entrepreneurs-row-${id}`)).toBeVisible();
  await shot(page, info, 'entrepreneurs-list');
  await page.getByTestId(`entrepreneurs-row-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`#/app/entrepreneurs/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Joana Empreendedora Dias');
  await expect(page.getByTestId('entrepreneur-form-name')).toHaveValue('Joana Empreendedora Dias');
  await shot(page, info, 'entrepreneur-record');

  // A CPF with a wrong check digit is refused as it is typed.
  await page.getByTestId('entrepreneur-form-cpf').fill('529.982.247-24');
  await page.getByTestId('entrepreneur-form-phone').click();
  await expect(page.getByTestId('field-error-cpf')).toContainText('CPF');
  await page.getByTestId('entrepreneur-form-cpf').fill('529.982.247-25');
  await expect(page.getByTestId('field-error-cpf')).toHaveCount(0);

  // An unknown CEP: the stand-in's {"erro": true} is said on the field and nothing typed is lost.
  await page.getByTestId('entrepreneur-form-personal-data.address-number').fill('42');
  await page.getByTestId('entrepreneur-form-personal-data.cep').fill(CEP.unknown);
  await page.getByTestId('entrepreneur-form-cep-lookup').click();
  await expect(page.getByTestId('field-error-personalData.cep')).toHaveText(translate('pt-BR', 'errors.cepNotFound'));
  await expect(page.getByTestId('entrepreneur-form-personal-data.address-number')).toHaveValue('42');
  await expect(page.getByTestId('entrepreneur-form-personal-data.cep')).toHaveValue(CEP.unknown);

  // A service that does not answer: after the main process gives up (5 s), a clear message and nothing lost.
  await page.getByTestId('entrepreneur-form-personal-data.cep').fill(CEP.slow);
  await page.getByTestId('entrepreneur-form-cep-lookup').click();
  await expect(page.getByTestId('field-error-personalData.cep')).toHaveText(translate('pt-BR', 'errors.cepTimeout', { url: cepService.url }));
  await expect(page.getByTestId('entrepreneur-form-personal-data.address-number')).toHaveValue('42');

  // A known CEP fills the address, the city and the state.
  await page.getByTestId('entrepreneur-form-personal-data.cep').fill('01001-000');
  await page.getByTestId('entrepreneur-form-cep-lookup').click();
  await expect(page.getByTestId('entrepreneur-form-cep-lookup-found')).toContainText('01001-000');
  await expect(page.getByTestId('entrepreneur-form-personal-data.address')).toHaveValue('Praça da Sé');
  await expect(page.getByTestId('entrepreneur-form-personal-data.neighborhood')).toHaveValue('Sé');
  await expect(page.getByTestId('entrepreneur-form-personal-data.address-complement')).toHaveValue('lado ímpar');
  await expect(page.getByTestId('entrepreneur-form-city')).toHaveValue('São Paulo');
  await expect(page.getByTestId('entrepreneur-form-state')).toHaveValue('SP');
  await expect(page.getByTestId('entrepreneur-form-personal-data.address-number')).toHaveValue('42');
  expect(cepService.requests).toEqual([`/ws/${CEP.unknown}/json/`, `/ws/${CEP.slow}/json/`, `/ws/${CEP.found}/json/`]);

  await page.getByTestId('entrepreneur-form-personal-data.profession').fill('Costureira');
  await page.getByTestId('entrepreneur-form-business-data.cnpj').fill('11.222.333/0001-81');
  await page.getByTestId('entrepreneur-form-business-data.company-name').fill('Ateliê Joana');
  await shot(page, info, 'entrepreneur-form');
  await page.getByTestId('entrepreneur-form-save').click();
  await expect(page).toHaveURL(/#\/app\/entrepreneurs$/);

  const saved = await serverGet(server.url, id);
  expect(saved).toMatchObject({ cpf: '529.982.247-25', state: 'SP', city: 'São Paulo' });
  expect(saved.personalData).toMatchObject({ cep: '01001-000', address: 'Praça da Sé', addressNumber: '42', neighborhood: 'Sé', profession: 'Costureira' });
  expect(saved.businessData).toMatchObject({ cnpj: '11.222.333/0001-81', companyName: 'Ateliê Joana' });
});

test('bank accounts: added, edited and removed (after confirming); a wrong holder document is refused on its field', async ({ page, harness, server }, info) => {
  const id = await insertEntrepreneur(server.database, { name: 'Carla Empreendedora Reis', email: 'carla.reis@teste.local' });
  await signInAs(page, harness, DEMO.admin.email, `/app/entrepreneurs/${id}?tab=bank`);
  await expect(page.getByTestId('bank-accounts')).toBeVisible();
  await page.getByTestId('bank-account-add').click();
  await page.getByTestId('bank-account-bankName').fill('Banco do Brasil');
  await page.getByTestId('bank-account-bankAgency').fill('1234');
  await page.getByTestId('bank-account-bankNumber').fill('56789');
  await page.getByTestId('bank-account-bankDigit').fill('0');
  await page.getByTestId('bank-account-cpfCnpj').fill('123');
  await page.getByTestId('bank-account-save').click();
  await expect(page.getByTestId('field-error-cpfCnpj')).toBeVisible();
  await page.getByTestId('bank-account-cpfCnpj').fill('529.982.247-25');
  await page.getByTestId('bank-account-save').click();
  await expect(page.getByTestId('bank-account-form')).toHaveCount(0);
  await expect.poll(async () => (await serverGet(server.url, id)).bankData.length).toBe(1);
  const [account] = (await serverGet(server.url, id)).bankData;
  await expect(page.getByTestId(`bank-accounts-table-row-${account.id}`)).toBeVisible();
  await shot(page, info, 'entrepreneur-bank');

  await page.getByTestId(`bank-account-edit-${account.id}`).click();
  await page.getByTestId('bank-account-bankNumber').fill('99999');
  await page.getByTestId('bank-account-save').click();
  await expect(page.getByTestId('bank-account-form')).toHaveCount(0);
  await expect.poll(async () => (await serverGet(server.url, id)).bankData[0]?.bankNumber).toBe('99999');

  await page.getByTestId(`bank-account-remove-${account.id}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect.poll(async () => (await serverGet(server.url, id)).bankData).toEqual([]);
  await expect(page.getByTestId(`bank-accounts-table-row-${account.id}`)).toHaveCount(0);

  // The access tab: administrators change the e-mail and activation.
  await page.getByTestId('entrepreneur-tab-account').click();
  await expect(page).toHaveURL(/tab=account/);
  await page.getByTestId('entrepreneur-account-email').fill('carla.nova@teste.local');
  await page.getByTestId('entrepreneur-account-save').click();
  await expect.poll(async () => (await serverGet(server.url, id)).email).toBe('carla.nova@teste.local');
  await shot(page, info, 'entrepreneur-account');
});

test('seen offline: the simulations list, the entrepreneurs list and a record show their cached copies with the banner', async ({ page, harness, server }) => {
  const id = await insertEntrepreneur(server.database, { name: 'Lia Empreendedora Offline', email: 'lia.offline@teste.local', state: 'PE', city: 'Recife' });
  await signInAs(page, harness, DEMO.admin.email, '/app/simulations');
  await expect(page.getByTestId('simulations-table').locator('tbody tr').first()).toBeVisible();
  await harness.goto('/app/entrepreneurs?name=Offline');
  await expect(page.getByTestId(`entrepreneurs-row-${id}`)).toBeVisible();
  await harness.goto(`/app/entrepreneurs/${id}`);
  await expect(page.getByTestId('entrepreneur-form-name')).toHaveValue('Lia Empreendedora Offline');
  await expect(page.getByTestId('entrepreneur-simulations')).toBeAttached();

  await server.stop();
  await page.reload();
  await expect(page.getByTestId('entrepreneur-form-stale')).toBeVisible();
  await expect(page.getByTestId('entrepreneur-form-name')).toHaveValue('Lia Empreendedora Offline');
  await harness.goto('/app/entrepreneurs?name=Offline');
  await expect(page.getByTestId('entrepreneurs-table-stale')).toBeVisible();
  await expect(page.getByTestId(`entrepreneurs-row-${id}`)).toBeVisible();
  await harness.goto('/app/simulations');
  await expect(page.getByTestId('simulations-table-stale')).toBeVisible();
  await expect(page.getByTestId('simulations-table').locator('tbody tr').first()).toBeVisible();
});

test('agents consult a person but change nothing: the form is read-only, no bank account or access buttons', async ({ page, harness, server }) => {
  const id = await insertEntrepreneur(server.database, { name: 'Vera Empreendedora Agente', email: 'vera.agente@teste.local' });
  await signInAs(page, harness, DEMO.agente.email, `/app/entrepreneurs/${id}`);
  await expect(page.getByTestId('entrepreneur-form-read-only')).toBeVisible();
  await expect(page.getByTestId('entrepreneur-form-save')).toHaveCount(0);
  await expect(page.getByTestId('entrepreneur-form-cep-lookup')).toHaveCount(0);
  await page.getByTestId('entrepreneur-tab-bank').click();
  await expect(page.getByTestId('bank-accounts')).toBeVisible();
  await expect(page.getByTestId('bank-account-add')).toHaveCount(0);
  await page.getByTestId('entrepreneur-tab-account').click();
  await expect(page.getByTestId('entrepreneur-account-save')).toHaveCount(0);
  await expect(page.getByText(translate('pt-BR', 'entrepreneurs.accountHint'))).toBeVisible();
});
