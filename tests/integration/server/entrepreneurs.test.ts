/**
 * Entrepreneurs (the spec's entrepreneurs screens and "Users" calls): the list with its filters, sorts and
 * export; one person with their client info (personal data, bank accounts,
 * business data); the staff's edit of it (CPF/CNPJ checked by their digits,
 * options from the questionnaire lists, the bank account list synced); the
 * administrators' account edit; 404s; who may call each (five roles, no token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTREPRENEUR_EXPORT_COLUMNS, type OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { insertEntrepreneur } from '../../helpers/credit-fixtures';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let person: number;
let other: number;
let option: (list: string, index?: number) => Promise<number>;

const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';
/** The alphanumeric CNPJ of Nota Técnica 49/2024's example. */
const CNPJ_ALNUM = '12ABC34501DE35';

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
  person = await insertEntrepreneur(server.database, { name: 'Rosa Empreendedora Lima', email: 'rosa.empreendedora@teste.local', state: 'BA', city: 'Salvador' });
  other = await insertEntrepreneur(server.database, { name: 'Outra Empreendedora Lima', email: 'outra.empreendedora@teste.local' });
  option = async (list, index = 0) => {
    const answer = await call(server, 'interests.listOptions', { x: list }, tokens.agent);
    return answer.body[index].value as number;
  };
});
afterAll(() => server?.close());

const get = (id: number, token = tokens.agent) => call(server, 'users.entrepreneur', { id }, token);
const update = (args: Record<string, unknown>, token = tokens.operator) => call(server, 'users.updateEntrepreneur', args, token);

describe('list and export', () => {
  it('filters by state and city, sorts by them, and exports the same rows', async () => {
    const byCity = await call(server, 'users.entrepreneurs', { filter: { city: 'salvador', name: 'Empreendedora' } }, tokens.agent);
    expect(byCity.status).toBe(200);
    expect(byCity.body.items.map((u: { id: number }) => u.id)).toEqual([person]);
    expect(byCity.body.items[0]).toMatchObject({ state: 'BA', city: 'Salvador', email: 'rosa.empreendedora@teste.local' });
    const sorted = await call(server, 'users.entrepreneurs', { filter: { name: 'Empreendedora Lima' }, sort: { field: 'name', order: 'ASC' } }, tokens.agent);
    expect(sorted.body.items.map((u: { id: number }) => u.id)).toEqual([other, person]);
    expect((await call(server, 'users.entrepreneurs', { sort: { field: 'phone', order: 'ASC' } }, tokens.agent)).status).toBe(400);

    const exported = await call(server, 'users.exportEntrepreneurs', { filter: { name: 'Empreendedora Lima' }, sort: { field: 'name', order: 'DESC' } }, tokens.agent);
    expect(exported.status).toBe(200);
    expect(exported.body.rows.map((r: { id: number }) => r.id)).toEqual([person, other]);
    const keys = ENTREPRENEUR_EXPORT_COLUMNS.map((c) => c.key).sort();
    for (const row of exported.body.rows) expect(Object.keys(row).sort()).toEqual(keys);
    const all = await call(server, 'users.exportEntrepreneurs', {}, tokens.agent);
    const total = await call(server, 'users.entrepreneurs', {}, tokens.agent);
    expect(all.body.rows).toHaveLength(total.body.meta.totalItems);
  });
});

