/**
 * POST /api/creditOperation/simulation and what it reads: the company's
 * parameters, the IOF rates by period and the lender's business date. Figures
 * are the unit suite's references (tests/unit/server/credit/money-math.test.ts
 * and reference_figures.py): twelve level payments of 888,49 from 15/02/2026,
 * PF IOF 202,44, released 9.797,56, CET 17,19% a.a. and 1,33% a.m.
 *
 * The server's business date is 15/01/2026 (the release date of the examples);
 * tests that need another day set the clock and put it back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../../src/server/domain/credit/calendar';
import type { OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, changeParameters, signInEveryRole, type DemoRole } from './client';

const TODAY = '2026-01-15';
let server: TestServer;
let tokens: Record<DemoRole, string>;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: TODAY });
  tokens = await signInEveryRole(server);
  // The figures below are for the broad limits a new install starts with (migration 0009), without the
  // demo lender's TAC and narrower limits (seed-company.ts).
  await server.database.rows(
    "UPDATE company_parameters SET min_monthly_rate = 0, max_monthly_rate = 15, min_installments = 1, max_installments = 360, min_value = 100, max_value = 1000000, tac = 0, other_fees = '[]' WHERE company_id = 1",
  );
});
afterAll(() => server?.close());

const PRICE_12 = {
  personType: 'PF',
  amortization: 'price',
  principal: '10000.00',
  monthlyRate: '1.00',
  installments: 12,
  disbursementDate: TODAY,
  firstDueDate: '2026-02-15',
} as const;
const PF_2022_BASIS = 'Decreto 6.306/2007, art. 7º, I, b (Decreto 8.392/2015), ao fim do acréscimo do Decreto 10.797/2021';

/** Runs `work` with the server's business date at `day`, then back to TODAY. */
async function on<T>(day: string, work: () => Promise<T>): Promise<T> {
  server.clock.set(day);
  try {
    return await work();
  } finally {
    server.clock.set(TODAY);
  }
}

const simulate = (args: Record<string, unknown>, token = tokens.agent) => call(server, 'creditOperation.simulation', { ...PRICE_12, ...args }, token);

async function expect400(answer: Promise<{ status: number; body: { field?: string; message?: string } }>, field: string, message?: RegExp) {
  const { status, body } = await answer;
  expect({ status, field: body.field }).toEqual({ status: 400, field });
  if (message) expect(body.message).toMatch(message);
}

