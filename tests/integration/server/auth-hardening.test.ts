/**
 * Sign-in, recovery and registration hardening, over HTTP: the sign-in
 * lock under a simultaneous burst, recovery-code guessing limits, answers that
 * do not tell whether an e-mail has an account, the temporary password that
 * cannot be kept, re-authentication for e-mail and two-factor changes, the
 * registration throttle, and secrets leaving the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail } from '../../../src/server/domain/mask';
import { MESSAGES } from '../../../src/server/platform/http/errors';
import { REDACTED_SECRET } from '../../../src/server/platform/mailer';
import { REGISTRATIONS_PER_CLIENT } from '../../../src/server/areas/access/handlers/recover';
import { loggerOptions } from '../../../src/server/platform/request-context';
import { startServer, type RunningServer } from '../../../src/server/index';
import { createTestDatabase, prepareDataDir, startTestServer, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { fakeSmtp } from '../../helpers/smtp';
import { call, codeFromOutbox, signIn } from './client';
import { eventually } from '../../helpers/eventually';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'superadmin@demo.local');
});
afterAll(() => server?.close());

/** A staff account past its forced password change: its id and a token. */
async function readyStaff(email: string, password = 'NovaSenha9', extra: Record<string, unknown> = {}) {
  const created = await call(server, 'users.createAdmin', { name: 'Pessoa Teste', email, role_id: 5, active: true, ...extra }, admin);
  expect(created.status).toBe(200);
  const temporary = await codeFromOutbox(server, email, 'Senha temporária');
  const first = await signIn(server, email, temporary);
  const changed = await call(server, 'users.newPassword', { newPassword: password }, first);
  expect(changed.status).toBe(200);
  return { id: created.body.id as number, token: changed.body.token as string, temporary };
}

async function attemptsRecorded(email: string): Promise<number> {
  const [row] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM login_attempts WHERE lower(email) = $1', [email]);
  return Number(row.n);
}

describe('sign-in lock under a simultaneous burst', () => {
  it('checks at most five of 30 simultaneous wrong passwords and then refuses the right one', async () => {
    const email = 'rajada@demo.local';
    await readyStaff(email, 'Certa1234');
    const before = await attemptsRecorded(email);
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => call(server, 'session.login', { email, password: 'errada123' })),
    );
    const statuses = burst.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Every checked password left its row; the refused ones were never checked.
    expect((await attemptsRecorded(email)) - before).toBeLessThanOrEqual(5);
    const right = await call(server, 'session.login', { email, password: 'Certa1234' });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(MESSAGES.tooManyAttempts);
  });

  it('a right password inside a burst that reached the limit is not let through afterwards either', async () => {
    const email = 'rajada2@demo.local';
    await readyStaff(email, 'Certa1234');
    const wrong = Array.from({ length: 29 }, () => call(server, 'session.login', { email, password: 'errada123' }));
    const right = call(server, 'session.login', { email, password: 'Certa1234' });
    const answers = await Promise.all([...wrong, right]);
    // At most five passwords were checked in all, the right one included if it got a slot.
    expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(5);
    expect((await call(server, 'session.login', { email, password: 'Certa1234' })).status).toBe(429);
  });

  it('locks unknown e-mails the same way', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => call(server, 'session.login', { email: 'ninguem.rajada@demo.local', password: 'errada123' })),
    );
    expect(burst.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    expect(burst.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(7);
  });
});

