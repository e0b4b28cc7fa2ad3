/**
 * The collections desk over HTTP: the expired-installments list and its
 * export, and the dashboard's portfolio figures. One seeded server for the
 * file; the business date is moved with the server's clock, and every list
 * query is narrowed to this file's borrowers (the demo seed has overdue
 * installments of its own).
 *
 * The schedule's first due date, 2026-02-15, is a Sunday followed by Carnival
 * Monday and Tuesday: payable without charges until Wednesday 2026-02-18, so
 * overdue from Thursday 2026-02-19 (4 days late, counted from the due date).
 * The second, 2026-03-15, is a Sunday too (payable on Monday 16).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { COLLECTING_STATUSES } from '../../../src/shared/credit-operation-status';
import { insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

let server: TestServer;
let tokens: Record<DemoRole, string>;

const CONDITIONS = {
  amortization: 'price',
  monthly_rate: '2.00',
  installments: 12,
  disbursement_date: '2026-01-15',
  first_due_date: '2026-02-15',
  finance_iof: false,
} as const;

/** Built by an agent, approved by an operator, its CCB issued and disbursed on 2026-01-15. */
async function disbursed(borrowerId: number, product: 'working_capital' | 'investment', amount: string): Promise<number> {
  server.clock.set('2026-01-10');
  const created = await call(server, 'creditOperation.create', { ...CONDITIONS, product, requested_amount: amount, borrower_id: borrowerId, idempotency_key: key() }, tokens.agent);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.id as number;
  const opinion = await call(server, 'creditOperation.updateComplement', { id, version: created.body.version, payment_method: 'boleto', analyst_opinion: 'Capacidade de pagamento compatível.' }, tokens.agent);
  expect(opinion.status, JSON.stringify(opinion.body)).toBe(200);
  let current = (await call(server, 'creditOperation.get', { id }, tokens.agent)).body;
  await call(server, 'creditOperation.decision', { id, action: 'send_to_analysis', version: current.version }, tokens.agent);
  current = (await call(server, 'creditOperation.get', { id }, tokens.agent)).body;
  const approved = await call(server, 'creditOperation.decision', { id, action: 'approve', version: current.version }, tokens.operator);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const issued = await call(server, 'creditOperation.issueCcb', { id, idempotency_key: key() }, tokens.operator);
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  current = (await call(server, 'creditOperation.get', { id }, tokens.agent)).body;
  server.clock.set('2026-01-15');
  const answer = await call(server, 'servicing.disburse', { id, version: current.version, idempotency_key: key(), method: 'pix', transfer_reference: 'E1234' }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return id;
}

type Row = Record<string, any>;

async function expired(args: Record<string, unknown>, token = tokens.agent) {
  const answer = await call(server, 'collections.expiredInstallments', { page: 1, limit: 50, ...args }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { items: Row[]; meta: { totalItems: number; totalPages: number; currentPage: number }; capped: boolean };
}

async function schedule(operationId: number): Promise<Row[]> {
  const answer = await call(server, 'servicing.installments', { id: operationId }, tokens.agent);
  expect(answer.status).toBe(200);
  return answer.body.installments as Row[];
}

/** Pays what is due on `day` (the business date is set to it). */
async function payInFull(operationId: number, installment: number, day: string, amount?: string): Promise<void> {
  server.clock.set(day);
  const details = await call(server, 'servicing.installmentDetails', { id: operationId, installment, date: day }, tokens.operator);
  expect(details.status).toBe(200);
  const paid = await call(
    server,
    'servicing.pay',
    { id: operationId, installment, idempotency_key: key(), amount: amount ?? details.body.installment.due_total, paid_on: day, method: 'pix' },
    tokens.operator,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
});
afterAll(() => server?.close());

describe('authorization', () => {
  itAnswersTheMatrix(
    [
      ['collections.expiredInstallments', { page: 1, limit: 10 }, { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 }],
      ['collections.expiredInstallmentsExport', { filter: { borrower_id: '999999' } }, { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 }],
      ['home.portfolio', {}, { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 }],
    ],
    () => ({ server, tokens }),
  );
});

describe('expired installments', () => {
  let ritaId = 0;
  let joaoId = 0;
  let ritaOp = 0;
  let joaoOp = 0;
  const rita = (filter: Record<string, unknown> = {}) => ({ filter: { borrower_id: String(ritaId), ...filter } });
  const both = (filter: Record<string, unknown> = {}) => ({ filter: { borrower: 'Cobrança Teste', ...filter } });

  beforeAll(async () => {
    ritaId = await insertBorrower(server, 'Rita Cobrança Teste', '111.444.777-35');
    joaoId = await insertBorrower(server, 'João Cobrança Teste', '529.982.247-25');
    ritaOp = await disbursed(ritaId, 'working_capital', '3000.00');
    joaoOp = await disbursed(joaoId, 'investment', '6000.00');
  });

  it('a due date on a weekend or holiday is not overdue until its next business day has passed', async () => {
    for (const day of ['2026-02-15', '2026-02-16', '2026-02-17', '2026-02-18']) {
      server.clock.set(day);
      expect((await expired(rita())).items, day).toEqual([]);
    }
    server.clock.set('2026-02-19');
    const list = await expired(rita());
    expect(list.items).toHaveLength(1);
    // One day late, counted from the moved due date (Código Civil art. 132 §1), not four from Sunday.
    expect(list.items[0]).toMatchObject({ number: 1, due_date: '2026-02-15', payable_until: '2026-02-18', days_late: 1, band: '1-15', credit_operation_id: ritaOp });
    // The second one (Sunday 2026-03-15) is payable on Monday 16: listed on Tuesday 17, not on Monday.
    server.clock.set('2026-03-16');
    expect((await expired(rita())).items.map((r) => r.number)).toEqual([1]);
    server.clock.set('2026-03-17');
    expect((await expired(rita())).items.map((r) => r.number)).toEqual([1, 2]);
  });

  it('charges and amount due agree with the installment details on the same day', async () => {
    server.clock.set('2026-04-20');
    const list = await expired(rita());
    expect(list.items.length).toBeGreaterThan(0);
    for (const row of list.items) {
      const details = await call(server, 'servicing.installmentDetails', { id: row.credit_operation_id, installment: row.id, date: '2026-04-20' }, tokens.agent);
      expect(details.status).toBe(200);
      const i = details.body.installment;
      expect(row).toMatchObject({
        late_fee: i.charges.late_fee,
        default_interest: i.charges.default_interest,
        contract_interest: i.charges.contract_interest,
        amount_due: i.due_total,
        days_late: i.days_late,
        value: i.value,
        due_date: i.due_date,
      });
      expect(i.overdue).toBe(true);
      expect(new Decimal(row.late_fee).gt(0)).toBe(true);
      // Money travels as decimal text with two places.
      for (const k of ['value', 'open_value', 'late_fee', 'default_interest', 'contract_interest', 'amount_due']) expect(row[k]).toMatch(/^\d+\.\d{2}$/);
    }
    expect(list.items[0]).toMatchObject({ borrower_name: 'Rita Cobrança Teste', borrower_document: expect.stringMatching(/11144477735|111\.444\.777-35/), product: 'working_capital', installments_count: 12 });
  });

  it('bands: days late from the moved due date, one band or several', async () => {
    // 2026-06-20: #1 due Sunday 02-15, moved to Wednesday 02-18 (122 days), #2 Sunday 03-15, moved to Monday 03-16 (96),
    // #3 04-15 (66), #4 05-15 (36), #5 06-15 (5).
    server.clock.set('2026-06-20');
    const all = await expired(rita());
    expect(all.items.map((r) => [r.number, r.days_late, r.band])).toEqual([
      [1, 122, '90+'],
      [2, 96, '90+'],
      [3, 66, '61-90'],
      [4, 36, '31-60'],
      [5, 5, '1-15'],
    ]);
    const numbers = async (band: unknown) => (await expired(rita({ band }))).items.map((r) => r.number);
    expect(await numbers('90+')).toEqual([1, 2]);
    expect(await numbers('61-90')).toEqual([3]);
    expect(await numbers('31-60')).toEqual([4]);
    expect(await numbers('16-30')).toEqual([]);
    expect(await numbers('1-15')).toEqual([5]);
    expect(await numbers(['1-15', '61-90'])).toEqual([3, 5]);
    expect(await numbers('1-15,31-60')).toEqual([4, 5]);
    // Adjacent bands read as one range.
    expect(await numbers(['31-60', '61-90'])).toEqual([3, 4]);
    expect(await numbers(['1-15', '16-30', '31-60'])).toEqual([4, 5]);
    expect(await numbers(['61-90', '90+', '1-15'])).toEqual([1, 2, 3, 5]);
    // At a band's edge the filter counts as the rows do: on 03-31 #2 is 15 days late from Monday 16 (16 from Sunday 15).
    server.clock.set('2026-03-31');
    expect((await expired(rita())).items.map((r) => [r.number, r.days_late, r.band])).toEqual([
      [1, 41, '31-60'],
      [2, 15, '1-15'],
    ]);
    expect(await numbers('1-15')).toEqual([2]);
    expect(await numbers('16-30')).toEqual([]);
    expect(await numbers('31-60')).toEqual([1]);
  });

  it('filters by borrower (name or document), product, operation and value; sorts; pages', async () => {
    server.clock.set('2026-06-20');
    const mine = await expired(both());
    expect(mine.meta.totalItems).toBe(10);
    expect(new Set(mine.items.map((r) => r.credit_operation_id))).toEqual(new Set([ritaOp, joaoOp]));
    expect((await expired(both({ product: 'investment' }))).items.every((r) => r.credit_operation_id === joaoOp)).toBe(true);
    expect((await expired({ filter: { borrower: '529.982' } })).items.every((r) => r.borrower_id === joaoId)).toBe(true);
    expect((await expired({ filter: { borrower: 'joao cobranca' } })).items.map((r) => r.borrower_id)).toEqual(Array(5).fill(joaoId));
    expect((await expired({ filter: { credit_operation_id: String(ritaOp) } })).meta.totalItems).toBe(5);
    const ritaValue = (await schedule(ritaOp))[0].value as string;
    const joaoValue = (await schedule(joaoOp))[0].value as string;
    expect(new Decimal(joaoValue).gt(ritaValue)).toBe(true);
    expect((await expired(both({ valueStart: joaoValue }))).items.every((r) => r.credit_operation_id === joaoOp)).toBe(true);
    expect((await expired(both({ valueEnd: ritaValue }))).items.every((r) => r.credit_operation_id === ritaOp)).toBe(true);
    expect((await expired(both({ valueStart: '0.01', valueEnd: '0.02' }))).items).toEqual([]);

    // Most days late first by default; days late ascending is the reverse; ties by id.
    const byDefault = mine.items.map((r) => r.days_late as number);
    expect(byDefault).toEqual([...byDefault].sort((a, b) => b - a));
    const ascending = (await expired(both({}), tokens.agent)).items;
    const up = await call(server, 'collections.expiredInstallments', { page: 1, limit: 50, ...both(), sort: { field: 'days_late', order: 'ASC' } }, tokens.agent);
    expect(up.body.items.map((r: Row) => r.days_late)).toEqual([...byDefault].reverse());
    expect(ascending).toHaveLength(10);
    const byValue = await call(server, 'collections.expiredInstallments', { page: 1, limit: 50, ...both(), sort: { field: 'value', order: 'DESC' } }, tokens.agent);
    expect(byValue.body.items.slice(0, 5).every((r: Row) => r.credit_operation_id === joaoOp)).toBe(true);
    const byName = await call(server, 'collections.expiredInstallments', { page: 1, limit: 50, ...both(), sort: { field: 'borrower_name', order: 'ASC' } }, tokens.agent);
    expect(byName.body.items.map((r: Row) => r.borrower_name)).toEqual([...Array(5).fill('João Cobrança Teste'), ...Array(5).fill('Rita Cobrança Teste')]);

    // Pages never overlap and cover the list.
    const pages: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await call(server, 'collections.expiredInstallments', { page, limit: 3, ...both() }, tokens.agent);
      expect(answer.body.meta).toMatchObject({ currentPage: page, totalItems: 10, totalPages: 4 });
      pages.push(...answer.body.items.map((r: Row) => r.id as number));
    }
    expect(pages).toEqual(mine.items.map((r) => r.id));
  });

  it('totals every match, not only the page: count, open value, charges and amount due, the same on every page and every sort', async () => {
    server.clock.set('2026-06-20');
    const mine = await expired(both());
    const sum = (rows: Row[], pick: (r: Row) => Decimal.Value) => rows.reduce((acc, r) => acc.plus(pick(r)), new Decimal(0)).toFixed(2);
    const expected = {
      count: 10,
      open_value: sum(mine.items, (r) => r.open_value),
      charges: sum(mine.items, (r) => new Decimal(r.late_fee).plus(r.default_interest).plus(r.contract_interest)),
      amount_due: sum(mine.items, (r) => r.amount_due),
    };
    expect((mine as unknown as { totals: unknown }).totals).toEqual(expected);
    expect(new Decimal(expected.charges).gt(0)).toBe(true);
    // A page of three, the last page and another order total the same ten installments.
    for (const args of [{ page: 1, limit: 3 }, { page: 4, limit: 3 }, { page: 1, limit: 3, sort: { field: 'value', order: 'ASC' } }]) {
      const answer = await call(server, 'collections.expiredInstallments', { ...args, ...both() }, tokens.agent);
      expect(answer.body.totals, JSON.stringify(args)).toEqual(expected);
    }
    // A filter narrows the totals with the rows; no match totals zero.
    const joao = await call(server, 'collections.expiredInstallments', { page: 1, limit: 2, ...both({ product: 'investment' }) }, tokens.agent);
    expect(joao.body.totals).toMatchObject({ count: 5, amount_due: sum(mine.items.filter((r) => r.credit_operation_id === joaoOp), (r) => r.amount_due) });
    const none = await call(server, 'collections.expiredInstallments', { page: 1, limit: 10, ...both({ valueStart: '0.01', valueEnd: '0.02' }) }, tokens.agent);
    expect(none.body.totals).toEqual({ count: 0, open_value: '0.00', charges: '0.00', amount_due: '0.00' });
  });

  it('bad filters and sorts are a 400 naming them', async () => {
    const bad = async (args: Record<string, unknown>, field: string) => {
      const answer = await call(server, 'collections.expiredInstallments', { page: 1, limit: 10, ...args }, tokens.agent);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.field).toBe(field);
    };
    await bad({ filter: { band: '15-30' } }, 'filter.band');
    await bad({ filter: { band: ['1-15', 'x'] } }, 'filter.band');
    await bad({ filter: { product: 'yacht' } }, 'filter.product');
    await bad({ filter: { valueStart: '12,345.678' } }, 'filter.valueStart');
    await bad({ filter: { borrower_id: 'abc' } }, 'filter.borrower_id');
    await bad({ filter: { status: 'paid' } }, 'filter.status');
    await bad({ sort: { field: 'amount_due', order: 'ASC' } }, 'sort');
    const exported = await call(server, 'collections.expiredInstallmentsExport', { filter: { band: 'none' } }, tokens.operator);
    expect(exported.status).toBe(400);
    expect(exported.body.field).toBe('filter.band');
  });

  it('a paid installment leaves the list; a partly paid one stays with less open', async () => {
    server.clock.set('2026-06-20');
    const before = (await expired(rita())).items;
    const fifth = before.find((r) => r.number === 5)!;
    const fourth = before.find((r) => r.number === 4)!;
    await payInFull(ritaOp, fifth.id, '2026-06-20');
    await payInFull(ritaOp, fourth.id, '2026-06-20', '100.00');
    const after = (await expired(rita())).items;
    expect(after.map((r) => r.number)).toEqual([1, 2, 3, 4]);
    const partly = after.find((r) => r.number === 4)!;
    expect(new Decimal(partly.amount_due).toFixed(2)).toBe(new Decimal(fourth.amount_due).minus('100.00').toFixed(2));
    expect(new Decimal(partly.open_value).lte(fourth.open_value)).toBe(true);
  });

  it('exports the rows of the list (the same filters and order) with the declared columns', async () => {
    server.clock.set('2026-06-20');
    const list = await expired(both());
    const answer = await call(server, 'collections.expiredInstallmentsExport', both(), tokens.operator);
    expect(answer.status).toBe(200);
    const rows = answer.body.rows as Row[];
    expect(rows.map((r) => [r.operation_number, r.number, r.amount_due])).toEqual(list.items.map((r) => [r.operation_number, r.number, r.amount_due]));
    expect(Object.keys(rows[0])).toEqual([
      'operation_number', 'number', 'borrower_name', 'borrower_document', 'product', 'due_date', 'days_late',
      'value', 'open_value', 'late_fee', 'default_interest', 'contract_interest', 'amount_due',
    ]);
  });
});

