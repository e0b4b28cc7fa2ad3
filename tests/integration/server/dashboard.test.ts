/**
 * Dashboard (the spec's call GET /home/all?year, default year 2020 per its business constants; design in
 * shared/contract/dashboard.ts): figures computed by hand for solicitations
 * inserted in 2017–2018 (years the demo seed never reaches), months of the
 * Brazilian calendar at the edges (a Jan 31 night in Brazil is Feb 1 in UTC),
 * deleted rows left out, the default-year rule, bad input and the
 * AllPanelUsers matrix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let userId: number;

interface Fixture {
  created: string;
  value: string;
  status: string;
  history?: Array<[to: string, at: string]>;
  deleted?: boolean;
}

async function insert(f: Fixture): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    `INSERT INTO solicitations (user_id, status, type_credit, name, email, lending_value, lending_plots_to_pay, created_at, status_changed_at, deleted_at)
     VALUES ($1, $2, 'PF', 'Fixture', 'fixture@example.com', $3::numeric, 12, $4::timestamptz, $4::timestamptz, $5::timestamptz) RETURNING id`,
    [userId, f.status, f.value, f.created, f.deleted ? f.created : null],
  );
  let from = 'pending';
  for (const [to, at] of f.history ?? []) {
    await server.database.rows(
      'INSERT INTO solicitation_status_history (solicitation_id, from_status, to_status, created_at) VALUES ($1, $2, $3, $4::timestamptz)',
      [row.id, from, to, at],
    );
    from = to;
  }
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
  [{ id: userId }] = await server.database.rows<{ id: number }>('SELECT id FROM users WHERE role_id = 2 ORDER BY id LIMIT 1');
  // 2018, by hand (months in Brazil: summer time, UTC-2, in January and December 2018):
  // A Jan, 1000.00, approved in Feb
  await insert({ created: '2018-01-15T12:00:00Z', value: '1000.00', status: 'approved', history: [['in_review', '2018-01-20T12:00:00Z'], ['approved', '2018-02-10T12:00:00Z']] });
  // B Jan 31 23:30 in Brazil (Feb 1 in UTC), 2500.50, refused
  await insert({ created: '2018-01-31T23:30:00-02:00', value: '2500.50', status: 'refused', history: [['in_review', '2018-02-02T12:00:00Z'], ['refused', '2018-02-05T12:00:00Z']] });
  // C Mar, 333.33, approved Dec 31 23:00 in Brazil (Jan 1 2019 in UTC), contracted later
  await insert({ created: '2018-03-05T12:00:00Z', value: '333.33', status: 'contracted', history: [['in_review', '2018-03-06T12:00:00Z'], ['approved', '2018-12-31T23:00:00-02:00'], ['contracted', '2019-01-10T12:00:00Z']] });
  // D received Dec 2017, approved Mar 2018: approved in 2018, not received in it
  await insert({ created: '2017-12-20T12:00:00Z', value: '4000.00', status: 'approved', history: [['in_review', '2018-01-05T12:00:00Z'], ['approved', '2018-03-01T12:00:00Z']] });
  // E Jun, 750.00, still pending
  await insert({ created: '2018-06-01T12:00:00Z', value: '750.00', status: 'pending' });
  // F deleted: left out everywhere
  await insert({ created: '2018-06-02T12:00:00Z', value: '9999.99', status: 'approved', deleted: true, history: [['in_review', '2018-06-03T12:00:00Z'], ['approved', '2018-06-04T12:00:00Z']] });
  // G Jul, 1200.00, approved in Jul then cancelled
  await insert({ created: '2018-07-10T12:00:00Z', value: '1200.00', status: 'cancelled', history: [['in_review', '2018-07-11T12:00:00Z'], ['approved', '2018-07-20T12:00:00Z'], ['cancelled', '2018-08-01T12:00:00Z']] });
});
afterAll(() => server?.close());

const zeroMonth = (month: number) => ({ month, received: 0, approved: 0, requestedValue: '0.00', approvedValue: '0.00' });

describe('figures of a year', () => {
  it('2018, computed by hand', async () => {
    const answer = await call(server, 'home.all', { year: 2018 }, tokens.agent);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.year).toBe(2018);
    expect(body.defaulted).toBe(false);
    expect(body.totals).toEqual({
      received: 5,
      byStatus: { pending: 1, in_review: 0, documents_requested: 0, approved: 1, refused: 1, cancelled: 1, contracted: 1 },
      requestedValue: '5783.83',
      approved: 4,
      approvedValue: '6533.33',
      // A, C and G of the five received were approved
      conversionRate: '60.00',
      // 6533.33 / 4 = 1633.3325
      averageTicket: '1633.33',
    });
    const months = Array.from({ length: 12 }, (_, i) => zeroMonth(i + 1));
    months[0] = { month: 1, received: 2, approved: 0, requestedValue: '3500.50', approvedValue: '0.00' };
    months[1] = { month: 2, received: 0, approved: 1, requestedValue: '0.00', approvedValue: '1000.00' };
    months[2] = { month: 3, received: 1, approved: 1, requestedValue: '333.33', approvedValue: '4000.00' };
    months[5] = { month: 6, received: 1, approved: 0, requestedValue: '750.00', approvedValue: '0.00' };
    months[6] = { month: 7, received: 1, approved: 1, requestedValue: '1200.00', approvedValue: '1200.00' };
    months[11] = { month: 12, received: 0, approved: 1, requestedValue: '0.00', approvedValue: '333.33' };
    expect(body.months).toEqual(months);
  });

  it('2017 has one received and nothing approved; years with data include 2017 and 2018, not 2019', async () => {
    const answer = await call(server, 'home.all', { year: 2017 }, tokens.operator);
    expect(answer.body.totals).toMatchObject({ received: 1, requestedValue: '4000.00', approved: 0, approvedValue: '0.00', conversionRate: '100.00', averageTicket: null });
    expect(answer.body.months[11]).toEqual({ month: 12, received: 1, approved: 0, requestedValue: '4000.00', approvedValue: '0.00' });
    expect(answer.body.years).toEqual(expect.arrayContaining([2018, 2017]));
    expect(answer.body.years).not.toContain(2019);
    expect([...answer.body.years].sort((a: number, b: number) => b - a)).toEqual(answer.body.years);
  });

  it('a year without data answers zeros and null ratios', async () => {
    const answer = await call(server, 'home.all', { year: 2005 }, tokens.admin);
    expect(answer.status).toBe(200);
    expect(answer.body.totals).toMatchObject({ received: 0, requestedValue: '0.00', approved: 0, approvedValue: '0.00', conversionRate: null, averageTicket: null });
    expect(answer.body.months).toEqual(Array.from({ length: 12 }, (_, i) => zeroMonth(i + 1)));
  });
});

describe('default year', () => {
  it('is the current year (UTC) while 2020 has no data, and 2020 once it has', async () => {
    const before = new Date().getUTCFullYear();
    const first = await call(server, 'home.all', {}, tokens.admin);
    const after = new Date().getUTCFullYear();
    expect(first.status).toBe(200);
    expect(first.body.defaulted).toBe(true);
    expect([before, after]).toContain(first.body.year);
    expect(first.body.years).not.toContain(2020);

    await insert({ created: '2020-05-05T12:00:00Z', value: '100.00', status: 'pending' });
    const second = await call(server, 'home.all', {}, tokens.admin);
    expect(second.body).toMatchObject({ year: 2020, defaulted: true });
    expect(second.body.totals.received).toBe(1);
    expect(second.body.years).toContain(2020);
  });
});

describe('bad input', () => {
  it('refuses a year that is not a four-digit year in 2000–2100, naming the field', async () => {
    for (const query of ['year=1999', 'year=2101', 'year=abc', 'year=2020.5', 'year=02020', 'year=-2020']) {
      const answer = await raw(server, 'home.all', { query, token: tokens.admin });
      expect(answer.status, query).toBe(400);
      expect(answer.body.field, query).toBe('year');
    }
  });
});

describe('authorization (AllPanelUsers)', () => {
  it('super admin, admin, operator and agent pass; user 403; no token 401', async () => {
    const expected: Record<DemoRole, number> = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
    for (const role of Object.keys(expected) as DemoRole[]) {
      expect((await call(server, 'home.all', { year: 2018 }, tokens[role])).status, role).toBe(expected[role]);
    }
    expect((await call(server, 'home.all', { year: 2018 })).status).toBe(401);
  });
});

/**
 * The per-month figures the dashboard reads are kept by triggers (migration
 * 0014) in the same transaction as each write. After every kind of write —
 * rows created one by one and in bulk, the status workflow through the API,
 * the soft delete, the LGPD erase of an applicant, and direct SQL that changes
 * a value, moves or removes an approval, or hard-deletes a solicitation — they
 * must equal a recount from the rows themselves.
 */
