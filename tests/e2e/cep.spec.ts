/**
 * Address lookup by CEP from the page: the renderer reaches the postal-code
 * service only through window.backoffice.address, and the service's address
 * is the one set in Preferências (the harness points it to a local stand-in
 * answering ViaCEP's documented JSON).
 */
import { test, expect } from './harness';
import { translate } from '../../src/shared/i18n';
import { CEP, startCepStandIn } from '../helpers/cep-stand-in';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

const lookup = (page: import('@playwright/test').Page, cep: string) =>
  page.evaluate((value) => window.backoffice.address.lookupCep(value), cep);

test('the page looks a CEP up through the bridge: address, unknown CEP, malformed CEP', async ({ page, harness, cepService }) => {
  await harness.goto('/auth/login');
  expect(await lookup(page, '01001-000')).toEqual({
    data: { cep: '01001-000', street: 'Praça da Sé', complement: 'lado ímpar', neighborhood: 'Sé', city: 'São Paulo', state: 'SP', ibge: '3550308' },
    error: false,
    status: 200,
  });
  expect(await lookup(page, CEP.unknown)).toMatchObject({ error: true, code: 'not-found', message: translate('pt-BR', 'errors.cepNotFound') });
  expect(await lookup(page, '0100')).toMatchObject({ error: true, field: 'cep', message: translate('pt-BR', 'errors.cepInvalid') });
  expect(cepService.requests).toEqual([`/ws/${CEP.found}/json/`, `/ws/${CEP.unknown}/json/`]);
});

test('the CEP service address is changed in Preferências and used at once', async ({ page, harness, cepService }) => {
  const other = await startCepStandIn();
  try {
    await harness.goto('/auth/login');
    await page.getByTestId('login-preferences').click();
    await expect(page.getByTestId('preferences-cep-service-url')).toHaveValue(cepService.url);

    await page.getByTestId('preferences-cep-service-url').fill('viacep sem protocolo');
    await page.getByTestId('preferences-save').click();
    await expect(page.getByTestId('preferences-error')).toContainText(translate('pt-BR', 'preferences.cepServiceUrl'));
    expect((await harness.main.handlers.settingsGet()).cepServiceUrl).toBe(cepService.url);

    await page.getByTestId('preferences-cep-service-url').fill(other.url);
    await page.getByTestId('preferences-save').click();
    await expect(page.locator('.preferences-dialog')).toHaveCount(0);
    expect((await harness.main.handlers.settingsGet()).cepServiceUrl).toBe(other.url);

    expect(await lookup(page, CEP.found)).toMatchObject({ error: false, data: { city: 'São Paulo' } });
    expect(other.requests).toEqual([`/ws/${CEP.found}/json/`]);
    expect(cepService.requests).toEqual([]);
  } finally {
    await other.close();
  }
});