describe('client info', () => {
  it('a person with nothing recorded yet reads as empty parts', async () => {
    const answer = await get(other);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: other, name: 'Outra Empreendedora Lima', bankData: [] });
    expect(Object.values(answer.body.personalData).every((v) => v === null)).toBe(true);
    expect(Object.values(answer.body.businessData).every((v) => v === null)).toBe(true);
  });

  it('writes personal, business and bank data in one call, masked and logged once', async () => {
    const genre = await option('genre');
    const relations = await option('relations', 1);
    const companyType = await option('companyType');
    const branch = await option('branchOfActivity', 2);
    const profile = await option('profileAccountBank');
    const typeAccount = await option('typeAccount');
    const answer = await update({
      id: person,
      name: 'Rosa Empreendedora Lima',
      cpf: CPF.replace(/\D/g, ''),
      phone: '(71) 99876-5432',
      state: 'sp',
      city: 'São Paulo',
      personalData: {
        birthday: '1985-07-31',
        genre,
        relations,
        profession: 'Confeiteira',
        cep: '01001000',
        address: 'Praça da Sé',
        addressNumber: '100',
        addressComplement: '',
        neighborhood: 'Sé',
        instagram: '@rosadoces',
      },
      businessData: {
        cnpj: CNPJ.replace(/\D/g, ''),
        legalName: 'Rosa Doces LTDA',
        companyName: 'Rosa Doces',
        companyType,
        branchOfActivity: branch,
        companyCep: '01001-000',
        companyCity: 'São Paulo',
        companyState: 'SP',
      },
      bankData: [
        { profileAccountBank: profile, cpfCnpj: CPF, nameCreditCard: 'Rosa E. Lima', bankName: 'Banco do Brasil', bankAgency: '1234', bankNumber: '56789', bankDigit: '0', typeAccount, keyPix: 'rosa@pix' },
        { cpfCnpj: CNPJ_ALNUM, bankName: 'Caixa', bankAgency: '0001', bankNumber: '11111' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ cpf: CPF, phone: '(71) 99876-5432', state: 'SP', city: 'São Paulo' });
    expect(answer.body.personalData).toMatchObject({ birthday: '1985-07-31', genre, relations, cep: '01001-000', addressComplement: null, instagram: '@rosadoces' });
    expect(answer.body.businessData).toMatchObject({ cnpj: CNPJ, companyName: 'Rosa Doces', companyType, branchOfActivity: branch, companyCep: '01001-000', companyState: 'SP' });
    expect(answer.body.bankData).toHaveLength(2);
    expect(answer.body.bankData[0]).toMatchObject({ bankName: 'Banco do Brasil', cpfCnpj: CPF, nameCreditCard: 'Rosa E. Lima', profileAccountBank: profile, typeAccount });
    expect(answer.body.bankData[1]).toMatchObject({ bankName: 'Caixa', cpfCnpj: '12.ABC.345/01DE-35', bankDigit: null });
    expect((await get(person)).body).toEqual(answer.body);

    const log = await server.database.rows<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `SELECT action, before, after FROM activity_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id`,
      [person],
    );
    expect(log).toHaveLength(1);
    expect(log[0].action).toBe('entrepreneur.update');
    expect(log[0].before).toMatchObject({ state: 'BA', city: 'Salvador', bank_accounts: null });
    expect(log[0].after).toMatchObject({ state: 'SP', cpf: CPF, cnpj: CNPJ, birthday: '1985-07-31', bank_accounts: expect.stringContaining('Banco do Brasil ag. 1234 conta 56789-0') });
  });

  it('bank accounts: an item with its id is edited, one without is added, one left out is removed', async () => {
    const before = (await get(person)).body.bankData as Array<{ id: number; bankName: string }>;
    const [bb, caixa] = before;
    const answer = await update({
      id: person,
      bankData: [
        { id: caixa.id, bankName: 'Caixa Econômica Federal', bankAgency: '0001', bankNumber: '22222', bankDigit: '3' },
        { bankName: 'Nubank', bankAgency: '0001', bankNumber: '98765', bankDigit: '4', keyPix: '(71) 99876-5432' },
      ],
    });
    expect(answer.status).toBe(200);
    const after = answer.body.bankData as Array<{ id: number; bankName: string; bankNumber: string }>;
    expect(after.map((a) => a.bankName)).toEqual(['Caixa Econômica Federal', 'Nubank']);
    expect(after[0].id).toBe(caixa.id);
    expect(after.map((a) => a.id)).not.toContain(bb.id);
    // Parts not sent stay as they were.
    expect(answer.body.businessData.companyName).toBe('Rosa Doces');
    expect(answer.body.personalData.profession).toBe('Confeiteira');

    // Someone else's account id, or one id twice, is refused naming the item.
    const foreign = await update({ id: other, bankData: [{ id: caixa.id, bankName: 'X', bankAgency: '1', bankNumber: '2' }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('bankData.0.id');
    const twice = await update({ id: person, bankData: [after[0], after[0]] });
    expect(twice.body.field).toBe('bankData.1.id');
    expect((await get(person)).body.bankData).toHaveLength(2);

    const cleared = await update({ id: person, bankData: [] });
    expect(cleared.body.bankData).toEqual([]);
  });

  it('an invalid CPF or CNPJ is a 400 naming the field; nothing is half-written', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cpf: '529.982.247-24' }, 'cpf'],
      [{ businessData: { cnpj: '11.222.333/0001-80' } }, 'businessData.cnpj'],
      [{ businessData: { cnpj: '12ABC34501DE36' } }, 'businessData.cnpj'],
      [{ bankData: [{ cpfCnpj: '123', bankName: 'B', bankAgency: '1', bankNumber: '2' }] }, 'bankData.0.cpfCnpj'],
      [{ state: 'XX' }, 'state'],
      [{ personalData: { cep: '0100' } }, 'personalData.cep'],
      [{ personalData: { birthday: '1985-02-30' } }, 'personalData.birthday'],
      [{ bankData: [{ bankName: '', bankAgency: '1', bankNumber: '2' }] }, 'bankData.0.bankName'],
    ];
    for (const [args, field] of cases) {
      const answer = await update({ id: person, name: 'Nome Que Não Fica', ...args });
      expect(answer.status, field).toBe(400);
      expect(answer.body.field, JSON.stringify(args)).toBe(field);
      expect(answer.body.message).toMatch(/^Campo /);
    }
    expect((await get(person)).body.name).toBe('Rosa Empreendedora Lima');
  });

  it("an option from another list, or no option at all, is a 400 naming the field; the transaction is undone", async () => {
    const genre = await option('genre');
    const wrongList = await update({ id: person, name: 'Nome Que Não Fica', personalData: { relations: genre } });
    expect(wrongList.status).toBe(400);
    expect(wrongList.body.field).toBe('personalData.relations');
    const unknown = await update({ id: person, businessData: { companyType: 999999 } });
    expect(unknown.body.field).toBe('businessData.companyType');
    const bank = await update({ id: person, bankData: [{ bankName: 'B', bankAgency: '1', bankNumber: '2', typeAccount: genre }] });
    expect(bank.body.field).toBe('bankData.0.typeAccount');
    expect((await get(person)).body.name).toBe('Rosa Empreendedora Lima');
  });

  it('404 for staff accounts, unknown and deleted people', async () => {
    const [staff] = await server.database.rows<{ id: number }>(`SELECT id FROM users WHERE email = 'operador@demo.local'`);
    expect((await get(staff.id)).status).toBe(404);
    expect((await get(999999)).status).toBe(404);
    expect((await update({ id: staff.id, name: 'Não Pode' })).status).toBe(404);
    expect((await update({ id: 999999, name: 'Não Pode' })).status).toBe(404);
    expect((await call(server, 'users.updateAdminEntrepreneurs', { id: 999999, active: false }, tokens.admin)).status).toBe(404);
  });
});

