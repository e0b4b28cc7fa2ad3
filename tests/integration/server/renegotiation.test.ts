/**
 * Renegotiation agreements over HTTP (PGlite and PostgreSQL): who may list, simulate, agree and decide (the matrix),
 * what is refused with the field named in Portuguese, an agreement carried out at once within the role's limit (the
 * installments renegotiated, the operation restructured for the close, balanced entries, the trial balance zero),
 * the figures the screen showed checked again (409 when they changed), and four eyes above the limit (the maker
 * refused, another person approves or refuses).
 *
 * Two operations of twelve (Price, 2% a month, first due 2026-02-15), released 2026-01-15; the business date is
 * 2026-05-20, so four installments of each are overdue, with late charges.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, expectBooksBalanced, insertBorrower, key, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId = 0;
let opA = 0;
let opB = 0;
let otherBorrower = 0;

type Row = Record<string, any>;
const TODAY = '2026-05-20';

async function renegotiable(operationId?: number, token = tokens.operator): Promise<Row[]> {
  const answer = await call(server, 'renegotiation.installments', { id: borrowerId, ...(operationId ? { credit_operation_id: operationId } : {}) }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items as Row[];
}

function conditions(installmentIds: number[], extra: Record<string, unknown> = {}) {
  return {
    borrower_id: borrowerId,
    installment_ids: installmentIds,
    late_charges_discount_percent: '50',
    interest_discount_percent: '10',
    down_payment: '100.00',
    amortization: 'price',
    monthly_rate: '1.50',
    term: 10,
    first_due_date: '2026-06-20',
    finance_iof: true,
    ...extra,
  };
}

async function simulated(args: Record<string, unknown>, token = tokens.operator): Promise<Row> {
  const answer = await call(server, 'renegotiation.simulate', args, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const expectedOf = (s: Row) => ({ renegotiated_balance: s.renegotiated_balance, discount: s.discount, principal: s.principal, iof_total: s.iof_total, total_payable: s.total_payable });

async function agree(args: Record<string, unknown>, token = tokens.operator) {
  const s = await simulated(args, token);
  return call(server, 'renegotiation.agree', { ...args, idempotency_key: key(), expected: expectedOf(s) }, token);
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Rita Renegocia Teste', '529.982.247-25');
  otherBorrower = await insertBorrower(server, 'Outro Tomador Teste', '111.444.777-35');
  opA = await disbursedOperation(server, tokens, borrowerId);
  opB = await disbursedOperation(server, tokens, borrowerId);
  server.clock.set(TODAY);
});
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix(
    [
      ['renegotiation.installments', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
      ['renegotiation.get', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
      ['renegotiation.decide', { id: 999999, approve: true }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
    ],
    () => ({ server, tokens }),
  );

  it('simulate and agree: every panel role (an installment of nobody: 409), Usuário 403, no token 401', async () => {
    const expected: Record<DemoRole, number> = { superadmin: 409, admin: 409, operator: 409, agent: 409, user: 403 };
    const args = conditions([2_000_000_000]);
    const agreeArgs = { ...args, idempotency_key: key(), expected: { renegotiated_balance: '1.00', discount: '0.00', principal: '1.00', iof_total: '0.00', total_payable: '1.00' } };
    for (const role of Object.keys(expected) as DemoRole[]) {
      expect({ role, status: (await call(server, 'renegotiation.simulate', args, tokens[role])).status }).toEqual({ role, status: expected[role] });
      expect({ role, status: (await call(server, 'renegotiation.agree', { ...agreeArgs, idempotency_key: key() }, tokens[role])).status }).toEqual({ role, status: expected[role] });
    }
    expect((await call(server, 'renegotiation.simulate', args)).status).toBe(401);
  });
});

describe('listing and simulating', () => {
  it("lists the borrower's open installments with what each owes; one not yet due owes its principal only", async () => {
    const items = await renegotiable();
    expect(items).toHaveLength(24);
    const overdue = items.filter((i) => i.overdue);
    expect(overdue).toHaveLength(8);
    expect(overdue.every((i) => new Decimal(i.late_charges).gt(0) && new Decimal(i.interest).gt(0))).toBe(true);
    const future = items.find((i) => i.due_date > TODAY)!;
    expect(future.interest).toBe('0.00');
    expect(future.late_charges).toBe('0.00');
    expect((await renegotiable(opA)).every((i) => i.credit_operation_id === opA)).toBe(true);
  });

  it('simulates on the same math: principal = balance − discount − down payment + IOF financed, the schedule repaying it', async () => {
    const ids = (await renegotiable()).filter((i) => i.overdue).map((i) => i.installment_id);
    const s = await simulated(conditions(ids));
    const expected = new Decimal(s.renegotiated_balance).minus(s.discount).minus(s.down_payment).plus(s.iof_financed);
    expect(s.principal).toBe(expected.toFixed(2));
    expect(s.schedule).toHaveLength(10);
    expect(s.schedule.reduce((sum: Decimal, r: Row) => sum.plus(r.amortization), new Decimal(0)).toFixed(2)).toBe(s.principal);
    expect(new Decimal(s.iof_total).gt(0)).toBe(true);
    expect(new Decimal(s.cet_monthly).gt('1.50')).toBe(true);
    expect(s.needs_approval).toBe(false);
  });

  it.each([
    [{ late_charges_discount_percent: '60' }, 409, 'Campo late_charges_discount_percent: O desconto passa do limite do seu perfil (50.00%).'],
    [{ down_payment: '999999.00' }, 409, 'Campo down_payment: A entrada cobre todo o saldo'],
    [{ first_due_date: '2026-05-20' }, 409, 'Campo first_due_date: O primeiro vencimento deve ser depois'],
    [{ amortization: 'german' }, 400, 'Campo amortization: sistema de amortização inválido'],
    [{ term: 0 }, 400, 'Campo term: no mínimo 1 parcela'],
    [{ down_payment: '10,00' }, 400, 'Campo down_payment: valor inválido'],
    [{ installment_ids: [] }, 400, 'Campo installment_ids: escolha ao menos uma parcela'],
  ])('case %#: refuses %j naming the field', async (extra, status, message) => {
    const ids = (await renegotiable(opA)).slice(0, 2).map((i) => i.installment_id);
    const answer = await call(server, 'renegotiation.simulate', conditions(ids, extra), tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.message).toContain(message);
  });

  it("refuses another borrower's installments", async () => {
    const ids = (await renegotiable(opA)).slice(0, 1).map((i) => i.installment_id);
    const answer = await call(server, 'renegotiation.simulate', { ...conditions(ids), borrower_id: otherBorrower }, tokens.operator);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('não é deste tomador');
  });
});

describe('agreeing', () => {
  it('refuses (409 naming expected) when the figures the screen showed changed', async () => {
    const ids = (await renegotiable(opA)).slice(0, 2).map((i) => i.installment_id);
    const s = await simulated(conditions(ids));
    const answer = await call(server, 'renegotiation.agree', { ...conditions(ids), idempotency_key: key(), expected: { ...expectedOf(s), principal: new Decimal(s.principal).plus('0.01').toFixed(2) } }, tokens.operator);
    expect(answer.status).toBe(409);
    expect(answer.body.field).toBe('expected');
    expect(answer.body.message).toContain('Campo expected: os valores mudaram desde a simulação');
  });

  it("within the role's limit: the installments are renegotiated, the schedule is the agreement's, the books balance", async () => {
    const picked = (await renegotiable(opA)).filter((i) => i.overdue);
    const ids = picked.map((i) => i.installment_id);
    const args = conditions(ids);
    const s = await simulated(args);
    const k = key();
    const answer = await call(server, 'renegotiation.agree', { ...args, idempotency_key: k, expected: expectedOf(s) }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('agreed');
    expect(answer.body.principal).toBe(s.principal);
    expect(answer.body.items.map((i: Row) => i.installment_id)).toEqual(ids);
    expect(answer.body.schedule).toHaveLength(10);
    // The same key answers the same agreement.
    const again = await call(server, 'renegotiation.agree', { ...args, idempotency_key: k, expected: expectedOf(s) }, tokens.operator);
    expect(again.body.id).toBe(answer.body.id);

    const installments = await operationInstallments(server, tokens.operator, opA);
    expect(installments.filter((i) => ids.includes(i.id)).every((i) => i.status === 'renegotiated')).toBe(true);
    expect((await renegotiable(opA)).some((i) => ids.includes(i.installment_id))).toBe(false);
    // Restructured for the stage rules: the close reads a final (renegotiated) installment of the operation.
    const [flag] = await server.database.rows<{ restructured: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM installment_states s WHERE s.credit_operation_id = $1 AND s.status = 'renegotiated') AS restructured",
      [opA],
    );
    expect(flag.restructured).toBe(true);
    const postings = await server.database.rows<{ n: string }>("SELECT count(DISTINCT posting_id)::text AS n FROM journal_entries WHERE kind = 'renegotiation' AND credit_operation_id = $1", [opA]);
    expect(postings[0].n).toBe('1');
    await expectBooksBalanced(server, tokens.admin);
    // A renegotiated installment is not picked again.
    const refused = await call(server, 'renegotiation.simulate', conditions(ids.slice(0, 1)), tokens.operator);
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('installment_ids');
  });

  it('the agreement rows are append-only', async () => {
    await expect(server.database.rows('UPDATE renegotiation_agreements SET discount = 0')).rejects.toThrow();
    await expect(server.database.rows('DELETE FROM renegotiation_decisions')).rejects.toThrow();
  });
});

describe('four eyes above the limit', () => {
  it("an agent's discount waits; the agent may not decide; an operator approves and it is carried out", async () => {
    const ids = (await renegotiable(opB)).filter((i) => i.overdue).slice(0, 2).map((i) => i.installment_id);
    const answer = await agree(conditions(ids, { late_charges_discount_percent: '20', interest_discount_percent: '0' }), tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('pending');
    expect(answer.body.approval_request_id).not.toBeNull();
    // Its installments cannot enter another agreement meanwhile.
    const other = await call(server, 'renegotiation.agree', { ...conditions(ids), idempotency_key: key(), expected: expectedOf(await simulated(conditions(ids))) }, tokens.operator);
    expect(other.status).toBe(409);
    expect(other.body.message).toContain('aguardando aprovação');
    expect((await call(server, 'renegotiation.decide', { id: answer.body.id, approve: true }, tokens.agent)).status).toBe(403);
    // The inbox path: the request names the agreement (entity_id), the screen's link; the maker sees it asked, the checker may check.
    const inbox = async (token: string) => {
      const page = await call(server, 'approvals.inbox', { page: 1, limit: 100, filter: { kind: 'renegotiation.agree' } }, token);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      return (page.body.items as Row[]).find((r) => r.entity_id === answer.body.id);
    };
    // The inbox is the checkers' (the agent, who may not check, is refused it); the agreement's view says it waits.
    expect((await call(server, 'approvals.inbox', { page: 1, limit: 10 }, tokens.agent)).status).toBe(403);
    const row = await inbox(tokens.operator);
    expect(row).toMatchObject({ id: answer.body.approval_request_id, asked_by_me: false, can_check: true, amount: answer.body.discount });
    expect((await call(server, 'renegotiation.get', { id: row!.entity_id }, tokens.operator)).body.maker_id).toBe(answer.body.maker_id);
    const decided = await call(server, 'renegotiation.decide', { id: answer.body.id, approve: true }, tokens.operator);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.status).toBe('agreed');
    const installments = await operationInstallments(server, tokens.operator, opB);
    expect(installments.filter((i) => ids.includes(i.id)).every((i) => i.status === 'renegotiated')).toBe(true);
    expect((await call(server, 'renegotiation.decide', { id: answer.body.id, approve: true }, tokens.admin)).status).toBe(409);
    await expectBooksBalanced(server, tokens.admin);
  });

  it('the maker may not approve their own; another refuses with a reason and nothing moves', async () => {
    await server.database.rows('UPDATE renegotiation_limits SET alone_up_to = 0 WHERE role_id = 5');
    const ids = (await renegotiable(opB)).filter((i) => i.overdue).slice(0, 1).map((i) => i.installment_id);
    const answer = await agree(conditions(ids, { late_charges_discount_percent: '10' }), tokens.operator);
    expect(answer.body.status).toBe('pending');
    const own = await call(server, 'renegotiation.decide', { id: answer.body.id, approve: true }, tokens.operator);
    expect(own.status).toBe(403);
    expect(own.body.message).toContain('propôs este acordo de renegociação');
    const noReason = await call(server, 'renegotiation.decide', { id: answer.body.id, approve: false }, tokens.admin);
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('Campo reason');
    const refused = await call(server, 'renegotiation.decide', { id: answer.body.id, approve: false, reason: 'Desconto alto demais.' }, tokens.admin);
    expect(refused.status).toBe(200);
    expect(refused.body.status).toBe('refused');
    expect(refused.body.decided_reason).toBe('Desconto alto demais.');
    // Not carried out: no confession of debt.
    const noDocument = await call(server, 'renegotiation.document', { id: answer.body.id }, tokens.operator);
    expect(noDocument.status).toBe(409);
    expect(noDocument.body.field).toBe('id');
    expect((await renegotiable(opB)).some((i) => i.installment_id === ids[0])).toBe(true);
    await expectBooksBalanced(server, tokens.admin);
  });

  it('approved on a later business date, it is withdrawn (the charges changed), nothing moves', async () => {
    const ids = (await renegotiable(opB)).filter((i) => i.overdue).slice(0, 1).map((i) => i.installment_id);
    const answer = await agree(conditions(ids, { late_charges_discount_percent: '10' }), tokens.operator);
    expect(answer.body.status).toBe('pending');
    server.clock.set('2026-05-21');
    try {
      const decided = await call(server, 'renegotiation.decide', { id: answer.body.id, approve: true }, tokens.admin);
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      expect(decided.body.status).toBe('withdrawn');
      expect(decided.body.decided_reason).toContain('2026-05-20');
    } finally {
      server.clock.set(TODAY);
    }
  });
});
