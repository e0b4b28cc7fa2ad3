/**
 * Limits that need four eyes, over HTTP, each finding as the audit met it:
 * - one administrator raised reversal_approval_above, reversed alone and put it back: a change of the company's money
 *   parameters is now a request another administrator approves (stale, refused, withdrawn, nothing to change);
 * - splitting got under the limits (eight cessions of R$ 99, a payment reversed in two halves): the limits add up what
 *   one person moved on one operation within the company's window;
 * - servicing always asked for one check: above the company's higher limit (second_approval_above, counted the same
 *   way) a second check is needed, and it must be an administrator's;
 * and the authorization matrix of the calls that decide a change of the parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signIn, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertAssigneeAccount, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
/** A second operator (the demo has one): a person of AllOperators who is not an administrator. */
let operator2: string;
let accountId: number;
let borrowerId: number;

type Row = Record<string, any>;

const parameters = async (token = tokens.admin): Promise<Row> => (await call(server, 'company.parameters', { id: 1 }, token)).body;
/** The parameters as a PUT takes them (what the GET answers besides them left out). */
const values = async (): Promise<Row> => {
  const { updated_at: _u, pending_change: _p, ...rest } = await parameters();
  return rest;
};
const ask = async (patch: Row, token = tokens.admin) => call(server, 'company.updateParameters', { ...(await values()), ...patch }, token);
const decide = (token: string, approve: boolean, reason?: string) => call(server, 'company.decideParameters', { id: 1, approve, ...(reason === undefined ? {} : { reason }) }, token);
const setParameters = (sql: string) => server.database.rows(`UPDATE company_parameters SET ${sql} WHERE company_id = 1`);
const installments = (operationId: number) => operationInstallments<Row>(server, tokens.agent, operationId);

const pay = async (operationId: number, installmentId: number, amount: string, token = tokens.operator): Promise<number> => {
  const paid = await call(server, 'servicing.pay', { id: operationId, installment: installmentId, idempotency_key: key(), amount, paid_on: server.clock.today(), method: 'ted' }, token);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return (paid.body.transactions as Row[]).filter((t) => t.kind === 'payment').at(-1)!.id as number;
};
const reverse = (operationId: number, installmentId: number, paymentId: number, token = tokens.operator) =>
  call(server, 'servicing.reverse', { id: operationId, installment: installmentId, detailId: paymentId, idempotency_key: key(), reason: 'Pagamento lançado em duplicidade' }, token);
const decideReversal = (operationId: number, installmentId: number, paymentId: number, token: string) =>
  call(server, 'servicing.decideReversal', { id: operationId, installment: installmentId, detailId: paymentId, idempotency_key: key(), approve: true }, token);
const reversalRequest = async (paymentId: number): Promise<Row | undefined> =>
  (await server.database.rows<Row>("SELECT * FROM approval_requests WHERE kind = 'installment.reverse' AND entity_id = $1 ORDER BY id DESC LIMIT 1", [paymentId]))[0];
const standing = async (operationId: number, installmentId: number, paymentId: number): Promise<Row> => {
  const details = await call(server, 'servicing.installmentDetails', { id: operationId, installment: installmentId }, tokens.agent);
  expect(details.status, JSON.stringify(details.body)).toBe(200);
  return (details.body.transactions as Row[]).find((t) => t.id === paymentId)!;
};

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(
    "INSERT INTO users (name, email, password_hash, role_id, active, email_confirmed) SELECT 'Otávio Operador', 'operador2@demo.local', password_hash, role_id, true, true FROM users WHERE email = 'operador@demo.local'",
  );
  operator2 = await signIn(server, 'operador2@demo.local');
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Quitéria Quatro Olhos', '529.982.247-25');
  accountId = await insertAssigneeAccount(server, 'Fundo Quatro Olhos FIDC');
});
afterAll(() => server?.close());

