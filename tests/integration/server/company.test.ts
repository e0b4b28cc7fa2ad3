/**
 * Company setup (the spec's "Company" calls): the lender's data, who signs
 * its contracts, its accounts and its contract templates; every change logged,
 * documents checked, and the authorization matrix of the spec's roles and permissions (reading for
 * panel users, changes for administrators).
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templatePlaceholders, type OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, changeParameters, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
});
afterAll(() => server?.close());

const COMPANY = {
  id: 1,
  legal_name: 'Crédito Popular Sociedade de Crédito Direto S.A.',
  trade_name: 'Crédito Popular',
  cnpj: '11.222.333/0001-81',
  cep: '01310-100',
  address: 'Avenida Paulista',
  address_number: '1000',
  city: 'São Paulo',
  state: 'sp',
  email: 'contato@creditopopular.com.br',
};

const lastLog = async (action: string) => (await call(server, 'logs.all', { filter: { action } }, tokens.admin)).body.items[0];

describe('company data and signatories', () => {
  it('answers company 1 (the demo seed fills it), takes its data with a checked CNPJ, and logs the change', async () => {
    const seeded = await call(server, 'company.get', { id: 1 }, tokens.agent);
    expect(seeded.status).toBe(200);
    expect(seeded.body).toMatchObject({ id: 1, trade_name: 'Crédito Popular' });
    expect(seeded.body.representatives).toHaveLength(2);
    expect(seeded.body.witnesses).toHaveLength(2);
    const wrong = await call(server, 'company.update', { ...COMPANY, cnpj: '11.222.333/0001-82' }, tokens.admin);
    expect({ status: wrong.status, field: wrong.body.field }).toEqual({ status: 400, field: 'cnpj' });
    const saved = await call(server, 'company.update', COMPANY, tokens.admin);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ legal_name: COMPANY.legal_name, cnpj: '11.222.333/0001-81', state: 'SP' });
    expect(await lastLog('company.update')).toMatchObject({ entity: 'company', entity_id: 1 });
    expect((await call(server, 'company.get', { id: 7 }, tokens.admin)).status).toBe(404);
  });

  it('adds, changes and removes legal representatives and witnesses, CPF checked', async () => {
    const bad = await call(server, 'company.createRepresentative', { company_id: 1, name: 'Maria Diretora', cpf: '123.456.789-00', role: 'Diretora' }, tokens.admin);
    expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: 'cpf' });
    const rep = await call(server, 'company.createRepresentative', { company_id: 1, name: 'Maria Diretora', cpf: '12345678909', role: 'Diretora' }, tokens.admin);
    expect(rep.body).toMatchObject({ name: 'Maria Diretora', cpf: '123.456.789-09', role: 'Diretora', active: true });
    const changed = await call(server, 'company.updateRepresentative', { id: rep.body.id, company_id: 1, name: 'Maria Diretora', cpf: '12345678909', role: 'Diretora Presidente' }, tokens.superadmin);
    expect(changed.body.role).toBe('Diretora Presidente');
    const witness = await call(server, 'company.createWitness', { company_id: 1, name: 'João Testemunha', cpf: '529.982.247-25' }, tokens.admin);
    expect(witness.status).toBe(200);
    const company = await call(server, 'company.get', { id: 1 }, tokens.operator);
    expect(company.body.representatives.map((r: { name: string }) => r.name)).toContain('Maria Diretora');
    expect(company.body.witnesses.map((w: { cpf: string }) => w.cpf)).toContain('529.982.247-25');
    expect((await call(server, 'company.deleteWitness', { id: witness.body.id }, tokens.admin)).status).toBe(200);
    expect((await call(server, 'company.deleteWitness', { id: witness.body.id }, tokens.admin)).status).toBe(404);
    expect((await call(server, 'company.updateRepresentative', { id: 999999, company_id: 1, name: 'Ninguém', cpf: '12345678909', role: 'x1' }, tokens.admin)).status).toBe(404);
    expect(await lastLog('company.representative.update')).toMatchObject({ entity: 'company_representative', entity_id: rep.body.id });
  });
});

describe('accounts', () => {
  const BANK = { id: 1, bank_code: '341', bank_name: 'Itaú Unibanco', agency: '1234', account: '56789', account_digit: '0', wallet: '109', agreement: '123456', next_our_number: 1 };

  it('keeps the bank accounts boletos and remittances use', async () => {
    const bad = await call(server, 'company.createBank', { ...BANK, bank_code: '34' }, tokens.admin);
    expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: 'bank_code' });
    const created = await call(server, 'company.createBank', BANK, tokens.admin);
    expect(created.body).toMatchObject({ bank_code: '341', wallet: '109', next_our_number: 1, active: true });
    const updated = await call(server, 'company.updateBank', { ...BANK, accountId: created.body.id, next_our_number: 1500, active: false }, tokens.admin);
    expect(updated.body).toMatchObject({ next_our_number: 1500, active: false });
    const list = await call(server, 'company.banks', { id: 1 }, tokens.agent);
    expect(list.body.map((b: { id: number }) => b.id)).toContain(created.body.id);
    expect((await call(server, 'company.deleteBank', { id: 1, accountId: created.body.id }, tokens.admin)).status).toBe(200);
    expect((await call(server, 'company.deleteBank', { id: 1, accountId: created.body.id }, tokens.admin)).status).toBe(404);
  });

  it("keeps the assignees' accounts, CNPJ checked", async () => {
    const input = { id: 1, assignee_name: 'FIDC Recebíveis Populares', assignee_cnpj: '12ABC34501DE35', bank_code: '001', bank_name: 'Banco do Brasil', agency: '0001', account: '99999', account_digit: 'X' };
    const bad = await call(server, 'company.createAssignmentAccount', { ...input, assignee_cnpj: '12ABC34501DE36' }, tokens.admin);
    expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: 'assignee_cnpj' });
    const created = await call(server, 'company.createAssignmentAccount', input, tokens.admin);
    // The agreement's repurchase terms start at the usual FIDC agreement's and change with the account.
    expect(created.body).toMatchObject({ assignee_cnpj: '12.ABC.345/01DE-35', active: true, repurchase_rule: 'face_plus_charges', repurchase_after_days: 30 });
    for (const [field, value] of [['repurchase_after_days', 0], ['repurchase_after_days', 361], ['repurchase_after_days', 1.5], ['repurchase_rule', 'par']] as const) {
      const refused = await call(server, 'company.updateAssignmentAccount', { ...input, accountId: created.body.id, [field]: value }, tokens.admin);
      expect({ status: refused.status, field: refused.body.field }, `${field}=${value}`).toEqual({ status: 400, field });
    }
    const terms = await call(server, 'company.updateAssignmentAccount', { ...input, accountId: created.body.id, repurchase_rule: 'present_value', repurchase_after_days: 60 }, tokens.admin);
    expect(terms.body).toMatchObject({ repurchase_rule: 'present_value', repurchase_after_days: 60 });
    const one = await call(server, 'company.assignmentAccount', { id: 1, accountId: created.body.id }, tokens.agent);
    expect(one.body.assignee_name).toBe('FIDC Recebíveis Populares');
    expect((await call(server, 'company.assignmentAccount', { id: 1, accountId: 999999 }, tokens.agent)).status).toBe(404);
    // The pass-through fee rate: 0 for a new account, saved and read back, at most 100%, kept when left out.
    expect(new Decimal(created.body.pass_through_fee_rate).toFixed(2)).toBe('0.00');
    for (const value of ['100.01', '-1', '1,5', 'abc']) {
      const refused = await call(server, 'company.updateAssignmentAccount', { ...input, accountId: created.body.id, pass_through_fee_rate: value }, tokens.admin);
      expect({ status: refused.status, field: refused.body.field }, value).toEqual({ status: 400, field: 'pass_through_fee_rate' });
    }
    const fee = await call(server, 'company.updateAssignmentAccount', { ...input, accountId: created.body.id, pass_through_fee_rate: '1.25' }, tokens.admin);
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    const reread = await call(server, 'company.assignmentAccount', { id: 1, accountId: created.body.id }, tokens.agent);
    expect(new Decimal(reread.body.pass_through_fee_rate).toFixed(4)).toBe('1.2500');
    const statement = await call(server, 'assigneeStatement.get', { accountId: created.body.id, from: '2026-01-01', to: '2026-01-31' }, tokens.agent);
    expect(statement.body.pass_through.fee_rate).toBe('1.25');
    const updated = await call(server, 'company.updateAssignmentAccount', { ...input, accountId: created.body.id, agency: '0002' }, tokens.admin);
    // Terms left out of an update stay as they were.
    expect(updated.body).toMatchObject({ agency: '0002', repurchase_rule: 'present_value', repurchase_after_days: 60 });
    expect(new Decimal(updated.body.pass_through_fee_rate).toFixed(4)).toBe('1.2500');
    expect((await call(server, 'company.assignmentAccounts', { id: 1 }, tokens.operator)).body.map((a: { id: number }) => a.id)).toContain(created.body.id);
    expect((await call(server, 'company.deleteAssignmentAccount', { id: 1, accountId: created.body.id }, tokens.admin)).status).toBe(200);
  });
});

describe('contract templates', () => {
  const BODY = 'CÉDULA DE CRÉDITO BANCÁRIO nº {{operacao.numero}}. Emitente: {{tomador.nome}}, {{tomador.documento}}. Credora: {{empresa.razao_social}}.';

  it('keeps one template per kind using only the known placeholders, and versions each change', async () => {
    const aliases = await call(server, 'company.contractAliases', {}, tokens.agent);
    const known = aliases.body.map((a: { alias: string }) => a.alias);
    expect(known).toContain('tomador.nome');
    // The demo seed's CCB and MPO use only known placeholders (the documents' templates follow: document-templates.test.ts).
    const seeded = await call(server, 'company.contractTemplates', { id: 1 }, tokens.agent);
    expect(seeded.body.map((t: { kind: string }) => t.kind)).toEqual(['CCB', 'MPO', 'confession', 'payoff', 'discharge', 'annual']);
    for (const template of (seeded.body as Array<{ kind: string; body: string }>).filter((t) => t.kind === 'CCB' || t.kind === 'MPO')) {
      expect(templatePlaceholders(template.body).filter((p) => !known.includes(p))).toEqual([]);
    }
    const ccb = seeded.body[0] as { version: number };

    const unknown = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'CCB', title: 'CCB padrão', body: `${BODY} {{tomador.salario}}` }, tokens.admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'body' });
    expect(unknown.body.message).toContain('{{tomador.salario}}');
    const twice = await call(server, 'company.createContractTemplate', { id: 1, kind: 'CCB', title: 'CCB padrão', body: BODY }, tokens.admin);
    expect({ status: twice.status, field: twice.body.field }).toEqual({ status: 409, field: 'kind' });
    const changed = await call(server, 'company.updateContractTemplate', { id: 1, kind: 'CCB', title: 'CCB padrão v2', body: `${BODY} Local: {{local.emissao}}.` }, tokens.admin);
    expect(changed.body).toMatchObject({ version: ccb.version + 1, title: 'CCB padrão v2' });
    const log = await lastLog('company.contract-template.update');
    const detail = await call(server, 'logs.byId', { id: log.id }, tokens.admin);
    expect(detail.body.after).toEqual({ kind: 'CCB', title: 'CCB padrão v2', version: ccb.version + 1 });
    // A company without templates: updating one that does not exist is a 404, creating it works once.
    await server.database.rows("INSERT INTO companies (legal_name) VALUES ('Outra') RETURNING id");
    const [{ id: other }] = await server.database.rows<{ id: number }>("SELECT id FROM companies WHERE legal_name = 'Outra'");
    expect((await call(server, 'company.updateContractTemplate', { id: other, kind: 'MPO', title: 'MPO', body: BODY }, tokens.admin)).status).toBe(404);
    const created = await call(server, 'company.createContractTemplate', { id: other, kind: 'MPO', title: 'MPO padrão', body: BODY }, tokens.admin);
    expect(created.body).toMatchObject({ kind: 'MPO', version: 1 });
  });
});

describe('operating parameters within the law and within their columns', () => {
  const parameters = async () => {
    const { updated_at: _u, ...values } = (await call(server, 'company.parameters', { id: 1 }, tokens.admin)).body;
    return values;
  };
  const refused = async (patch: Record<string, unknown>, field: string, message?: RegExp) => {
    const answer = await call(server, 'company.updateParameters', { ...(await parameters()), ...patch }, tokens.admin);
    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field });
    if (message) expect(answer.body.message).toMatch(message);
  };

  it('starts with 60 days to the first due date and 30 days ahead for a release, and takes other values in their bounds', async () => {
    expect(await parameters()).toMatchObject({ max_first_period_days: 60, max_disbursement_days_ahead: 30 });
    const changed = await changeParameters(server, { ...(await parameters()), max_first_period_days: 45, max_disbursement_days_ahead: 0 }, tokens.admin, tokens.superadmin);
    expect(changed.body).toMatchObject({ max_first_period_days: 45, max_disbursement_days_ahead: 0 });
    const detail = await call(server, 'logs.byId', { id: (await lastLog('company.parameters.update')).id }, tokens.admin);
    expect(detail.body.after).toMatchObject({ max_first_period_days: 45, max_disbursement_days_ahead: 0 });
    // Absent, they stay as they are.
    const { max_first_period_days: _f, max_disbursement_days_ahead: _d, ...withoutDates } = await parameters();
    expect((await changeParameters(server, { ...withoutDates, grace_days: withoutDates.grace_days + 1 }, tokens.admin, tokens.superadmin)).body).toMatchObject({ max_first_period_days: 45 });
    await refused({ max_first_period_days: 30 }, 'max_first_period_days', /31 dias/);
    await refused({ max_first_period_days: 366 }, 'max_first_period_days');
    await refused({ max_disbursement_days_ahead: -1 }, 'max_disbursement_days_ahead');
    await changeParameters(server, { ...(await parameters()), max_first_period_days: 60, max_disbursement_days_ahead: 30 }, tokens.admin, tokens.superadmin);
  });

  it('refuses a multa above 2% (CDC art. 52 §1) and juros de mora above 1% a month (STJ Súmula 379), naming the limit', async () => {
    await refused({ late_fee_percent: '2.01' }, 'late_fee_percent', /no máximo 2% \(Código de Defesa do Consumidor, art\. 52, § 1º\)/);
    await refused({ default_interest_monthly_percent: '1.5' }, 'default_interest_monthly_percent', /no máximo 1% ao mês \(STJ, Súmula 379\)/);
    expect((await changeParameters(server, { ...(await parameters()), late_fee_percent: '1.9', default_interest_monthly_percent: '0.9' }, tokens.admin, tokens.superadmin)).status).toBe(200);
    expect((await changeParameters(server, { ...(await parameters()), late_fee_percent: '2', default_interest_monthly_percent: '1' }, tokens.admin, tokens.superadmin)).status).toBe(200);
    // The database holds the same caps on its own.
    await expect(server.database.rows('UPDATE company_parameters SET late_fee_percent = 10 WHERE company_id = 1')).rejects.toThrow(/company_parameters_late_fee_cap/);
    await expect(server.database.rows('UPDATE company_parameters SET default_interest_monthly_percent = 2 WHERE company_id = 1')).rejects.toThrow(/company_parameters_default_interest_cap/);
  });

  it('takes rates with at most the four places their columns keep', async () => {
    await refused({ max_monthly_rate: '4.12345' }, 'max_monthly_rate', /até 4 casas/);
    await refused({ max_monthly_rate: '150' }, 'max_monthly_rate', /100% ao mês/);
    const precise = await changeParameters(server, { ...(await parameters()), max_monthly_rate: '14.9999' }, tokens.admin, tokens.superadmin);
    expect(precise.body.max_monthly_rate).toBe('14.9999');
  });
});

describe('IOF periods', () => {
  const PERIOD = { person_type: 'PJ', daily_percent: '0.0082', additional_percent: '0.38', legal_basis: 'Decreto de teste, art. 1º' } as const;

  /** Runs `work` with the open period of `type` ending in 2094 (so periods after it are free), then opens it again. */
  async function withOpenPeriodClosed(type: string, work: () => Promise<void>): Promise<void> {
    const [open] = await server.database.rows<{ id: number }>('SELECT id FROM iof_parameters WHERE person_type = $1 AND valid_to IS NULL', [type]);
    await server.database.rows("UPDATE iof_parameters SET valid_to = '2094-12-31' WHERE id = $1", [open.id]);
    try {
      await work();
    } finally {
      // A failed `work` may leave its periods behind: remove them first, or reopening fails and hides the real failure.
      await server.database.rows("DELETE FROM iof_parameters WHERE person_type = $1 AND valid_from > '2094-12-31'", [type]);
      await server.database.rows('UPDATE iof_parameters SET valid_to = NULL WHERE id = $1', [open.id]);
    }
  }

  it('each seeded period carries its legal source; the MEI has its own periods (Decreto 12.466/2025)', async () => {
    const list = (await call(server, 'company.iofParameters', {}, tokens.agent)).body as Array<{ person_type: string; valid_from: string; legal_basis: string; additional_percent: string }>;
    expect(list.every((p) => p.legal_basis.trim().length > 0)).toBe(true);
    expect(list.find((p) => p.person_type === 'PF' && p.valid_from === '2015-01-21')?.legal_basis).toBe('Decreto 6.306/2007, art. 7º, I, b, na redação do Decreto 8.392/2015');
    const mei = list.filter((p) => p.person_type === 'MEI');
    expect(mei.map((p) => p.valid_from).sort()).toEqual(['2009-07-01', '2020-04-03', '2021-01-01', '2025-06-01', '2025-06-11']);
    expect(mei.find((p) => p.valid_from === '2025-06-01')).toMatchObject({ additional_percent: '0.3800', legal_basis: expect.stringContaining('Decreto 12.466/2025') });
  });

  it('puts in the contract the bounds that lived only in the database: rates, places, the legal basis', async () => {
    const refused = async (patch: Record<string, unknown>, field: string, message?: RegExp) => {
      const answer = await call(server, 'company.createIofParameter', { ...PERIOD, valid_from: '2090-01-01', ...patch }, tokens.admin);
      expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field });
      if (message) expect(answer.body.message).toMatch(message);
    };
    await refused({ daily_percent: '9999' }, 'daily_percent');
    await refused({ daily_percent: '1.6' }, 'daily_percent', /1,5% \(Lei 8\.894\/1994/);
    await refused({ daily_percent: '0.0000001' }, 'daily_percent', /6 casas/);
    await refused({ additional_percent: '0.38001' }, 'additional_percent', /4 casas/);
    await refused({ additional_percent: '2' }, 'additional_percent');
    await refused({ legal_basis: undefined }, 'legal_basis');
    await refused({ legal_basis: '  ' }, 'legal_basis');
  });

  it('refuses an overlapping period in the database too: ten concurrent creations store exactly one', async () => {
    await withOpenPeriodClosed('SIMPLES', async () => {
      // Ten different periods of one type, all sharing December 2095 (the check before the insert cannot see the others).
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          call(server, 'company.createIofParameter', { ...PERIOD, person_type: 'SIMPLES', valid_from: `2095-01-${String(k + 1).padStart(2, '0')}`, valid_to: '2095-12-31' }, tokens.admin),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect({ status: refused.status, field: refused.body.field }).toEqual({ status: 409, field: 'valid_from' });
        expect(refused.body.message).toMatch(/Simples Nacional .*2095/);
      }
      const stored = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM iof_parameters WHERE person_type = 'SIMPLES' AND valid_to = '2095-12-31'");
      expect(stored[0].n).toBe(1);
      // Whatever writes, the constraint holds: even straight SQL is refused.
      await expect(
        server.database.rows("INSERT INTO iof_parameters (person_type, daily_percent, additional_percent, valid_from, valid_to, legal_basis) VALUES ('SIMPLES', 0.001, 0.38, '2095-06-01', NULL, 'x')"),
      ).rejects.toThrow(/iof_parameters_no_overlap_simples/);
      const [row] = await server.database.rows<{ id: number }>("SELECT id FROM iof_parameters WHERE person_type = 'SIMPLES' AND valid_to = '2095-12-31'");
      expect((await call(server, 'company.deleteIofParameter', { id: row.id }, tokens.admin)).status).toBe(200);
    });
  });

  it('refuses a correction that would overlap another period, naming it', async () => {
    await withOpenPeriodClosed('PJ', async () => {
      const created = await call(server, 'company.createIofParameter', { ...PERIOD, valid_from: '2096-01-01', valid_to: '2096-12-31' }, tokens.admin);
      expect(created.status).toBe(200);
      const other = await call(server, 'company.createIofParameter', { ...PERIOD, valid_from: '2097-01-01', valid_to: '2097-12-31' }, tokens.admin);
      expect(other.status).toBe(200);
      const moved = await call(server, 'company.updateIofParameter', { ...PERIOD, id: other.body.id, valid_from: '2096-06-01', valid_to: '2097-12-31' }, tokens.admin);
      expect({ status: moved.status, field: moved.body.field }).toEqual({ status: 409, field: 'valid_from' });
      expect(moved.body.message).toMatch(/de PJ com vigência de 01\/01\/2096 a 31\/12\/2096/);
      for (const id of [created.body.id, other.body.id]) await call(server, 'company.deleteIofParameter', { id }, tokens.admin);
    });
  });
});

