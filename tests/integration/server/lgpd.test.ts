/**
 * LGPD requests: registering one received by another channel, the detail of
 * what the system holds, refusing, and the erase closing the request; plus
 * who may call each of these.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signIn } from './client';

let server: TestServer;
let tokens: Record<'superadmin' | 'admin' | 'operator' | 'agent' | 'user', string>;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);

beforeAll(async () => {
  server = await startTestServer();
  tokens = {
    superadmin: await signIn(server, 'superadmin@demo.local'),
    admin: await signIn(server, 'admin@demo.local'),
    operator: await signIn(server, 'operador@demo.local'),
    agent: await signIn(server, 'agente@demo.local'),
    user: await signIn(server, 'usuario@demo.local'),
  };
});
afterAll(() => server?.close());

async function entrepreneur(fragment: string) {
  const list = await call(server, 'users.entrepreneurs', { filter: { email: fragment } }, tokens.admin);
  return list.body.items[0] as { id: number; name: string; email: string; cpf: string };
}

describe('finding the person', () => {
  it('finds by e-mail fragment or CPF digits, never erased accounts', async () => {
    const person = await entrepreneur('cliente3.');
    const byEmail = await call(server, 'lgpd.people', { q: person.email.slice(0, 10) }, tokens.admin);
    expect(byEmail.body.map((p: { id: number }) => p.id)).toContain(person.id);
    const digits = person.cpf.replace(/\D/g, '');
    const byCpf = await call(server, 'lgpd.people', { q: digits }, tokens.admin);
    expect(byCpf.body.map((p: { id: number }) => p.id)).toEqual([person.id]);
    const short = await call(server, 'lgpd.people', { q: 'ab' }, tokens.admin);
    expect(short.status).toBe(400);
  });
});

describe('requests', () => {
  it('registers one open request per person, logged without personal data, listed newest first', async () => {
    const person = await entrepreneur('cliente4.');
    const created = await call(server, 'lgpd.create', { user_id: person.id, channel: 'telefone', notes: 'Ligou pedindo exclusão' }, tokens.admin);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ user_id: person.id, subject_name: person.name, subject_email: person.email, channel: 'telefone', status: 'aberto', closed_at: null });
    const twice = await call(server, 'lgpd.create', { user_id: person.id, channel: 'email' }, tokens.admin);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/em aberto/);
    expect((await call(server, 'lgpd.create', { user_id: 999999, channel: 'email' }, tokens.admin)).status).toBe(400);
    expect((await call(server, 'lgpd.create', { user_id: person.id, channel: 'pombo' }, tokens.admin)).status).toBe(400);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await call(server, 'lgpd.create', { user_id: person.id, channel: 'email', received_at: future }, tokens.admin)).status).toBe(400);

    const log = await call(server, 'logs.all', { filter: { action: 'lgpd.request.create' } }, tokens.admin);
    expect(log.body.items[0]).toMatchObject({ entity: 'lgpd_request', entity_id: created.body.id });
    const detail = await call(server, 'logs.byId', { id: log.body.items[0].id }, tokens.admin);
    expect(JSON.stringify(detail.body)).not.toContain(person.email);

    const list = await call(server, 'lgpd.list', { filter: { status: 'aberto' } }, tokens.admin);
    expect(list.body.items[0].id).toBe(created.body.id);
    expect((await call(server, 'lgpd.list', { filter: { status: 'talvez' } }, tokens.admin)).status).toBe(400);
    expect((await call(server, 'lgpd.list', { filter: { name: 'x' } }, tokens.admin)).status).toBe(400);
    expect((await call(server, 'lgpd.list', { sort: { field: 'subject_email', order: 'ASC' } }, tokens.admin)).status).toBe(400);
  });

  it('detail shows the account, the uploads, what the intake and the borrower records hold', async () => {
    const agentId = (await call(server, 'session.me', {}, tokens.agent)).body.id;
    const upload = await call(server, 'uploads.create', { type: 'avatar', file: { name: 'rg.png', type: 'image/png', bytes: PNG } }, tokens.agent);
    expect(upload.status).toBe(200);
    const created = await call(server, 'lgpd.create', { user_id: agentId, channel: 'presencial', received_at: '2024-05-02T13:00:00Z' }, tokens.admin);
    const detail = await call(server, 'lgpd.get', { id: created.body.id }, tokens.admin);
    expect(detail.status).toBe(200);
    expect(detail.body.request).toMatchObject({ id: created.body.id, channel: 'presencial', received_at: '2024-05-02T13:00:00.000Z' });
    expect(detail.body.holdings.account).toMatchObject({ id: agentId, email: 'agente@demo.local', anonymised_at: null });
    // Files are known to clients by key only; the holdings list them by name and type.
    expect(detail.body.holdings.uploads).toEqual([expect.objectContaining({ name: 'rg.png', type: 'avatar', size: upload.body.size })]);
    const sections = Object.fromEntries(detail.body.holdings.sections.map((s: { key: string }) => [s.key, s]));
    // A staff account applied for nothing: the intake areas exist and hold nothing about it.
    expect(sections.solicitations).toEqual({ key: 'solicitations', available: true, count: 0 });
    expect(sections.clientInfo).toEqual({ key: 'clientInfo', available: true, count: 0 });
    expect(sections.borrowerRecords).toEqual({ key: 'borrowerRecords', available: true, count: 0 });
    expect(sections.contractsAndPayments).toEqual({ key: 'contractsAndPayments', available: true, count: 0 });
    expect(sections.activityLog.available).toBe(true);
    expect((await call(server, 'lgpd.get', { id: 999999 }, tokens.admin)).status).toBe(404);
  });

  it('refusing closes the request with the reason; a closed request cannot be refused again', async () => {
    const person = await entrepreneur('cliente5.');
    const created = await call(server, 'lgpd.create', { user_id: person.id, channel: 'email' }, tokens.admin);
    expect((await call(server, 'lgpd.refuse', { id: created.body.id, outcome: 'x' }, tokens.admin)).status).toBe(400);
    const refused = await call(server, 'lgpd.refuse', { id: created.body.id, outcome: 'Contrato ativo: guarda legal obrigatória' }, tokens.superadmin);
    expect(refused.body).toMatchObject({ status: 'recusado', outcome: 'Contrato ativo: guarda legal obrigatória', handled_by_name: expect.any(String) });
    expect(refused.body.closed_at).not.toBeNull();
    expect((await call(server, 'lgpd.refuse', { id: created.body.id, outcome: 'de novo, outra vez' }, tokens.admin)).status).toBe(409);
    // A refused request does not block a new one.
    expect((await call(server, 'lgpd.create', { user_id: person.id, channel: 'app' }, tokens.admin)).status).toBe(200);
  });
});

describe('erase closes the request', () => {
  it('anonymises the person, removes uploads, closes the open request with its outcome, logs it; a second erase says alreadyErased', async () => {
    const person = await entrepreneur('cliente6.');
    const created = await call(server, 'lgpd.create', { user_id: person.id, channel: 'email', notes: `Pedido de ${person.name}` }, tokens.admin);
    const erased = await call(server, 'users.erase', { id: person.id }, tokens.admin);
    expect(erased.body).toEqual({ erased: true, alreadyErased: false });

    const detail = await call(server, 'lgpd.get', { id: created.body.id }, tokens.admin);
    expect(detail.body.request).toMatchObject({ status: 'concluido', subject_email: null, notes: null, handled_by_name: expect.any(String) });
    expect(detail.body.request.outcome).toMatch(/anonimizados/);
    expect(detail.body.request.subject_name).not.toBe(person.name);
    expect(detail.body.holdings.account.anonymised_at).not.toBeNull();
    const everything = JSON.stringify(detail.body);
    expect(everything).not.toContain(person.email);
    expect(everything).not.toContain(person.name);

    const closeLog = await call(server, 'logs.all', { filter: { action: 'lgpd.request.close' } }, tokens.admin);
    expect(closeLog.body.items[0]).toMatchObject({ entity_id: created.body.id });
    const eraseLog = await call(server, 'logs.all', { filter: { action: 'user.erase' } }, tokens.admin);
    expect(eraseLog.body.items[0]).toMatchObject({ entity_id: person.id });

    // Gone by name and e-mail from the users lists, the LGPD list and the person search.
    expect((await call(server, 'users.entrepreneurs', { filter: { email: person.email } }, tokens.admin)).body.meta.totalItems).toBe(0);
    expect((await call(server, 'users.entrepreneurs', { filter: { name: person.name } }, tokens.admin)).body.meta.totalItems).toBe(0);
    expect(JSON.stringify((await call(server, 'lgpd.list', { limit: 100 }, tokens.admin)).body)).not.toContain(person.email);
    expect((await call(server, 'lgpd.people', { q: person.email }, tokens.admin)).body).toEqual([]);

    const again = await call(server, 'users.erase', { id: person.id }, tokens.admin);
    expect(again.body).toEqual({ erased: true, alreadyErased: true });
    expect((await call(server, 'lgpd.create', { user_id: person.id, channel: 'email' }, tokens.admin)).status).toBe(409);
  });

  it('the outcome counts the uploads the erase removed', async () => {
    const created = await call(server, 'users.createAdmin', { name: 'Agente Arquivos', email: 'arquivos@demo.local', role_id: 4, active: true }, tokens.admin);
    await server.database.rows(
      "INSERT INTO uploads (key, owner_id, type, name, mime, size, storage_path) VALUES ('lgpdTestKey00000000000', $1, 'avatar', 'a.png', 'image/png', 4, 'lgpd-test/a.png')",
      [created.body.id],
    );
    const request = await call(server, 'lgpd.create', { user_id: created.body.id, channel: 'app' }, tokens.admin);
    expect((await call(server, 'lgpd.get', { id: request.body.id }, tokens.admin)).body.holdings.uploads).toHaveLength(1);
    expect((await call(server, 'users.erase', { id: created.body.id }, tokens.admin)).body.alreadyErased).toBe(false);
    const after = await call(server, 'lgpd.get', { id: request.body.id }, tokens.admin);
    expect(after.body.holdings.uploads).toEqual([]);
    expect(after.body.request.outcome).toMatch(/1 arquivo/);
  });
});

describe('authorization matrix', () => {
  const cases: Array<[OperationName, () => unknown, number]> = [
    ['lgpd.list', () => ({}), 200],
    ['lgpd.people', () => ({ q: 'demo.local' }), 200],
    ['lgpd.get', () => ({ id: 1 }), 200],
    // Validation runs after access: a 400 here proves the caller got past the role check.
    ['lgpd.create', () => ({ user_id: 999999, channel: 'email' }), 400],
    ['lgpd.refuse', () => ({ id: 999999, outcome: 'motivo suficiente' }), 404],
  ];
  for (const [name, args, allowed] of cases) {
    it(`${name}: admins ${allowed}, operator/agent/user 403, no token 401`, async () => {
      const expected = { superadmin: allowed, admin: allowed, operator: 403, agent: 403, user: 403 } as const;
      for (const role of Object.keys(expected) as Array<keyof typeof expected>) {
        const answer = await call(server, name, args(), tokens[role]);
        expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
      }
      expect((await call(server, name, args())).status).toBe(401);
    });
  }
});