describe('the collecting flag (migration 0019)', () => {
  it("agrees with every operation's status and with COLLECTING_STATUSES", async () => {
    const rows = await server.database.rows<{ status: string; collecting: boolean; n: number }>(
      'SELECT o.status, i.collecting, count(*)::int AS n FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id GROUP BY 1, 2',
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) expect({ status: r.status, collecting: r.collecting }).toEqual({ status: r.status, collecting: COLLECTING_STATUSES.includes(r.status as never) });
    // A status change moves the flag of the operation's installments, both ways.
    const [op] = await server.database.rows<{ id: number; status: string }>("SELECT id, status FROM credit_operations WHERE status = 'disbursed' ORDER BY id LIMIT 1");
    await server.database.rows("UPDATE credit_operations SET status = 'cancelled' WHERE id = $1", [op.id]);
    expect(await server.database.rows('SELECT DISTINCT collecting FROM credit_operation_installments WHERE credit_operation_id = $1', [op.id])).toEqual([{ collecting: false }]);
    await server.database.rows('UPDATE credit_operations SET status = $2 WHERE id = $1', [op.id, op.status]);
    expect(await server.database.rows('SELECT DISTINCT collecting FROM credit_operation_installments WHERE credit_operation_id = $1', [op.id])).toEqual([{ collecting: true }]);
  });
});