describe('a change of the money parameters needs a second administrator', () => {
  it('raising the reversal limit waits for another administrator, so the reversal it would let through still waits', async () => {
    await setParameters('reversal_approval_above = 100');
    const opId = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-20');
    const first = (await installments(opId))[0];
    const payment = await pay(opId, first.id, '250.00');

    // The administrator raises the limit above the payment...
    const asked = await ask({ reversal_approval_above: '1000.00' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.reversal_approval_above).toBe('100.00');
    expect(asked.body.pending_change).toMatchObject({
      changed: ['reversal_approval_above'],
      asked_by_you: true,
      before: { reversal_approval_above: '100.00' },
      proposed: { reversal_approval_above: '1000.00' },
      request: { kind: 'company.parameters', status: 'pending', maker_name: 'Arthur Admin', can_check: false, next_check_roles: [3, 1] },
    });
    expect((await parameters()).reversal_approval_above).toBe('100.00');
    // ...reverses alone: the limit in force is still the old one, so the reversal waits for a second person...
    const reversed = await reverse(opId, first.id, payment, tokens.admin);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect((await standing(opId, first.id, payment)).reversal_request_id).toEqual(expect.any(Number));
    expect((await standing(opId, first.id, payment)).reversed_by).toBeNull();
    // ...and cannot approve their own change of the limit.
    const own = await decide(tokens.admin, true);
    expect({ status: own.status, code: own.body.code }).toEqual({ status: 403, code: 'four-eyes' });
    expect(own.body.message).toMatch(/pediu esta alteração dos parâmetros/);
    for (const role of ['operator', 'agent', 'user'] as const) expect((await decide(tokens[role], true)).status).toBe(403);

    // Another administrator sees it and approves it: only then it applies, logged with both people.
    const seen = await parameters(tokens.superadmin);
    expect(seen.pending_change).toMatchObject({ asked_by_you: false, request: { can_check: true } });
    const approved = await decide(tokens.superadmin, true, 'Conferido com a diretoria');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ reversal_approval_above: '1000.00', pending_change: null });
    const [log] = await server.database.rows<Row>(
      "SELECT l.actor_id, l.after, u.email FROM activity_log l JOIN users u ON u.id = l.actor_id WHERE l.action = 'company.parameters.update' ORDER BY l.id DESC LIMIT 1",
    );
    const [admin] = await server.database.rows<{ id: number }>("SELECT id FROM users WHERE email = 'admin@demo.local'");
    expect(log.email).toBe('superadmin@demo.local');
    expect(log.after).toMatchObject({ reversal_approval_above: '1000.00', maker_id: admin.id, approval_request_id: expect.any(Number), notes: 'Conferido com a diretoria' });
    expect((await decide(tokens.superadmin, true)).status).toBe(409);
    await setParameters('reversal_approval_above = 1000');
  });

  it('one change at a time; nothing to change is a 400; refused needs a reason; the one who asked may withdraw it', async () => {
    const nothing = await ask({});
    expect({ status: nothing.status, message: nothing.body.message }).toEqual({ status: 400, message: 'Nenhum parâmetro foi alterado: não há o que enviar para aprovação.' });
    const bad = await ask({ late_fee_percent: '2.5' });
    expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: 'late_fee_percent' });

    expect((await ask({ grace_days: 3, tac: '99.90' })).body.pending_change.changed).toEqual(['tac', 'grace_days']);
    const again = await ask({ grace_days: 4 }, tokens.superadmin);
    expect({ status: again.status, field: again.body.field }).toEqual({ status: 409, field: 'company_id' });
    const noReason = await decide(tokens.superadmin, false, '  ');
    expect({ status: noReason.status, field: noReason.body.field }).toEqual({ status: 400, field: 'reason' });
    const refused = await decide(tokens.superadmin, false, 'Tarifa acima da política comercial');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ grace_days: 0, tac: '0.00', pending_change: null });

    expect((await ask({ approval_window_days: 5 }, tokens.superadmin)).status).toBe(200);
    const withdrawn = await decide(tokens.superadmin, false, 'Pedido por engano');
    expect(withdrawn.status).toBe(200);
    const requests = await server.database.rows<Row>("SELECT status, reason FROM approval_requests WHERE kind = 'company.parameters' ORDER BY id DESC LIMIT 2");
    expect(requests).toEqual([
      { status: 'cancelled', reason: 'Pedido por engano' },
      { status: 'rejected', reason: 'Tarifa acima da política comercial' },
    ]);
    expect((await decide(tokens.admin, false, 'nada')).status).toBe(409);
    const window = await ask({ approval_window_days: 0 });
    expect({ status: window.status, field: window.body.field }).toEqual({ status: 400, field: 'approval_window_days' });
  });

  it('parameters changed after the request: approving cancels it with a 409 that says so, and nothing else changes', async () => {
    expect((await ask({ max_installments: 120 })).status).toBe(200);
    await setParameters('grace_days = 2');
    const stale = await decide(tokens.superadmin, true);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Os parâmetros mudaram depois que esta alteração foi pedida: ela foi cancelada e nada mudou. Confira os valores em vigor e peça a alteração de novo.',
    );
    expect(await parameters()).toMatchObject({ max_installments: 360, grace_days: 2, pending_change: null });
    const [request] = await server.database.rows<Row>("SELECT status FROM approval_requests WHERE kind = 'company.parameters' ORDER BY id DESC LIMIT 1");
    expect(request.status).toBe('cancelled');
    await setParameters('grace_days = 0');
  });
});