describe.skipIf(!testDatabaseUrl())('sign-in lock across two servers sharing one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: RunningServer;
  let second: RunningServer;
  // Set up beside the test, under the hook's limit: the first server seeds the whole demo on an empty database
  // (close to the test's 60 s on a busy 2-core machine).
  beforeAll(async () => {
    database = await createTestDatabase(testDatabaseUrl()!);
    first = await startServer({ databaseUrl: database.appUrl, migrationDatabaseUrl: database.url, seed: 'demo' });
    second = await startServer({ databaseUrl: database.appUrl, migrationDatabaseUrl: database.url, seed: false });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('a burst split between both checks at most five passwords', async () => {
    const email = 'operador@demo.local';
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(i % 2 ? first : second, 'session.login', { email, password: 'errada123' })),
    );
    expect(burst.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    expect(burst.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    const [row] = await first.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM login_attempts WHERE lower(email) = $1', [email]);
    expect(Number(row.n)).toBeLessThanOrEqual(5);
    expect((await call(second, 'session.login', { email, password: 'Senha123' })).status).toBe(429);
    expect((await call(first, 'session.login', { email, password: 'Senha123' })).status).toBe(429);
  });
});

describe('recovery codes resist guessing', () => {
  async function requestCode(email: string): Promise<string> {
    expect((await call(server, 'recover.request', { email })).status).toBe(200);
    return codeFromOutbox(server, email, 'Código');
  }
  const wrongCode = (code: string) => (code === 'ZZZZ9999' ? 'YYYY8888' : 'ZZZZ9999');

  it('a code dies after 5 wrong tries, even for the right code afterwards', async () => {
    const email = 'palpite@demo.local';
    await readyStaff(email);
    const code = await requestCode(email);
    for (let i = 0; i < 5; i++) {
      expect((await call(server, 'recover.verifyHash', { email, hash: wrongCode(code) })).body).toEqual({ valid: false });
    }
    expect((await call(server, 'recover.verifyHash', { email, hash: code })).body).toEqual({ valid: false });
    const change = await call(server, 'recover.changePass', { email, hash: code, password: 'Tentativa1' });
    expect(change.status).toBe(400);
    expect(change.body.field).toBe('hash');
  });

  it('simultaneous wrong tries are counted too', async () => {
    const email = 'palpite.rajada@demo.local';
    await readyStaff(email);
    const code = await requestCode(email);
    await Promise.all(Array.from({ length: 8 }, () => call(server, 'recover.verifyHash', { email, hash: wrongCode(code) })));
    expect((await call(server, 'recover.verifyHash', { email, hash: code })).body).toEqual({ valid: false });
  });

  it('a new request invalidates the previous code', async () => {
    const email = 'novopedido@demo.local';
    await readyStaff(email);
    const first = await requestCode(email);
    const second = await requestCode(email);
    expect(second).not.toBe(first);
    expect((await call(server, 'recover.verifyHash', { email, hash: first })).body).toEqual({ valid: false });
    expect((await call(server, 'recover.verifyHash', { email, hash: second })).body).toEqual({ valid: true });
  });

  it('a code is only good for the account it was sent to', async () => {
    await readyStaff('dono.codigo@demo.local');
    await readyStaff('outro.codigo@demo.local', 'Intocada12');
    const code = await requestCode('dono.codigo@demo.local');
    expect((await call(server, 'recover.verifyHash', { email: 'outro.codigo@demo.local', hash: code })).body).toEqual({ valid: false });
    const change = await call(server, 'recover.changePass', { email: 'outro.codigo@demo.local', hash: code, password: 'Invadida12' });
    expect(change.status).toBe(400);
    await signIn(server, 'outro.codigo@demo.local', 'Intocada12');
    // The owner can still use it.
    expect((await call(server, 'recover.verifyHash', { email: 'dono.codigo@demo.local', hash: code })).body).toEqual({ valid: true });
  });

  it('an account runs out of tries across new codes (429), and an unknown e-mail answers the same', async () => {
    const email = 'muitos.palpites@demo.local';
    await readyStaff(email);
    let code = await requestCode(email);
    for (let i = 0; i < 4; i++) await call(server, 'recover.verifyHash', { email, hash: wrongCode(code) });
    code = await requestCode(email);
    for (let i = 0; i < 4; i++) await call(server, 'recover.verifyHash', { email, hash: wrongCode(code) });
    code = await requestCode(email);
    for (let i = 0; i < 2; i++) await call(server, 'recover.verifyHash', { email, hash: wrongCode(code) });
    const late = await call(server, 'recover.verifyHash', { email, hash: code });
    expect(late.status).toBe(429);
    expect(late.body.message).toBe(MESSAGES.tooManyRecoveryAttempts);

    const unknown = 'sem.conta.palpites@demo.local';
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await call(server, 'recover.verifyHash', { email: unknown, hash: 'ZZZZ9999' }));
    expect(answers.slice(0, 10).every((a) => a.status === 200 && a.body.valid === false)).toBe(true);
    expect(answers[10].status).toBe(429);
    expect(answers[10].body).toEqual(late.body);
  });
});

