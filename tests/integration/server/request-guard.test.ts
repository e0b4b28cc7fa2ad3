/**
 * The server answers only requests addressed to its own names and, when it
 * was given a launch secret (the embedded backend always is), only requests
 * carrying it: a local program or a DNS-rebinding page gets 403 before any
 * route runs, so it cannot sign in with the sandbox's demo accounts.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../../src/shared/contract/index';
import { LAUNCH_SECRET_HEADER } from '../../../src/shared/launch';
import { startServer, type RunningServer } from '../../../src/server/index';

const SECRET = 'segredo-desta-execucao-0123456789';
const LOGIN = operation('session.login').path;
const LOGGED = operation('session.logged').path;

/** Raw HTTP (fetch would not let the test choose the Host header). */
function send(server: RunningServer, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; body: { message?: string; code?: string; token?: string }; nosniff: string | undefined }>((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: data ? 'POST' : 'GET',
        headers: { ...(data ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {}, nosniff: res.headers['x-content-type-options'] as string | undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const demo = { email: 'superadmin@demo.local', password: 'Senha123' };

describe('embedded server (launch secret given)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ seed: 'demo', launchSecret: SECRET });
  });
  afterAll(() => server?.close());
  const own = () => `127.0.0.1:${server.port}`;

  it('refuses a request without the secret, even the demo sign-in', async () => {
    const answer = await send(server, LOGIN, { host: own() }, demo);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'launch-secret' });
    expect(answer.body.token).toBeUndefined();
    expect(answer.nosniff).toBe('nosniff');
  });

  it('refuses a wrong secret', async () => {
    const answer = await send(server, LOGIN, { host: own(), [LAUNCH_SECRET_HEADER]: `${SECRET}x` }, demo);
    expect(answer.status).toBe(403);
  });

  it('refuses the right secret under a foreign Host (DNS rebinding)', async () => {
    const answer = await send(server, LOGIN, { host: `rebind.attacker.example:${server.port}`, [LAUNCH_SECRET_HEADER]: SECRET }, demo);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'foreign-host' });
  });

  it('answers the app: own address and the secret', async () => {
    const answer = await send(server, LOGIN, { host: own(), [LAUNCH_SECRET_HEADER]: SECRET }, demo);
    expect(answer.status).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
    expect((await send(server, LOGGED, { host: `localhost:${server.port}`, [LAUNCH_SECRET_HEADER]: SECRET })).status).toBe(401);
  });

  it('refuses to start with an empty or short secret', async () => {
    await expect(startServer({ launchSecret: '' })).rejects.toThrow(/launchSecret/);
  });
});

describe('stand-alone server (no secret)', () => {
  let server: RunningServer;
  let named: RunningServer;
  beforeAll(async () => {
    server = await startServer({});
    named = await startServer({ allowedHosts: ['backoffice.example.com.br'] });
  });
  afterAll(async () => {
    await server?.close();
    await named?.close();
  });

  it('answers its listen address and localhost without any secret, refuses other names', async () => {
    expect((await send(server, LOGGED, { host: `127.0.0.1:${server.port}` })).status).toBe(401);
    expect((await send(server, LOGGED, { host: `localhost:${server.port}` })).status).toBe(401);
    const foreign = await send(server, LOGGED, { host: `evil.example:${server.port}` });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toEqual(expect.any(String));
  });

  it('with allowedHosts, answers exactly those names', async () => {
    expect((await send(named, LOGGED, { host: 'backoffice.example.com.br' })).status).toBe(401);
    expect((await send(named, LOGGED, { host: `127.0.0.1:${named.port}` })).status).toBe(403);
  });
});