describe('authorization matrix (reading: panel users; changes: administrators)', () => {
  const read = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 } as const;
  const write = (status: number) => ({ superadmin: status, admin: status, operator: 403, agent: 403, user: 403 });
  const cases: Array<[OperationName, unknown, Record<DemoRole, number>]> = [
    ['company.get', { id: 1 }, read],
    ['company.banks', { id: 1 }, read],
    ['company.assignmentAccounts', { id: 1 }, read],
    ['company.assignmentAccount', { id: 1, accountId: 999999 }, { ...read, superadmin: 404, admin: 404, operator: 404, agent: 404 }],
    ['company.contractTemplates', { id: 1 }, read],
    ['company.contractAliases', {}, read],
    ['company.update', { id: 1 }, write(400)],
    ['company.createRepresentative', { company_id: 1 }, write(400)],
    ['company.updateRepresentative', { company_id: 1 }, write(400)],
    ['company.deleteRepresentative', { id: 999999 }, write(404)],
    ['company.createWitness', { company_id: 1 }, write(400)],
    ['company.updateWitness', { company_id: 1 }, write(400)],
    ['company.deleteWitness', { id: 999999 }, write(404)],
    ['company.createBank', { id: 1 }, write(400)],
    ['company.updateBank', { id: 1 }, write(400)],
    ['company.deleteBank', { id: 1, accountId: 999999 }, write(404)],
    ['company.createAssignmentAccount', { id: 1 }, write(400)],
    ['company.updateAssignmentAccount', { id: 1 }, write(400)],
    ['company.deleteAssignmentAccount', { id: 1, accountId: 999999 }, write(404)],
    ['company.createContractTemplate', { id: 1 }, write(400)],
    ['company.updateContractTemplate', { id: 1 }, write(400)],
  ];
  for (const [name, args, expected] of cases) {
    it(`${name}: ${JSON.stringify(expected)}, no token 401`, async () => {
      for (const role of Object.keys(expected) as DemoRole[]) {
        const answer = await call(server, name, args, tokens[role]);
        expect({ role, status: answer.status }).toEqual({ role, status: expected[role] });
      }
      expect((await call(server, name, args)).status).toBe(401);
    });
  }
});