describe('credit simulation', () => {
  it('answers the schedule, the PF IOF in force, the CET and the totals; the IOF is deducted from what is released', async () => {
    const answer = await simulate({});
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.installments).toHaveLength(12);
    expect(body.installments[0]).toEqual({ number: 1, dueDate: '2026-02-15', payment: '888.49', interest: '100.00', amortization: '788.49', balance: '9211.51' });
    expect(body.installments[11]).toMatchObject({ dueDate: '2027-01-15', payment: '888.49', balance: '0.00' });
    expect(body.iof).toEqual({
      daily: '164.44',
      additional: '38.00',
      total: '202.44',
      financed: false,
      rates: { personType: 'PF', dailyPercent: '0.008200', additionalPercent: '0.3800', legalBasis: PF_2022_BASIS },
    });
    expect(body).toMatchObject({ principal: '10000.00', released: '9797.56', releasedExcess: '0.00', totalPayable: '10661.88', totalInterest: '661.88', fees: { items: [], total: '0.00' } });
    expect(body.cet).toEqual({ yearly: '17.19', monthly: '1.33' });
  });

  it('financed IOF: the smallest principal that releases the amount asked', async () => {
    const answer = await simulate({ financeIof: true }, tokens.operator);
    expect(answer.body).toMatchObject({ principal: '10206.62', released: '10000.00', releasedExcess: '0.00', iof: { total: '206.62', financed: true } });
    // The review's case that looped ten thousand times: 2% in 12 plots.
    const looped = await simulate({ principal: '9795.14', monthlyRate: '2.00', financeIof: true });
    expect(looped.body).toMatchObject({ principal: '10000.51', released: '9795.14', iof: { total: '205.37' } });
  });

  it('takes the rates of the borrower kind on the disbursement date: PJ, Simples Nacional, MEI, 2025 changes', async () => {
    const rates = (personType: 'PF' | 'PJ', disbursementDate: string, extra: Record<string, unknown> = {}) =>
      on(disbursementDate, async () => {
        const answer = await simulate({ personType, disbursementDate, firstDueDate: addMonths(disbursementDate, 1), ...extra }, tokens.admin);
        expect(answer.status).toBe(200);
        return answer.body.iof.rates;
      });
    expect(await rates('PJ', '2024-12-10')).toMatchObject({ personType: 'PJ', dailyPercent: '0.004100', additionalPercent: '0.3800' });
    expect(await rates('PJ', '2025-06-05')).toMatchObject({ personType: 'PJ', dailyPercent: '0.008200', additionalPercent: '0.9500', legalBasis: expect.stringContaining('Decreto 12.466/2025') });
    expect(await rates('PJ', '2025-06-11')).toMatchObject({ personType: 'PJ', dailyPercent: '0.008200', additionalPercent: '0.3800' });
    expect(await rates('PJ', '2025-06-05', { simplesNacional: true })).toMatchObject({ personType: 'SIMPLES', dailyPercent: '0.002740', additionalPercent: '0.9500' });
    // Decreto 12.466/2025: the MEI had the Simples daily rate and the individuals' additional rate.
    expect(await rates('PJ', '2025-06-05', { mei: true })).toMatchObject({ personType: 'MEI', dailyPercent: '0.002740', additionalPercent: '0.3800', legalBasis: expect.stringContaining('Decreto 12.466/2025') });
    expect(await rates('PJ', '2025-06-20', { simplesNacional: true, principal: '30000.01' })).toMatchObject({ personType: 'PJ' });
    expect(await rates('PF', '2021-10-01')).toMatchObject({ dailyPercent: '0.011180', legalBasis: expect.stringContaining('Decreto 10.797/2021') });
  });

  it('the Simples Nacional rate follows the principal financed, not the amount asked', async () => {
    const simples = { personType: 'PJ', simplesNacional: true, principal: '29900.00' } as const;
    const asked = await simulate(simples);
    expect(asked.body).toMatchObject({ principal: '29900.00', iof: { rates: { personType: 'SIMPLES' } } });
    // Financed, the IOF carries the principal past R$ 30.000,00: the ordinary PJ rate, on the larger principal it finances.
    const financed = await simulate({ ...simples, financeIof: true });
    expect(financed.status).toBe(200);
    expect(financed.body.iof.rates.personType).toBe('PJ');
    expect(Number(financed.body.principal)).toBeGreaterThan(30000);
    expect(financed.body.released).toBe('29900.00');
    const under = await simulate({ ...simples, principal: '29000.00', financeIof: true });
    expect(under.body.iof.rates.personType).toBe('SIMPLES');
    expect(Number(under.body.principal)).toBeLessThanOrEqual(30000);
  });

  it('charges the company fees at disbursement unless the operator gives them; a TAC only to a company (PJ)', async () => {
    const sac = await simulate({ personType: 'PJ', amortization: 'sac', fees: [{ name: 'TAC', amount: '150' }] });
    expect(sac.status).toBe(200);
    expect(sac.body.installments[0]).toMatchObject({ amortization: '833.33', interest: '100.00', payment: '933.33' });
    expect(sac.body.installments[11]).toMatchObject({ amortization: '833.34', balance: '0.00' });
    expect(sac.body.fees).toEqual({ items: [{ name: 'TAC', amount: '150.00' }], total: '150.00' });
    await expect400(simulate({ fees: [{ name: 'Tarifa de abertura de crédito', amount: '150' }] }), 'fees', /Súmula 565/);
    // Any other fee, and a TAC of zero, a person may be charged.
    expect((await simulate({ fees: [{ name: 'Cadastro', amount: '50' }, { name: 'TAC', amount: '0' }] })).status).toBe(200);
  });

  it('runs a 360-plot schedule through the same call', async () => {
    const answer = await simulate({ principal: '150000.00', monthlyRate: '0.99', installments: 360 });
    expect(answer.status).toBe(200);
    expect(answer.body.installments).toHaveLength(360);
    expect(answer.body.installments[359]).toMatchObject({ dueDate: '2056-01-15', balance: '0.00', payment: answer.body.installments[1].payment });
  });
});