describe('answers do not tell whether an e-mail has an account', () => {
  it('recovery: the same answer for an existing and an unknown e-mail', async () => {
    const known = await call(server, 'recover.request', { email: 'operador@demo.local' });
    const unknown = await call(server, 'recover.request', { email: 'desconhecido@demo.local' });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(await server.outbox.list('desconhecido@demo.local')).toEqual([]);
  });

  it('registration: an e-mail in use answers like a new one, creates nothing and tells the owner', async () => {
    const before = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE lower(email) = 'agente@demo.local'");
    const fresh = await call(server, 'users.register', { name: 'Pessoa Nova', email: 'pessoa.nova@demo.local', password: 'Registro1' });
    const taken = await call(server, 'users.register', { name: 'Pessoa Velha', email: 'agente@demo.local', password: 'Registro1' });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body)).toEqual(Object.keys(fresh.body));
    expect(taken.body).toEqual({ email: 'agente@demo.local' });
    const after = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE lower(email) = 'agente@demo.local'");
    expect(after).toEqual(before);
    const told = await server.outbox.latest('agente@demo.local');
    expect(told?.subject).toBe('Tentativa de cadastro com o seu e-mail');
    // The existing account keeps its password.
    await signIn(server, 'agente@demo.local');
  });
});

describe('a temporary password cannot become permanent', () => {
  it('PUT /users/password is refused while force_senha is set; the forced change is the way', async () => {
    const created = await call(server, 'users.createAdmin', { name: 'Temporária', email: 'temporaria@demo.local', role_id: 5, active: true }, admin);
    const temporary = await codeFromOutbox(server, 'temporaria@demo.local', 'Senha temporária');
    const token = await signIn(server, 'temporaria@demo.local', temporary);
    const viaChange = await call(server, 'session.changePassword', { oldPassword: temporary, newPassword: temporary }, token);
    expect(viaChange.status).toBe(403);
    expect(viaChange.body).toMatchObject({ code: 'password-change-required', message: MESSAGES.useForcedPasswordChange });
    const other = await call(server, 'session.changePassword', { oldPassword: temporary, newPassword: 'Escolhida77' }, token);
    expect(other.status).toBe(403);
    expect((await call(server, 'users.byId', { id: created.body.id }, admin)).body.force_senha).toBe(true);
    const forced = await call(server, 'users.newPassword', { newPassword: 'Escolhida77' }, token);
    expect(forced.status).toBe(200);
  });

  it('PUT /users/password refuses a new password equal to the current one', async () => {
    const { token } = await readyStaff('mesmasenha@demo.local', 'Mesma12345');
    const same = await call(server, 'session.changePassword', { oldPassword: 'Mesma12345', newPassword: 'Mesma12345' }, token);
    expect(same.status).toBe(400);
    expect(same.body.field).toBe('newPassword');
    expect((await call(server, 'session.me', {}, token)).status).toBe(200);
  });
});

