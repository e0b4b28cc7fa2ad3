/**
 * Address lookup by CEP against a local stand-in for the postal-code service
 * that answers ViaCEP's documented JSON: found, unknown ({"erro": true} and
 * the older "true"), slow, down and malformed; answers are cached, failures
 * are not; the address in the settings is the one asked. The service's
 * address is held to https (http only to this computer), no user or
 * password, no query, the lookup's path built by URL parsing, and redirects
 * only within the same origin (scheme, host and port): each refusal below.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCepService } from '../../../src/main/services/cep';
import { cepLookupUrl, cepServiceUrlProblem } from '../../../src/shared/cep-service-url';
import { createBackofficeMain, type BackofficeMain } from '../../../src/main/services/backoffice';
import { translate } from '../../../src/shared/i18n';
import { CEP, startCepStandIn, type CepStandIn } from '../../helpers/cep-stand-in';
import { closedPort, memoryKeychain, startLocalServer, tempDir, type LocalServer } from './helpers';

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

/**
 * Only the stand-in's slow CEP (which never answers) should reach the timeout: 2 s, because a loaded machine
 * has taken more than 200 ms for the first local answer (axios warming up), which turned a found CEP into a
 * network error.
 */
const service = (baseUrl = () => standIn.url, timeoutMs = 2_000) => createCepService({ baseUrl, timeoutMs });

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
    const answer = await service(undefined, 200).lookup(CEP.slow);
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

describe('the CEP service address', () => {
  it('accepts https anywhere and http only on this computer', () => {
    for (const ok of ['https://viacep.com.br', 'https://viacep.com.br/', 'https://cep.example.com:8443/base', 'http://127.0.0.1:3000', 'http://localhost:8080/cep', 'http://[::1]:9000']) {
      expect(cepServiceUrlProblem(ok), ok).toBeNull();
    }
  });

  it('refuses other schemes, plain http to another host, a user or password, a query or fragment, and text that is no address', () => {
    const cases: Array<[string, string]> = [
      ['ftp://viacep.com.br', 'scheme'],
      ['file:///etc/passwd', 'scheme'],
      ['http://viacep.com.br', 'scheme'],
      ['http://10.0.0.5:8080', 'scheme'],
      ['http://169.254.169.254', 'scheme'],
      ['http://localhost.example.com', 'scheme'],
      ['https://user:secret@viacep.com.br', 'credentials'],
      ['https://user@viacep.com.br', 'credentials'],
      ['http://user:secret@127.0.0.1:3000', 'credentials'],
      ['https://viacep.com.br/?next=http://10.0.0.5', 'query'],
      ['https://viacep.com.br/#x', 'query'],
      ['https://viacep.com.br/?', 'query'],
      ['viacep.com.br', 'malformed'],
      ['', 'malformed'],
    ];
    for (const [url, problem] of cases) expect(cepServiceUrlProblem(url), url).toBe(problem);
  });

  it("builds the lookup's path by URL parsing, keeping the address's own path", () => {
    expect(cepLookupUrl('https://viacep.com.br', '01001000').href).toBe('https://viacep.com.br/ws/01001000/json/');
    expect(cepLookupUrl('https://cep.example.com:8443/api//', '01001000').href).toBe('https://cep.example.com:8443/api/ws/01001000/json/');
    for (const bad of ['0100100', '01001000/../../admin', '../', '01001000?x=1']) expect(() => cepLookupUrl('https://viacep.com.br', bad)).toThrow(RangeError);
    expect(() => cepLookupUrl('http://10.0.0.5', '01001000')).toThrow(RangeError);
  });

  it('a refused address (one written to the settings file by hand) is never asked, and is not echoed', async () => {
    const port = new URL(standIn.url).port;
    for (const base of [`http://user:secret@127.0.0.1:${port}`, `${standIn.url}/?x=1`, 'http://10.0.0.5:8080', 'gopher://127.0.0.1']) {
      const answer = await service(() => base).lookup(CEP.found);
      expect(answer).toMatchObject({ error: true, code: 'validation', field: 'cepServiceUrl', message: translate('pt-BR', 'errors.cepServiceUrl') });
      expect(answer.error && answer.message).not.toContain('secret');
    }
    expect(standIn.requests).toEqual([]);
  });

  describe('redirects', () => {
    let redirector: LocalServer;
    let location: (path: string) => string;
    beforeEach(async () => {
      redirector = await startLocalServer((req, res) => {
        const path = req.url ?? '';
        // The same origin's second address for the service: answered like the stand-in's.
        if (path.startsWith('/v2/')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' }));
        }
        res.writeHead(302, { location: location(path) });
        res.end();
      });
    });
    afterEach(() => redirector.close());

    it('follows a redirect within the same origin', async () => {
      location = (path) => `/v2${path}`;
      expect(await service(() => redirector.url).lookup(CEP.found)).toEqual({ data: SE, error: false, status: 200 });
      expect(redirector.requests.map((r) => r.url)).toEqual(['/ws/01001000/json/', '/v2/ws/01001000/json/']);
    });

    it('refuses a redirect to another port, host or scheme, without following it', async () => {
      const { port } = redirector;
      const elsewhere = [
        (path: string) => `${standIn.url}${path}`, // another port
        (path: string) => `http://localhost:${port}/v2${path}`, // another host name, same port
        (path: string) => `https://127.0.0.1:${port}/v2${path}`, // another scheme, same host and port
      ];
      for (const target of elsewhere) {
        location = target;
        const answer = await service(() => redirector.url).lookup(CEP.found);
        expect(answer).toMatchObject({ error: true, code: 'server', status: 302, message: translate('pt-BR', 'errors.cepRedirect', { url: redirector.url }) });
      }
      expect(standIn.requests).toEqual([]);
      expect(redirector.requests.map((r) => r.url)).toEqual(Array(3).fill('/ws/01001000/json/'));
    });

    it('gives up after a few redirects within the origin', async () => {
      location = (path) => `/loop${path}`;
      const answer = await service(() => redirector.url).lookup(CEP.found);
      expect(answer).toMatchObject({ error: true, code: 'server', status: 302 });
      expect(redirector.requests.length).toBe(4);
    });
  });
});