describe('splitting does not get under a limit: one person, one operation, one window', () => {
  it('eight cessions of R$ 99 under a limit of R$ 300: from the one that crosses it, they wait; the window is a parameter', async () => {
    await setParameters("cession_approval_above = 300, second_approval_above = 50000, approval_window_days = 1, cession_max_days_overdue = 360");
    const opId = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-01-20');
    const list = await installments(opId);
    const cede = (index: number, token = tokens.operator) =>
      call(server, 'cession.assign', { id: opId, idempotency_key: key(), assignment_account_id: accountId, installments: [list[index].id], date: server.clock.today(), price: '99.00' }, token);
    const statuses: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await cede(i);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      statuses.push(answer.body.status);
    }
    expect(statuses).toEqual(['effective', 'effective', 'effective', 'pending', 'pending', 'pending', 'pending', 'pending']);
    // What the quote says follows the same count: waits for this person, not for another.
    const quote = (token: string) => call(server, 'cession.quote', { installments: [list[8].id], date: server.clock.today(), price: '99.00' }, token);
    expect((await quote(tokens.operator)).body.needs_approval).toBe(true);
    expect((await quote(tokens.admin)).body.needs_approval).toBe(false);
    // Another person's cession on the same operation counts on its own.
    expect((await cede(8, tokens.admin)).body.status).toBe('effective');
    const pending = await server.database.rows<{ entity_id: number }>("SELECT entity_id FROM approval_requests WHERE kind = 'cession.assign' AND status = 'pending' ORDER BY id");
    expect(pending).toHaveLength(5);
    // The next business day starts a new window of one day...
    server.clock.set('2026-01-21');
    expect((await cede(9)).body.status).toBe('effective');
    // ...and a window of two days counts yesterday's too.
    await setParameters('approval_window_days = 2');
    expect((await cede(10)).body.status).toBe('pending');
    await setParameters('approval_window_days = 1, cession_approval_above = 50000');
  });

  it('a payment recorded as two halves is not reversed alone twice: the second waits; refused, it stops counting', async () => {
    await setParameters('reversal_approval_above = 150');
    const opId = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-20');
    const first = (await installments(opId))[0];
    const halves = [await pay(opId, first.id, '100.00'), await pay(opId, first.id, '100.00')];
    const small = await pay(opId, first.id, '40.00');
    // The dialog asks the same weighing first: the first half alone is under the limit, the second would cross it.
    const weigh = (paymentId: number, token = tokens.operator) =>
      call(server, 'servicing.reversalWeight', { id: opId, installment: first.id, detailId: paymentId }, token);
    expect((await weigh(halves[0])).body).toEqual({ needs_approval: false, amount: '100.00', window_total: '100.00', limit: '150.00' });
    expect((await reverse(opId, first.id, halves[0])).status).toBe(200);
    expect((await weigh(halves[1])).body).toEqual({ needs_approval: true, amount: '100.00', window_total: '200.00', limit: '150.00' });
    // Per person: another operator's weighing starts from nothing; nothing was recorded by asking it.
    expect((await weigh(halves[1], operator2)).body).toMatchObject({ needs_approval: false, window_total: '100.00' });
    // Who may ask it: those who may reverse.
    for (const [role, status] of [['agent', 403], ['user', 403], ['admin', 200]] as const) expect({ role, status: (await weigh(halves[1], tokens[role])).status }).toEqual({ role, status });
    expect((await call(server, 'servicing.reversalWeight', { id: opId, installment: first.id, detailId: halves[1] })).status).toBe(401);
    // A reversed payment is weighed no more: 409 as the reversal would answer.
    expect((await weigh(halves[0])).status).toBe(409);
    expect((await standing(opId, first.id, halves[0])).reversed_by).toEqual(expect.any(Number));
    expect((await reverse(opId, first.id, halves[1])).status).toBe(200);
    const second = await standing(opId, first.id, halves[1]);
    expect(second).toMatchObject({ reversed_by: null, reversal_request_id: expect.any(Number) });
    expect(await reversalRequest(halves[1])).toMatchObject({ amount: '100.00', limit_amount: '150.00', required_checks: 1, amounts: { window_total: '200.00' } });
    // Refused, it stops counting: R$ 100 + R$ 40 is under the limit, so the R$ 40 goes alone.
    const refused = await call(
      server,
      'servicing.decideReversal',
      { id: opId, installment: first.id, detailId: halves[1], idempotency_key: key(), approve: false, reason: 'Pagamento confirmado pelo banco' },
      operator2,
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect((await reverse(opId, first.id, small)).status).toBe(200);
    expect((await standing(opId, first.id, small)).reversed_by).toEqual(expect.any(Number));
    // Asked again, the second half waits (R$ 240 in the day); another operator approves it: posted.
    expect((await reverse(opId, first.id, halves[1])).status).toBe(200);
    expect(await reversalRequest(halves[1])).toMatchObject({ status: 'pending', amounts: { window_total: '240.00' } });
    expect((await decideReversal(opId, first.id, halves[1], operator2)).status).toBe(200);
    expect((await standing(opId, first.id, halves[1])).reversed_by).toEqual(expect.any(Number));
    await setParameters('reversal_approval_above = 1000');
  });
});

