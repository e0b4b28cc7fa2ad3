/** Sign-in, two-factor, tokens, forced password change, recovery and registration, end to end over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/server/platform/http/errors';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, codeFromOutbox, signIn } from './client';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'superadmin@demo.local');
});
afterAll(() => server?.close());

async function newStaff(email: string, extra: Record<string, unknown> = {}) {
  const created = await call(server, 'users.createAdmin', { name: 'Pessoa Teste', email, role_id: 5, active: true, ...extra }, admin);
  expect(created.status).toBe(200);
  return { id: created.body.id as number, temporary: await codeFromOutbox(server, email, 'Senha temporária') };
}

/** Creates an account and completes its forced password change; answers its id and a token. */
async function readyStaff(email: string, password = 'NovaSenha9', extra: Record<string, unknown> = {}) {
  const { id, temporary } = await newStaff(email, extra);
  const first = await signIn(server, email, temporary);
  const changed = await call(server, 'users.newPassword', { newPassword: password }, first);
  expect(changed.status).toBe(200);
  return { id, token: changed.body.token as string };
}

describe('sign-in', () => {
  it('signs in with the right password and answers the user without secrets', async () => {
    const answer = await call(server, 'session.login', { email: 'ADMIN@demo.local', password: 'Senha123' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ two_factor: false, force_senha: false, user: { email: 'admin@demo.local', role_id: 1 } });
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(JSON.stringify(answer.body)).not.toMatch(/password|scrypt/);
    const logged = await call(server, 'session.logged', {}, answer.body.token);
    expect(logged.body.user.email).toBe('admin@demo.local');
    const me = await call(server, 'session.me', {}, answer.body.token);
    expect(me.body).toMatchObject({ name: 'Arthur Admin', role_id: 1, active: true });
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await call(server, 'session.login', { email: 'operador@demo.local', password: 'errada123' });
    const unknown = await call(server, 'session.login', { email: 'ninguem@demo.local', password: 'errada123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('E-mail ou senha inválidos');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses an inactive account with 403 and its own message', async () => {
    const { id } = await readyStaff('inativa@demo.local');
    expect((await call(server, 'users.setStatus', { id, active: false }, admin)).status).toBe(200);
    const answer = await call(server, 'session.login', { email: 'inativa@demo.local', password: 'NovaSenha9' });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Conta inativa: aguarde a ativação por um administrador');
  });

  it('locks an e-mail for 15 minutes after 5 failures (429), even with the right password', async () => {
    await readyStaff('travada@demo.local');
    for (let i = 0; i < 5; i++) {
      expect((await call(server, 'session.login', { email: 'travada@demo.local', password: 'errada123' })).status).toBe(401);
    }
    const locked = await call(server, 'session.login', { email: 'travada@demo.local', password: 'NovaSenha9' });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(MESSAGES.tooManyAttempts);
  });
});

describe('expiry', () => {
  it('a session older than its 12 hours is refused', async () => {
    const token = await signIn(server, 'operador@demo.local');
    const me = (await call(server, 'session.me', {}, token)).body.id;
    const [row] = await server.database.rows<{ hours: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 3600) AS hours FROM sessions ORDER BY id DESC LIMIT 1',
    );
    expect(Number(row.hours)).toBe(12);
    await server.database.rows("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [me]);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
  });

  it('recovery codes expire after 30 minutes and the sign-in lock lifts after 15', async () => {
    await call(server, 'recover.request', { email: 'operador@demo.local' });
    const code = await codeFromOutbox(server, 'operador@demo.local', 'Código');
    const [row] = await server.database.rows<{ minutes: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60) AS minutes FROM recovery_codes ORDER BY id DESC LIMIT 1',
    );
    expect(Number(row.minutes)).toBe(30);
    await server.database.rows("UPDATE recovery_codes SET expires_at = now() - interval '1 second'");
    expect((await call(server, 'recover.verifyHash', { email: 'operador@demo.local', hash: code })).body).toEqual({ valid: false });

    for (let i = 0; i < 5; i++) await call(server, 'session.login', { email: 'operador@demo.local', password: 'errada123' });
    expect((await call(server, 'session.login', { email: 'operador@demo.local', password: 'Senha123' })).status).toBe(429);
    await server.database.rows("UPDATE login_attempts SET created_at = created_at - interval '16 minutes'");
    expect((await call(server, 'session.login', { email: 'operador@demo.local', password: 'Senha123' })).status).toBe(200);
  });
});

describe('tokens', () => {
  it('logout revokes the token; other sessions of the user live on', async () => {
    const a = await signIn(server, 'operador@demo.local');
    const b = await signIn(server, 'operador@demo.local');
    expect((await call(server, 'session.logout', {}, a)).status).toBe(200);
    expect((await call(server, 'session.me', {}, a)).status).toBe(401);
    expect((await call(server, 'session.me', {}, b)).status).toBe(200);
  });

  it('refresh issues a new token and revokes the old one', async () => {
    const old = await signIn(server, 'operador@demo.local');
    const answer = await call(server, 'session.refresh', {}, old);
    expect(answer.status).toBe(200);
    expect(answer.body.token).not.toBe(old);
    expect((await call(server, 'session.me', {}, old)).status).toBe(401);
    expect((await call(server, 'session.me', {}, answer.body.token)).status).toBe(200);
  });

  it('auth checks a token given in the body', async () => {
    const token = await signIn(server, 'agente@demo.local');
    expect((await call(server, 'session.auth', { token })).body).toMatchObject({ valid: true, user: { email: 'agente@demo.local' } });
    expect((await call(server, 'session.auth', { token: 'x'.repeat(43) })).body).toEqual({ valid: false });
  });

  it('changing the password checks the old one, revokes every other token and returns a new one', async () => {
    const { token } = await readyStaff('troca@demo.local', 'Primeira1');
    const other = await signIn(server, 'troca@demo.local', 'Primeira1');
    const wrong = await call(server, 'session.changePassword', { oldPassword: 'Errada123', newPassword: 'Segunda22' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('oldPassword');
    const weak = await call(server, 'session.changePassword', { oldPassword: 'Primeira1', newPassword: 'curta' }, token);
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('newPassword');
    const ok = await call(server, 'session.changePassword', { oldPassword: 'Primeira1', newPassword: 'Segunda22' }, token);
    expect(ok.status).toBe(200);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
    expect((await call(server, 'session.me', {}, other)).status).toBe(401);
    expect((await call(server, 'session.me', {}, ok.body.token)).status).toBe(200);
    expect((await call(server, 'session.login', { email: 'troca@demo.local', password: 'Primeira1' })).status).toBe(401);
    await signIn(server, 'troca@demo.local', 'Segunda22');
  });
});

describe('forced password change', () => {
  it('a new account signs in with the e-mailed temporary password and may only change it', async () => {
    const { temporary } = await newStaff('nova@demo.local');
    const login = await call(server, 'session.login', { email: 'nova@demo.local', password: temporary });
    expect(login.status).toBe(200);
    expect(login.body.force_senha).toBe(true);
    const token = login.body.token as string;
    const blocked = await call(server, 'users.creditOperators', {}, token);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('password-change-required');
    expect((await call(server, 'session.me', {}, token)).status).toBe(200);
    const same = await call(server, 'users.newPassword', { newPassword: temporary }, token);
    expect(same.status).toBe(400);
    const changed = await call(server, 'users.newPassword', { newPassword: 'Escolhida7' }, token);
    expect(changed.status).toBe(200);
    expect(changed.body.user.force_senha).toBe(false);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
    expect((await call(server, 'users.creditOperators', {}, changed.body.token)).status).toBe(200);
    const again = await call(server, 'users.newPassword', { newPassword: 'Outra1234' }, changed.body.token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.noPasswordChangePending);
  });
});

describe('two-factor sign-in', () => {
  it('sends a 6-digit code by e-mail and gives a token only for the right code', async () => {
    const { token } = await readyStaff('doisfatores@demo.local', 'Fatores22');
    const profile = await call(server, 'profiles.update', { name: 'Dois Fatores', email: 'doisfatores@demo.local', two_factor: true }, token);
    expect(profile.body.two_factor).toBe(true);
    const login = await call(server, 'session.login', { email: 'doisfatores@demo.local', password: 'Fatores22' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ two_factor: true });
    expect(login.body.token).toBeUndefined();
    const code = await codeFromOutbox(server, 'doisfatores@demo.local', 'Código');
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call(server, 'session.verifyHash', { hash: login.body.hash, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');
    const ok = await call(server, 'session.verifyHash', { hash: login.body.hash, code });
    expect(ok.status).toBe(200);
    expect((await call(server, 'session.me', {}, ok.body.token)).body.email).toBe('doisfatores@demo.local');
    const reuse = await call(server, 'session.verifyHash', { hash: login.body.hash, code });
    expect(reuse.status).toBe(401);
  });

  it('gives up on a challenge after 5 wrong codes', async () => {
    const login = await call(server, 'session.login', { email: 'doisfatores@demo.local', password: 'Fatores22' });
    const code = await codeFromOutbox(server, 'doisfatores@demo.local', 'Código');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await call(server, 'session.verifyHash', { hash: login.body.hash, code: wrongCode })).status).toBe(400);
    }
    const late = await call(server, 'session.verifyHash', { hash: login.body.hash, code });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(MESSAGES.expiredTwoFactor);
  });
});

describe('password recovery', () => {
  it('answers the same for unknown e-mails and sends nothing', async () => {
    const answer = await call(server, 'recover.request', { email: 'fantasma@demo.local' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(await server.outbox.list('fantasma@demo.local')).toEqual([]);
  });

  it('recovers with the e-mailed code, once, and revokes old sessions', async () => {
    const { token } = await readyStaff('esqueci@demo.local', 'Antiga123');
    expect((await call(server, 'recover.request', { email: 'esqueci@demo.local' })).status).toBe(200);
    const code = await codeFromOutbox(server, 'esqueci@demo.local', 'Código');
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const email = 'esqueci@demo.local';
    expect((await call(server, 'recover.verifyHash', { email, hash: code.toLowerCase() })).body).toEqual({ valid: true });
    expect((await call(server, 'recover.verifyHash', { email, hash: 'ZZZZ9999' })).body).toEqual({ valid: false });
    const info = await call(server, 'recover.lookup', { email, hash: code });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe('e******@demo.local');
    expect((await call(server, 'recover.lookup', { email, hash: 'ZZZZ9999' })).status).toBe(404);
    // The spec's GET with the code in the path still answers.
    expect((await call(server, 'recover.get', { hash: code })).body.email).toBe('e******@demo.local');
    expect((await call(server, 'recover.get', { hash: 'ZZZZ9999' })).status).toBe(404);
    const changed = await call(server, 'recover.changePass', { email, hash: code, password: 'Recuperada1' });
    expect(changed.status).toBe(200);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
    await signIn(server, 'esqueci@demo.local', 'Recuperada1');
    const reuse = await call(server, 'recover.changePass', { email, hash: code, password: 'Outra12345' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.field).toBe('hash');
  });
});

describe('registration', () => {
  it('creates an inactive agent that cannot sign in until activated, and confirms the e-mail', async () => {
    const reg = await call(server, 'users.register', { name: 'Rita Registro', email: 'rita@demo.local', password: 'Registro1' });
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({ email: 'rita@demo.local' });
    const inactive = await call(server, 'session.login', { email: 'rita@demo.local', password: 'Registro1' });
    expect(inactive.status).toBe(403);
    const found = await call(server, 'users.admins', { page: 1, limit: 10, filter: { email: 'rita@demo.local' } }, admin);
    const id = found.body.items[0].id as number;
    const user = await call(server, 'users.byId', { id }, admin);
    expect(user.body).toMatchObject({ role_id: 4, active: false, email_confirmed: false });
    const token = await codeFromOutbox(server, 'rita@demo.local', 'Token');
    expect((await call(server, 'users.confirmEmail', { token: 'nope' })).status).toBe(400);
    const confirmed = await call(server, 'users.confirmEmail', { token });
    expect(confirmed.body).toEqual({ email: 'rita@demo.local' });
    expect((await call(server, 'users.byId', { id }, admin)).body.email_confirmed).toBe(true);
    expect((await call(server, 'users.confirmEmail', { token })).status).toBe(400);
    await call(server, 'users.setStatus', { id, active: true }, admin);
    await signIn(server, 'rita@demo.local', 'Registro1');
  });

  it('answers an e-mail in use, whatever its case, like a new one and tells its owner instead', async () => {
    const dup = await call(server, 'users.register', { name: 'Outra Pessoa', email: 'Admin@Demo.local', password: 'Registro1' });
    expect(dup.status).toBe(200);
    expect(dup.body).toEqual({ email: 'Admin@Demo.local' });
    const told = await server.outbox.latest('admin@demo.local');
    expect(told?.subject).toBe('Tentativa de cadastro com o seu e-mail');
    expect(told?.body).not.toMatch(/Token:/);
  });
});
