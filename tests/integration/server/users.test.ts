/** Staff and entrepreneur management: lists, role rules, edits, status, resets, deletes and the activity log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_EXPORT_COLUMNS, ADMIN_USER_SORTS } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, codeFromOutbox, signIn } from './client';

let server: TestServer;
let superadmin: string;
let admin: string;
let operator: string;
let ids: Record<string, number>;

interface LogRow {
  actor_id: number | null;
  action: string;
  entity_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const logOf = (entityId: number) =>
  server.database.rows<LogRow>(
    "SELECT actor_id, action, entity_id, before, after FROM activity_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id",
    [entityId],
  );

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await signIn(server, 'superadmin@demo.local');
  admin = await signIn(server, 'admin@demo.local');
  operator = await signIn(server, 'operador@demo.local');
  const me = async (t: string) => (await call(server, 'session.me', {}, t)).body.id as number;
  ids = { superadmin: await me(superadmin), admin: await me(admin), operator: await me(operator) };
});
afterAll(() => server?.close());

describe('admins list', () => {
  it('pages staff accounts (never role 2) with the spec meta', async () => {
    const first = await call(server, 'users.admins', {}, admin);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ currentPage: 1, pageSize: 10, totalItems: 34, totalPages: 4 });
    expect(first.body.items).toHaveLength(10);
    const last = await call(server, 'users.admins', { page: 4, limit: 10 }, admin);
    expect(last.body.items).toHaveLength(4);
    const all = await call(server, 'users.admins', { limit: 100 }, admin);
    expect(all.body.items.every((u: { role_id: number }) => u.role_id !== 2)).toBe(true);
    const beyond = await call(server, 'users.admins', { page: 9 }, admin);
    expect(beyond.body.items).toEqual([]);
  });

  it('filters by name/e-mail (case-insensitive, literal), one or many roles and active', async () => {
    const byName = await call(server, 'users.admins', { filter: { name: 'arthur' } }, admin);
    expect(byName.body.items.map((u: { email: string }) => u.email)).toEqual(['admin@demo.local']);
    const literal = await call(server, 'users.admins', { filter: { email: '%' } }, admin);
    expect(literal.body.meta.totalItems).toBe(0);
    const roles = await call(server, 'users.admins', { filter: { role_id: [3, 5] }, limit: 100 }, admin);
    expect(new Set(roles.body.items.map((u: { role_id: number }) => u.role_id))).toEqual(new Set([3, 5]));
    const single = await call(server, 'users.admins', { filter: { role_id: 3 }, limit: 100 }, admin);
    expect(single.body.items.every((u: { role_id: number }) => u.role_id === 3)).toBe(true);
    // The select-box convention: 1 is sent as true, 2 as false.
    const inactive = await call(server, 'users.admins', { filter: { active: 2 }, limit: 100 }, admin);
    expect(inactive.body.meta.totalItems).toBeGreaterThan(0);
    expect(inactive.body.items.every((u: { active: boolean }) => !u.active)).toBe(true);
    const active = await call(server, 'users.admins', { filter: { active: 1 }, limit: 100 }, admin);
    expect(active.body.meta.totalItems + inactive.body.meta.totalItems).toBe(34);
  });

  it('sorts by every allowed field and refuses others with 400', async () => {
    for (const field of ADMIN_USER_SORTS) {
      const answer = await call(server, 'users.admins', { sort: { field, order: 'DESC' }, limit: 100 }, admin);
      expect({ field, status: answer.status }).toEqual({ field, status: 200 });
    }
    const byName = await call(server, 'users.admins', { sort: { field: 'name', order: 'ASC' }, limit: 100 }, admin);
    const names = byName.body.items.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = await call(server, 'users.admins', { sort: { field: 'id', order: 'DESC' } }, admin);
    expect(desc.body.items[0].id).toBeGreaterThan(desc.body.items[1].id);
    const bad = await call(server, 'users.admins', { sort: { field: 'password_hash', order: 'ASC' } }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('sort');
    const badFilter = await call(server, 'users.admins', { filter: { password_hash: 'x' } }, admin);
    expect(badFilter.status).toBe(400);
    const badRole = await call(server, 'users.admins', { filter: { role_id: 'abc' } }, admin);
    expect(badRole.status).toBe(400);
    expect(badRole.body.field).toBe('filter.role_id');
  });

  it('is for admins only', async () => {
    expect((await call(server, 'users.admins', {}, operator)).status).toBe(403);
  });
});

describe('export', () => {
  it('answers every matching row, uncapped, with exactly the export columns', async () => {
    const answer = await call(server, 'users.export', { filter: {} }, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toHaveLength(34);
    const keys = ADMIN_USER_EXPORT_COLUMNS.map((c) => c.key).sort();
    for (const row of answer.body.rows) expect(Object.keys(row).sort()).toEqual(keys);
    const filtered = await call(server, 'users.export', { filter: { role_id: [3] }, sort: { field: 'name', order: 'ASC' } }, admin);
    expect(filtered.body.rows.every((r: { role_id: number }) => r.role_id === 3)).toBe(true);
  });
});

describe('entrepreneurs', () => {
  it('lists, filters (cpf by digits), reads and edits entrepreneurs', async () => {
    const list = await call(server, 'users.entrepreneurs', { limit: 50 }, operator);
    expect(list.status).toBe(200);
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE role_id = 2 AND deleted_at IS NULL');
    expect(n).toBeGreaterThan(20);
    expect(list.body.meta.totalItems).toBe(n);
    const someone = list.body.items[3];
    expect(someone.cpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    const byCpf = await call(server, 'users.entrepreneurs', { filter: { cpf: someone.cpf.replace(/\D/g, '') } }, operator);
    expect(byCpf.body.items.map((u: { id: number }) => u.id)).toEqual([someone.id]);
    expect((await call(server, 'users.entrepreneur', { id: someone.id }, operator)).body).toMatchObject(someone);
    expect((await call(server, 'users.entrepreneur', { id: ids.admin }, operator)).status).toBe(404);
    expect((await call(server, 'users.entrepreneur', { id: 99999 }, operator)).status).toBe(404);
    const edited = await call(server, 'users.updateEntrepreneur', { id: someone.id, name: 'Nome Corrigido', phone: '' }, operator);
    expect(edited.body).toMatchObject({ name: 'Nome Corrigido', phone: null, cpf: someone.cpf });
    const adminEdit = await call(server, 'users.updateAdminEntrepreneurs', { id: someone.id, active: false }, operator);
    expect(adminEdit.status).toBe(403);
    const deactivated = await call(server, 'users.updateAdminEntrepreneurs', { id: someone.id, active: false }, admin);
    expect(deactivated.body.active).toBe(false);
    const dup = await call(server, 'users.updateAdminEntrepreneurs', { id: someone.id, email: 'agente@demo.local' }, admin);
    expect(dup.status).toBe(409);
    const log = await logOf(someone.id);
    expect(log.map((l) => l.action)).toEqual(['entrepreneur.update', 'entrepreneur.admin-update']);
    expect(log[0].before?.name).toBe(someone.name);
    expect(log[0].after?.name).toBe('Nome Corrigido');
  });
});

describe('staff accounts', () => {
  it('reads one account; 404 for missing ones', async () => {
    expect((await call(server, 'users.byId', { id: ids.operator }, admin)).body).toMatchObject({ email: 'operador@demo.local', role_id: 5 });
    expect((await call(server, 'users.byId', { id: 99999 }, admin)).status).toBe(404);
  });

  it('creates accounts only of roles the creator manages, e-mailing a temporary password', async () => {
    const asAdmin = await call(server, 'users.createAdmin', { name: 'Novo Super', email: 'novosuper@demo.local', role_id: 3, active: true }, admin);
    expect(asAdmin.status).toBe(403);
    const user = await call(server, 'users.createAdmin', { name: 'Novo Usuário', email: 'novousuario@demo.local', role_id: 2 }, superadmin);
    expect(user.status).toBe(403);
    const created = await call(server, 'users.createAdmin', { name: 'Nova Agente', email: 'novaagente@demo.local', role_id: 4, active: true }, admin);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ role_id: 4, active: true, force_senha: true });
    expect(await codeFromOutbox(server, 'novaagente@demo.local', 'Senha temporária')).toMatch(/^[A-Za-z2-9]{10}$/);
    const dup = await call(server, 'users.createAdmin', { name: 'Outra', email: 'NOVAAGENTE@demo.local', role_id: 4 }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ message: 'Este e-mail já está em uso', field: 'email' });
    const log = await logOf(created.body.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'user.create', actor_id: ids.admin });
    expect(JSON.stringify(log)).not.toMatch(/password_hash|scrypt|Senha/);
  });

  it('concurrent creations with one e-mail yield exactly one account and 409 for the rest', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(server, 'users.createAdmin', { name: `Corrida ${i}`, email: 'corrida@demo.local', role_id: 5 }, i % 2 ? admin : superadmin),
      ),
    );
    const statuses = attempts.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const found = await call(server, 'users.admins', { filter: { email: 'corrida@demo.local' } }, admin);
    expect(found.body.meta.totalItems).toBe(1);
  });

  it('edits within the manageable roles, on both the current and the new role', async () => {
    const created = await call(server, 'users.createAdmin', { name: 'Editável', email: 'editavel@demo.local', role_id: 5 }, superadmin);
    const id = created.body.id as number;
    const base = { id, name: 'Editável Silva', email: 'editavel@demo.local', active: true, two_factor: false };
    const promote = await call(server, 'users.updateAdmin', { ...base, role_id: 3 }, admin);
    expect(promote.status).toBe(403);
    const ok = await call(server, 'users.updateAdmin', { ...base, role_id: 1 }, admin);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Editável Silva', role_id: 1, active: true });
    const superId = (await call(server, 'users.admins', { filter: { role_id: 3, email: 'superadmin' } }, admin)).body.items[0].id;
    const touchSuper = await call(server, 'users.updateAdmin', { id: superId, name: 'Sofia', email: 'superadmin@demo.local', role_id: 1, active: true }, admin);
    expect(touchSuper.status).toBe(403);
    const dup = await call(server, 'users.updateAdmin', { ...base, role_id: 1, email: 'agente@demo.local' }, admin);
    expect(dup.status).toBe(409);
    expect((await call(server, 'users.updateAdmin', { ...base, id: 99999, role_id: 1 }, admin)).status).toBe(404);
    const log = await logOf(id);
    expect(log.at(-1)).toMatchObject({ action: 'user.update', before: { role_id: 5 }, after: { role_id: 1, name: 'Editável Silva' } });
  });

  it('refuses self-demotion and self-deactivation with a clear 400', async () => {
    const base = { id: ids.admin, name: 'Arthur Admin', email: 'admin@demo.local', two_factor: false };
    const demote = await call(server, 'users.updateAdmin', { ...base, role_id: 5, active: true }, admin);
    expect(demote.status).toBe(400);
    expect(demote.body.message).toBe('Você não pode alterar o seu próprio perfil de acesso.');
    const off = await call(server, 'users.updateAdmin', { ...base, role_id: 1, active: false }, admin);
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('Você não pode desativar a sua própria conta.');
    const status = await call(server, 'users.setStatus', { id: ids.admin, active: false }, admin);
    expect(status.status).toBe(400);
  });

  it('deactivation revokes the tokens; activation lets the account back in', async () => {
    const created = await call(server, 'users.createAdmin', { name: 'Desativável', email: 'desativavel@demo.local', role_id: 4, active: true }, admin);
    const temporary = await codeFromOutbox(server, 'desativavel@demo.local', 'Senha temporária');
    const first = await signIn(server, 'desativavel@demo.local', temporary);
    const token = (await call(server, 'users.newPassword', { newPassword: 'Agente123' }, first)).body.token;
    expect((await call(server, 'users.creditOperators', {}, token)).status).toBe(200);
    expect((await call(server, 'users.setStatus', { id: created.body.id, active: false }, admin)).status).toBe(200);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
    const ops = await call(server, 'users.creditOperators', {}, operator);
    expect(ops.body.some((u: { id: number }) => u.id === created.body.id)).toBe(false);
    expect((await call(server, 'users.setStatus', { id: created.body.id, active: true }, admin)).status).toBe(200);
    await signIn(server, 'desativavel@demo.local', 'Agente123');
    const actions = (await logOf(created.body.id)).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['user.deactivate', 'user.activate']));
  });

  it("refuses an administrator's reset of their own password, as removing or deactivating oneself: the profile's change is the way", async () => {
    const outboxBefore = (await server.outbox.list()).length;
    for (const [token, id] of [[admin, ids.admin], [superadmin, ids.superadmin]] as const) {
      const own = await call(server, 'users.resetPassword', { id }, token);
      expect(own.status).toBe(400);
      expect(own.body.message).toBe('Você não pode redefinir a sua própria senha: altere-a em Meu perfil › Alterar senha.');
      // Nothing happened: the session goes on, no temporary password was sent, the password still works.
      expect((await call(server, 'session.me', {}, token)).status).toBe(200);
    }
    expect((await server.outbox.list()).length).toBe(outboxBefore);
    expect((await call(server, 'session.login', { email: 'admin@demo.local', password: 'Senha123' })).body.force_senha).toBe(false);
  });

  it('reset password e-mails a temporary one, forces the change and ends sessions', async () => {
    const token = await signIn(server, 'agente@demo.local');
    const agentId = (await call(server, 'session.me', {}, token)).body.id;
    expect((await call(server, 'users.resetPassword', { id: agentId }, operator)).status).toBe(403);
    expect((await call(server, 'users.resetPassword', { id: agentId }, admin)).status).toBe(200);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
    expect((await call(server, 'session.login', { email: 'agente@demo.local', password: 'Senha123' })).status).toBe(401);
    const temporary = await codeFromOutbox(server, 'agente@demo.local', 'Senha temporária');
    const login = await call(server, 'session.login', { email: 'agente@demo.local', password: temporary });
    expect(login.body.force_senha).toBe(true);
    expect((await call(server, 'users.resetPassword', { id: 99999 }, admin)).status).toBe(404);
  });

  it('credit operators and list-actives list active accounts only', async () => {
    const agents = await call(server, 'users.creditOperators', {}, operator);
    expect(agents.status).toBe(200);
    expect(agents.body.length).toBeGreaterThan(0);
    for (const a of agents.body) expect(Object.keys(a).sort()).toEqual(['email', 'id', 'name']);
    const actives = await call(server, 'users.listActives', {}, operator);
    const allActive = await call(server, 'users.admins', { filter: { active: true }, limit: 100 }, admin);
    expect(actives.body.map((u: { id: number }) => u.id).sort()).toEqual(allActive.body.items.map((u: { id: number }) => u.id).sort());
  });

  it('profile update edits only the own record', async () => {
    const token = await signIn(server, 'operador@demo.local');
    const answer = await call(server, 'profiles.update', { name: 'Olga Operadora Souza', email: 'operador@demo.local', two_factor: false }, token);
    expect(answer.body).toMatchObject({ id: ids.operator, name: 'Olga Operadora Souza', role_id: 5 });
    // Changing the e-mail asks for the current password (so a stolen session cannot take the account); with it, a taken e-mail is still a conflict.
    const dup = await call(server, 'profiles.update', { name: 'Olga', email: 'admin@demo.local', two_factor: false, currentPassword: 'Senha123' }, token);
    expect(dup.status).toBe(409);
    const bad = await call(server, 'profiles.update', { name: 'O', email: 'operador@demo.local', two_factor: false }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('name');
  });
});

describe('delete and LGPD erase', () => {
  it('soft delete hides the account, frees its e-mail and revokes its tokens', async () => {
    const created = await call(server, 'users.createAdmin', { name: 'Removível', email: 'removivel@demo.local', role_id: 5, active: true }, admin);
    const temporary = await codeFromOutbox(server, 'removivel@demo.local', 'Senha temporária');
    const token = await signIn(server, 'removivel@demo.local', temporary);
    expect((await call(server, 'users.delete', { id: created.body.id }, operator)).status).toBe(403);
    expect((await call(server, 'users.delete', { id: ids.admin }, admin)).status).toBe(400);
    expect((await call(server, 'users.delete', { id: created.body.id }, admin)).status).toBe(200);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
    expect((await call(server, 'users.byId', { id: created.body.id }, admin)).status).toBe(404);
    expect((await call(server, 'users.delete', { id: created.body.id }, admin)).status).toBe(404);
    const again = await call(server, 'users.createAdmin', { name: 'Reaproveitado', email: 'removivel@demo.local', role_id: 5 }, admin);
    expect(again.status).toBe(200);
  });

  it('erase anonymises personal data, scrubs the log, removes uploads and is idempotent', async () => {
    const list = await call(server, 'users.entrepreneurs', { filter: { email: 'cliente7.' } }, admin);
    const target = list.body.items[0];
    await call(server, 'users.updateEntrepreneur', { id: target.id, phone: '(21) 99999-0000' }, admin);
    const erased = await call(server, 'users.erase', { id: target.id }, admin);
    expect(erased.body).toEqual({ erased: true, alreadyErased: false });
    const [row] = await server.database.rows<Record<string, unknown>>('SELECT name, email, cpf, phone, active, deleted_at, anonymised_at FROM users WHERE id = $1', [target.id]);
    expect(row).toMatchObject({ cpf: null, phone: null, active: false });
    expect(row.name).not.toBe(target.name);
    expect(row.email).not.toBe(target.email);
    expect(row.anonymised_at).not.toBeNull();
    const log = JSON.stringify(await logOf(target.id));
    expect(log).not.toContain(target.email);
    expect(log).not.toContain(target.name);
    expect(log).not.toContain('99999-0000');
    expect(log).toContain('user.erase');
    expect((await call(server, 'users.erase', { id: target.id }, admin)).body).toEqual({ erased: true, alreadyErased: true });
    expect((await call(server, 'users.erase', { id: 99999 }, admin)).status).toBe(404);
    const adminId = (await call(server, 'users.admins', { filter: { role_id: 3 } }, admin)).body.items[0].id;
    expect((await call(server, 'users.erase', { id: adminId }, admin)).status).toBe(403);
  });
});