describe('per-month figures kept with the rows', () => {
  const RECOUNT = `
    WITH received AS (
      SELECT date_trunc('month', s.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS month, s.status,
             EXISTS (SELECT 1 FROM solicitation_status_history h WHERE h.solicitation_id = s.id AND h.to_status = 'approved') AS converted,
             count(*)::int AS n, sum(s.lending_value)::numeric(16, 2)::text AS value
      FROM solicitations s WHERE s.deleted_at IS NULL GROUP BY 1, 2, 3
    ), firsts AS (
      SELECT solicitation_id, date_trunc('month', min(created_at) AT TIME ZONE 'America/Sao_Paulo')::date AS month
      FROM solicitation_status_history WHERE to_status = 'approved'
      GROUP BY solicitation_id, extract(year FROM created_at AT TIME ZONE 'America/Sao_Paulo')
    ), approved AS (
      SELECT f.month, count(*)::int AS n, sum(s.lending_value)::numeric(16, 2)::text AS value
      FROM firsts f JOIN solicitations s ON s.id = f.solicitation_id AND s.deleted_at IS NULL GROUP BY 1
    )
    SELECT 'received' AS kind, month::text, status, converted, n, value FROM received
    UNION ALL
    SELECT 'approved', month::text, NULL, NULL, n, value FROM approved
    ORDER BY 1, 2, 3, 4`;
  const KEPT = `
    SELECT 'received' AS kind, month::text, status, converted, n, value::numeric(16, 2)::text AS value FROM dashboard_received WHERE n <> 0 OR value <> 0
    UNION ALL
    SELECT 'approved', month::text, NULL, NULL, n, value::numeric(16, 2)::text FROM dashboard_approved WHERE n <> 0 OR value <> 0
    ORDER BY 1, 2, 3, 4`;

  async function expectRecount(step: string): Promise<void> {
    const [recount, kept] = [await server.database.rows(RECOUNT), await server.database.rows(KEPT)];
    expect(recount.length, step).toBeGreaterThan(0);
    expect(kept, step).toEqual(recount);
  }

  async function status(id: number, to: string, mode: 'solicitations.setStatus' | 'solicitations.setStatusOnly' = 'solicitations.setStatus') {
    const answer = await call(server, mode, { id, status: to, reason: 'motivo do teste', ...(mode === 'solicitations.setStatus' ? { notify: false } : {}) }, tokens.operator);
    expect(answer.status, `${id} → ${to}: ${JSON.stringify(answer.body)}`).toBe(200);
  }

  async function fresh(value: string): Promise<number> {
    const [row] = await server.database.rows<{ id: number }>(
      `INSERT INTO solicitations (user_id, type_credit, name, email, lending_value, lending_plots_to_pay) VALUES ($1, 'PJ', 'Agregada', 'agregada@example.com', $2::numeric, 12) RETURNING id`,
      [userId, value],
    );
    return row.id;
  }

  it('start equal: the seed and the fixtures were counted as they were written', async () => {
    await expectRecount('after the seed and the fixtures');
  });

  it('stay equal through creation, the workflow, deletes, an erase and direct SQL', async () => {
    const a = await fresh('1000.00');
    const b = await fresh('2000.10');
    const c = await fresh('333.33');
    // Several rows in one statement.
    await server.database.rows(
      `INSERT INTO solicitations (user_id, status, type_credit, name, email, lending_value, lending_plots_to_pay, created_at)
       SELECT $1, (ARRAY['pending','in_review','approved'])[1 + g % 3], 'PF', 'Lote ' || g, 'lote@example.com', 100 + g, 6, now() - g * interval '20 days'
       FROM generate_series(1, 30) g`,
      [userId],
    );
    await expectRecount('created');

    await status(a, 'in_review');
    await status(a, 'approved');
    await status(b, 'documents_requested');
    await status(b, 'in_review', 'solicitations.setStatusOnly');
    await status(b, 'approved', 'solicitations.setStatusOnly');
    await status(b, 'cancelled');
    await status(c, 'refused');
    await expectRecount('workflow');

    expect((await call(server, 'solicitations.delete', { id: a }, tokens.admin)).status).toBe(200);
    await expectRecount('soft delete of an approved one');

    const [applicant] = await server.database.rows<{ user_id: number }>(
      `SELECT s.user_id FROM solicitations s JOIN users u ON u.id = s.user_id
        WHERE s.user_id <> $1 AND s.deleted_at IS NULL AND u.anonymised_at IS NULL AND u.role_id = 2
        GROUP BY s.user_id ORDER BY count(*) DESC, s.user_id LIMIT 1`,
      [userId],
    );
    const erased = await call(server, 'users.erase', { id: applicant.user_id }, tokens.superadmin);
    expect(erased.status).toBe(200);
    await expectRecount('LGPD erase of an applicant');

    // Direct SQL: a value changed, an approval moved to another year, another removed, two approvals of one
    // solicitation written in one statement, a hard delete whose history goes by cascade, a deleted one restored.
    await server.database.rows(`UPDATE solicitations SET lending_value = lending_value + 10 WHERE id = ANY($1::int[])`, [[b, c]]);
    await server.database.rows(
      `UPDATE solicitation_status_history SET created_at = created_at - interval '400 days'
        WHERE id = (SELECT max(id) FROM solicitation_status_history WHERE to_status = 'approved' AND solicitation_id = $1)`,
      [b],
    );
    await server.database.rows(
      `DELETE FROM solicitation_status_history
        WHERE id = (SELECT min(h.id) FROM solicitation_status_history h JOIN solicitations s ON s.id = h.solicitation_id
                     WHERE h.to_status = 'approved' AND s.deleted_at IS NULL AND s.id <> $1)`,
      [b],
    );
    const d = await fresh('55.55');
    await server.database.rows(
      `INSERT INTO solicitation_status_history (solicitation_id, from_status, to_status, created_at)
       VALUES ($1, 'in_review', 'approved', now() - interval '1 day'), ($1, 'approved', 'approved', now())`,
      [d],
    );
    await expectRecount('direct SQL on values and approvals');
    await server.owner.rows('DELETE FROM solicitations WHERE id = $1', [d]);
    await server.database.rows('UPDATE solicitations SET deleted_at = NULL WHERE id = $1', [a]);
    await expectRecount('hard delete and a restored one');
  });

  it('stay equal when status changes run at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => fresh(`${100 + i}.00`)));
    await Promise.all(ids.map((id) => status(id, 'in_review')));
    await Promise.all(ids.map((id, i) => status(id, i % 2 ? 'approved' : 'refused')));
    await expectRecount('concurrent changes');
    const thisYear = await call(server, 'home.all', { year: new Date().getUTCFullYear() }, tokens.admin);
    expect(thisYear.status).toBe(200);
  });
});
