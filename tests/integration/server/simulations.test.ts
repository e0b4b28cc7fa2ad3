/**
 * Simulations (the spec's validation rules and calls): the list with its filters (name, value range with
 * the spec's "only when not 0" rule, period), sorts and paging; one person's
 * simulations; the soft delete with its log entry; the export; and who may
 * call each of these (five roles and no token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATION_EXPORT_COLUMNS, type OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { insertEntrepreneur, insertSimulation } from '../../helpers/credit-fixtures';
import { call, raw, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let zelia: number;
let zuleica: number;
let solicitationId: number;
const ids: Record<string, number> = {};

/** Twelve simulations of two people no seed knows, on known days and values. */
const ROWS = [
  { who: 'zelia', key: 'z1', value: '1000.00', plots: 6, rate: '1.5000', inst: '175.53', day: '2025-01-10' },
  { who: 'zelia', key: 'z2', value: '2500.50', plots: 12, rate: '2.0000', inst: '236.45', day: '2025-01-20' },
  { who: 'zelia', key: 'z3', value: '5000.00', plots: 12, rate: '1.9900', inst: '472.40', day: '2025-02-01' },
  { who: 'zelia', key: 'z4', value: '7500.00', plots: 24, rate: '1.8000', inst: '389.48', day: '2025-02-15' },
  { who: 'zelia', key: 'z5', value: '10000.00', plots: 24, rate: '1.7000', inst: '509.13', day: '2025-03-01' },
  { who: 'zelia', key: 'z6', value: '12000.00', plots: 36, rate: '1.6000', inst: '421.33', day: '2025-03-31' },
  { who: 'zuleica', key: 'u1', value: '3000.00', plots: 6, rate: '2.5000', inst: '544.65', day: '2025-01-05' },
  { who: 'zuleica', key: 'u2', value: '4000.00', plots: 10, rate: '2.2000', inst: '448.01', day: '2025-02-10' },
  { who: 'zuleica', key: 'u3', value: '6000.00', plots: 12, rate: '2.1000', inst: '566.62', day: '2025-02-28' },
  { who: 'zuleica', key: 'u4', value: '8000.00', plots: 18, rate: '1.9000', inst: '531.92', day: '2025-03-15' },
  { who: 'zuleica', key: 'u5', value: '15000.00', plots: 48, rate: '1.5000', inst: '440.62', day: '2025-04-01' },
  { who: 'zuleica', key: 'u6', value: '20000.00', plots: 60, rate: '1.4000', inst: '465.37', day: '2025-04-30' },
] as const;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
  zelia = await insertEntrepreneur(server.database, { name: 'Alda Simulada Teixeira', email: 'zelia.simulada@teste.local', state: 'MG', city: 'Uberaba' });
  zuleica = await insertEntrepreneur(server.database, { name: 'Zuleica Simulada Prado', email: 'zuleica.simulada@teste.local' });
  const [s] = await server.database.rows<{ id: number }>(
    `INSERT INTO solicitations (user_id, type_credit, name, email, lending_value, lending_plots_to_pay) VALUES ($1, 'PF', 'Alda Simulada Teixeira', 'zelia.simulada@teste.local', 10000, 24) RETURNING id`,
    [zelia],
  );
  solicitationId = s.id;
  for (const r of ROWS) {
    ids[r.key] = await insertSimulation(server.database, {
      userId: r.who === 'zelia' ? zelia : zuleica,
      value: r.value,
      plots: r.plots,
      monthlyRate: r.rate,
      installment: r.inst,
      day: r.day,
      solicitationId: r.key === 'z5' ? solicitationId : null,
    });
  }
});
afterAll(() => server?.close());

const list = (args: Record<string, unknown>, token = tokens.agent) => call(server, 'simulations.all', args, token);
const keysOf = (items: Array<{ id: number }>) => items.map((i) => Object.entries(ids).find(([, id]) => id === i.id)?.[0]);
const mine = (filter: Record<string, unknown> = {}) => ({ name: 'Simulada', ...filter });