describe('what cannot be simulated is a 400 naming the field', () => {
  it('terms, rates, amounts and fees', async () => {
    await expect400(simulate({ installments: 0 }), 'installments', /ao menos 1 parcela/);
    await expect400(simulate({ installments: 1000 }), 'installments', /no máximo 360 parcelas/);
    await expect400(simulate({ monthlyRate: '-1' }), 'monthlyRate', /não pode ser negativa/);
    await expect400(simulate({ monthlyRate: '101' }), 'monthlyRate', /100% ao mês/);
    await expect400(simulate({ principal: '0' }), 'principal');
    await expect400(simulate({ principal: '12,50' }), 'principal');
    await expect400(simulate({ fees: [{ name: 'Tudo', amount: '10000' }] }), 'fees');
  });

  it('a rate is taken only at the precision it is stored with (four places), so it never changes on the way', async () => {
    await expect400(simulate({ monthlyRate: '1.00001' }), 'monthlyRate', /até 4 casas/);
    expect((await simulate({ monthlyRate: '1.2345' })).status).toBe(200);
  });

  it('dates: not before the business date, at most the days ahead, a first due date within the first-period days', async () => {
    await expect400(simulate({ disbursementDate: '2026-02-30' }), 'disbursementDate');
    await expect400(simulate({ firstDueDate: '2026-01-10' }), 'firstDueDate', /depois da data de liberação/);
    // Released three months ago, or on 01/01/2020: installments overdue from the start.
    await expect400(simulate({ disbursementDate: '2025-10-15', firstDueDate: '2025-11-15' }), 'disbursementDate', /anterior a hoje \(15\/01\/2026\)/);
    await expect400(simulate({ disbursementDate: '2020-01-01', firstDueDate: '2020-02-01' }), 'disbursementDate', /anterior a hoje/);
    await expect400(simulate({ disbursementDate: '2026-02-15', firstDueDate: '2026-03-15' }), 'disbursementDate', /até 14\/02\/2026/);
    expect((await simulate({ disbursementDate: '2026-02-14', firstDueDate: '2026-03-14' })).status).toBe(200);
    // A first due date five years out (the review's 23-trillion installment) or past the 60 days.
    await expect400(simulate({ firstDueDate: '2100-12-31' }), 'firstDueDate', /até 16\/03\/2026/);
    await expect400(simulate({ firstDueDate: '2026-03-17' }), 'firstDueDate');
    expect((await simulate({ firstDueDate: '2026-03-16' })).status).toBe(200);
    // No IOF rate registered for the day (a business date back in 2007).
    await on('2007-06-01', () => expect400(simulate({ disbursementDate: '2007-06-01', firstDueDate: '2007-07-01' }), 'disbursementDate', /Não há alíquota de IOF/));
  });

  it('the proposal names its own fields (snake_case) and keeps the rate it was simulated with', async () => {
    const [{ id: borrowerId }] = await server.database.rows<{ id: number }>("SELECT id FROM borrowers WHERE person_type = 'PF' AND active AND deleted_at IS NULL ORDER BY id LIMIT 1");
    const proposal = {
      borrower_id: borrowerId,
      product: 'working_capital',
      amortization: 'price',
      requested_amount: '10000.00',
      monthly_rate: '1.2345',
      installments: 12,
      disbursement_date: TODAY,
      first_due_date: '2026-02-15',
    };
    const key = () => `simulation-${randomUUID()}`;
    await expect400(call(server, 'creditOperation.create', { ...proposal, first_due_date: '2100-12-31', idempotency_key: key() }, tokens.admin), 'first_due_date');
    await expect400(call(server, 'creditOperation.create', { ...proposal, disbursement_date: '2025-12-01', first_due_date: '2026-01-01', idempotency_key: key() }, tokens.admin), 'disbursement_date');
    await expect400(call(server, 'creditOperation.create', { ...proposal, monthly_rate: '1.23456', idempotency_key: key() }, tokens.admin), 'monthly_rate');
    const created = await call(server, 'creditOperation.create', { ...proposal, idempotency_key: key() }, tokens.admin);
    expect(created.status).toBe(200);
    expect(created.body.monthly_rate).toBe('1.2345');
    const again = await simulate({ principal: '10000.00', monthlyRate: '1.2345', borrowerId });
    expect(created.body.installments[0].payment).toBe(again.body.installments[0].payment);
  });
});

