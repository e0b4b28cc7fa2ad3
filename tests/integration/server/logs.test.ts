/** The logs screens' calls: list filters/sort/paging with the capped count, detail with the changes, export, and who may call them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_COUNT_CAP, LOG_EXPORT_COLUMNS, LOG_SORTS, type OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signIn } from './client';

let server: TestServer;
let tokens: Record<'superadmin' | 'admin' | 'operator' | 'agent' | 'user', string>;
let adminId: number;
let createdId: number;

interface Item {
  id: number;
  created_at: string;
  action: string;
  entity: string;
  entity_id: number | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
  tokens = {
    superadmin: await signIn(server, 'superadmin@demo.local'),
    admin: await signIn(server, 'admin@demo.local'),
    operator: await signIn(server, 'operador@demo.local'),
    agent: await signIn(server, 'agente@demo.local'),
    user: await signIn(server, 'usuario@demo.local'),
  };
  adminId = (await call(server, 'session.me', {}, tokens.admin)).body.id;
  // Real mutations, so the log has entries a person made through the app.
  const created = await call(server, 'users.createAdmin', { name: 'Pessoa Logada', email: 'logada@demo.local', role_id: 5, active: true }, tokens.admin);
  createdId = created.body.id;
  await call(server, 'users.updateAdmin', { id: createdId, name: 'Pessoa Renomeada', email: 'logada@demo.local', role_id: 5, active: true, two_factor: false }, tokens.admin);
  await call(server, 'users.setStatus', { id: createdId, active: false }, tokens.superadmin);
});
afterAll(() => server?.close());

describe('logs list', () => {
  it('is newest first by default, with the actor and the spec meta', async () => {
    const answer = await call(server, 'logs.all', {}, tokens.admin);
    expect(answer.status).toBe(200);
    const items: Item[] = answer.body.items;
    expect(items[0]).toMatchObject({ action: 'user.deactivate', entity: 'user', entity_id: createdId, actor_email: 'superadmin@demo.local' });
    const times = items.map((i) => Date.parse(i.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(answer.body.meta).toMatchObject({ currentPage: 1, pageSize: 10 });
    expect(answer.body.capped).toBe(false);
  });

  it('filters by actor (e-mail fragment or id), action (exact or family), entity and period', async () => {
    const byEmail = await call(server, 'logs.all', { filter: { actor: 'admin@demo' }, limit: 100 }, tokens.admin);
    expect(byEmail.body.items.length).toBeGreaterThanOrEqual(2);
    // 'admin@demo' also matches superadmin@demo.local: both made entries above.
    expect(new Set(byEmail.body.items.map((i: Item) => i.actor_email))).toEqual(new Set(['admin@demo.local', 'superadmin@demo.local']));
    const byId = await call(server, 'logs.all', { filter: { actor: String(adminId) }, limit: 100 }, tokens.admin);
    expect(byId.body.items.every((i: Item) => i.actor_id === adminId)).toBe(true);
    expect(byId.body.items.map((i: Item) => i.action)).toEqual(expect.arrayContaining(['user.create', 'user.update']));
    const exact = await call(server, 'logs.all', { filter: { action: 'user.update' }, limit: 100 }, tokens.admin);
    expect(exact.body.items.every((i: Item) => i.action === 'user.update')).toBe(true);
    expect(exact.body.meta.totalItems).toBeGreaterThanOrEqual(1);
    const family = await call(server, 'logs.all', { filter: { action: 'user' }, limit: 100 }, tokens.admin);
    expect(family.body.items.every((i: Item) => i.action.startsWith('user.'))).toBe(true);
    expect(family.body.meta.totalItems).toBeGreaterThanOrEqual(3);
    const entity = await call(server, 'logs.all', { filter: { entity: 'nada-disso' } }, tokens.admin);
    expect(entity.body).toMatchObject({ items: [], meta: { totalItems: 0, totalPages: 1 } });
    const period = await call(server, 'logs.all', { filter: { from: '2000-01-01', to: '2000-12-31' } }, tokens.admin);
    expect(period.body.meta.totalItems).toBe(0);
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const recent = await call(server, 'logs.all', { filter: { from: '2000-01-01', to: future, entity: 'user', actor: String(adminId) } }, tokens.admin);
    expect(recent.body.meta.totalItems).toBe(byId.body.meta.totalItems);
  });

  it('sorts by every allowed field and refuses unknown filters, sorts and bad values with 400', async () => {
    for (const field of LOG_SORTS) {
      const answer = await call(server, 'logs.all', { sort: { field, order: 'ASC' }, limit: 100 }, tokens.admin);
      expect({ field, status: answer.status }).toEqual({ field, status: 200 });
    }
    const byAction = await call(server, 'logs.all', { sort: { field: 'action', order: 'ASC' }, limit: 100 }, tokens.admin);
    const actions = byAction.body.items.map((i: Item) => i.action);
    expect(actions).toEqual([...actions].sort());
    expect((await call(server, 'logs.all', { sort: { field: 'before', order: 'ASC' } }, tokens.admin)).body.field).toBe('sort');
    const unknown = await call(server, 'logs.all', { filter: { password: 'x' } }, tokens.admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('filter.password');
    const badDate = await call(server, 'logs.all', { filter: { from: 'ontem' } }, tokens.admin);
    expect(badDate.status).toBe(400);
    expect(badDate.body.field).toBe('filter.from');
  });

  it('counts exactly up to the cap, then says the count is capped', async () => {
    await server.database.rows(
      `INSERT INTO activity_log (actor_id, action, entity, entity_id, created_at)
       SELECT NULL, 'bench.fill', 'bench', g, now() - (g || ' seconds')::interval FROM generate_series(1, $1::int) g`,
      [LOG_COUNT_CAP + 5],
    );
    const capped = await call(server, 'logs.all', { filter: { entity: 'bench' } }, tokens.admin);
    expect(capped.body.meta.totalItems).toBe(LOG_COUNT_CAP);
    expect(capped.body.capped).toBe(true);
    const exact = await call(server, 'logs.all', { filter: { entity: 'bench' }, limit: 10 }, tokens.admin);
    expect(exact.body.items).toHaveLength(10);
    const under = await call(server, 'logs.all', { filter: { entity: 'user', actor: String(adminId) } }, tokens.admin);
    expect(under.body.capped).toBe(false);
    // The log is append-only (migration 0036): the filler stays, under its own entity the other tests never ask for.
  });
});

describe('log detail', () => {
  it('shows before and after with the changed fields flagged, never a password', async () => {
    const list = await call(server, 'logs.all', { filter: { action: 'user.update', actor: String(adminId) } }, tokens.admin);
    const entry = list.body.items.find((i: Item) => i.entity_id === createdId);
    const detail = await call(server, 'logs.byId', { id: entry.id }, tokens.admin);
    expect(detail.status).toBe(200);
    expect(detail.body.before.name).toBe('Pessoa Logada');
    expect(detail.body.after.name).toBe('Pessoa Renomeada');
    const name = detail.body.changes.find((c: { field: string }) => c.field === 'name');
    expect(name).toEqual({ field: 'name', before: 'Pessoa Logada', after: 'Pessoa Renomeada', changed: true });
    const email = detail.body.changes.find((c: { field: string }) => c.field === 'email');
    expect(email.changed).toBe(false);
    expect(JSON.stringify(detail.body)).not.toMatch(/password|hash/i);
    const created = await call(server, 'logs.all', { filter: { action: 'user.create', actor: String(adminId) } }, tokens.admin);
    const creation = await call(server, 'logs.byId', { id: created.body.items[0].id }, tokens.admin);
    expect(creation.body.before).toBeNull();
    expect(creation.body.changes.every((c: { changed: boolean; before?: unknown }) => c.changed && !('before' in c))).toBe(true);
    expect((await call(server, 'logs.byId', { id: 999999 }, tokens.admin)).status).toBe(404);
  });
});

describe('logs export', () => {
  it('answers every matching row with exactly the export columns, in the list order', async () => {
    const answer = await call(server, 'logs.export', { filter: { actor: String(adminId) }, sort: { field: 'created_at', order: 'ASC' } }, tokens.admin);
    expect(answer.status).toBe(200);
    const list = await call(server, 'logs.all', { filter: { actor: String(adminId) }, sort: { field: 'created_at', order: 'ASC' }, limit: 100 }, tokens.admin);
    expect(answer.body.rows.map((r: { id: number }) => r.id)).toEqual(list.body.items.map((i: Item) => i.id));
    expect(Object.keys(answer.body.rows[0])).toEqual(LOG_EXPORT_COLUMNS.map((c) => c.key));
    expect((await call(server, 'logs.export', { filter: { nope: 1 } }, tokens.admin)).status).toBe(400);
  });
});

describe('authorization matrix', () => {
  const cases: Array<[OperationName, () => unknown]> = [
    ['logs.all', () => ({})],
    ['logs.byId', () => ({ id: 1 })],
    ['logs.export', () => ({})],
  ];
  const expected = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 } as const;
  for (const [name, args] of cases) {
    it(`${name}: admins 200, operator/agent/user 403, no token 401`, async () => {
      for (const role of Object.keys(expected) as Array<keyof typeof expected>) {
        const answer = await call(server, name, args(), tokens[role]);
        expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
      }
      expect((await call(server, name, args())).status).toBe(401);
    });
  }
});