describe('portfolio figures', () => {
  const JUNE = '2026-06-20';
  const JANUARY = '2026-01-20';

  async function portfolio(day: string) {
    server.clock.set(day);
    const answer = await call(server, 'home.portfolio', {}, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as {
      as_of: string;
      outstanding: string;
      operations: number;
      disbursed_month: { month: string; count: number; released: string; financed: string };
      at_risk: Array<{ days: number; operations: number; installments: number; overdue_principal: string; outstanding: string }>;
    };
  }

  const minus = (a: string, b: string) => new Decimal(a).minus(b).toFixed(2);

  it('moves by exactly the hand-computed sums of a new operation', async () => {
    // Before: the books as they stand (the demo's and the other tests' operations).
    const juneBefore = await portfolio(JUNE);
    const januaryBefore = await portfolio(JANUARY);
    expect(juneBefore.as_of).toBe(JUNE);
    expect(januaryBefore.disbursed_month.month).toBe('2026-01');
    expect(juneBefore.at_risk.map((r) => r.days)).toEqual([15, 30, 60, 90]);

    const borrower = await insertBorrower(server, 'Carla Carteira Teste', '390.533.447-05');
    const op = await disbursed(borrower, 'working_capital', '2400.00');
    const plan = await schedule(op);
    // #1 paid on its last charge-free day; #2..#5 open on 2026-06-20 (97, 66, 36 and 5 days late).
    await payInFull(op, plan[0].id, '2026-02-18');
    const [{ financed, released }] = await server.database.rows<{ financed: string; released: string }>(
      'SELECT financed::text, released::text FROM disbursements WHERE credit_operation_id = $1',
      [op],
    );
    const principal = (n: number) => new Decimal(plan[n - 1].principal as string);
    const outstanding = new Decimal(financed).minus(principal(1));

    const juneAfter = await portfolio(JUNE);
    expect(minus(juneAfter.outstanding, juneBefore.outstanding)).toBe(outstanding.toFixed(2));
    expect(juneAfter.operations - juneBefore.operations).toBe(1);
    expect(juneAfter.disbursed_month.count - juneBefore.disbursed_month.count).toBe(0);
    const expectedRisk: Record<number, number[]> = { 15: [2, 3, 4], 30: [2, 3, 4], 60: [2, 3], 90: [2] };
    for (const [i, risk] of juneAfter.at_risk.entries()) {
      const before = juneBefore.at_risk[i];
      const late = expectedRisk[risk.days];
      expect({ days: risk.days, operations: risk.operations - before.operations, installments: risk.installments - before.installments }).toEqual({
        days: risk.days,
        operations: 1,
        installments: late.length,
      });
      expect(minus(risk.overdue_principal, before.overdue_principal)).toBe(late.reduce((s, n) => s.plus(principal(n)), new Decimal(0)).toFixed(2));
      expect(minus(risk.outstanding, before.outstanding)).toBe(outstanding.toFixed(2));
    }

    const januaryAfter = await portfolio(JANUARY);
    expect(januaryAfter.disbursed_month.count - januaryBefore.disbursed_month.count).toBe(1);
    expect(minus(januaryAfter.disbursed_month.released, januaryBefore.disbursed_month.released)).toBe(new Decimal(released).toFixed(2));
    expect(minus(januaryAfter.disbursed_month.financed, januaryBefore.disbursed_month.financed)).toBe(new Decimal(financed).toFixed(2));
    // Nothing was paid by 2026-01-20: the whole amount financed is outstanding, nothing is late.
    expect(minus(januaryAfter.outstanding, januaryBefore.outstanding)).toBe(new Decimal(financed).toFixed(2));
    expect(januaryAfter.at_risk.map((r, i) => r.installments - januaryBefore.at_risk[i].installments)).toEqual([0, 0, 0, 0]);
    for (const k of ['outstanding'] as const) expect(juneAfter[k]).toMatch(/^-?\d+\.\d{2}$/);
  });
});