describe('company parameters narrow the simulation', () => {
  it('limits simulations to the parameters an administrator sets, saying which limit; the TAC only for a company', async () => {
    const current = await call(server, 'company.parameters', { id: 1 }, tokens.agent);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ max_first_period_days: 60, max_disbursement_days_ahead: 30 });
    const { updated_at: _u, ...values } = current.body;
    const changed = await changeParameters(
      server,
      { ...values, min_monthly_rate: '0.5', max_monthly_rate: '4', max_installments: 48, max_value: '50000', tac: '120.00', max_first_period_days: 45, max_disbursement_days_ahead: 10 },
      tokens.admin,
      tokens.superadmin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ max_monthly_rate: '4.0000', max_installments: 48, max_value: '50000.00', tac: '120.00', max_first_period_days: 45, max_disbursement_days_ahead: 10 });
    const over = await simulate({ principal: '60000' });
    expect(over.body).toMatchObject({ field: 'principal', message: 'O valor deve estar entre R$ 100,00 e R$ 50.000,00 (parâmetros da empresa).' });
    const rate = await simulate({ monthlyRate: '4.5' });
    expect(rate.body).toMatchObject({ field: 'monthlyRate', message: 'A taxa deve estar entre 0,50% e 4,00% ao mês (parâmetros da empresa).' });
    const term = await simulate({ installments: 60 });
    expect(term.body).toMatchObject({ field: 'installments', message: 'O prazo deve estar entre 1 e 48 parcelas (parâmetros da empresa).' });
    await expect400(simulate({ firstDueDate: '2026-03-02' }), 'firstDueDate', /até 01\/03\/2026/);
    await expect400(simulate({ disbursementDate: '2026-01-26', firstDueDate: '2026-02-26' }), 'disbursementDate', /até 25\/01\/2026/);
    // PF: never the company's TAC. PJ: the TAC at disbursement (the PJ rates of 2026 give the same IOF).
    const person = await simulate({});
    expect(person.body).toMatchObject({ fees: { items: [], total: '0.00' }, released: '9797.56' });
    const company = await simulate({ personType: 'PJ' });
    expect(company.body.fees).toEqual({ items: [{ name: 'TAC', amount: '120.00' }], total: '120.00' });
    expect(company.body.released).toBe('9677.56');
    const inverted = await call(server, 'company.updateParameters', { ...values, min_value: '5000', max_value: '100' }, tokens.admin);
    expect({ status: inverted.status, field: inverted.body.field }).toEqual({ status: 400, field: 'max_value' });
    const log = await call(server, 'logs.all', { filter: { action: 'company.parameters.update' } }, tokens.admin);
    expect(log.body.items[0]).toMatchObject({ entity: 'company', entity_id: 1 });
    expect((await changeParameters(server, values, tokens.admin, tokens.superadmin)).status).toBe(200);
  });

  it("a borrower's TAC is refused for a person (PF) and charged to a company (PJ); a MEI is a company under Simples", async () => {
    const [pf] = await server.database.rows<{ id: number }>("SELECT id FROM borrowers WHERE person_type = 'PF' AND deleted_at IS NULL ORDER BY id LIMIT 1");
    const [pj] = await server.database.rows<{ id: number }>("SELECT id FROM borrowers WHERE person_type = 'PJ' AND simples_nacional AND deleted_at IS NULL ORDER BY id LIMIT 1");
    await expect400(call(server, 'borrowers.updateParameters', { borrower_id: pf.id, tac: '100.00' }, tokens.admin), 'tac', /Súmula 565/);
    expect((await call(server, 'borrowers.updateParameters', { borrower_id: pf.id, tac: null, max_installments: 24 }, tokens.admin)).status).toBe(200);
    await expect400(call(server, 'borrowers.updateParameters', { borrower_id: pf.id, min_monthly_rate: '1.23456' }, tokens.admin), 'min_monthly_rate');
    expect((await call(server, 'borrowers.updateParameters', { borrower_id: pj.id, tac: '80.00' }, tokens.admin)).status).toBe(200);
    const charged = await simulate({ borrowerId: pj.id });
    expect(charged.body.fees.items).toEqual([{ name: 'TAC', amount: '80.00' }]);
    expect(charged.body.iof.rates.personType).toBe('SIMPLES');
    // The MEI flag: only for a company under Simples Nacional; then its own IOF rates.
    await expect400(call(server, 'borrowers.updateBusiness', { id: pf.id, mei: true }, tokens.admin), 'mei', /Simples Nacional/);
    expect((await call(server, 'borrowers.updateBusiness', { id: pj.id, mei: true }, tokens.admin)).status).toBe(200);
    expect((await simulate({ borrowerId: pj.id })).body.iof.rates.personType).toBe('MEI');
    await expect400(call(server, 'borrowers.updateBusiness', { id: pj.id, simples_nacional: false }, tokens.admin), 'mei');
    expect((await call(server, 'borrowers.updateBusiness', { id: pj.id, mei: false }, tokens.admin)).status).toBe(200);
    expect((await call(server, 'borrowers.updateParameters', { borrower_id: pj.id, tac: null }, tokens.admin)).status).toBe(200);
  });

  it('answers 404 for a company that does not exist', async () => {
    expect((await call(server, 'company.parameters', { id: 99 }, tokens.admin)).status).toBe(404);
    expect((await simulate({ companyId: 99 }, tokens.admin)).status).toBe(404);
  });
});

