/**
 * The approvals inbox and the menu's attention counts, over HTTP: a reversal above the limit waits in one list
 * with who asked, what, about which operation, how much and since when; the one who asked sees it as theirs and
 * may not check it, another operator finds it under "to check"; the counts follow; the list refuses what it does
 * not declare; and the authorization matrix of both calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signIn, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
/** A second operator: a person of AllOperators, not the maker, not an administrator. */
let operator2: string;
let borrowerId: number;

type Row = Record<string, any>;

const inbox = (token: string, filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => call(server, 'approvals.inbox', { page: 1, limit: 50, filter, ...extra }, token);
const attention = (token: string) => call(server, 'collections.attention', {}, token);

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(
    "INSERT INTO users (name, email, password_hash, role_id, active, email_confirmed) SELECT 'Otávio Operador', 'operador2@demo.local', password_hash, role_id, true, true FROM users WHERE email = 'operador@demo.local'",
  );
  operator2 = await signIn(server, 'operador2@demo.local');
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Ivone Inbox', '529.982.247-25');
});
afterAll(() => server?.close());

describe('a request that waits for a second person is in one inbox', () => {
  it('a reversal above the limit: who asked, what, how much, since when; the asker cannot check it, another operator can; the counts follow', async () => {
    await server.database.rows('UPDATE company_parameters SET reversal_approval_above = 150, second_approval_above = 50000 WHERE company_id = 1');
    const opId = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-20');
    const [first] = await operationInstallments<Row>(server, tokens.agent, opId);
    const paid = await call(server, 'servicing.pay', { id: opId, installment: first.id, idempotency_key: key(), amount: '200.00', paid_on: server.clock.today(), method: 'ted' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const paymentId = (paid.body.transactions as Row[]).filter((t) => t.kind === 'payment').at(-1)!.id as number;
    const before = (await attention(operator2)).body;

    const reversed = await call(
      server,
      'servicing.reverse',
      { id: opId, installment: first.id, detailId: paymentId, idempotency_key: key(), reason: 'Pagamento lançado em duplicidade' },
      tokens.operator,
    );
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);

    const mine = await inbox(tokens.operator, { kind: 'installment.reverse' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const row = (mine.body.items as Row[]).find((r) => r.credit_operation_ids.includes(opId));
    expect(row).toMatchObject({
      kind: 'installment.reverse',
      amount: '200.00',
      required_checks: 1,
      checks_given: 0,
      maker_name: expect.any(String),
      made_at: expect.any(String),
      credit_operation_ids: [opId],
      borrower_name: 'Ivone Inbox',
      can_check: false,
      asked_by_me: true,
    });
    expect((await inbox(tokens.operator, { mine: 'asked' })).body.items.map((r: Row) => r.id)).toContain(row!.id);
    expect((await inbox(tokens.operator, { mine: 'check' })).body.items.map((r: Row) => r.id)).not.toContain(row!.id);

    const theirs = await inbox(operator2, { mine: 'check' });
    expect((theirs.body.items as Row[]).find((r) => r.id === row!.id)).toMatchObject({ can_check: true, asked_by_me: false });
    const after = (await attention(operator2)).body;
    expect(after.approvals_to_check).toBe(before.approvals_to_check + 1);

    // Checked by the other operator, it leaves the inbox and the count.
    const decided = await call(server, 'servicing.decideReversal', { id: opId, installment: first.id, detailId: paymentId, idempotency_key: key(), approve: true }, operator2);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await inbox(operator2)).body.items.map((r: Row) => r.id)).not.toContain(row!.id);
    expect((await attention(operator2)).body.approvals_to_check).toBe(before.approvals_to_check);
  });

  it('the attention counts: overdue as the overdue list counts them; an agent gets no count of lists they cannot open', async () => {
    const overdue = await call(server, 'collections.expiredInstallments', { page: 1, limit: 1 }, tokens.agent);
    expect(overdue.status).toBe(200);
    const agent = await attention(tokens.agent);
    expect(agent.status, JSON.stringify(agent.body)).toBe(200);
    expect(agent.body).toEqual({
      as_of: server.clock.today(),
      overdue_installments: overdue.body.meta.totalItems,
      overdue_capped: overdue.body.capped,
      approvals_to_check: null,
      suspense_open: null,
    });
    const operator = (await attention(tokens.operator)).body;
    expect(operator).toMatchObject({ approvals_to_check: expect.any(Number), suspense_open: expect.any(Number) });
    const open = await call(server, 'suspense.list', { page: 1, limit: 1 }, tokens.operator);
    expect(operator.suspense_open).toBe(open.body.meta.totalItems);
  });

  it('oldest first by default, by amount when asked; unknown filters, sorts and values are a 400 naming the field', async () => {
    const all = (await inbox(tokens.admin)).body.items as Row[];
    const made = all.map((r) => Date.parse(r.made_at));
    expect(made).toEqual([...made].sort((a, b) => a - b));
    const byAmount = ((await inbox(tokens.admin, {}, { sort: { field: 'amount', order: 'DESC' } })).body.items as Row[]).map((r) => Number(r.amount));
    expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
    const unknownFilter = await inbox(tokens.admin, { status: 'pending' });
    expect({ status: unknownFilter.status, field: unknownFilter.body.field }).toEqual({ status: 400, field: 'filter.status' });
    const unknownSort = await inbox(tokens.admin, {}, { sort: { field: 'maker_id', order: 'ASC' } });
    expect({ status: unknownSort.status, field: unknownSort.body.field }).toEqual({ status: 400, field: 'sort' });
    const badKind = await inbox(tokens.admin, { kind: 'payment' });
    expect({ status: badKind.status, field: badKind.body.field }).toEqual({ status: 400, field: 'filter.kind' });
    const badMine = await inbox(tokens.admin, { mine: 'everyone' });
    expect({ status: badMine.status, field: badMine.body.field }).toEqual({ status: 400, field: 'filter.mine' });
  });
});

describe('authorization of the inbox and the attention counts', () => {
  itAnswersTheMatrix(
    [
      ['approvals.inbox', { page: 1, limit: 10 }, { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 }],
      ['collections.attention', {}, { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
});