describe('account (administrators)', () => {
  it('changes e-mail and activation, logged; a used e-mail is a 409', async () => {
    const answer = await call(server, 'users.updateAdminEntrepreneurs', { id: other, email: 'outra.nova@teste.local', active: false }, tokens.admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: 'outra.nova@teste.local', active: false });
    const dup = await call(server, 'users.updateAdminEntrepreneurs', { id: other, email: 'rosa.empreendedora@teste.local' }, tokens.admin);
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe('email');
  });
});

describe('authorization (spec roles and permissions)', () => {
  const read: Record<DemoRole, number> = { superadmin: 200, admin: 200, operator: 200, agent: 200, user: 403 };
  const cases: Array<[OperationName, () => Record<string, unknown>, Record<DemoRole, number>]> = [
    ['users.entrepreneurs', () => ({}), read],
    ['users.entrepreneur', () => ({ id: person }), read],
    ['users.exportEntrepreneurs', () => ({ filter: { name: 'Empreendedora' } }), read],
    // Agents consult the client info; operators and administrators edit it; the account only administrators.
    ['users.updateEntrepreneur', () => ({ id: person, city: 'São Paulo' }), { superadmin: 200, admin: 200, operator: 200, agent: 403, user: 403 }],
    ['users.updateAdminEntrepreneurs', () => ({ id: person, active: true }), { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 }],
  ];
  for (const [name, args, expected] of cases) {
    it(`${name}: the five roles and no token`, async () => {
      for (const role of Object.keys(expected) as DemoRole[]) {
        expect((await call(server, name, args(), tokens[role])).status, `${name} as ${role}`).toBe(expected[role]);
      }
      expect((await call(server, name, args())).status, `${name} without a token`).toBe(401);
    });
  }
});