describe('above the company’s higher limit a second check is needed, and it is an administrator’s', () => {
  it('a reversal whose sum in the window passes second_approval_above: a first check leaves it waiting; an operator cannot give the second', async () => {
    const opId = await disbursedOperation(server, tokens, borrowerId);
    // (set after the operation is approved: credit approvals read the same higher limit)
    await setParameters('reversal_approval_above = 150, second_approval_above = 250');
    server.clock.set('2026-02-20');
    const first = (await installments(opId))[0];
    const payments = [await pay(opId, first.id, '90.00'), await pay(opId, first.id, '90.00'), await pay(opId, first.id, '90.00')];
    await reverse(opId, first.id, payments[0]);
    await reverse(opId, first.id, payments[1]);
    await reverse(opId, first.id, payments[2]);
    expect(await reversalRequest(payments[1])).toMatchObject({ required_checks: 1, limit_amount: '150.00' });
    expect(await reversalRequest(payments[2])).toMatchObject({ required_checks: 2, limit_amount: '250.00', amounts: { window_total: '270.00' } });

    const firstCheck = await decideReversal(opId, first.id, payments[2], tokens.admin);
    expect(firstCheck.status, JSON.stringify(firstCheck.body)).toBe(200);
    expect(await standing(opId, first.id, payments[2])).toMatchObject({ reversed_by: null, reversal_request_id: expect.any(Number) });
    expect(await reversalRequest(payments[2])).toMatchObject({ status: 'pending', checker_id: expect.any(Number), second_checker_id: null });
    const byOperator = await decideReversal(opId, first.id, payments[2], operator2);
    expect({ status: byOperator.status, code: byOperator.body.code }).toEqual({ status: 403, code: 'four-eyes' });
    expect(byOperator.body.message).toBe('A segunda aprovação (valor acima de R$ 250,00) cabe a um Super Administrador ou Administrador.');
    expect((await decideReversal(opId, first.id, payments[2], tokens.admin)).status).toBe(403);
    const second = await decideReversal(opId, first.id, payments[2], tokens.superadmin);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await standing(opId, first.id, payments[2])).reversed_by).toEqual(expect.any(Number));
    expect(await reversalRequest(payments[2])).toMatchObject({ status: 'approved', second_checker_id: expect.any(Number) });
    await setParameters('reversal_approval_above = 1000, second_approval_above = 50000');
  });

  it('write-offs always wait; past the higher limit in the window they take two checks, the second an administrator’s', async () => {
    const opId = await disbursedOperation(server, tokens, borrowerId);
    await setParameters('second_approval_above = 400');
    server.clock.set('2026-01-20');
    const list = await installments(opId);
    const writeOff = (index: number) =>
      call(server, 'servicingMoves.setStatus', { id: opId, installment: list[index].id, idempotency_key: key(), status: 'written_off', reason: 'Devedor sem bens penhoráveis' }, tokens.operator);
    expect((await writeOff(10)).status).toBe(200);
    expect((await writeOff(11)).status).toBe(200);
    const requests = await server.database.rows<Row>(
      "SELECT required_checks, limit_amount FROM approval_requests WHERE kind = 'installment.write_off' AND entity_id IN ($1, $2) ORDER BY id",
      [list[10].id, list[11].id],
    );
    expect(requests).toEqual([
      { required_checks: 1, limit_amount: null },
      { required_checks: 2, limit_amount: '400.00' },
    ]);
    const decideWriteOff = (index: number, token: string) =>
      call(server, 'servicingMoves.decideWriteOff', { id: opId, installment: list[index].id, idempotency_key: key(), approve: true }, token);
    expect((await decideWriteOff(11, operator2)).status).toBe(200);
    const waiting = await call(server, 'servicingMoves.installment', { id: opId, installment: list[11].id }, tokens.agent);
    expect(waiting.body.installment.status).not.toBe('written_off');
    expect(waiting.body.write_off_request).not.toBeNull();
    expect((await decideWriteOff(11, tokens.admin)).status).toBe(200);
    expect((await call(server, 'servicingMoves.installment', { id: opId, installment: list[11].id }, tokens.agent)).body.installment.status).toBe('written_off');
    await setParameters('second_approval_above = 50000');
  });
});

