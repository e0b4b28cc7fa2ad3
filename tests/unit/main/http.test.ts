import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/main/services/http';
import { operation } from '../../../src/shared/contract';
import { translate } from '../../../src/shared/i18n';
import { closedPort, sendJson, startLocalServer, type LocalServer } from './helpers';

const admin = {
  id: 7,
  name: 'Ana Admin',
  email: 'ana@demo.local',
  role_id: 1,
  active: true,
  two_factor: false,
  force_senha: false,
  email_confirmed: true,
  created_at: '2024-01-02T03:04:05.000Z',
  updated_at: '2024-01-02T03:04:05.000Z',
};

/** Stored files are named by random keys (22 base64url characters). */
const FILE_KEY = 'Zk3q9Xw2LmN8pR4tV6yB1c';
const OTHER_KEY = 'Qa7Ws2Ed4Rf6Tg8Yh0Uj3k';
let server: LocalServer;
const client = createHttpClient({ timeoutMs: 400 });
const ctx = () => ({ baseUrl: server.url, token: 'tok-123', locale: 'pt-BR' as const });

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/users/7') return sendJson(res, 200, admin);
    if (url.pathname === '/api/users/8') return sendJson(res, 200, { id: 'not a number' });
    if (url.pathname === '/api/users/500') return sendJson(res, 500, { message: 'stack trace do servidor' });
    if (url.pathname === '/api/users/404') return sendJson(res, 404, { message: 'Usuário não encontrado.' });
    if (url.pathname === '/api/users/401') return sendJson(res, 401, { message: 'Token inválido.' });
    if (url.pathname === '/api/users/403') return sendJson(res, 403, {});
    if (url.pathname === '/api/users/999') return; // never answers
    if (url.pathname === '/api/users/admin' && req.method === 'POST')
      return sendJson(res, 409, { message: 'Este e-mail já está em uso.', field: 'email' });
    if (url.pathname === '/api/users/admins')
      return sendJson(res, 200, { items: [admin], meta: { currentPage: 2, totalPages: 3, totalItems: 21, pageSize: 10 } });
    if (url.pathname === '/api/login/logged') return sendJson(res, 401, { message: 'Não autenticado.' });
    if (url.pathname === '/api/upload' && req.method === 'POST')
      return sendJson(res, 200, { key: FILE_KEY, type: 'avatar', name: 'a.png', mime: 'image/png', size: 3, url: `/api/upload/id/${FILE_KEY}/avatar` });
    if (url.pathname === `/api/upload/id/${FILE_KEY}/avatar`) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '4', 'content-disposition': 'attachment; filename="foto.png"' });
      return res.end(Buffer.from([1, 2, 3, 4]));
    }
    sendJson(res, 404, { message: 'rota' });
  });
});
afterAll(() => server.close());

