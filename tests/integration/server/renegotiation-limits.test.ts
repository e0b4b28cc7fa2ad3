/**
 * The renegotiation limits per role changed from the company's parameters (PGlite and PostgreSQL): who may read, ask
 * and decide (the matrix); a discount above the role's limit refused in Portuguese saying the limit; a change asked
 * by one administrator applying only when another approves it, at once for the next simulation, logged per role with
 * before and after; the asker may not approve (403 four eyes) but may withdraw; one change at a time; a change made
 * against limits that moved since is cancelled; the input refused on its field (percent 0–100, money, the roles).
 *
 * One operation of twelve (Price, 2% a month) released 2026-01-15; the business date 2026-05-20 (four overdue).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId = 0;
let overdue: number[] = [];

type Row = Record<string, any>;
const COMPANY = 1;
const OPERATOR = 5;

const limits = async (token = tokens.admin) => {
  const answer = await call(server, 'renegotiation.limits', { id: COMPANY }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Row;
};
const ask = (roles: unknown[], token = tokens.admin) => call(server, 'renegotiation.updateLimits', { company_id: COMPANY, roles }, token);
const decide = (token: string, approve: boolean, reason?: string) => call(server, 'renegotiation.decideLimits', { id: COMPANY, approve, ...(reason === undefined ? {} : { reason }) }, token);
const operatorLimit = (body: Row) => body.roles.find((r: Row) => r.role_id === OPERATOR);

function conditions(percent: string) {
  return {
    borrower_id: borrowerId,
    installment_ids: overdue,
    late_charges_discount_percent: percent,
    interest_discount_percent: '0',
    down_payment: '0.00',
    amortization: 'price',
    monthly_rate: '1.50',
    term: 10,
    first_due_date: '2026-06-20',
    finance_iof: true,
  };
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Lia Limites Teste', '529.982.247-25');
  await disbursedOperation(server, tokens, borrowerId);
  server.clock.set('2026-05-20');
  const listed = await call(server, 'renegotiation.installments', { id: borrowerId }, tokens.operator);
  overdue = (listed.body.items as Row[]).filter((i) => i.overdue).map((i) => i.installment_id);
  expect(overdue).toHaveLength(4);
});
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix(
    [
      ['renegotiation.limits', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
      ['renegotiation.updateLimits', { company_id: 999999, roles: [{ role_id: OPERATOR, max_discount_percent: '10', alone_up_to: '0.00' }] }, { superadmin: 404, admin: 404, operator: 403, agent: 403, user: 403 }],
      ['renegotiation.decideLimits', { id: 999999, approve: true }, { superadmin: 409, admin: 409, operator: 403, agent: 403, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
});

describe('the limits per role', () => {
  it('read: every panel role with its limits (the migration defaults), no change waiting', async () => {
    const body = await limits(tokens.agent);
    expect(body.roles.map((r: Row) => [r.role_id, r.max_discount_percent, r.alone_up_to])).toEqual([
      [3, '100.00', '20000.00'],
      [1, '80.00', '5000.00'],
      [5, '50.00', '1000.00'],
      [4, '20.00', '0.00'],
    ]);
    expect(body.pending_change).toBeNull();
  });

  it("a discount above the role's limit is refused in Portuguese, saying the limit", async () => {
    const answer = await call(server, 'renegotiation.simulate', conditions('60'), tokens.operator);
    expect(answer.status).toBe(409);
    expect(answer.body.field).toBe('late_charges_discount_percent');
    expect(answer.body.message).toContain('O desconto passa do limite do seu perfil (50.00%)');
  });

  it('the input is refused on its field: percent above 100, money with three places, a role that does not renegotiate, nothing changed', async () => {
    expect((await ask([{ role_id: OPERATOR, max_discount_percent: '100.01', alone_up_to: '0.00' }])).status).toBe(400);
    expect((await ask([{ role_id: OPERATOR, max_discount_percent: '-1', alone_up_to: '0.00' }])).status).toBe(400);
    expect((await ask([{ role_id: OPERATOR, max_discount_percent: '10', alone_up_to: '1.001' }])).status).toBe(400);
    const user = await ask([{ role_id: 2, max_discount_percent: '10', alone_up_to: '0.00' }]);
    expect([user.status, user.body.field]).toEqual([400, 'roles']);
    const same = await ask([{ role_id: OPERATOR, max_discount_percent: '50', alone_up_to: '1000' }]);
    expect([same.status, same.body.message]).toEqual([400, 'Nenhum limite foi alterado.']);
  });

  it('asked by one administrator it waits: nothing changes, a second ask is 409, the asker may not approve (403 four eyes)', async () => {
    const asked = await ask([{ role_id: OPERATOR, max_discount_percent: '70', alone_up_to: '1500.00' }]);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(operatorLimit(asked.body).max_discount_percent).toBe('50.00');
    expect(asked.body.pending_change.changed).toEqual([OPERATOR]);
    expect(asked.body.pending_change.asked_by_you).toBe(true);
    expect(operatorLimit({ roles: asked.body.pending_change.proposed })).toEqual({ role_id: OPERATOR, max_discount_percent: '70.00', alone_up_to: '1500.00' });
    expect((await ask([{ role_id: OPERATOR, max_discount_percent: '60', alone_up_to: '0.00' }], tokens.superadmin)).status).toBe(409);
    const own = await decide(tokens.admin, true);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Você pediu esta alteração dos limites de renegociação: a aprovação cabe a outra pessoa (regra dos quatro olhos).');
    expect((await call(server, 'renegotiation.simulate', conditions('60'), tokens.operator)).status).toBe(409);
    const inbox = await call(server, 'approvals.inbox', {}, tokens.superadmin);
    expect(inbox.status).toBe(200);
    expect((inbox.body.items as Row[]).some((r) => r.kind === 'renegotiation.limits' && r.can_check)).toBe(true);
  });

  it('approved by another administrator it applies at once: the operator simulates 60%, the screen shows 70%, the log has before and after', async () => {
    const approved = await decide(tokens.superadmin, true);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.pending_change).toBeNull();
    expect(operatorLimit(approved.body)).toEqual({ role_id: OPERATOR, max_discount_percent: '70.00', alone_up_to: '1500.00' });
    expect((await call(server, 'renegotiation.simulate', conditions('60'), tokens.operator)).status).toBe(200);
    const listed = await call(server, 'renegotiation.installments', { id: borrowerId }, tokens.operator);
    expect([listed.body.max_discount_percent, listed.body.alone_up_to]).toEqual(['70.00', '1500.00']);
    const above = await call(server, 'renegotiation.simulate', conditions('75'), tokens.operator);
    expect(above.body.message).toContain('(70.00%)');
    const [log] = await server.database.rows<Row>("SELECT before, after FROM activity_log WHERE action = 'renegotiation.limits' ORDER BY id DESC LIMIT 1");
    expect(log.before).toMatchObject({ role_id: OPERATOR, max_discount_percent: '50.0000', alone_up_to: '1000.00' });
    expect(log.after).toMatchObject({ role_id: OPERATOR, max_discount_percent: '70.0000', alone_up_to: '1500.00' });
    expect((await decide(tokens.superadmin, true)).status).toBe(409);
  });

  it('refused (a reason required) or withdrawn by the asker, nothing changes', async () => {
    expect((await ask([{ role_id: 4, max_discount_percent: '25', alone_up_to: '0' }])).status).toBe(200);
    expect((await decide(tokens.superadmin, false)).status).toBe(400);
    expect((await decide(tokens.superadmin, false, 'limite alto demais')).status).toBe(200);
    expect((await ask([{ role_id: 4, max_discount_percent: '25', alone_up_to: '0' }], tokens.superadmin)).status).toBe(200);
    expect((await decide(tokens.superadmin, false, 'desisto')).status).toBe(200);
    expect((await limits()).roles.find((r: Row) => r.role_id === 4).max_discount_percent).toBe('20.00');
  });

  it('a change asked against limits that moved since is cancelled on approval (409), nothing applied', async () => {
    expect((await ask([{ role_id: 4, max_discount_percent: '30', alone_up_to: '0' }])).status).toBe(200);
    await server.database.rows(`UPDATE renegotiation_limits SET max_discount_percent = 22 WHERE company_id = ${COMPANY} AND role_id = 4`);
    const stale = await decide(tokens.superadmin, true);
    expect([stale.status, stale.body.message]).toEqual([409, 'Os limites de renegociação mudaram desde o pedido: ele foi cancelado; peça de novo.']);
    const body = await limits();
    expect(body.pending_change).toBeNull();
    expect(body.roles.find((r: Row) => r.role_id === 4).max_discount_percent).toBe('22.00');
  });
});
