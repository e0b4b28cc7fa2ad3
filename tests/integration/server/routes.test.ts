/** The router as a whole: every contract operation is mounted, guarded and validated the same way. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, operation, type OperationName } from '../../../src/shared/contract/index';
import { MESSAGES } from '../../../src/server/platform/http/errors';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signIn } from './client';

let server: TestServer;
let adminToken: string;
let agentToken: string;
const names = Object.keys(contract) as OperationName[];

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, 'admin@demo.local');
  agentToken = await signIn(server, 'agente@demo.local');
});
afterAll(() => server?.close());

describe('routes', () => {
  it('mounts every contract operation at its method and path', async () => {
    // A throwaway session: the loop calls logout and refresh, which revoke it.
    const token = await signIn(server, 'superadmin@demo.local');
    for (const name of names) {
      const answer = await raw(server, name, { token, body: operation(name).encoding === 'json' ? '{}' : undefined });
      expect({ name, message: answer.body.message }).not.toEqual({ name, message: MESSAGES.routeNotFound });
    }
  });

  it('answers 401 without a token and with an unknown token on every non-public operation', async () => {
    for (const name of names.filter((n) => operation(n).access !== 'public')) {
      const none = await raw(server, name);
      expect({ name, status: none.status }).toEqual({ name, status: 401 });
      expect(none.body.message).toBe(MESSAGES.unauthorized);
      const bogus = await raw(server, name, { token: 'not-a-real-token' });
      expect({ name, status: bogus.status }).toEqual({ name, status: 401 });
    }
  });

  it('answers 403 to a role the operation does not list', async () => {
    const answer = await call(server, 'users.admins', {}, agentToken);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(MESSAGES.forbidden);
    const user = await signIn(server, 'usuario@demo.local');
    expect((await call(server, 'users.entrepreneurs', {}, user)).status).toBe(403);
    expect((await call(server, 'session.me', {}, user)).status).toBe(200);
  });

  it('accepts paths with and without the trailing slash', async () => {
    const body = JSON.stringify({ email: 'admin@demo.local', password: 'Senha123' });
    const headers = { 'content-type': 'application/json' };
    const withSlash = await fetch(`${server.url}${contract['session.login'].path}`, { method: 'POST', headers, body });
    const without = await fetch(`${server.url}${contract['session.login'].path.replace(/\/$/, '')}`, { method: 'POST', headers, body });
    expect(withSlash.status).toBe(200);
    expect(without.status).toBe(200);
  });

  it('answers 400 naming the field for bad input, in Portuguese', async () => {
    const answer = await call(server, 'session.login', { email: 'não-é-email', password: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('email');
    expect(answer.body.message).toBe('Campo email: e-mail inválido');
    const missing = await raw(server, 'users.setStatus', { token: adminToken, body: JSON.stringify({ id: 3 }) });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('active');
    expect(missing.body.message).toMatch(/^Campo active: /);
    const badId = await raw(server, 'users.byId', { token: adminToken, params: { id: 'abc' } });
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('id');
  });

  it('answers 400 to malformed JSON and 404 to unknown routes, without stacks', async () => {
    const broken = await raw(server, 'session.login', { body: '{"email": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(MESSAGES.invalidJson);
    expect(JSON.stringify(broken.body)).not.toMatch(/at .*\.(js|ts)/);
    const array = await raw(server, 'session.login', { body: '[1,2]' });
    expect(array.status).toBe(400);
    const unknown = await fetch(`${server.url}/api/nao-existe`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(MESSAGES.routeNotFound);
  });

  it('answers 400 to a JSON null body on every JSON call, as to an array: never read as no arguments', async () => {
    // A throwaway session, in case a call ends it. Before the fix the calls whose arguments are all optional (the exports) ran with null.
    const token = await signIn(server, 'superadmin@demo.local');
    const mayCall = (name: OperationName) => {
      const access = operation(name).access;
      // A provider's call is refused by its signature before its body is read (pix.webhook: 401).
      return access === 'public' || access === 'signed-in' || (access !== 'provider' && access.includes(3));
    };
    const jsonCalls = names.filter((n) => operation(n).encoding === 'json' && mayCall(n));
    expect(jsonCalls).toEqual(expect.arrayContaining(['users.export', 'users.exportEntrepreneurs']));
    const answers: Array<{ name: string; status: number; message: string }> = [];
    for (const name of jsonCalls) {
      const answer = await raw(server, name, { token, body: 'null' });
      answers.push({ name, status: answer.status, message: answer.body.message });
    }
    expect(answers.filter((a) => a.status !== 400 || a.message !== MESSAGES.bodyNotObject)).toEqual([]);
    expect((await call(server, 'session.logged', {}, token)).status).toBe(200);
  });

  it('refuses a sort or filter key with characters outside a name, naming it, like any other unknown field', async () => {
    for (const [query, field, name] of [
      ['sort[a-b]=ASC', 'sort.field', 'a-b'],
      [`sort[${encodeURIComponent('nome completo')}]=DESC`, 'sort.field', 'nome completo'],
      ['sort[]=ASC', 'sort.field', ''],
      ['filter[a-b]=x', 'filter.a-b', 'a-b'],
    ]) {
      const answer = await raw(server, 'users.admins', { token: adminToken, query });
      expect({ query, status: answer.status, field: answer.body.field }).toEqual({ query, status: 400, field });
      expect(answer.body.message).toBe(`Campo ${field}: campo desconhecido: "${name}"`);
    }
  });

  it('rejects bodies over the limit with 413', async () => {
    const big = JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) });
    const answer = await raw(server, 'session.login', { body: big });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(MESSAGES.bodyTooLarge);
  });

  it('a path parameter cannot be overridden from the body', async () => {
    const answer = await raw(server, 'users.byId', { token: adminToken, params: { id: 2 }, query: 'id=3' });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(2);
  });
});
