/**
 * POST /api/creditOperation/simulation and what it reads: the company's
 * parameters and the IOF rates by period (migration 0009). Figures are the
 * unit suite's references (tests/unit/server/credit/money-math.test.ts); the
 * CET of the released amount was computed by the same independent Python
 * decimal bisection (released 9.797,57; twelve payments of 888,49 and a last
 * of 888,47 from 15/02/2026): 17,19% a.a., 1,33% a.m.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
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
  disbursementDate: '2026-01-15',
  firstDueDate: '2026-02-15',
} as const;

describe('credit simulation', () => {
  it('answers the schedule, the PF IOF in force, the CET and the totals; the IOF is deducted from what is released', async () => {
    const answer = await call(server, 'creditOperation.simulation', PRICE_12, tokens.agent);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.installments).toHaveLength(12);
    expect(body.installments[0]).toEqual({ number: 1, dueDate: '2026-02-15', payment: '888.49', interest: '100.00', amortization: '788.49', balance: '9211.51' });
    expect(body.installments[11]).toMatchObject({ dueDate: '2027-01-15', payment: '888.47', balance: '0.00' });
    expect(body.iof).toEqual({
      daily: '164.43',
      additional: '38.00',
      total: '202.43',
      financed: false,
      rates: { personType: 'PF', dailyPercent: '0.008200', additionalPercent: '0.3800', legalBasis: 'Decreto 6.306/2007, art. 7' },
    });
    expect(body).toMatchObject({ principal: '10000.00', released: '9797.57', totalPayable: '10661.86', totalInterest: '661.86', fees: { items: [], total: '0.00' } });
    expect(body.cet).toEqual({ yearly: '17.19', monthly: '1.33' });
  });

  it('financed IOF: the principal is grossed up so exactly the amount asked is released', async () => {
    const answer = await call(server, 'creditOperation.simulation', { ...PRICE_12, financeIof: true }, tokens.operator);
    expect(answer.body).toMatchObject({ principal: '10206.62', released: '10000.00', iof: { total: '206.62', financed: true } });
  });

  it('takes the rates of the borrower kind on the disbursement date: PJ, Simples Nacional up to R$ 30.000,00, 2025 changes', async () => {
    const on = async (personType: 'PF' | 'PJ', disbursementDate: string, extra: Record<string, unknown> = {}) => {
      const answer = await call(server, 'creditOperation.simulation', { ...PRICE_12, personType, disbursementDate, firstDueDate: '2026-02-15', ...extra }, tokens.admin);
      expect(answer.status).toBe(200);
      return answer.body.iof.rates;
    };
    expect(await on('PJ', '2024-12-10')).toMatchObject({ personType: 'PJ', dailyPercent: '0.004100', additionalPercent: '0.3800' });
    expect(await on('PJ', '2025-06-05')).toMatchObject({ personType: 'PJ', dailyPercent: '0.008200', additionalPercent: '0.9500', legalBasis: 'Decreto 12.466/2025' });
    expect(await on('PJ', '2025-06-11')).toMatchObject({ personType: 'PJ', dailyPercent: '0.008200', additionalPercent: '0.3800' });
    expect(await on('PJ', '2025-06-05', { simplesNacional: true })).toMatchObject({ personType: 'SIMPLES', dailyPercent: '0.002740', additionalPercent: '0.9500' });
    expect(await on('PJ', '2025-06-20', { simplesNacional: true, principal: '30000.01' })).toMatchObject({ personType: 'PJ' });
    expect(await on('PF', '2021-10-01')).toMatchObject({ dailyPercent: '0.011180', legalBasis: 'Decreto 10.797/2021' });
  });

  it('charges the company fees at disbursement unless the operator gives them; SAC works the same way', async () => {
    const sac = await call(server, 'creditOperation.simulation', { ...PRICE_12, amortization: 'sac', fees: [{ name: 'TAC', amount: '150' }] }, tokens.agent);
    expect(sac.status).toBe(200);
    expect(sac.body.installments[0]).toMatchObject({ amortization: '833.33', interest: '100.00', payment: '933.33' });
    expect(sac.body.fees).toEqual({ items: [{ name: 'TAC', amount: '150.00' }], total: '150.00' });
    expect(Number(sac.body.released)).toBeCloseTo(10000 - Number(sac.body.iof.total) - 150, 2);
  });

  it('gives a clear answer for what cannot be simulated', async () => {
    const bad = async (patch: Record<string, unknown>, field: string, message?: RegExp) => {
      const answer = await call(server, 'creditOperation.simulation', { ...PRICE_12, ...patch }, tokens.agent);
      expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field });
      if (message) expect(answer.body.message).toMatch(message);
    };
    await bad({ installments: 0 }, 'installments', /ao menos 1 parcela/);
    await bad({ installments: 1000 }, 'installments', /no máximo 360 parcelas/);
    await bad({ monthlyRate: '-1' }, 'monthlyRate', /não pode ser negativa/);
    await bad({ firstDueDate: '2026-01-10' }, 'firstDueDate', /depois da data de liberação/);
    await bad({ principal: '0' }, 'principal');
    await bad({ principal: '12,50' }, 'principal');
    await bad({ disbursementDate: '2026-02-30' }, 'disbursementDate');
    await bad({ disbursementDate: '2007-06-01', firstDueDate: '2007-07-01' }, 'disbursementDate', /Não há alíquota de IOF/);
    await bad({ fees: [{ name: 'Tudo', amount: '10000' }] }, 'fees');
  });
});

describe('company parameters and IOF rates', () => {
  it('limits simulations to the parameters an administrator sets, saying which limit', async () => {
    const current = await call(server, 'company.parameters', { id: 1 }, tokens.agent);
    expect(current.status).toBe(200);
    const { updated_at: _u, ...values } = current.body;
    const changed = await call(
      server,
      'company.updateParameters',
      { ...values, min_monthly_rate: '0.5', max_monthly_rate: '4', max_installments: 48, max_value: '50000', tac: '120.00' },
      tokens.admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ max_monthly_rate: '4.0000', max_installments: 48, max_value: '50000.00', tac: '120.00' });
    const over = await call(server, 'creditOperation.simulation', { ...PRICE_12, principal: '60000' }, tokens.agent);
    expect(over.body).toMatchObject({ field: 'principal', message: 'O valor deve estar entre R$ 100,00 e R$ 50.000,00 (parâmetros da empresa).' });
    const rate = await call(server, 'creditOperation.simulation', { ...PRICE_12, monthlyRate: '4.5' }, tokens.agent);
    expect(rate.body).toMatchObject({ field: 'monthlyRate', message: 'A taxa deve estar entre 0,50% e 4,00% ao mês (parâmetros da empresa).' });
    const term = await call(server, 'creditOperation.simulation', { ...PRICE_12, installments: 60 }, tokens.agent);
    expect(term.body).toMatchObject({ field: 'installments', message: 'O prazo deve estar entre 1 e 48 parcelas (parâmetros da empresa).' });
    const withTac = await call(server, 'creditOperation.simulation', PRICE_12, tokens.agent);
    expect(withTac.body.fees).toEqual({ items: [{ name: 'TAC', amount: '120.00' }], total: '120.00' });
    expect(withTac.body.released).toBe('9677.57');
    const inverted = await call(server, 'company.updateParameters', { ...values, min_value: '5000', max_value: '100' }, tokens.admin);
    expect({ status: inverted.status, field: inverted.body.field }).toEqual({ status: 400, field: 'max_value' });
    const log = await call(server, 'logs.all', { filter: { action: 'company.parameters.update' } }, tokens.admin);
    expect(log.body.items[0]).toMatchObject({ entity: 'company', entity_id: 1 });
    await call(server, 'company.updateParameters', values, tokens.admin);
  });

  it('keeps IOF periods from overlapping, and the simulation follows a new period', async () => {
    const list = await call(server, 'company.iofParameters', {}, tokens.agent);
    const open = list.body.find((p: { person_type: string; valid_to: string | null }) => p.person_type === 'PF' && p.valid_to === null);
    expect(open).toMatchObject({ daily_percent: '0.008200', valid_from: '2022-01-01' });
    const overlap = await call(server, 'company.createIofParameter', { person_type: 'PF', daily_percent: '0.0100', additional_percent: '0.38', valid_from: '2030-01-01' }, tokens.admin);
    expect({ status: overlap.status, field: overlap.body.field }).toEqual({ status: 409, field: 'valid_from' });
    const closed = await call(server, 'company.updateIofParameter', { id: open.id, person_type: 'PF', daily_percent: open.daily_percent, additional_percent: open.additional_percent, valid_from: open.valid_from, valid_to: '2029-12-31' }, tokens.admin);
    expect(closed.body).toMatchObject({ valid_to: '2029-12-31', legal_basis: open.legal_basis });
    const created = await call(server, 'company.createIofParameter', { person_type: 'PF', daily_percent: '0.0100', additional_percent: '0.50', valid_from: '2030-01-01', legal_basis: 'Teste' }, tokens.superadmin);
    expect(created.status).toBe(200);
    const later = await call(server, 'creditOperation.simulation', { ...PRICE_12, disbursementDate: '2030-01-10', firstDueDate: '2030-02-10' }, tokens.agent);
    expect(later.body.iof.rates).toMatchObject({ dailyPercent: '0.010000', additionalPercent: '0.5000', legalBasis: 'Teste' });
    const backwards = await call(server, 'company.createIofParameter', { person_type: 'PJ', daily_percent: '0.01', additional_percent: '0.38', valid_from: '2031-01-01', valid_to: '2030-01-01' }, tokens.admin);
    expect({ status: backwards.status, field: backwards.body.field }).toEqual({ status: 400, field: 'valid_to' });
    expect((await call(server, 'company.deleteIofParameter', { id: created.body.id }, tokens.admin)).status).toBe(200);
    expect((await call(server, 'company.deleteIofParameter', { id: created.body.id }, tokens.admin)).status).toBe(404);
    const log = await call(server, 'logs.all', { filter: { action: 'iof-parameter.delete' } }, tokens.admin);
    expect(log.body.items[0]).toMatchObject({ entity: 'iof_parameter', entity_id: created.body.id });
    await call(server, 'company.updateIofParameter', { id: open.id, person_type: 'PF', daily_percent: open.daily_percent, additional_percent: open.additional_percent, valid_from: open.valid_from, valid_to: null }, tokens.admin);
  });

  it('answers 404 for a company that does not exist', async () => {
    expect((await call(server, 'company.parameters', { id: 99 }, tokens.admin)).status).toBe(404);
    expect((await call(server, 'creditOperation.simulation', { ...PRICE_12, companyId: 99 }, tokens.admin)).status).toBe(404);
  });
});

describe('authorization matrix (spec §6: reading for panel users, changes for administrators)', () => {
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
