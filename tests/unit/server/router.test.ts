/**
 * The router's safety nets, with stand-in handlers on Fastify's inject: a
 * handler answer that drifts from the contract and an unexpected failure
 * both become a generic Portuguese 500 without internals.
 */
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { contract, type OperationName } from '../../../src/shared/contract/index';
import { MESSAGES } from '../../../src/server/platform/http/errors';
import type { Handlers, ServerDeps } from '../../../src/server/platform/http/handler';
import { FORCE_SENHA_ALLOWED, frameworkErrors, installErrorHandling, mountContract } from '../../../src/server/platform/http/router';
import { handlersFromMap } from '../../../src/server/platform/http/handler-groups';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function appWith(overrides: Partial<Record<OperationName, (args: unknown) => Promise<unknown>>>) {
  const names = Object.keys(contract) as OperationName[];
  const fallback = async () => {
    throw new Error('not used in this test');
  };
  // Stand-ins for the real map: only the public operations under test are reached.
  const handlers = Object.fromEntries(names.map((n) => [n, overrides[n] ?? fallback])) as unknown as Handlers;
  app = Fastify({ routerOptions: { ignoreTrailingSlash: true }, frameworkErrors });
  installErrorHandling(app);
  // Public operations never touch the database.
  mountContract(app, {} as ServerDeps, handlersFromMap(handlers), async () => null, 1024 * 1024);
  await app.ready();
  return app;
}

const login = { email: 'a@b.com', password: 'x' };

