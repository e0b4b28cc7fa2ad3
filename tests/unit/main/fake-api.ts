/**
 * A tiny stateful stand-in for the session part of the API (tokens issued,
 * checked and revoked), for unit-testing the session service over real HTTP.
 * The real server is exercised by tests/integration/main.
 */
import { randomBytes } from 'node:crypto';
import { operation } from '../../../src/shared/contract';
import { sendJson, startLocalServer, type LocalServer } from './helpers';

export interface FakeApi extends LocalServer {
  tokens: Set<string>;
  /** force_senha of the next sign-in */
  forcePasswordChange: boolean;
  /** the next logout answers 500 */
  failLogout: boolean;
}

export const FAKE_USER = {
  id: 2,
  name: 'Arthur Admin',
  email: 'admin@demo.local',
  role_id: 1,
  active: true,
  two_factor: false,
  force_senha: false,
  updated_at: '2024-05-01T10:00:00.000Z',
};

export async function startFakeApi(): Promise<FakeApi> {
  const state = { tokens: new Set<string>(), forcePasswordChange: false, failLogout: false };
  const server = await startLocalServer((req, res, body) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const auth = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const user = () => ({ ...FAKE_USER, force_senha: state.forcePasswordChange });
    if (req.method === 'POST' && path === operation('session.login').path) {
      const { email, password } = JSON.parse(body.toString()) as { email: string; password: string };
      if (email !== FAKE_USER.email || password !== 'Senha123') return sendJson(res, 401, { message: 'E-mail ou senha inválidos.' });
      const token = randomBytes(16).toString('hex');
      state.tokens.add(token);
      return sendJson(res, 200, { token, user: user(), force_senha: state.forcePasswordChange, two_factor: false });
    }
    if (!state.tokens.has(auth)) return sendJson(res, 401, { message: 'Sessão inválida.' });
    if (path === operation('session.logged').path) return sendJson(res, 200, { user: user() });
    if (path === operation('session.logout').path) {
      if (state.failLogout) return sendJson(res, 500, { message: 'falhou' });
      state.tokens.delete(auth);
      return sendJson(res, 200, { ok: true });
    }
    if (path === operation('users.newPassword').path) {
      state.forcePasswordChange = false;
      state.tokens.delete(auth);
      const token = randomBytes(16).toString('hex');
      state.tokens.add(token);
      return sendJson(res, 200, { token, user: user() });
    }
    if (path === operation('users.admins').path)
      return sendJson(res, 200, { items: [], meta: { currentPage: 1, totalPages: 1, totalItems: 0, pageSize: 10 } });
    sendJson(res, 404, { message: 'não encontrado' });
  });
  // Accessors (not copies) so tests can flip the server's behaviour between calls.
  return Object.defineProperties(server, {
    tokens: { get: () => state.tokens },
    forcePasswordChange: { get: () => state.forcePasswordChange, set: (v: boolean) => (state.forcePasswordChange = v) },
    failLogout: { get: () => state.failLogout, set: (v: boolean) => (state.failLogout = v) },
  }) as FakeApi;
}