describe('the CEP service address in the settings', () => {
  let userData: { path: string; remove(): Promise<void> };
  let main: BackofficeMain | null = null;
  const start = async () => {
    main = createBackofficeMain({
      keychain: memoryKeychain(),
      dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => null },
      backend: { resolve: async () => ({ url: '', embedded: true }) },
      paths: { userData: userData.path, downloads: userData.path },
      appVersion: '1.2.3',
      platform: 'linux',
      cepTimeoutMs: 200,
    });
    await main.start();
    return main;
  };
  beforeEach(async () => {
    userData = await tempDir();
  });
  afterEach(async () => {
    await main?.dispose();
    main = null;
    await userData.remove();
  });

  it('refuses each unsafe address naming the setting and saying why, and keeps the old one', async () => {
    const app = await start();
    const refusals: Array<[string, string]> = [
      ['http://viacep.com.br', 'https'],
      ['http://192.168.0.10:8080', 'https'],
      ['https://user:secret@viacep.com.br', 'usuário'],
      ['https://viacep.com.br/?x=1', 'consulta'],
    ];
    for (const [url, says] of refusals) {
      const answer = await app.handlers.settingsUpdate({ cepServiceUrl: url });
      expect(answer).toMatchObject({ error: true, code: 'invalid-args', field: 'cepServiceUrl' });
      expect(answer.error && answer.message, url).toContain(says);
      expect((await app.handlers.settingsGet()).cepServiceUrl).toBe('https://viacep.com.br');
    }
    expect(await app.handlers.settingsUpdate({ cepServiceUrl: 'http://localhost:3000' })).toMatchObject({ error: false });
  });

  it('an address an earlier version accepted goes back to the default alone when the settings are read', async () => {
    await writeFile(join(userData.path, 'settings.json'), JSON.stringify({ serverUrl: 'https://credito.example.com', cepServiceUrl: 'http://viacep.com.br', locale: 'en' }));
    const app = await start();
    expect(await app.handlers.settingsGet()).toMatchObject({ serverUrl: 'https://credito.example.com', cepServiceUrl: 'https://viacep.com.br', locale: 'en' });
  });
});