describe('re-authentication for e-mail and two-factor changes', () => {
  it('changing the e-mail needs the current password and tells the old address', async () => {
    const { token } = await readyStaff('antigo.email@demo.local', 'Atual12345');
    const profile = { name: 'Pessoa Teste', email: 'novo.email@demo.local', two_factor: false };
    const missing = await call(server, 'profiles.update', profile, token);
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('currentPassword');
    const wrong = await call(server, 'profiles.update', { ...profile, currentPassword: 'Errada1234' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('currentPassword');
    expect((await call(server, 'session.me', {}, token)).body.email).toBe('antigo.email@demo.local');

    const ok = await call(server, 'profiles.update', { ...profile, currentPassword: 'Atual12345' }, token);
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe('novo.email@demo.local');
    const told = await server.outbox.latest('antigo.email@demo.local');
    expect(told?.subject).toBe('Alteração na segurança da sua conta');
    expect(told?.body).toContain(maskEmail('novo.email@demo.local'));

    // A name-only change needs no password.
    const rename = await call(server, 'profiles.update', { name: 'Outro Nome', email: 'novo.email@demo.local', two_factor: false }, token);
    expect(rename.status).toBe(200);
  });

  it('turning two-factor off needs the current password and tells the address; turning it on does not', async () => {
    const { token } = await readyStaff('dois.passos@demo.local', 'Atual12345');
    const on = await call(server, 'profiles.update', { name: 'Pessoa Teste', email: 'dois.passos@demo.local', two_factor: true }, token);
    expect(on.status).toBe(200);
    const off = { name: 'Pessoa Teste', email: 'dois.passos@demo.local', two_factor: false };
    expect((await call(server, 'profiles.update', off, token)).body.field).toBe('currentPassword');
    expect((await call(server, 'profiles.update', { ...off, currentPassword: 'Errada1234' }, token)).status).toBe(400);
    expect((await call(server, 'session.me', {}, token)).body.two_factor).toBe(true);
    const ok = await call(server, 'profiles.update', { ...off, currentPassword: 'Atual12345' }, token);
    expect(ok.status).toBe(200);
    expect(ok.body.two_factor).toBe(false);
    const told = await server.outbox.latest('dois.passos@demo.local');
    expect(told?.body).toContain('verificação em duas etapas da sua conta foi desativada');
  });
});

describe('secrets leave the outbox', () => {
  it('a temporary password is blanked once changed, a two-factor code once used', async () => {
    const email = 'segredo@demo.local';
    const { token, temporary } = await readyStaff(email, 'Segredo123');
    const created = (await server.outbox.list(email))[0];
    expect(created.body).not.toContain(temporary);
    expect(created.body).toContain(`Senha temporária: ${REDACTED_SECRET}`);

    await call(server, 'profiles.update', { name: 'Pessoa Teste', email, two_factor: true }, token);
    const login = await call(server, 'session.login', { email, password: 'Segredo123' });
    const code = await codeFromOutbox(server, email, 'Código');
    expect((await call(server, 'session.verifyHash', { hash: login.body.hash, code })).status).toBe(200);
    const sent = await server.outbox.latest(email);
    expect(sent?.body).not.toContain(code);
    expect(sent?.body).toContain(`Código: ${REDACTED_SECRET}`);
  });

  it('a temporary password is blanked when an administrator resets it again', async () => {
    const email = 'reset.duas.vezes@demo.local';
    const created = await call(server, 'users.createAdmin', { name: 'Reset Duplo', email, role_id: 5, active: true }, admin);
    const first = await codeFromOutbox(server, email, 'Senha temporária');
    expect((await call(server, 'users.resetPassword', { id: created.body.id }, admin)).status).toBe(200);
    const second = await codeFromOutbox(server, email, 'Senha temporária');
    const bodies = (await server.outbox.list(email)).map((m) => m.body).join('\n');
    expect(bodies).not.toContain(first);
    expect(bodies).toContain(second);
  });

  it('a recovery code is blanked when superseded and when used; nothing readable stays in the database', async () => {
    const email = 'segredo.recuperacao@demo.local';
    await readyStaff(email);
    await call(server, 'recover.request', { email });
    const first = await codeFromOutbox(server, email, 'Código');
    await call(server, 'recover.request', { email });
    const second = await codeFromOutbox(server, email, 'Código');
    const bodies = () => server.outbox.list(email).then((list) => list.map((m) => m.body).join('\n'));
    expect(await bodies()).not.toContain(first);
    expect(await bodies()).toContain(second);
    expect((await call(server, 'recover.changePass', { email, hash: second, password: 'Recuperada9' })).status).toBe(200);
    expect(await bodies()).not.toContain(second);
    const stored = await server.database.rows<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes rc JOIN users u ON u.id = rc.user_id WHERE u.email = $1',
      [email],
    );
    expect(stored.map((r) => r.code_hash).join()).not.toContain(second);
  });

  it('an unused secret is blanked once it expires', async () => {
    const email = 'expira@demo.local';
    await readyStaff(email);
    await call(server, 'recover.request', { email });
    const code = await codeFromOutbox(server, email, 'Código');
    await server.database.rows(
      "UPDATE outbox_meta SET secret_expires_at = now() - interval '1 second' WHERE outbox_id IN (SELECT id FROM outbox WHERE \"to\" = $1)",
      [email],
    );
    const latest = await server.outbox.latest(email);
    expect(latest?.body).not.toContain(code);
    expect(latest?.body).toContain(`Código: ${REDACTED_SECRET}`);
  });

  it('the LGPD erase removes the person\'s outbox rows', async () => {
    const email = 'apagar.outbox@demo.local';
    const { id } = await readyStaff(email);
    await call(server, 'recover.request', { email });
    await call(server, 'recover.verifyHash', { email, hash: 'ZZZZ9999' });
    await call(server, 'session.login', { email, password: 'errada123' });
    expect((await server.outbox.list(email)).length).toBeGreaterThan(0);
    expect((await call(server, 'users.erase', { id }, admin)).status).toBe(200);
    expect(await server.outbox.list(email)).toEqual([]);
    expect(await server.database.rows('SELECT * FROM outbox_meta WHERE user_id = $1', [id])).toEqual([]);
    // Nor do the throttling records keep the address.
    expect(await server.database.rows('SELECT * FROM login_attempts WHERE lower(email) = $1', [email])).toEqual([]);
    expect(await server.database.rows("SELECT * FROM rate_limits WHERE key LIKE '%' || $1", [email])).toEqual([]);
  });
});

// On its own PGlite folder whatever the step (startServer over prepareDataDir): on the PostgreSQL step it would only
// run again on PGlite, so it runs in the PGlite step alone.
describe.skipIf(testDatabaseUrl())('after SMTP delivery', () => {
  it('the outbox keeps the message but not its secret', async () => {
    const smtp = await fakeSmtp();
    const { dir, dataDir } = await prepareDataDir();
    const mailing = await startServer({ dataDir, uploadsDir: join(dir, 'uploads'), smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'bo@demo.local' } });
    try {
      await call(mailing, 'recover.request', { email: 'operador@demo.local' });
      const message = await eventually(async () => {
        const latest = await mailing.outbox.latest('operador@demo.local');
        expect(latest?.status).toBe('sent');
        return latest;
      }, 50);
      expect(message?.body).toContain(`Código: ${REDACTED_SECRET}`);
      // The person got the code itself.
      expect(smtp.received.join('\n')).toMatch(/C=C3=B3digo: [A-Z2-9]{8}|Código: [A-Z2-9]{8}/);
    } finally {
      await mailing.close();
      await new Promise((r) => smtp.server.close(r));
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('registration throttle', () => {
  it('answers 429 in Portuguese once a client has registered too often', async () => {
    const own = await startTestServer();
    try {
      for (let i = 0; i < REGISTRATIONS_PER_CLIENT.limit; i++) {
        const answer = await call(own, 'users.register', { name: 'Cadastro Seguido', email: `seguido${i}@demo.local`, password: 'Registro1' });
        expect(answer.status).toBe(200);
      }
      const refused = await call(own, 'users.register', { name: 'Cadastro Seguido', email: 'seguido.demais@demo.local', password: 'Registro1' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(MESSAGES.tooManyRegistrations);
      expect(await own.outbox.list('seguido.demais@demo.local')).toEqual([]);
      // Counted per client address (the test's loopback), not under one shared key.
      const keys = await own.database.rows<{ key: string }>("SELECT key FROM rate_limits WHERE key LIKE 'register-client:%'");
      expect(keys.map((k) => k.key)).toEqual(['register-client:127.0.0.1']);
    } finally {
      await own.close();
    }
  });
});

describe('request logs', () => {
  it('log a route pattern, never a code sent in the path', () => {
    const options = loggerOptions(true) as { serializers: { req: (r: FastifyRequest) => { url: string } } };
    const logged = options.serializers.req({
      method: 'GET',
      url: '/api/recover-pass/ABCD2345',
      host: '127.0.0.1',
      ip: '127.0.0.1',
    } as unknown as FastifyRequest);
    expect(JSON.stringify(logged)).not.toContain('ABCD2345');
    expect(logged.url).toBe('/api/recover-pass/:hash');
  });
});