describe('router safety nets', () => {
  it('answers what the handler returns when it matches the contract, stripping extra fields', async () => {
    const server = await appWith({
      'session.login': async () => ({ two_factor: true, force_senha: false, hash: 'h', password_hash: 'secret' }),
    });
    const res = await server.inject({ method: 'POST', url: contract['session.login'].path, payload: login });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ two_factor: true, force_senha: false, hash: 'h' });
  });

  it('turns a result that drifts from the contract into a generic 500', async () => {
    const server = await appWith({ 'session.login': async () => ({ token: 42 }) });
    const res = await server.inject({ method: 'POST', url: contract['session.login'].path, payload: login });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MESSAGES.internal, code: 'server' });
  });

  it('never leaks an unexpected error', async () => {
    const server = await appWith({
      'session.login': async () => {
        throw new Error('connection to db at 10.0.0.5 refused');
      },
    });
    const res = await server.inject({ method: 'POST', url: contract['session.login'].path, payload: login });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('10.0.0.5');
    expect(res.body).not.toContain('at ');
  });

  it('passes validated, typed arguments (coerced path ids) to the handler', async () => {
    let seen: unknown = null;
    const server = await appWith({
      'recover.get': async (args) => {
        seen = args;
        return { email: 'a***@b.com', expiresAt: '2024-01-01T00:00:00.000Z' };
      },
    });
    const res = await server.inject({ method: 'GET', url: contract['recover.get'].path.replace(':hash', 'ABCD2345') });
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual({ hash: 'ABCD2345' });
  });

  it('answers 400 when the database refuses input as data (class 22), still 500 for anything else', async () => {
    const dbError = (code: string) => Object.assign(new Error('query failed'), { cause: Object.assign(new Error('pg'), { code }) });
    let next = '22003';
    const server = await appWith({
      'session.login': async () => {
        throw dbError(next);
      },
    });
    for (const code of ['22003', '22P02', '22021', '22007', '22008']) {
      next = code;
      const res = await server.inject({ method: 'POST', url: contract['session.login'].path, payload: login });
      expect({ code, status: res.statusCode }).toEqual({ code, status: 400 });
      expect(res.json()).toEqual({ message: MESSAGES.invalidInput, code: 'validation' });
    }
    next = '23505';
    const other = await server.inject({ method: 'POST', url: contract['session.login'].path, payload: login });
    expect(other.statusCode).toBe(500);
  });

  it('answers 409 "try again" when the database rolled the transaction back for a deadlock or a serialisation failure', async () => {
    const dbError = (code: string) => Object.assign(new Error('query failed'), { cause: Object.assign(new Error('pg'), { code }) });
    let next = '40P01';
    const server = await appWith({
      'session.login': async () => {
        throw dbError(next);
      },
    });
    for (const code of ['40P01', '40001']) {
      next = code;
      const res = await server.inject({ method: 'POST', url: contract['session.login'].path, payload: login });
      expect({ code, status: res.statusCode }).toEqual({ code, status: 409 });
      expect(res.json()).toEqual({ message: MESSAGES.concurrentTransaction, code: 'conflict' });
    }
  });

  it('refuses NUL, lone surrogates and __proto__ keys anywhere in the arguments before the handler runs', async () => {
    let reached = false;
    const server = await appWith({
      'recover.get': async () => {
        reached = true;
        return { email: 'a***@b.com', expiresAt: '2024-01-01T00:00:00.000Z' };
      },
      'session.login': async () => {
        reached = true;
        return { two_factor: false, force_senha: false };
      },
    });
    const nulPath = await server.inject({ method: 'GET', url: contract['recover.get'].path.replace(':hash', 'a%00b') });
    expect(nulPath.statusCode).toBe(400);
    expect(nulPath.json()).toMatchObject({ field: 'hash', code: 'validation' });
    const surrogate = await server.inject({
      method: 'POST',
      url: contract['session.login'].path,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com", "password": "x\\ud800"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().field).toBe('password');
    const proto = await server.inject({
      method: 'POST',
      url: contract['session.login'].path,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com", "password": "x", "__proto__": {"admin": true}}',
    });
    expect(proto.statusCode).toBe(400);
    expect(reached).toBe(false);
  });

  it('answers 404 to a path or method no operation has, and 400 to a path that is not valid percent-encoding, before reading the body', async () => {
    const server = await appWith({});
    for (const [method, url] of [
      ['GET', '/api/nao-existe'],
      ['GET', contract['session.login'].path],
      ['DELETE', contract['session.login'].path],
      ['POST', '/'],
    ] as const) {
      const res = await server.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{' });
      expect({ method, url, status: res.statusCode, body: res.json() }).toEqual({ method, url, status: 404, body: { message: MESSAGES.routeNotFound, code: 'not-found' } });
    }
    const bad = await server.inject({ method: 'GET', url: contract['recover.get'].path.replace(':hash', '%E0%A4%A') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MESSAGES.invalidRequest, code: 'validation' });
  });

  it("keeps each operation's own body limit, whether the body says its length or not", async () => {
    const taken: number[] = [];
    const server = await appWith({
      'session.login': async () => ({ two_factor: false, force_senha: false }),
      'cnabReturn.preview': async (args) => {
        taken.push((args as { content: string }).content.length);
        throw new Error('stop here');
      },
    });
    const big = JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(1024 * 1024) });
    const declared = await server.inject({ method: 'POST', url: contract['session.login'].path, headers: { 'content-type': 'application/json' }, payload: big });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ message: MESSAGES.bodyTooLarge, code: 'too-large' });
    // A stream is sent chunked, without a length: the limit is checked on what was read.
    const chunked = await server.inject({
      method: 'POST',
      url: contract['session.login'].path,
      headers: { 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from(big)]),
    });
    expect(chunked.statusCode).toBe(413);
    // The return file's call takes more than the default 1 MiB.
    const returnPath = contract['cnabReturn.preview'].path.replace(':bankCode', '001');
    const file = JSON.stringify({ file_name: 'r.ret', content: 'x'.repeat(2 * 1024 * 1024) });
    const large = await server.inject({ method: 'POST', url: returnPath, headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, payload: file });
    expect(large.statusCode).not.toBe(413);
  });

  it('lets only session calls through while a password change is pending', () => {
    expect([...FORCE_SENHA_ALLOWED].sort()).toEqual(
      ['session.changePassword', 'session.logged', 'session.logout', 'session.me', 'session.refresh', 'users.newPassword'].sort(),
    );
  });
});
