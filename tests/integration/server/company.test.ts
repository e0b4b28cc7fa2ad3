/**
 * Company setup (spec §7 "Company"; issue 9 §1): the lender's data, who signs
 * its contracts, its accounts and its contract templates; every change logged,
 * documents checked, and the authorization matrix of spec §6 (reading for
 * panel users, changes for administrators).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templatePlaceholders, type OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';

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
    expect(created.body).toMatchObject({ assignee_cnpj: '12.ABC.345/01DE-35', active: true });
    const one = await call(server, 'company.assignmentAccount', { id: 1, accountId: created.body.id }, tokens.agent);
    expect(one.body.assignee_name).toBe('FIDC Recebíveis Populares');
    expect((await call(server, 'company.assignmentAccount', { id: 1, accountId: 999999 }, tokens.agent)).status).toBe(404);
    const updated = await call(server, 'company.updateAssignmentAccount', { ...input, accountId: created.body.id, agency: '0002' }, tokens.admin);
    expect(updated.body.agency).toBe('0002');
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
    // The demo seed's CCB and MPO use only known placeholders.
    const seeded = await call(server, 'company.contractTemplates', { id: 1 }, tokens.agent);
    expect(seeded.body.map((t: { kind: string }) => t.kind)).toEqual(['CCB', 'MPO']);
    for (const template of seeded.body as Array<{ body: string }>) expect(templatePlaceholders(template.body).filter((p) => !known.includes(p))).toEqual([]);
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
