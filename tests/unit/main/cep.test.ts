/**
 * Address lookup by CEP against a local stand-in for the postal-code service
 * that answers ViaCEP's documented JSON: found, unknown ({"erro": true} and
 * the older "true"), slow, down and malformed; answers are cached, failures
 * are not; the address in the settings is the one asked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCepService } from '../../../src/main/services/cep';
import { createBackofficeMain, type BackofficeMain } from '../../../src/main/services/backoffice';
import { translate } from '../../../src/shared/i18n';
import { CEP, startCepStandIn, type CepStandIn } from '../../helpers/cep-stand-in';
import { closedPort, memoryKeychain, tempDir } from './helpers';

const SE = {
  cep: '01001-000',
  street: 'Praça da Sé',
  complement: 'lado ímpar',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
  ibge: '3550308',
};

let standIn: CepStandIn;
beforeEach(async () => {
  standIn = await startCepStandIn();
});
afterEach(async () => {
  await standIn.close();
});

/** A short timeout: only the stand-in's slow CEP (which never answers) reaches it. */
const service = (baseUrl = () => standIn.url) => createCepService({ baseUrl, timeoutMs: 200 });

describe('CEP lookup', () => {
  it('maps the service answer to the address, whatever mask the CEP was typed with', async () => {
    const cep = service();
    expect(await cep.lookup('01001-000')).toEqual({ data: SE, error: false, status: 200 });
    expect(standIn.requests).toEqual(['/ws/01001000/json/']);
    for (const typed of ['01001000', ' 01.001-000 ']) {
      expect(await service().lookup(typed)).toMatchObject({ error: false, data: SE });
    }
  });

  it('an unknown CEP ({"erro": true}, or "true" in older versions) says "CEP não encontrado"', async () => {
    for (const unknown of [CEP.unknown, CEP.unknownOld]) {
      const answer = await service().lookup(unknown);
      expect(answer).toMatchObject({ error: true, code: 'not-found', field: 'cep' });
      expect(answer.error && answer.message).toMatch(/^CEP não encontrado/);
    }
  });

  it('a malformed CEP is refused on the cep field without asking the service', async () => {
    for (const typed of ['0100100', '010010000', '01001-00a', '', 42 as unknown as string]) {
      const answer = await service().lookup(typed);
      expect(answer).toMatchObject({ error: true, code: 'invalid-args', field: 'cep', message: translate('pt-BR', 'errors.cepInvalid') });
    }
    expect(standIn.requests).toEqual([]);
  });

  it('a service slower than the timeout is abandoned with a clear message', async () => {
    const answer = await service().lookup(CEP.slow);
    expect(answer).toEqual({
      data: null,
      error: true,
      status: null,
      code: 'network',
      message: translate('pt-BR', 'errors.cepTimeout', { url: standIn.url }),
    });
    expect(answer.error && answer.message).toContain('não respondeu a tempo');
  });

  it('a service that is down answers the unreachable message, and failures are not cached', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    let base = down;
    const cep = service(() => base);
    const answer = await cep.lookup(CEP.found);
    expect(answer).toMatchObject({ error: true, code: 'network', message: translate('pt-BR', 'errors.cepUnreachable', { url: down }) });
    expect(answer.error && answer.message).toContain('Não foi possível consultar o serviço de CEP');
    // Once the address points to a service that answers, the same CEP is asked again.
    base = standIn.url;
    expect(await cep.lookup(CEP.found)).toMatchObject({ error: false, data: SE });
  });

  it('answers come from the cache the second time, found and not found alike', async () => {
    const cep = service();
    await cep.lookup('01001-000');
    await cep.lookup(CEP.unknown);
    expect(await cep.lookup('01001000')).toMatchObject({ error: false, data: SE });
    expect(await cep.lookup(CEP.unknown)).toMatchObject({ error: true, code: 'not-found' });
    expect(standIn.requests).toEqual([`/ws/${CEP.found}/json/`, `/ws/${CEP.unknown}/json/`]);
  });

  it('the cache keeps only the most recently used answers', async () => {
    const cep = createCepService({ baseUrl: () => standIn.url, cacheSize: 2 });
    await cep.lookup(CEP.found);
    await cep.lookup(CEP.unknown);
    await cep.lookup(CEP.found); // used again: now the most recent
    await cep.lookup(CEP.unknownOld); // pushes out CEP.unknown
    await cep.lookup(CEP.found);
    await cep.lookup(CEP.unknown);
    expect(standIn.requests).toEqual([CEP.found, CEP.unknown, CEP.unknownOld, CEP.unknown].map((c) => `/ws/${c}/json/`));
  });

  it('a service that answers something else than an address is reported, not cached', async () => {
    const cep = service(() => `${standIn.url}/elsewhere`);
    const answer = await cep.lookup(CEP.found);
    expect(answer).toMatchObject({ error: true, code: 'server', status: 404 });
    expect(answer.error && answer.message).toBe(translate('pt-BR', 'errors.cepService', { url: `${standIn.url}/elsewhere` }));
  });

  it('messages follow the language setting', async () => {
    const cep = createCepService({ baseUrl: () => standIn.url, locale: () => 'en', timeoutMs: 200 });
    expect(await cep.lookup(CEP.unknown)).toMatchObject({ message: translate('en', 'errors.cepNotFound') });
  });
});

describe('CEP lookup through the main process', () => {
  let userData: { path: string; remove(): Promise<void> };
  let main: BackofficeMain;
  beforeEach(async () => {
    userData = await tempDir();
    main = createBackofficeMain({
      keychain: memoryKeychain(),
      dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => null },
      // The back-office server plays no part in a CEP lookup.
      backend: { resolve: async () => ({ url: '', embedded: true }) },
      paths: { userData: userData.path, downloads: userData.path },
      appVersion: '1.2.3',
      platform: 'linux',
      cepTimeoutMs: 200,
    });
    await main.start();
  });
  afterEach(async () => {
    await main.dispose();
    await userData.remove();
  });

  it('uses ViaCEP by default and the service address set in the preferences', async () => {
    expect((await main.handlers.settingsGet()).cepServiceUrl).toBe('https://viacep.com.br');
    const saved = await main.handlers.settingsUpdate({ cepServiceUrl: `${standIn.url}/` });
    expect(saved).toMatchObject({ error: false });
    expect(await main.handlers.addressLookupCep('01001-000')).toEqual({ data: SE, error: false, status: 200 });
    expect(standIn.requests).toEqual(['/ws/01001000/json/']);
  });

  it('refuses an address that is not http(s), naming the setting, and keeps the old one', async () => {
    expect(await main.handlers.settingsUpdate({ cepServiceUrl: 'ftp://viacep' })).toMatchObject({
      error: true,
      code: 'invalid-args',
      field: 'cepServiceUrl',
    });
    expect((await main.handlers.settingsGet()).cepServiceUrl).toBe('https://viacep.com.br');
  });

  it('answers malformed input with a failure, never an exception', async () => {
    for (const input of [undefined, null, 1001000, { cep: '01001000' }]) {
      expect(await main.handlers.addressLookupCep(input)).toMatchObject({ error: true, code: 'invalid-args', field: 'cep' });
    }
    expect(standIn.requests).toEqual([]);
  });
});