describe('http client normalisation', () => {
  it('answers { data, error: false, status } with the validated result and sends the bearer token', async () => {
    const result = await client.request(operation('users.byId'), { id: 7 }, ctx());
    expect(result).toEqual({ data: admin, error: false, status: 200 });
    const sent = server.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer tok-123');
  });

  it('a POST without arguments goes out as an empty JSON body, not an empty form', async () => {
    await client.request(operation('session.logout'), {}, ctx());
    const sent = server.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toContain('application/json');
    expect(sent.body.toString()).toBe('{}');
  });

  it('never sends the token on public calls', async () => {
    await client.request(operation('recover.get'), { hash: 'abc' }, ctx());
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it("encodes list calls with the spec's page/limit/filter/sort pairs", async () => {
    const result = await client.request(
      operation('users.admins'),
      { page: 2, limit: 10, filter: { name: 'ana', active: 1, email: '' }, sort: { field: 'name', order: 'ascend' } },
      ctx(),
    );
    expect(result.error).toBe(false);
    expect(decodeURIComponent(server.requests.at(-1)!.url)).toBe(
      '/api/users/admins?page=2&limit=10&filter[name]=ana&filter[active]=true&sort[name]=ASC',
    );
  });

  it('a 500 becomes a server failure with our Portuguese text, not the server internals', async () => {
    const result = await client.request(operation('users.byId'), { id: 500 }, ctx());
    expect(result).toEqual({
      data: null,
      error: true,
      status: 500,
      code: 'server',
      message: translate('pt-BR', 'errors.server'),
    });
  });

  it("a 404 keeps the server's message", async () => {
    const result = await client.request(operation('users.byId'), { id: 404 }, ctx());
    expect(result).toMatchObject({ error: true, status: 404, code: 'not-found', message: 'Usuário não encontrado.' });
  });

  it('a 409 keeps the message and the blamed field, and the JSON body was sent', async () => {
    const args = { name: 'Novo Nome', email: 'novo@demo.local', role_id: 5, active: true, two_factor: false };
    const result = await client.request(operation('users.createAdmin'), args, ctx());
    expect(result).toMatchObject({ error: true, status: 409, code: 'conflict', field: 'email' });
    expect(result.error && result.message).toBe('Este e-mail já está em uso.');
    const sent = server.requests.at(-1)!;
    expect(sent.headers['content-type']).toContain('application/json');
    expect(JSON.parse(sent.body.toString())).toEqual(args);
  });

  it('401 and 403 without a body message get the catalogue text', async () => {
    expect(await client.request(operation('users.byId'), { id: 401 }, ctx())).toMatchObject({
      code: 'unauthorized',
      status: 401,
      message: 'Token inválido.',
    });
    expect(await client.request(operation('users.byId'), { id: 403 }, ctx())).toMatchObject({
      code: 'forbidden',
      status: 403,
      message: translate('pt-BR', 'errors.forbidden'),
    });
  });

  it('a success that does not match the contract is reported as a server failure (drift)', async () => {
    const result = await client.request(operation('users.byId'), { id: 8 }, ctx());
    expect(result).toMatchObject({ error: true, code: 'server', status: 200 });
  });

  it('a refused connection is a network failure with status null and the Portuguese text', async () => {
    const port = await closedPort();
    const result = await client.request(operation('users.byId'), { id: 7 }, { ...ctx(), baseUrl: `http://127.0.0.1:${port}` });
    expect(result).toEqual({
      data: null,
      error: true,
      status: null,
      code: 'network',
      message: 'Não foi possível falar com o servidor. Verifique a conexão e tente novamente; o que você digitou foi mantido.',
    });
  });

  it('a server that never answers times out as a network failure', async () => {
    const result = await client.request(operation('users.byId'), { id: 999 }, ctx());
    expect(result).toMatchObject({ error: true, code: 'network', status: null });
  });

  it('uploads travel as multipart with the file part named', async () => {
    const bytes = new Uint8Array([137, 80, 78]);
    const result = await client.request(
      operation('uploads.create'),
      { type: 'avatar', file: { name: 'a.png', type: 'image/png', bytes } },
      ctx(),
    );
    expect(result.error).toBe(false);
    const sent = server.requests.at(-1)!;
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = sent.body.toString('latin1');
    expect(text).toContain('name="type"');
    expect(text).toContain('filename="a.png"');
    expect(text).toContain('Content-Type: image/png');
  });

  it('file answers stream with their name and length', async () => {
    const answer = await client.stream(operation('uploads.get'), { key: FILE_KEY, type: 'avatar' }, ctx());
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.fileName).toBe('foto.png');
    expect(answer.contentLength).toBe(4);
    const chunks: Buffer[] = [];
    for await (const c of answer.stream) chunks.push(c as Buffer);
    expect([...Buffer.concat(chunks)]).toEqual([1, 2, 3, 4]);
  });

  it('file error answers are normalised like any other', async () => {
    const answer = await client.stream(operation('uploads.get'), { key: OTHER_KEY, type: 'avatar' }, ctx());
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.failure).toMatchObject({ code: 'not-found', status: 404, message: 'rota' });
  });

  it('probe tells our API (401 with a message on the session check) from anything else', async () => {
    expect(await client.probe(server.url)).toBe('api');
    const other = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>not us</html>');
    });
    try {
      expect(await client.probe(other.url)).toBe('not-api');
    } finally {
      await other.close();
    }
    expect(await client.probe(`http://127.0.0.1:${await closedPort()}`)).toBe('unreachable');
  });
});

describe('the embedded backend launch secret', () => {
  it('goes only to the embedded URL, on calls, files and probes, and never to a configured server', async () => {
    const secretClient = createHttpClient({ timeoutMs: 2000 });
    const shared = await startLocalServer((_req, res) => sendJson(res, 401, { message: 'Não autenticado.' }));
    try {
      secretClient.useLaunchSecret({ url: server.url, secret: 'segredo-da-execucao' });
      await secretClient.request(operation('users.byId'), { id: 7 }, ctx());
      expect(server.requests.at(-1)!.headers['x-backoffice-launch']).toBe('segredo-da-execucao');
      await secretClient.stream(operation('uploads.get'), { key: FILE_KEY, type: 'avatar' }, ctx());
      expect(server.requests.at(-1)!.headers['x-backoffice-launch']).toBe('segredo-da-execucao');
      await secretClient.probe(server.url);
      expect(server.requests.at(-1)!.headers['x-backoffice-launch']).toBe('segredo-da-execucao');

      await secretClient.request(operation('users.byId'), { id: 7 }, { ...ctx(), baseUrl: shared.url });
      await secretClient.probe(shared.url);
      expect(shared.requests.map((r) => r.headers['x-backoffice-launch'])).toEqual([undefined, undefined]);

      secretClient.useLaunchSecret(null);
      await secretClient.request(operation('users.byId'), { id: 7 }, ctx());
      expect(server.requests.at(-1)!.headers['x-backoffice-launch']).toBeUndefined();
    } finally {
      await shared.close();
    }
  });

  it('is never attached to a non-loopback address, even if offered one', async () => {
    const secretClient = createHttpClient({ timeoutMs: 2000 });
    const shared = await startLocalServer((_req, res) => sendJson(res, 401, { message: 'Não autenticado.' }));
    try {
      // Only a loopback URL can be the embedded backend: offered anything else, the client keeps no secret.
      secretClient.useLaunchSecret({ url: 'https://backoffice.example.com.br', secret: 'segredo' });
      await secretClient.request(operation('users.byId'), { id: 7 }, { ...ctx(), baseUrl: shared.url });
      expect(shared.requests.at(-1)!.headers['x-backoffice-launch']).toBeUndefined();
    } finally {
      await shared.close();
    }
  });
});