describe('list', () => {
  it('answers the rows with the person, money as decimal strings and the solicitation link; newest first by default', async () => {
    const answer = await list({ filter: mine(), limit: 20 });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toEqual({ currentPage: 1, totalPages: 1, totalItems: 12, pageSize: 20 });
    expect(keysOf(answer.body.items)).toEqual(['u6', 'u5', 'z6', 'u4', 'z5', 'u3', 'z4', 'u2', 'z3', 'z2', 'z1', 'u1']);
    const z5 = answer.body.items.find((i: { id: number }) => i.id === ids.z5);
    expect(z5).toMatchObject({ user_id: zelia, name: 'Alda Simulada Teixeira', solicitation_id: solicitationId, value: '10000.00', plots: 24, monthly_rate: '1.7000', installment: '509.13' });
    expect(answer.body.items.find((i: { id: number }) => i.id === ids.z1).solicitation_id).toBeNull();
  });

  it('pages: 5 per page, page 3 holds the last 2', async () => {
    const page3 = await list({ filter: mine(), limit: 5, page: 3 });
    expect(page3.body.meta).toEqual({ currentPage: 3, totalPages: 3, totalItems: 12, pageSize: 5 });
    expect(keysOf(page3.body.items)).toEqual(['z1', 'u1']);
  });

  it('filters by a fragment of the name, in any case', async () => {
    expect((await list({ filter: { name: 'zuleica simulada' } })).body.meta.totalItems).toBe(6);
    expect((await list({ filter: { name: 'Nobody Zzz' } })).body.items).toEqual([]);
  });

  it('filters by value range, both ends included; a zero bound is no bound (spec validation rule)', async () => {
    const range = await list({ filter: mine({ valueStart: '5000', valueEnd: '10000.00' }), limit: 20 });
    expect(keysOf(range.body.items).sort()).toEqual(['u3', 'u4', 'z3', 'z4', 'z5']);
    const from = await list({ filter: mine({ valueStart: '12000.00' }), limit: 20 });
    expect(keysOf(from.body.items).sort()).toEqual(['u5', 'u6', 'z6']);
    const cents = await list({ filter: mine({ valueEnd: '2500.5' }), limit: 20 });
    expect(keysOf(cents.body.items).sort()).toEqual(['z1', 'z2']);
    for (const zero of ['0', '0.00', 0]) {
      expect((await list({ filter: mine({ valueStart: zero, valueEnd: zero }) })).body.meta.totalItems).toBe(12);
    }
  });

  it('refuses an amount that is not one, naming the filter', async () => {
    for (const bad of ['abc', '1e3', '-5', '10.999', '1.234,56']) {
      const answer = await list({ filter: mine({ valueStart: bad }) });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.field).toBe('filter.valueStart');
    }
    expect((await list({ filter: mine({ valueEnd: 'x' }) })).body.field).toBe('filter.valueEnd');
  });

  it('filters by period: calendar days, both included', async () => {
    const feb = await list({ filter: mine({ from: '2025-02-01', to: '2025-02-28' }), limit: 20 });
    expect(keysOf(feb.body.items).sort()).toEqual(['u2', 'u3', 'z3', 'z4']);
    const since = await list({ filter: mine({ from: '2025-04-01' }) });
    expect(keysOf(since.body.items).sort()).toEqual(['u5', 'u6']);
    const bad = await list({ filter: mine({ from: '2025-02-30' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('filter.from');
  });

  it('sorts by value, plots, rate, installment and name; ties keep a stable order; unknown fields are refused', async () => {
    const asc = await list({ filter: mine(), sort: { field: 'value', order: 'ASC' }, limit: 20 });
    expect(keysOf(asc.body.items)).toEqual(['z1', 'z2', 'u1', 'u2', 'z3', 'u3', 'z4', 'u4', 'z5', 'z6', 'u5', 'u6']);
    const desc = await list({ filter: mine(), sort: { field: 'value', order: 'DESC' }, limit: 20 });
    expect(keysOf(desc.body.items)).toEqual([...keysOf(asc.body.items)].reverse());
    const byName = await list({ filter: mine(), sort: { field: 'name', order: 'ASC' }, limit: 20 });
    expect(keysOf(byName.body.items).slice(0, 6).sort()).toEqual(['z1', 'z2', 'z3', 'z4', 'z5', 'z6']);
    const rate = await list({ filter: mine(), sort: { field: 'monthly_rate', order: 'DESC' }, limit: 1 });
    expect(keysOf(rate.body.items)).toEqual(['u1']);
    const inst = await list({ filter: mine(), sort: { field: 'installment', order: 'ASC' }, limit: 1 });
    expect(keysOf(inst.body.items)).toEqual(['z1']);
    const plots = await list({ filter: mine(), sort: { field: 'plots', order: 'DESC' }, limit: 1 });
    expect(keysOf(plots.body.items)).toEqual(['u6']);
    const unknown = await list({ filter: mine(), sort: { field: 'user_id', order: 'ASC' } });
    expect(unknown.status).toBe(400);
    expect((await list({ filter: { cpf: '1' } })).body.field).toBe('filter.cpf');
  });
});

describe('by user', () => {
  it("answers one entrepreneur's simulations, newest first; 404 for staff and unknown ids", async () => {
    const answer = await call(server, 'simulations.byUser', { id: zuleica }, tokens.agent);
    expect(answer.status).toBe(200);
    expect(keysOf(answer.body)).toEqual(['u6', 'u5', 'u4', 'u3', 'u2', 'u1']);
    const staff = await server.database.rows<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@demo.local'`);
    expect((await call(server, 'simulations.byUser', { id: staff[0].id }, tokens.agent)).status).toBe(404);
    expect((await call(server, 'simulations.byUser', { id: 999999 }, tokens.agent)).status).toBe(404);
  });
});

describe('export', () => {
  it('answers every matching row with exactly the export columns, the list order and the zero rule', async () => {
    const answer = await call(server, 'simulations.export', { filter: mine({ valueStart: '0', valueEnd: '9000' }), sort: { field: 'value', order: 'DESC' } }, tokens.agent);
    expect(answer.status).toBe(200);
    const keys = SIMULATION_EXPORT_COLUMNS.map((c) => c.key).sort();
    for (const row of answer.body.rows) expect(Object.keys(row).sort()).toEqual(keys);
    expect(answer.body.rows.map((r: { value: string }) => r.value)).toEqual(['8000.00', '7500.00', '6000.00', '5000.00', '4000.00', '3000.00', '2500.50', '1000.00']);
    expect(answer.body.rows[0]).toMatchObject({ name: 'Zuleica Simulada Prado', plots: 18, monthly_rate: '1.9000', installment: '531.92', solicitation_id: null });
    expect((await call(server, 'simulations.export', { filter: mine({ valueEnd: 'muito' }) }, tokens.agent)).status).toBe(400);
  });
});

describe('delete', () => {
  it('an operator removes a simulation from the lists (kept in the table), logged; twice is a 404', async () => {
    const target = ids.z2;
    const removed = await call(server, 'simulations.delete', { id: target }, tokens.operator);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect((await list({ filter: mine() })).body.meta.totalItems).toBe(11);
    expect((await call(server, 'simulations.byUser', { id: zelia }, tokens.agent)).body.map((s: { id: number }) => s.id)).not.toContain(target);
    const [row] = await server.database.rows<{ deleted_at: Date | null }>('SELECT deleted_at FROM simulations WHERE id = $1', [target]);
    expect(row.deleted_at).not.toBeNull();
    const log = await server.database.rows<{ action: string; entity: string; before: Record<string, unknown> }>(
      `SELECT action, entity, before FROM activity_log WHERE entity = 'simulation' AND entity_id = $1`,
      [target],
    );
    expect(log).toEqual([{ action: 'simulation.delete', entity: 'simulation', before: expect.objectContaining({ user_id: zelia, value: '2500.50', plots: 12 }) }]);
    expect((await call(server, 'simulations.delete', { id: target }, tokens.operator)).status).toBe(404);
    expect((await call(server, 'simulations.delete', { id: 999999 }, tokens.operator)).status).toBe(404);
  });
});

describe('authorization (spec roles and permissions)', () => {
  const everyPanelRole: Record<DemoRole, number> = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
  const cases: Array<[OperationName, () => Record<string, unknown>, Record<DemoRole, number>]> = [
    ['simulations.all', () => ({ filter: mine() }), everyPanelRole],
    ['simulations.byUser', () => ({ id: zelia }), everyPanelRole],
    ['simulations.export', () => ({ filter: mine() }), everyPanelRole],
    // Agents consult simulations but do not remove them (see the contract).
    ['simulations.delete', () => ({ id: 999999 }), { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
  ];
  for (const [name, args, expected] of cases) {
    it(`${name}: the five roles and no token`, async () => {
      for (const role of Object.keys(expected) as DemoRole[]) {
        expect((await call(server, name, args(), tokens[role])).status, `${name} as ${role}`).toBe(expected[role]);
      }
      expect((await call(server, name, args())).status, `${name} without a token`).toBe(401);
    });
  }

  it('a real delete goes through for an administrator', async () => {
    expect((await call(server, 'simulations.delete', { id: ids.u1 }, tokens.admin)).status).toBe(200);
  });
});

describe('malformed input', () => {
  it('never a 500 for odd ids and filters', async () => {
    for (const id of ['0', '-1', 'abc', '2147483648', '1e3']) {
      expect((await raw(server, 'simulations.delete', { params: { id }, token: tokens.admin })).status).toBe(400);
      expect((await raw(server, 'simulations.byUser', { params: { id }, token: tokens.admin })).status).toBe(400);
    }
    expect((await raw(server, 'simulations.all', { query: 'filter[__proto__]=1', token: tokens.admin })).status).toBe(400);
    expect((await raw(server, 'simulations.all', { query: 'filter[valueStart]=1&filter[valueStart]=2', token: tokens.admin })).status).toBe(400);
  });
});