describe('IOF periods and the simulation', () => {
  it('keeps IOF periods from overlapping, and the simulation follows a new period', async () => {
    const list = await call(server, 'company.iofParameters', {}, tokens.agent);
    const open = list.body.find((p: { person_type: string; valid_to: string | null }) => p.person_type === 'PF' && p.valid_to === null);
    expect(open).toMatchObject({ daily_percent: '0.008200', valid_from: '2022-01-01', legal_basis: PF_2022_BASIS });
    const overlap = await call(server, 'company.createIofParameter', { person_type: 'PF', daily_percent: '0.0100', additional_percent: '0.38', valid_from: '2030-01-01', legal_basis: 'Teste' }, tokens.admin);
    expect({ status: overlap.status, field: overlap.body.field }).toEqual({ status: 409, field: 'valid_from' });
    expect(overlap.body.message).toMatch(/de PF com vigência de 01\/01\/2022 a período em aberto/);
    const closed = await call(server, 'company.updateIofParameter', { id: open.id, person_type: 'PF', daily_percent: open.daily_percent, additional_percent: open.additional_percent, valid_from: open.valid_from, valid_to: '2029-12-31' }, tokens.admin);
    expect(closed.body).toMatchObject({ valid_to: '2029-12-31', legal_basis: open.legal_basis });
    const created = await call(server, 'company.createIofParameter', { person_type: 'PF', daily_percent: '0.0100', additional_percent: '0.50', valid_from: '2030-01-01', legal_basis: 'Teste' }, tokens.superadmin);
    expect(created.status).toBe(200);
    const later = await on('2030-01-10', () => simulate({ disbursementDate: '2030-01-10', firstDueDate: '2030-02-10' }));
    expect(later.body.iof.rates).toMatchObject({ dailyPercent: '0.010000', additionalPercent: '0.5000', legalBasis: 'Teste' });
    const backwards = await call(server, 'company.createIofParameter', { person_type: 'PJ', daily_percent: '0.01', additional_percent: '0.38', valid_from: '2031-01-01', valid_to: '2030-01-01', legal_basis: 'Teste' }, tokens.admin);
    expect({ status: backwards.status, field: backwards.body.field }).toEqual({ status: 400, field: 'valid_to' });
    expect((await call(server, 'company.deleteIofParameter', { id: created.body.id }, tokens.admin)).status).toBe(200);
    expect((await call(server, 'company.deleteIofParameter', { id: created.body.id }, tokens.admin)).status).toBe(404);
    const log = await call(server, 'logs.all', { filter: { action: 'iof-parameter.delete' } }, tokens.admin);
    expect(log.body.items[0]).toMatchObject({ entity: 'iof_parameter', entity_id: created.body.id });
    await call(server, 'company.updateIofParameter', { id: open.id, person_type: 'PF', daily_percent: open.daily_percent, additional_percent: open.additional_percent, valid_from: open.valid_from, valid_to: null }, tokens.admin);
  });
});

describe('authorization matrix (spec roles and permissions: reading for panel users, changes for administrators)', () => {
  const cases: Array<[OperationName, () => unknown, Record<DemoRole, number>]> = [
    ['creditOperation.simulation', () => PRICE_12, { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 }],
    ['company.parameters', () => ({ id: 1 }), { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 }],
    ['company.iofParameters', () => ({}), { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 }],
    ['company.updateParameters', () => ({ company_id: 1 }), { superadmin: 400, admin: 400, operator: 403, agent: 403, user: 403 }],
    ['company.createIofParameter', () => ({}), { superadmin: 400, admin: 400, operator: 403, agent: 403, user: 403 }],
    ['company.updateIofParameter', () => ({ id: 999999, person_type: 'PF', daily_percent: '0.01', additional_percent: '0.38', valid_from: '2040-01-01' }), { superadmin: 404, admin: 404, operator: 403, agent: 403, user: 403 }],
    ['company.deleteIofParameter', () => ({ id: 999999 }), { superadmin: 404, admin: 404, operator: 403, agent: 403, user: 403 }],
  ];
  for (const [name, args, expected] of cases) {
    it(`${name}: ${JSON.stringify(expected)}, no token 401`, async () => {
      for (const role of Object.keys(expected) as DemoRole[]) {
        const answer = await call(server, name, args(), tokens[role]);
        expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
      }
      expect((await call(server, name, args())).status).toBe(401);
    });
  }
});