describe('authorization of the calls that ask for and decide a change of the parameters', () => {
  const roles: DemoRole[] = ['superadmin', 'admin', 'operator', 'agent', 'user'];

  it('company.parameters: every panel role reads it, the user role does not, no token 401', async () => {
    const expected = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
    for (const role of roles) expect({ role, status: (await call(server, 'company.parameters', { id: 1 }, tokens[role])).status }).toEqual({ role, status: expected[role] });
    expect((await call(server, 'company.parameters', { id: 1 })).status).toBe(401);
  });

  it('company.updateParameters: administrators ask (200), the others 403, no token 401', async () => {
    const expected = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 };
    for (const role of roles) {
      const answer = await ask({ grace_days: 7 }, tokens[role]);
      expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
      if (answer.status === 200) expect((await decide(tokens[role], false, 'Teste da matriz')).status).toBe(200);
    }
    expect((await call(server, 'company.updateParameters', { ...(await values()), grace_days: 7 })).status).toBe(401);
  });

  it('company.decideParameters: administrators decide (200: the asker withdraws, another refuses), the others 403, no token 401', async () => {
    const expected = { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 };
    for (const role of roles) {
      if (!(await parameters()).pending_change) expect((await ask({ grace_days: 8 })).status).toBe(200);
      const answer = await decide(tokens[role], false, 'Teste da matriz');
      expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
    }
    expect((await parameters()).pending_change).not.toBeNull();
    expect((await call(server, 'company.decideParameters', { id: 1, approve: false, reason: 'x' })).status).toBe(401);
    expect((await decide(tokens.admin, false, 'Limpeza')).status).toBe(200);
  });
});
