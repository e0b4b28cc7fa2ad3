/**
 * Cessions over HTTP: assignable installments, the quote, assigning (per operation and across operations), four eyes
 * above the company's limit, payments of an assigned installment owed to the assignee, reversing part of a cession,
 * the refusals (409 naming the installment, 400 naming the field), all-or-nothing, idempotency and twenty concurrent
 * cessions of one installment. One seeded server for the file; the books must balance after every move.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, changeParameters, signInEveryRole, type Answer, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, expectBooksBalanced, insertBorrower, key, operationBalances, operationInstallments, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
let accountId: number;
let otherCompanyAccountId: number;

const expectBalancedBooks = () => expectBooksBalanced(server, tokens.operator);

const balances = (operationId: number) => operationBalances(server, operationId);

const installments = (operationId: number) => operationInstallments<Record<string, any>>(server, tokens.agent, operationId);

const assign = (operationId: number, ids: number[], extra: Record<string, unknown> = {}, token = tokens.operator) =>
  call(server, 'cession.assign', { id: operationId, idempotency_key: key(), assignment_account_id: accountId, installments: ids, date: server.clock.today(), monthly_rate: '1.5', ...extra }, token);

const reverse = (operationId: number, ids: number[], token = tokens.operator) =>
  call(server, 'cession.reverse', { id: operationId, idempotency_key: key(), installments: ids, reason: 'Acordo com o fundo: parcela devolvida' }, token);

async function setLimit(limit: string): Promise<void> {
  await server.database.rows('UPDATE company_parameters SET cession_approval_above = $1 WHERE company_id = 1', [limit]);
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  await setLimit('100000.00');
  borrowerId = await insertBorrower(server, 'Cecília Cessão', '529.982.247-25');
  const [account] = await server.database.rows<{ id: number }>(
    "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account) VALUES (1, 'Fundo Recebíveis FIDC', '11.222.333/0001-81', '341', 'Itaú Unibanco', '0001', '12345') RETURNING id",
  );
  accountId = account.id;
  const [company] = await server.database.rows<{ id: number }>("INSERT INTO companies (id, legal_name) SELECT max(id) + 1, 'Outra Financeira' FROM companies RETURNING id");
  const [other] = await server.database.rows<{ id: number }>(
    "INSERT INTO assignment_bank_accounts (company_id, assignee_name, assignee_cnpj, bank_code, bank_name, agency, account) VALUES ($1, 'Fundo de Outra', '11.444.777/0001-61', '001', 'Banco do Brasil', '0002', '54321') RETURNING id",
    [company.id],
  );
  otherCompanyAccountId = other.id;
});
afterAll(() => server?.close());

describe('authorization', () => {
  const movers = { superadmin: 400, admin: 400, operator: 400, agent: 403, user: 403 };
  const body = { idempotency_key: key(), assignment_account_id: 999999, installments: [1], date: '2026-01-15', monthly_rate: '1.5' };
  itAnswersTheMatrix(
    [
      ['cession.assign', { id: 999999, ...body }, movers],
      ['cession.assignBatch', body, movers],
      ['cession.quote', { installments: [999999], date: '2026-01-01', monthly_rate: '1.5' }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
      ['cession.decide', { cession: 999999, idempotency_key: key(), approve: true }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
      ['cession.reverse', { id: 999999, idempotency_key: key(), installments: [1], reason: 'Acordo com o fundo' }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
      ['cession.decideReversal', { reversal: 999999, idempotency_key: key(), approve: true }, { superadmin: 404, admin: 404, operator: 404, agent: 403, user: 403 }],
      ['cession.assignableAcross', {}, { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 }],
      ['cession.assignable', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
      ['cession.reversible', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
      ['cession.get', { cession: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
      ['cession.ofOperation', { id: 999999 }, { superadmin: 404, admin: 404, operator: 404, agent: 404, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
});

describe('a cession at a rate, a payment owed to the assignee, part of it reversed', () => {
  let opId = 0;
  let list: Array<Record<string, any>> = [];
  let cession: Record<string, any> = {};
  beforeAll(async () => {
    opId = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-01');
    list = await installments(opId);
  });

  it('lists the assignable installments with face value and open principal; the quote prices them', async () => {
    const answer = await call(server, 'cession.assignable', { id: opId }, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.installments.map((i: any) => i.id)).toEqual(list.map((i) => i.id));
    expect(answer.body.installments[1]).toMatchObject({ face_value: list[1].value, open_principal: list[1].principal, borrower_name: 'Cecília Cessão', days_late: 0 });
    const quote = await call(server, 'cession.quote', { installments: [list[1].id, list[2].id], date: '2026-02-01', monthly_rate: '1.5' }, tokens.operator);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // 2026-02-01 → 2026-03-15 is 42 days: value / 1.015^(42/30)
    const expected = new Decimal(list[1].value).div(new Decimal(1.015).pow(new Decimal(42).div(30))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(quote.body.installments[0]).toMatchObject({ days: 42, price: expected.toFixed(2) });
    expect(new Decimal(quote.body.installments[0].price).plus(quote.body.installments[1].price).toFixed(2)).toBe(quote.body.price);
    expect(quote.body.needs_approval).toBe(false);
  });

  it('assigns: one record, the installments assigned, receivable out against the amount due from the assignee with the gain, logged', async () => {
    const before = await balances(opId);
    const ids = [list[1].id, list[2].id, list[3].id];
    const answer = await assign(opId, ids);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    cession = answer.body;
    expect(cession).toMatchObject({ status: 'effective', installment_count: 3, cession_date: '2026-02-01', pricing: 'rate', monthly_rate: '1.5000', assignee_name: 'Fundo Recebíveis FIDC' });
    const carrying = [1, 2, 3].reduce((s, k) => s.plus(list[k].principal), new Decimal(0));
    expect(cession.carrying).toBe(carrying.toFixed(2));
    expect(new Decimal(cession.price).minus(carrying).toFixed(2)).toBe(cession.result);
    const after = await installments(opId);
    expect(after.slice(1, 4).map((i) => i.status)).toEqual(['assigned', 'assigned', 'assigned']);
    expect(after[0].status).toBe('open');
    const now = await balances(opId);
    expect(new Decimal(before.loans_receivable).minus(now.loans_receivable).toFixed(2)).toBe(carrying.toFixed(2));
    expect(now.due_from_assignee).toBe(cession.price);
    expect(new Decimal(now.cession_gain ?? 0).neg().toFixed(2)).toBe(cession.result);
    const logged = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM activity_log WHERE action = 'cession.assign' AND entity_id = $1", [cession.id]);
    expect(logged[0].n).toBe(1);
    expect((await call(server, 'cession.get', { cession: cession.id }, tokens.agent)).body.installments.map((i: any) => i.id)).toEqual(ids);
    const assignable = (await call(server, 'cession.assignable', { id: opId }, tokens.agent)).body.installments.map((i: any) => i.id);
    expect(assignable).not.toContain(list[1].id);
    // A prepayment would replace installments the assignee owns.
    const prepay = await call(server, 'prepayment.quote', { id: opId, startDate: '2026-02-01' }, tokens.operator);
    expect(prepay.status).toBe(409);
    expect(prepay.body.message).toContain('cedidas');
    await expectBalancedBooks();
  });

  it('refuses an installment already assigned, paid, of another operation or company: 409 naming it', async () => {
    const again = await assign(opId, [list[4].id, list[2].id]);
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('installments');
    expect(again.body.message).toContain('parcela 3');
    expect(again.body.message).toContain('já foi cedida');
    const paid = await call(server, 'servicing.pay', { id: opId, installment: list[0].id, idempotency_key: key(), amount: list[0].value, paid_on: '2026-02-01', method: 'pix' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const ofPaid = await assign(opId, [list[0].id]);
    expect(ofPaid.status).toBe(409);
    expect(ofPaid.body.message).toContain('parcela 1');
    expect(ofPaid.body.message).toContain('Paga');
    const otherCompany = await assign(opId, [list[4].id], { assignment_account_id: otherCompanyAccountId });
    expect(otherCompany.status).toBe(409);
    expect(otherCompany.body.message).toContain('outra empresa');
    const otherOperation = await assign(opId + 100000, [list[4].id]);
    expect(otherOperation.status).toBe(409);
    expect(otherOperation.body.message).toContain(`operação ${opId}`);
    await expectBalancedBooks();
  });

  it('refuses a rate out of range, a date before the disbursement or after today, a price above face value: 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ monthly_rate: '150' }, 'monthly_rate'],
      [{ monthly_rate: '-1' }, 'monthly_rate'],
      [{ date: '2026-01-10' }, 'date'],
      [{ date: '2026-03-01' }, 'date'],
      [{ monthly_rate: undefined, price: '999999.00' }, 'price'],
      [{ price: '100.00' }, 'monthly_rate'],
      [{ installments: Array.from({ length: 501 }, (_, k) => k + 1) }, 'installments'],
    ];
    for (const [extra, field] of cases) {
      const answer = await assign(opId, [list[4].id], extra);
      expect({ extra, status: answer.status, field: answer.body.field }).toEqual({ extra, status: 400, field });
    }
    expect((await installments(opId))[4].status).toBe('open');
  });

  it('refuses ids past the integer range before the database: 400 naming the field, like every other id', async () => {
    const beyond = 2_147_483_648;
    const sent: Array<[string, Promise<Answer>, string]> = [
      ['assign, installment', assign(opId, [beyond]), 'installments.0'],
      ['assign, account', assign(opId, [list[4].id], { assignment_account_id: beyond }), 'assignment_account_id'],
      ['batch', call(server, 'cession.assignBatch', { idempotency_key: key(), assignment_account_id: accountId, installments: [list[4].id, beyond], date: '2026-02-01', monthly_rate: '1.5' }, tokens.operator), 'installments.1'],
      ['quote', call(server, 'cession.quote', { installments: [beyond], date: '2026-02-01', monthly_rate: '1.5' }, tokens.operator), 'installments.0'],
      ['reverse', reverse(opId, [beyond]), 'installments.0'],
    ];
    for (const [label, pending, field] of sent) {
      const answer = await pending;
      expect({ label, status: answer.status, field: answer.body.field }).toEqual({ label, status: 400, field });
      expect(answer.body.message).toContain('identificador inválido');
    }
    expect((await installments(opId))[4].status).toBe('open');
  });

  it('is all or nothing: a batch whose last installment is refused records nothing', async () => {
    const cessions = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM cessions');
    const answer = await call(
      server,
      'cession.assignBatch',
      { idempotency_key: key(), assignment_account_id: accountId, installments: [list[4].id, list[5].id, list[2].id], date: '2026-02-01', monthly_rate: '1.5' },
      tokens.operator,
    );
    expect(answer.status).toBe(409);
    expect((await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM cessions'))[0].n).toBe(cessions[0].n);
    expect((await installments(opId))[4].status).toBe('open');
  });

  it('a payment of an assigned installment is taken and owed to the assignee; one dated before the cession is refused', async () => {
    server.clock.set('2026-03-10');
    const before = await balances(opId);
    const early = await call(server, 'servicing.pay', { id: opId, installment: list[2].id, idempotency_key: key(), amount: '10.00', paid_on: '2026-01-20', method: 'pix' }, tokens.operator);
    expect(early.status).toBe(409);
    expect(early.body.field).toBe('paid_on');
    const paid = await call(server, 'servicing.pay', { id: opId, installment: list[1].id, idempotency_key: key(), amount: list[1].value, paid_on: '2026-03-10', method: 'pix' }, tokens.operator);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.installment.status).toBe('paid');
    const after = await balances(opId);
    expect(new Decimal(after.due_to_assignee).minus(before.due_to_assignee ?? 0).toFixed(2)).toBe(new Decimal(list[1].value).neg().toFixed(2));
    expect(after.loans_receivable).toBe(before.loans_receivable);
    expect(after.interest_income ?? '0.00').toBe(before.interest_income ?? '0.00');
    await expectBalancedBooks();
  });

  it('reverses part of the cession: contra entries, the installment back to open; one collected in full for the assignee is refused', async () => {
    const reversible = await call(server, 'cession.reversible', { id: opId }, tokens.agent);
    expect(reversible.status).toBe(200);
    const byId = new Map(reversible.body.installments.map((i: any) => [i.id, i]));
    expect((byId.get(list[1].id) as any).blocked).toContain('cessionário');
    expect((byId.get(list[2].id) as any).blocked).toBeNull();
    const blocked = await reverse(opId, [list[1].id]);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain('parcela 2');
    const notAssigned = await reverse(opId, [list[5].id]);
    expect(notAssigned.status).toBe(409);
    expect(notAssigned.body.message).toContain('não está cedida');
    const before = await balances(opId);
    const answer = await reverse(opId, [list[2].id]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'effective', installment_count: 1, installment_ids: [list[2].id], reversed_on: '2026-03-10' });
    const after = await balances(opId);
    expect(new Decimal(after.loans_receivable).minus(before.loans_receivable).toFixed(2)).toBe(list[2].principal);
    expect(new Decimal(before.due_from_assignee).minus(after.due_from_assignee).toFixed(2)).toBe(answer.body.price);
    const now = await installments(opId);
    expect(now.slice(1, 4).map((i) => i.status)).toEqual(['paid', 'open', 'assigned']);
    const record = (await call(server, 'cession.get', { cession: cession.id }, tokens.agent)).body;
    expect(record.installments.map((i: any) => i.reversed)).toEqual([false, true, false]);
    // Back with the lender: it can be assigned again.
    expect((await call(server, 'cession.assignable', { id: opId }, tokens.agent)).body.installments.map((i: any) => i.id)).toContain(list[2].id);
    await expectBalancedBooks();
  });
  it("reverses only within the company's window after the cession date: past it 409 on date naming the cession", async () => {
    const setWindow = async (days: unknown) => {
      const current = (await call(server, 'company.parameters', { id: 1 }, tokens.admin)).body;
      return changeParameters(server, { ...current, cession_reversal_max_days: days }, tokens.admin, tokens.superadmin);
    };
    expect((await setWindow(-1)).body.field).toBe('cession_reversal_max_days');
    // The cession is of 2026-02-01 and the business date 2026-03-10: 37 days after.
    const narrowed = await setWindow(36);
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.cession_reversal_max_days).toBe(36);
    const late = await reverse(opId, [list[3].id]);
    expect(late.status).toBe(409);
    expect(late.body.field).toBe('date');
    expect(late.body.message).toContain(`cessão nº ${cession.number}`);
    expect(late.body.message).toContain('09/03/2026');
    expect((await installments(opId))[3].status).toBe('assigned');
    // The reversible list says so before anyone tries.
    const listed = (await call(server, 'cession.reversible', { id: opId }, tokens.agent)).body.installments.find((i: any) => i.id === list[3].id);
    expect(listed.blocked).toBe(late.body.message);
    expect((await setWindow(37)).status).toBe(200);
    const onTheLastDay = await reverse(opId, [list[3].id]);
    expect(onTheLastDay.status, JSON.stringify(onTheLastDay.body)).toBe(200);
    expect((await setWindow(360)).status).toBe(200);
    await expectBalancedBooks();
  });
});

describe('four eyes above the company limit, the batch across operations, idempotency and concurrency', () => {
  let a = 0;
  let b = 0;
  let listA: Array<Record<string, any>> = [];
  let listB: Array<Record<string, any>> = [];
  beforeAll(async () => {
    a = await disbursedOperation(server, tokens, borrowerId);
    b = await disbursedOperation(server, tokens, borrowerId);
    server.clock.set('2026-02-01');
    listA = await installments(a);
    listB = await installments(b);
  });
  afterAll(() => setLimit('100000.00'));

  it('a cession above the limit waits: its installments are held, the maker cannot approve, another person does', async () => {
    await setLimit('100.00');
    const answer = await assign(a, [listA[6].id, listA[7].id]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('pending');
    expect(answer.body.approval_request_id).toBeGreaterThan(0);
    expect((await installments(a))[6].status).toBe('open');
    const held = await assign(a, [listA[6].id]);
    expect(held.status).toBe(409);
    expect(held.body.message).toContain('aguarda a aprovação');
    expect((await call(server, 'cession.assignable', { id: a }, tokens.agent)).body.installments.map((i: any) => i.id)).not.toContain(listA[6].id);
    const before = await balances(a);
    expect(before.due_from_assignee).toBeUndefined();
    const ofOperation = await call(server, 'cession.ofOperation', { id: a }, tokens.agent);
    expect(ofOperation.status).toBe(200);
    expect(ofOperation.body.cessions[0]).toMatchObject({ id: answer.body.id, status: 'pending' });
    const own = await call(server, 'cession.decide', { cession: answer.body.id, idempotency_key: key(), approve: true }, tokens.operator);
    expect(own.status).toBe(403);
    const refusedWithoutReason = await call(server, 'cession.decide', { cession: answer.body.id, idempotency_key: key(), approve: false }, tokens.admin);
    expect(refusedWithoutReason.status).toBe(400);
    expect(refusedWithoutReason.body.field).toBe('reason');
    const approved = await call(server, 'cession.decide', { cession: answer.body.id, idempotency_key: key(), approve: true }, tokens.admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('effective');
    expect((await installments(a)).slice(6, 8).map((i) => i.status)).toEqual(['assigned', 'assigned']);
    expect((await balances(a)).due_from_assignee).toBe(answer.body.price);
    await expectBalancedBooks();

    const reversal = await reverse(a, [listA[7].id]);
    expect(reversal.body.status).toBe('pending');
    expect((await installments(a))[7].status).toBe('assigned');
    expect((await reverse(a, [listA[7].id])).status).toBe(409);
    expect((await call(server, 'cession.decideReversal', { reversal: reversal.body.id, idempotency_key: key(), approve: true }, tokens.operator)).status).toBe(403);
    const decided = await call(server, 'cession.decideReversal', { reversal: reversal.body.id, idempotency_key: key(), approve: true }, tokens.superadmin);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.status).toBe('effective');
    expect((await installments(a))[7].status).toBe('open');
    await expectBalancedBooks();
  });

  it('a refused cession frees its installments and posts nothing', async () => {
    const answer = await assign(a, [listA[8].id]);
    expect(answer.body.status).toBe('pending');
    const refused = await call(server, 'cession.decide', { cession: answer.body.id, idempotency_key: key(), approve: false, reason: 'Preço abaixo do acordado' }, tokens.admin);
    expect(refused.status).toBe(200);
    expect(refused.body.status).toBe('refused');
    expect((await call(server, 'cession.assignable', { id: a }, tokens.agent)).body.installments.map((i: any) => i.id)).toContain(listA[8].id);
    await setLimit('100000.00');
  });

  it('assigns across operations in one record, one posting per operation; the same key twice creates nothing new', async () => {
    const across = await call(server, 'cession.assignableAcross', { borrower: 'Cecília' }, tokens.agent);
    expect(across.status).toBe(200);
    expect(across.body.installments.map((i: any) => i.id)).toEqual(expect.arrayContaining([listA[9].id, listB[9].id]));
    const args = { idempotency_key: key(), assignment_account_id: accountId, installments: [listA[9].id, listB[9].id], date: '2026-02-01', price: '500.00' };
    const first = await call(server, 'cession.assignBatch', args, tokens.operator);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'effective', pricing: 'stated', price: '500.00', installment_count: 2 });
    expect(new Decimal(first.body.installments[0].price).plus(first.body.installments[1].price).toFixed(2)).toBe('500.00');
    const cessions = (await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM cessions'))[0].n;
    const again = await call(server, 'cession.assignBatch', args, tokens.operator);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM cessions'))[0].n).toBe(cessions);
    const postings = await server.database.rows<{ op: number }>(
      "SELECT DISTINCT credit_operation_id AS op FROM journal_entries WHERE kind = 'cession' AND credit_operation_id IN ($1, $2) AND account = 'due_from_assignee' AND business_date = '2026-02-01'",
      [a, b],
    );
    expect(postings.map((p) => p.op).sort()).toEqual([a, b].sort());
    await expectBalancedBooks();
  });

  it('twenty concurrent cessions of one installment: one wins, the others are 409 naming it', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => assign(b, [listB[10].id])));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const items = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM cession_items WHERE installment_id = $1', [listB[10].id]);
    expect(items[0].n).toBe(1);
    await expectBalancedBooks();
  });

  it('a batch of 500 and its reversal: one status, one history row and one log entry per installment, in the order given', async () => {
    // 500 more installments of b's current schedule, due after the business date (the books do not carry them: only
    // the rows the cession writes are checked here, and every posting still balances).
    const today = server.clock.today();
    await server.database.rows(
      `INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance, schedule_version)
       SELECT $1, 1000 + g, $2::date + 30 + g % 90, 50, 1, 49, 0, (SELECT max(schedule_version) FROM credit_operation_installments WHERE credit_operation_id = $1)
         FROM generate_series(1, 500) g`,
      [b, today],
    );
    const ids = (await server.database.rows<{ id: number }>('SELECT id FROM credit_operation_installments WHERE credit_operation_id = $1 AND number > 1000 ORDER BY id DESC', [b])).map((r) => r.id);
    const answer = await call(server, 'cession.assignBatch', { idempotency_key: key(), assignment_account_id: accountId, installments: ids, date: today, monthly_rate: '1.5' }, tokens.operator);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'effective', installment_count: 500 });
    const rowsOf = (action: string, status: string | null) =>
      Promise.all([
        server.database.rows<{ installment_id: number; status: string | null; reason: string }>('SELECT installment_id, status, reason FROM installment_states WHERE installment_id = ANY($1::int[])', [ids]),
        server.database.rows<{ installment_id: number; n: number }>(
          'SELECT installment_id, count(*)::int AS n FROM installment_status_history WHERE installment_id = ANY($1::int[]) AND status IS NOT DISTINCT FROM $2 AND effective_on = $3 GROUP BY installment_id',
          [ids, status, today],
        ),
        server.database.rows<{ entity_id: number; before: Record<string, unknown>; after: Record<string, unknown> }>(
          "SELECT entity_id, before, after FROM activity_log WHERE entity = 'installment' AND action = $1 AND entity_id = ANY($2::int[]) ORDER BY id",
          [action, ids],
        ),
      ]);
    const [states, history, log] = await rowsOf('installment.assigned', 'assigned');
    expect(states).toHaveLength(500);
    expect(states.every((r) => r.status === 'assigned' && r.reason === `Cessão nº ${answer.body.number}`)).toBe(true);
    expect(history).toHaveLength(500);
    expect(history.every((r) => r.n === 1)).toBe(true);
    expect(log.map((r) => r.entity_id)).toEqual(ids);
    expect(log[0].before).toMatchObject({ status: 'open', due_total: '50.00', open_principal: '49.00' });
    expect(log[0].after).toMatchObject({ status: 'assigned', cession_id: answer.body.id, face_value: '50.00', carrying: '49.00', price: answer.body.installments[0].price });
    await expectBalancedBooks();

    const reversal = await reverse(b, ids);
    expect(reversal.status, JSON.stringify(reversal.body).slice(0, 300)).toBe(200);
    expect(reversal.body).toMatchObject({ status: 'effective', installment_count: 500 });
    const [back, undone, logged] = await rowsOf('installment.cession-reversed', null);
    expect(back.every((r) => r.status === null)).toBe(true);
    expect(undone).toHaveLength(500);
    expect(undone.every((r) => r.n === 1)).toBe(true);
    // The reversal moves them in schedule order.
    expect(logged.map((r) => r.entity_id)).toEqual([...ids].reverse());
    expect(logged[0].after).toMatchObject({ status: 'open', cession_reversal_id: reversal.body.id });
    await expectBalancedBooks();
  });
});
