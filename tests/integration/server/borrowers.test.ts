/**
 * Borrowers and their credit file (the spec's "Borrowers" calls):
 * registration from an approved solicitation or from scratch (documents
 * checked, formatted and unique), the list with its filters and sorts, bank
 * and business data, the six sub-record kinds (one loop over the contract's
 * BORROWER_RECORD_KINDS), the guarantee's document, guarantors, other
 * information, parameters inside the company's, simulations and the risk
 * classification; every change logged; while a contract is in force a new
 * payout account and a pledged guarantee's value or document only by
 * operators; a guarantor id that exists; the authorization matrix of the spec's roles and permissions
 * (every panel role, not the applicant, not anonymous).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROWER_RECORD_KIND_NAMES, borrowerRecordOperationNames, contract, type BorrowerRecordKind, type OperationName } from '../../../src/shared/contract/index';
import { todayInSaoPaulo } from '../../../src/server/areas/borrowers/borrowers';
import { completeCpf } from '../../../src/shared/documents';
import { insertEntrepreneur, insertSimulation } from '../../helpers/credit-fixtures';
import { startTestServer, type TestServer } from '../../helpers/server';
import { insertSolicitation } from '../../helpers/solicitations-fixture';
import { call, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix, type MatrixCase } from './matrix';

let server: TestServer;
let tokens: Record<DemoRole, string>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
});
afterAll(() => server?.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const file = (bytes: Uint8Array, name: string, type: string) => ({ name, type, bytes });

const lastLog = async (action: string) => (await call(server, 'logs.all', { filter: { action } }, tokens.admin)).body.items[0];
const logDetail = async (action: string) => (await call(server, 'logs.byId', { id: (await lastLog(action)).id }, tokens.admin)).body;

/** A calendar day `days` after (or before, negative) 'YYYY-MM-DD', by UTC calendar arithmetic (no zone involved). */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

let seq = 0;
/** A borrower registered from scratch with a fresh CPF (9 digits from a counter, check digits computed). */
async function newPerson(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const body = `9876${String(seq).padStart(5, '0')}`;
  const answer = await call(server, 'borrowers.create', { person_type: 'PF', document: completeCpf(body), name: `Tomador ${seq}`, state: 'sp', city: 'Campinas', ...overrides }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: number; document: string; name: string };
}

describe('registration', () => {
  it('registers from scratch with the document checked against the person type, formatted and unique', async () => {
    const bad = await call(server, 'borrowers.create', { person_type: 'PF', document: '123.456.789-00', name: 'Fulano' }, tokens.agent);
    expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: 'document' });
    const mismatch = await call(server, 'borrowers.create', { person_type: 'PF', document: '11222333000181', name: 'Empresa' }, tokens.agent);
    expect({ status: mismatch.status, field: mismatch.body.field }).toEqual({ status: 400, field: 'document' });
    const mismatch2 = await call(server, 'borrowers.create', { person_type: 'PJ', document: '52998224725', name: 'Pessoa' }, tokens.agent);
    expect({ status: mismatch2.status, field: mismatch2.body.field }).toEqual({ status: 400, field: 'document' });
    const nothing = await call(server, 'borrowers.create', { name: 'Sem documento' }, tokens.agent);
    expect({ status: nothing.status, field: nothing.body.field }).toEqual({ status: 400, field: 'solicitation_id' });

    const created = await call(
      server,
      'borrowers.create',
      { person_type: 'PJ', document: '11222333000181', name: 'Doces da Vila LTDA', trade_name: 'Doces da Vila', simples_nacional: true, state: 'mg', monthly_income: '4500' },
      tokens.agent,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      person_type: 'PJ',
      document: '11.222.333/0001-81',
      name: 'Doces da Vila LTDA',
      simples_nacional: true,
      state: 'MG',
      monthly_income: '4500.00',
      user_id: null,
      solicitation_id: null,
      operations: 0,
      active: true,
      bank_accounts: [],
    });
    const twice = await call(server, 'borrowers.create', { person_type: 'PJ', document: '11.222.333/0001-81', name: 'Outra' }, tokens.agent);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ field: 'document', message: 'Já existe um tomador com este documento' });
    expect(await lastLog('borrower.create')).toMatchObject({ entity: 'borrower', entity_id: created.body.id });

    const got = await call(server, 'borrowers.get', { id: created.body.id }, tokens.agent);
    expect(got.body).toEqual(created.body);
    expect((await call(server, 'borrowers.get', { id: 999999 }, tokens.agent)).status).toBe(404);
  });

  it('the same document sent ten times at once makes one borrower and nine 409s', async () => {
    const document = completeCpf('987659999');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(server, 'borrowers.create', { person_type: 'PF', document, name: `Corrida ${i}` }, tokens.agent)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.field === 'document')).toBe(true);
  });

  it('registers from an approved solicitation (once), copying the person, company, partners and bank data', async () => {
    const userId = await insertEntrepreneur(server.database, { name: 'Joana Empreendedora', email: `joana${Date.now()}@teste.local`, cpf: '390.533.447-05' });
    const solicitationId = await insertSolicitation(server.database, {
      userId,
      status: 'approved',
      typeCredit: 'PJ',
      name: 'Joana Empreendedora',
      email: 'joana@teste.local',
      cpf: '390.533.447-05',
      cnpj: '45.723.174/0001-10',
      legalName: 'Joana Salgados LTDA',
      companyName: 'Salgados da Joana',
      phone: '+5511987654321',
      state: 'SP',
      city: 'São Paulo',
      partners: [
        { name: 'Joana Empreendedora', cpf: '390.533.447-05', share: '60.00' },
        { name: 'Pedro Sócio', cpf: '529.982.247-25', share: '40.00' },
      ],
      columns: {
        company_city: 'Osasco',
        company_state: 'SP',
        company_address: 'Rua das Flores',
        bank_name: '341 - Itaú Unibanco',
        bank_agency: '0123',
        bank_number: '456789',
        bank_digit: '5',
        key_pix: 'joana@teste.local',
      },
    });
    const pendingId = await insertSolicitation(server.database, { userId, status: 'pending', typeCredit: 'PF', cpf: '390.533.447-05' });

    const created = await call(server, 'borrowers.create', { solicitation_id: solicitationId }, tokens.operator);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      person_type: 'PJ',
      name: 'Joana Salgados LTDA',
      trade_name: 'Salgados da Joana',
      document: '45.723.174/0001-10',
      user_id: userId,
      solicitation_id: solicitationId,
      city: 'Osasco',
      address: 'Rua das Flores',
      legal_representative_name: 'Joana Empreendedora',
      legal_representative_cpf: '390.533.447-05',
      email: 'joana@teste.local',
    });
    expect(created.body.bank_accounts).toEqual([
      expect.objectContaining({ bank_code: '341', bank_name: 'Itaú Unibanco', agency: '0123', account: '456789', account_digit: '5', pix_key: 'joana@teste.local', is_payout: true }),
    ]);
    const partners = await call(server, 'borrowers.shareholder.list', { id: created.body.id }, tokens.agent);
    expect(partners.body.map((p: { document: string; share_percent: string }) => [p.document, p.share_percent])).toEqual([
      ['390.533.447-05', '60.0000'],
      ['529.982.247-25', '40.0000'],
    ]);

    const again = await call(server, 'borrowers.create', { solicitation_id: solicitationId }, tokens.operator);
    expect({ status: again.status, field: again.body.field }).toEqual({ status: 409, field: 'solicitation_id' });
    const pending = await call(server, 'borrowers.create', { solicitation_id: pendingId }, tokens.operator);
    expect({ status: pending.status, field: pending.body.field }).toEqual({ status: 409, field: 'solicitation_id' });
    expect((await call(server, 'borrowers.create', { solicitation_id: 999999 }, tokens.operator)).status).toBe(404);

    // A second approved request of the same person (PF) under a CPF some borrower already has: 409 on the document.
    const holder = await call(server, 'borrowers.create', { person_type: 'PF', document: '52998224725', name: 'Pedro Sócio' }, tokens.operator);
    expect(holder.status).toBe(200);
    const secondId = await insertSolicitation(server.database, { userId, status: 'approved', typeCredit: 'PF', cpf: '529.982.247-25' });
    const duplicate = await call(server, 'borrowers.create', { solicitation_id: secondId }, tokens.operator);
    expect({ status: duplicate.status, field: duplicate.body.field }).toEqual({ status: 409, field: 'document' });

    // The borrower's simulations are its person's (same shape as simulations.byUser).
    await insertSimulation(server.database, { userId, value: '15000.00', plots: 12, monthlyRate: '1.99', installment: '1418.86', day: '2026-01-10' });
    const sims = await call(server, 'borrowers.simulations', { id: created.body.id }, tokens.agent);
    expect(sims.status).toBe(200);
    expect(sims.body).toEqual((await call(server, 'simulations.byUser', { id: userId }, tokens.agent)).body);
    expect(sims.body[0]).toMatchObject({ user_id: userId, value: '15000.00', plots: 12 });
    const scratch = await newPerson();
    expect((await call(server, 'borrowers.simulations', { id: scratch.id }, tokens.agent)).body).toEqual([]);
  });

  it('changes registration and business data (document kept), logged before and after', async () => {
    const b = await newPerson();
    const changed = await call(server, 'borrowers.update', { id: b.id, name: 'Nome Corrigido', phone: '11 99999-0000', state: 'rj', active: false }, tokens.agent);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Nome Corrigido', phone: '11 99999-0000', state: 'RJ', active: false, document: b.document, city: 'Campinas' });
    const detail = await logDetail('borrower.update');
    expect(detail.before).toMatchObject({ name: b.name, state: 'SP' });
    expect(detail.after).toMatchObject({ name: 'Nome Corrigido', state: 'RJ', document: b.document });
    expect((await call(server, 'borrowers.update', { id: 999999, name: 'X' }, tokens.agent)).status).toBe(404);
    const badState = await call(server, 'borrowers.update', { id: b.id, name: 'X', state: 'XX' }, tokens.agent);
    expect({ status: badState.status, field: badState.body.field }).toEqual({ status: 400, field: 'state' });

    const badCpf = await call(server, 'borrowers.updateBusiness', { id: b.id, legal_representative_cpf: '111.111.111-11' }, tokens.agent);
    expect({ status: badCpf.status, field: badCpf.body.field }).toEqual({ status: 400, field: 'legal_representative_cpf' });
    const business = await call(
      server,
      'borrowers.updateBusiness',
      { id: b.id, legal_representative_name: 'Rep Legal', legal_representative_cpf: '52998224725', opening_date: '2019-03-01', employees: 4, monthly_revenue: '30000.5', activity: 'Confeitaria' },
      tokens.agent,
    );
    expect(business.body).toMatchObject({ legal_representative_cpf: '529.982.247-25', opening_date: '2019-03-01', employees: 4, monthly_revenue: '30000.50', name: 'Nome Corrigido' });
    expect(await lastLog('borrower.business.update')).toMatchObject({ entity: 'borrower', entity_id: b.id });
  });

  it('keeps bank accounts with a single payout account', async () => {
    const b = await newPerson();
    const account = { borrower_id: b.id, bank_code: '001', bank_name: 'Banco do Brasil', agency: '1234', account: '99887', account_digit: '1', account_type: 'checking' };
    const badCode = await call(server, 'borrowers.createBank', { ...account, bank_code: '1' }, tokens.agent);
    expect({ status: badCode.status, field: badCode.body.field }).toEqual({ status: 400, field: 'bank_code' });
    const first = await call(server, 'borrowers.createBank', { ...account, is_payout: true }, tokens.agent);
    expect(first.body).toMatchObject({ is_payout: true, bank_code: '001' });
    const second = await call(server, 'borrowers.createBank', { ...account, bank_code: '260', bank_name: 'Nu Pagamentos', account_type: 'payment', is_payout: true }, tokens.agent);
    expect(second.body.is_payout).toBe(true);
    let got = await call(server, 'borrowers.get', { id: b.id }, tokens.agent);
    expect(got.body.bank_accounts.map((a: { id: number; is_payout: boolean }) => [a.id, a.is_payout])).toEqual([
      [first.body.id, false],
      [second.body.id, true],
    ]);
    const back = await call(server, 'borrowers.updateBank', { ...account, id: first.body.id, is_payout: true, pix_key: 'chave@pix' }, tokens.agent);
    expect(back.body).toMatchObject({ is_payout: true, pix_key: 'chave@pix' });
    got = await call(server, 'borrowers.get', { id: b.id }, tokens.agent);
    expect(got.body.bank_accounts.filter((a: { is_payout: boolean }) => a.is_payout).map((a: { id: number }) => a.id)).toEqual([first.body.id]);
    expect(await lastLog('borrower.bank.update')).toMatchObject({ entity: 'borrower_bank_account', entity_id: first.body.id });
    // The account must be this borrower's.
    const other = await newPerson();
    expect((await call(server, 'borrowers.updateBank', { ...account, borrower_id: other.id, id: first.body.id }, tokens.agent)).status).toBe(404);
    expect((await call(server, 'borrowers.createBank', { ...account, borrower_id: 999999 }, tokens.agent)).status).toBe(404);
  });
});

describe('list and picker', () => {
  it('pages, filters and sorts; unknown filters and sorts are a 400 naming them', async () => {
    const a = await newPerson({ name: 'Zuleica Filtrada', state: 'AC' });
    await newPerson({ name: 'Amanda Filtrada', state: 'AC', active: false });
    const byName = await call(server, 'borrowers.list', { filter: { name: 'filtrada' }, sort: { field: 'name', order: 'asc' } }, tokens.agent);
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((i: { name: string }) => i.name)).toEqual(['Amanda Filtrada', 'Zuleica Filtrada']);
    expect(byName.body.meta).toMatchObject({ totalItems: 2, currentPage: 1 });
    const byDocument = await call(server, 'borrowers.list', { filter: { name: a.document.replace(/\D/g, '').slice(0, 9) } }, tokens.agent);
    expect(byDocument.body.items.map((i: { id: number }) => i.id)).toContain(a.id);
    const active = await call(server, 'borrowers.list', { filter: { state: 'ac', active: 'true' } }, tokens.agent);
    expect(active.body.items.map((i: { name: string }) => i.name)).toEqual(['Zuleica Filtrada']);
    const pf = await call(server, 'borrowers.list', { filter: { person_type: 'PJ', name: 'filtrada' } }, tokens.agent);
    expect(pf.body.items).toEqual([]);
    const paged = await call(server, 'borrowers.list', { page: 2, limit: 1, filter: { name: 'filtrada' } }, tokens.agent);
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.meta).toMatchObject({ currentPage: 2, totalPages: 2 });
    const byOps = await call(server, 'borrowers.list', { sort: { field: 'operations', order: 'desc' } }, tokens.agent);
    expect(byOps.status).toBe(200);

    const unknown = await call(server, 'borrowers.list', { filter: { salary: '1' } }, tokens.agent);
    expect({ status: unknown.status, field: unknown.body.field }).toEqual({ status: 400, field: 'filter.salary' });
    const badType = await call(server, 'borrowers.list', { filter: { person_type: 'XX' } }, tokens.agent);
    expect({ status: badType.status, field: badType.body.field }).toEqual({ status: 400, field: 'filter.person_type' });
    const badSort = await call(server, 'borrowers.list', { sort: { field: 'salary', order: 'asc' } }, tokens.agent);
    expect({ status: badSort.status, field: badSort.body.field }).toEqual({ status: 400, field: 'sort' });

    const picker = await call(server, 'borrowers.all', {}, tokens.agent);
    const names = picker.body.map((p: { name: string }) => p.name);
    expect(names).toContain('Zuleica Filtrada');
    expect(names).not.toContain('Amanda Filtrada');
    expect(Object.keys(picker.body[0]).sort()).toEqual(['document', 'id', 'name', 'person_type']);
  });
});

/** A valid record of each kind, a change to it, and what the answer shows after the change. */
const RECORDS: Record<BorrowerRecordKind, { create: Record<string, unknown>; change: Record<string, unknown>; expected: Record<string, unknown>; invalid: [Record<string, unknown>, string] }> = {
  shareholder: {
    create: { name: 'Ana Sócia', document: '52998224725', share_percent: '60', position: 'Sócia administradora', signs_as_guarantor: true },
    change: { share_percent: '55.5' },
    expected: { document: '529.982.247-25', share_percent: '55.5000', signs_as_guarantor: true },
    invalid: [{ share_percent: '120' }, 'share_percent'],
  },
  attorney: {
    create: { name: 'Paulo Procurador', cpf: '12345678909', powers: 'Assinar contratos de crédito em nome do tomador', valid_until: '2030-12-31' },
    change: { valid_until: '2031-06-30' },
    expected: { cpf: '123.456.789-09', valid_until: '2031-06-30' },
    invalid: [{ cpf: '123.456.789-00' }, 'cpf'],
  },
  jointdebtor: {
    create: { name: 'Maria Devedora', document: '11222333000181', relationship: 'Cônjuge', monthly_income: '3500' },
    change: { relationship: 'Irmã' },
    expected: { document: '11.222.333/0001-81', relationship: 'Irmã', monthly_income: '3500.00' },
    invalid: [{ document: '11222333000182' }, 'document'],
  },
  product: {
    create: { name: 'Bolos', description: 'Bolos caseiros', average_price: '45', revenue_share_percent: '70' },
    change: { average_price: '49.90' },
    expected: { average_price: '49.90', revenue_share_percent: '70.0000' },
    invalid: [{ average_price: '-1' }, 'average_price'],
  },
  revenue: {
    create: { reference_month: '2026-01', amount: '12000', source: 'declared' },
    change: { amount: '12500.10', source: 'bank_statement' },
    expected: { reference_month: '2026-01', amount: '12500.10', source: 'bank_statement' },
    invalid: [{ reference_month: '2026-13' }, 'reference_month'],
  },
  securedguarantee: {
    create: { kind: 'vehicle', description: 'Fiat Uno 2015, placa ABC1D23', value: '18000', registry: 'RENAVAM 00123456789' },
    change: { value: '17500.00' },
    expected: { kind: 'vehicle', value: '17500.00', file_name: null, file_size: null },
    invalid: [{ value: '0' }, 'value'],
  },
};

describe('sub-records (one loop over BORROWER_RECORD_KINDS)', () => {
  for (const kind of BORROWER_RECORD_KIND_NAMES) {
    it(`${kind}: adds, changes (only the borrower's own), lists, removes; bad input 400 naming the field`, async () => {
      const names = borrowerRecordOperationNames(kind);
      const b = await newPerson();
      const other = await newPerson();
      const sample = RECORDS[kind];
      const [invalidPatch, invalidField] = sample.invalid;
      const bad = await call(server, names.save, { ...sample.create, ...invalidPatch, borrower_id: b.id }, tokens.agent);
      expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field: invalidField });
      expect((await call(server, names.save, { ...sample.create, borrower_id: 999999 }, tokens.agent)).status).toBe(404);

      const created = await call(server, names.save, { ...sample.create, borrower_id: b.id }, tokens.agent);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({ borrower_id: b.id });
      expect(Object.keys(created.body).sort()).toEqual(Object.keys(contract[names.list].result.element.shape).sort());
      expect(await logDetail('borrower.record.create')).toMatchObject({ entity: 'borrower_record', entity_id: created.body.id, after: { record_kind: kind } });

      // Someone else's record is not found through this borrower.
      const foreign = await call(server, names.save, { ...sample.create, ...sample.change, borrower_id: other.id, id: created.body.id }, tokens.agent);
      expect(foreign.status).toBe(404);
      const changed = await call(server, names.save, { ...sample.create, ...sample.change, borrower_id: b.id, id: created.body.id }, tokens.agent);
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ ...sample.expected, id: created.body.id });
      const log = await logDetail('borrower.record.update');
      expect(log).toMatchObject({ entity_id: created.body.id, before: { record_kind: kind }, after: { record_kind: kind } });

      const list = await call(server, names.list, { id: b.id }, tokens.agent);
      expect(list.body).toEqual([changed.body]);
      expect((await call(server, names.list, { id: other.id }, tokens.agent)).body).toEqual([]);
      expect((await call(server, names.list, { id: 999999 }, tokens.agent)).status).toBe(404);

      expect((await call(server, names.remove, { id: created.body.id }, tokens.agent)).status).toBe(200);
      expect((await call(server, names.remove, { id: created.body.id }, tokens.agent)).status).toBe(404);
      expect((await call(server, names.list, { id: b.id }, tokens.agent)).body).toEqual([]);
      expect(await lastLog('borrower.record.delete')).toMatchObject({ entity: 'borrower_record', entity_id: created.body.id });
    });
  }

  it('a revenue month is unique per borrower (409), another borrower may have it', async () => {
    const b = await newPerson();
    const other = await newPerson();
    const month = { reference_month: '2025-11', amount: '1000', source: 'invoices' };
    const first = await call(server, 'borrowers.revenue.save', { ...month, borrower_id: b.id }, tokens.agent);
    expect(first.status).toBe(200);
    const dup = await call(server, 'borrowers.revenue.save', { ...month, borrower_id: b.id }, tokens.agent);
    expect({ status: dup.status, field: dup.body.field }).toEqual({ status: 409, field: 'reference_month' });
    const second = await call(server, 'borrowers.revenue.save', { ...month, reference_month: '2025-12', borrower_id: b.id }, tokens.agent);
    const moved = await call(server, 'borrowers.revenue.save', { ...month, borrower_id: b.id, id: second.body.id }, tokens.agent);
    expect(moved.status).toBe(409);
    expect((await call(server, 'borrowers.revenue.save', { ...month, borrower_id: other.id }, tokens.agent)).status).toBe(200);
  });

  it('guarantors are the joint debtors and the shareholders who sign as guarantors', async () => {
    const b = await newPerson();
    await call(server, 'borrowers.shareholder.save', { ...RECORDS.shareholder.create, borrower_id: b.id }, tokens.agent);
    await call(server, 'borrowers.shareholder.save', { ...RECORDS.shareholder.create, name: 'Sócio Quieto', document: '12345678909', signs_as_guarantor: false, borrower_id: b.id }, tokens.agent);
    const debtor = await call(server, 'borrowers.jointdebtor.save', { ...RECORDS.jointdebtor.create, borrower_id: b.id }, tokens.agent);
    const guarantors = await call(server, 'borrowers.guarantors', { id: b.id }, tokens.agent);
    expect(guarantors.body).toEqual([
      { source: 'jointdebtor', id: debtor.body.id, name: 'Maria Devedora', document: '11.222.333/0001-81', relationship: 'Cônjuge' },
      expect.objectContaining({ source: 'shareholder', name: 'Ana Sócia', document: '529.982.247-25', relationship: 'Sócia administradora' }),
    ]);
    expect((await call(server, 'borrowers.guarantors', { id: 999999 }, tokens.agent)).status).toBe(404);
  });

  it("a secured guarantee's document: checked by content, replaced, downloaded, logged", async () => {
    const b = await newPerson();
    const g = await call(server, 'borrowers.securedguarantee.save', { ...RECORDS.securedguarantee.create, borrower_id: b.id }, tokens.agent);
    const none = await call(server, 'borrowers.securedguarantee.file', { id: g.body.id }, tokens.agent);
    expect(none.status).toBe(404);
    const exe = await call(server, 'borrowers.securedguarantee.upload', { file: file(new Uint8Array([0x4d, 0x5a, 0x90, 0]), 'laudo.png', 'image/png'), guarantee_id: g.body.id }, tokens.agent);
    expect({ status: exe.status, field: exe.body.field }).toEqual({ status: 400, field: 'file' });
    const html = await call(server, 'borrowers.securedguarantee.upload', { file: file(new TextEncoder().encode('<html></html>'), 'laudo.pdf', 'application/pdf'), guarantee_id: g.body.id }, tokens.agent);
    expect({ status: html.status, field: html.body.field }).toEqual({ status: 400, field: 'file' });
    const missing = await call(server, 'borrowers.securedguarantee.upload', { file: file(PNG, 'laudo.png', 'image/png'), guarantee_id: 999999 }, tokens.agent);
    expect(missing.status).toBe(404);

    const up = await call(server, 'borrowers.securedguarantee.upload', { file: file(PNG, 'crlv.png', 'image/png'), guarantee_id: g.body.id }, tokens.agent);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ id: g.body.id, file_name: 'crlv.png', file_size: PNG.byteLength });
    expect(up.body).not.toHaveProperty('file_key');
    const down = await call(server, 'borrowers.securedguarantee.file', { id: g.body.id }, tokens.operator);
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(down.body as Uint8Array).equals(Buffer.from(PNG))).toBe(true);
    expect(await logDetail('borrower.guarantee.upload')).toMatchObject({ entity_id: g.body.id, after: { file_name: 'crlv.png', mime: 'image/png' } });

    const bigger = new Uint8Array([...PNG, 9, 9, 9]);
    const replaced = await call(server, 'borrowers.securedguarantee.upload', { file: file(bigger, 'crlv-2.png', 'image/png'), guarantee_id: g.body.id }, tokens.agent);
    expect(replaced.body).toMatchObject({ file_name: 'crlv-2.png', file_size: bigger.byteLength });
    const again = await call(server, 'borrowers.securedguarantee.file', { id: g.body.id }, tokens.agent);
    expect((again.body as Uint8Array).byteLength).toBe(bigger.byteLength);
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM borrower_secured_guarantees WHERE id = $1 AND file_key IS NOT NULL', [g.body.id]);
    expect(n).toBe(1);
    expect((await call(server, 'borrowers.securedguarantee.remove', { id: g.body.id }, tokens.agent)).status).toBe(200);
    expect((await call(server, 'borrowers.securedguarantee.file', { id: g.body.id }, tokens.agent)).status).toBe(404);
  });
});

describe('other information and parameters', () => {
  it('other information: blank until saved, POST once (409 after), PUT changes or creates', async () => {
    const b = await newPerson();
    const blank = await call(server, 'borrowers.otherInformation', { id: b.id }, tokens.agent);
    expect(blank.body).toEqual({ borrower_id: b.id, years_in_business: null, has_other_loans: false, other_loans_description: null, references_text: null, notes: null, updated_at: null });
    const created = await call(server, 'borrowers.createOtherInformation', { borrower_id: b.id, years_in_business: 6, has_other_loans: true, other_loans_description: 'Cartão BNDES' }, tokens.agent);
    expect(created.body).toMatchObject({ years_in_business: 6, has_other_loans: true, other_loans_description: 'Cartão BNDES' });
    expect(typeof created.body.updated_at).toBe('string');
    const twice = await call(server, 'borrowers.createOtherInformation', { borrower_id: b.id }, tokens.agent);
    expect(twice.status).toBe(409);
    const changed = await call(server, 'borrowers.updateOtherInformation', { borrower_id: b.id, years_in_business: 7, notes: 'Cliente antigo' }, tokens.agent);
    expect(changed.body).toMatchObject({ years_in_business: 7, has_other_loans: false, notes: 'Cliente antigo', other_loans_description: null });
    expect((await call(server, 'borrowers.otherInformation', { id: b.id }, tokens.agent)).body).toEqual(changed.body);
    const fresh = await newPerson();
    expect((await call(server, 'borrowers.updateOtherInformation', { borrower_id: fresh.id, notes: 'Primeira vez' }, tokens.agent)).status).toBe(200);
    const negative = await call(server, 'borrowers.updateOtherInformation', { borrower_id: fresh.id, years_in_business: -1 }, tokens.agent);
    expect({ status: negative.status, field: negative.body.field }).toEqual({ status: 400, field: 'years_in_business' });
    expect((await call(server, 'borrowers.otherInformation', { id: 999999 }, tokens.agent)).status).toBe(404);
    expect(await lastLog('borrower.other-information.save')).toMatchObject({ entity: 'borrower', entity_id: fresh.id });
  });

  it("parameters: nulls until set; each limit inside the company's (400 naming the field and the limit)", async () => {
    await server.database.rows(
      'UPDATE company_parameters SET min_monthly_rate = 1.5, max_monthly_rate = 4, min_installments = 3, max_installments = 48, min_value = 500, max_value = 50000 WHERE company_id = 1',
    );
    const b = await newPerson();
    expect((await call(server, 'borrowers.parameters', { id: b.id }, tokens.agent)).body).toEqual({
      borrower_id: b.id,
      min_monthly_rate: null,
      max_monthly_rate: null,
      max_installments: null,
      max_value: null,
      tac: null,
      updated_at: null,
    });
    const outside: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ min_monthly_rate: '1.00' }, 'min_monthly_rate', /1,50% a 4,00% ao mês/],
      [{ max_monthly_rate: '4.50' }, 'max_monthly_rate', /1,50% a 4,00% ao mês/],
      [{ max_installments: 60 }, 'max_installments', /de 3 a 48 parcelas/],
      [{ max_installments: 2 }, 'max_installments', /de 3 a 48 parcelas/],
      [{ max_value: '60000.00' }, 'max_value', /R\$ 500,00 a R\$ 50000,00/],
      [{ max_value: '100.00' }, 'max_value', /R\$ 500,00/],
    ];
    for (const [patch, field, message] of outside) {
      const answer = await call(server, 'borrowers.updateParameters', { borrower_id: b.id, ...patch }, tokens.agent);
      expect({ status: answer.status, field: answer.body.field }, JSON.stringify(patch)).toEqual({ status: 400, field });
      expect(answer.body.message).toMatch(message);
    }
    const inverted = await call(server, 'borrowers.updateParameters', { borrower_id: b.id, min_monthly_rate: '3', max_monthly_rate: '2' }, tokens.agent);
    expect({ status: inverted.status, field: inverted.body.field }).toEqual({ status: 400, field: 'max_monthly_rate' });
    // No TAC for a person (Res. CMN 3.518/2007; STJ Súmula 565): a 400 on tac; zero is no TAC.
    const tac = await call(server, 'borrowers.updateParameters', { borrower_id: b.id, tac: '150' }, tokens.agent);
    expect({ status: tac.status, field: tac.body.field }).toEqual({ status: 400, field: 'tac' });
    const saved = await call(server, 'borrowers.updateParameters', { borrower_id: b.id, min_monthly_rate: '2', max_monthly_rate: '3.5', max_installments: 24, max_value: '20000', tac: '0' }, tokens.agent);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ min_monthly_rate: '2.0000', max_monthly_rate: '3.5000', max_installments: 24, max_value: '20000.00', tac: '0.00' });
    expect((await call(server, 'borrowers.parameters', { id: b.id }, tokens.agent)).body).toEqual(saved.body);
    const cleared = await call(server, 'borrowers.updateParameters', { borrower_id: b.id, max_value: '10000' }, tokens.agent);
    expect(cleared.body).toMatchObject({ min_monthly_rate: null, max_value: '10000.00' });
    const detail = await logDetail('borrower.parameters.update');
    expect(detail).toMatchObject({ entity: 'borrower', entity_id: b.id, before: { max_value: '20000.00' }, after: { max_value: '10000.00' } });
    expect((await call(server, 'borrowers.updateParameters', { borrower_id: 999999 }, tokens.agent)).status).toBe(404);
  });
});

describe('risk classification', () => {
  async function insertOperation(borrowerId: number, status: string, installments: Array<{ due: string; paid?: string }>) {
    const [{ id }] = await server.database.rows<{ id: number }>(
      `INSERT INTO credit_operations (borrower_id, status, product, contract_kind, amortization, requested_amount, principal, monthly_rate, installments_count,
         disbursement_date, first_due_date, finance_iof, fees_total, iof_daily, iof_additional, iof_total, iof_rates, cet_monthly, cet_yearly,
         total_interest, total_payable, released)
       VALUES ($1, $2, 'Capital de giro', 'CCB', 'price', 1000, 1000, 2, $3, $4::date, $5::date, false, 0, 0, 0, 0,
         '{"personType":"PF","dailyPercent":"0.0082","additionalPercent":"0.38","legalBasis":"Decreto 6.306/2007"}'::jsonb, 2, 26.82, 100, 1100, 1000)
       RETURNING id`,
      [borrowerId, status, installments.length, addDays(installments[0].due, -30), installments[0].due],
    );
    for (const [i, inst] of installments.entries()) {
      await server.database.rows(
        `INSERT INTO credit_operation_installments (credit_operation_id, number, due_date, payment, interest, amortization, balance, paid_on)
         VALUES ($1, $2, $3::date, 110, 10, 100, 0, $4::date)`,
        [id, i + 1, inst.due, inst.paid ?? null],
      );
    }
    return id;
  }

  it('rates by the largest days overdue of unpaid installments of disbursed operations, counted to today in São Paulo', async () => {
    const today = todayInSaoPaulo();
    const b = await newPerson();
    const clean = await call(server, 'borrowers.classification', { id: b.id }, tokens.agent);
    expect(clean.body).toMatchObject({ borrower_id: b.id, as_of: today, max_days_overdue: 0, overdue_installments: 0, rating: 'AA', stage: '1', operations_considered: 0 });
    expect(clean.body.rating_reason).toMatch(/AA/);

    await insertOperation(b.id, 'disbursed', [
      { due: addDays(today, -70), paid: addDays(today, -69) }, // paid: not counted
      { due: addDays(today, -40) }, // 40 days late
      { due: addDays(today, -10) },
      { due: today }, // due today: not late
      { due: addDays(today, 20) },
    ]);
    // Not disbursed: its late installments do not count.
    await insertOperation(b.id, 'approved', [{ due: addDays(today, -100) }]);
    const rated = await call(server, 'borrowers.classification', { id: b.id }, tokens.agent);
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ as_of: today, max_days_overdue: 40, overdue_installments: 2, rating: 'C', stage: '2', operations_considered: 1 });
    expect(rated.body.rating_reason).toMatch(/40 dias/);
    expect(rated.body.stage_reason).toMatch(/estágio 2/);
    const listed = await call(server, 'borrowers.list', { filter: { name: b.document } }, tokens.agent);
    expect(listed.body.items[0]).toMatchObject({ id: b.id, operations: 2 });
    expect((await call(server, 'borrowers.classification', { id: 999999 }, tokens.agent)).status).toBe(404);
  });

  it("today in São Paulo does not depend on the machine's zone", () => {
    // 02:30 UTC is still the previous day in São Paulo (UTC-3).
    expect(todayInSaoPaulo(new Date('2026-03-10T02:30:00Z'))).toBe('2026-03-09');
    expect(todayInSaoPaulo(new Date('2026-03-10T03:30:00Z'))).toBe('2026-03-10');
  });
});

describe('LGPD erase of the person behind a borrower', () => {
  it('removes the borrowers without credit operations (credit file, documents, log snapshots) and keeps those with operations', async () => {
    const userId = await insertEntrepreneur(server.database, { name: 'Titular Apagável', email: `apagar${Date.now()}@teste.local` });
    const freeId = await insertSolicitation(server.database, { userId, status: 'approved', typeCredit: 'PF', name: 'Titular Apagável', cpf: '987.650.001-' + completeCpf('987650001').slice(9) });
    const owingId = await insertSolicitation(server.database, { userId, status: 'approved', typeCredit: 'PJ', name: 'Titular Apagável', cnpj: '34.028.316/0001-03', legalName: 'Apagável Comércio LTDA' });
    const free = (await call(server, 'borrowers.create', { solicitation_id: freeId }, tokens.operator)).body;
    const owing = (await call(server, 'borrowers.create', { solicitation_id: owingId }, tokens.operator)).body;
    expect([free.user_id, owing.user_id]).toEqual([userId, userId]);
    const g = await call(server, 'borrowers.securedguarantee.save', { ...RECORDS.securedguarantee.create, borrower_id: free.id }, tokens.agent);
    await call(server, 'borrowers.securedguarantee.upload', { file: file(PNG, 'doc.png', 'image/png'), guarantee_id: g.body.id }, tokens.agent);
    await call(server, 'borrowers.shareholder.save', { ...RECORDS.shareholder.create, borrower_id: free.id }, tokens.agent);
    await server.database.rows(
      `INSERT INTO credit_operations (borrower_id, status, product, contract_kind, amortization, requested_amount, principal, monthly_rate, installments_count,
         disbursement_date, first_due_date, finance_iof, fees_total, iof_daily, iof_additional, iof_total, iof_rates, cet_monthly, cet_yearly,
         total_interest, total_payable, released)
       VALUES ($1, 'disbursed', 'Capital de giro', 'CCB', 'price', 1000, 1000, 2, 1, '2026-01-05', '2026-02-05', false, 0, 0, 0, 0, '{}'::jsonb, 2, 26.82, 20, 1020, 1000)`,
      [owing.id],
    );
    const createLog = (await call(server, 'logs.all', { filter: { action: 'borrower.create' } }, tokens.admin)).body.items.find(
      (e: { entity_id: number }) => e.entity_id === free.id,
    );

    const erased = await call(server, 'users.erase', { id: userId }, tokens.superadmin);
    expect(erased.status).toBe(200);
    expect((await call(server, 'borrowers.get', { id: free.id }, tokens.agent)).status).toBe(404);
    expect(await server.database.rows('SELECT id FROM borrower_shareholders WHERE borrower_id = $1', [free.id])).toEqual([]);
    expect(await server.database.rows('SELECT id FROM borrower_secured_guarantees WHERE id = $1', [g.body.id])).toEqual([]);
    const kept = await call(server, 'borrowers.get', { id: owing.id }, tokens.agent);
    expect(kept.body).toMatchObject({ name: 'Apagável Comércio LTDA', document: '34.028.316/0001-03', operations: 1 });
    expect((await call(server, 'logs.byId', { id: createLog.id }, tokens.admin)).body.after).toEqual({ id: free.id });
    expect(await logDetail('user.erase')).toMatchObject({ entity_id: userId, after: { borrowers_removed: 1, borrowers_kept: 1 } });
  });
});

describe('while a contract is in force', () => {
  const ACCOUNT = { bank_code: '001', bank_name: 'Banco do Brasil', agency: '1234', account: '99887', account_digit: '1', account_type: 'checking' } as const;

  /** An operation of the borrower pledging the guarantees, with a CCB issued (in force) for it; answers the contract's id. */
  async function contractInForce(borrowerId: number, guaranteeIds: number[]): Promise<number> {
    const [{ id }] = await server.database.rows<{ id: number }>(
      `INSERT INTO credit_operations (borrower_id, status, product, contract_kind, amortization, requested_amount, principal, monthly_rate, installments_count,
         disbursement_date, first_due_date, finance_iof, fees, fees_total, iof_daily, iof_additional, iof_total, iof_rates, cet_monthly, cet_yearly,
         total_interest, total_payable, released, secured_guarantee_ids)
       VALUES ($1, 'contract_issued', 'working_capital', 'CCB', 'price', 1000, 1000, 2, 1, '2026-01-10', '2026-02-10', false, '[]'::jsonb, 0, 0, 0, 0,
         '{"personType":"PF","dailyPercent":"0.0082","additionalPercent":"0.38","legalBasis":"Decreto 6.306/2007"}'::jsonb, 2, 26.82, 20, 1020, 1000, $2::integer[])
       RETURNING id`,
      [borrowerId, guaranteeIds],
    );
    const [contract] = await server.database.rows<{ id: number }>(
      `INSERT INTO issued_contracts (company_id, credit_operation_id, kind, number, template_version, title, body, signatories, frozen)
       VALUES (1, $1, 'CCB', $2, 1, 'CCB', 'texto', '{"borrower":"x","guarantors":[],"representatives":[],"witnesses":[]}'::jsonb, '{}'::jsonb) RETURNING id`,
      [id, `CCB-TESTE-${id}`],
    );
    return contract.id;
  }

  it('a new payout account is for operators and administrators only (any change of where the money goes), logged with before and after', async () => {
    const b = await newPerson();
    const payout = (await call(server, 'borrowers.createBank', { ...ACCOUNT, borrower_id: b.id, is_payout: true }, tokens.agent)).body;
    const contractId = await contractInForce(b.id, []);

    const created = await call(server, 'borrowers.createBank', { ...ACCOUNT, borrower_id: b.id, bank_code: '260', bank_name: 'Nu Pagamentos', is_payout: true }, tokens.agent);
    expect({ status: created.status, field: created.body.field }).toEqual({ status: 403, field: 'is_payout' });
    expect(created.body.message).toContain('contrato em vigor');
    // Another account, not for payout: allowed; making it the payout one, or unmarking the payout one, is not.
    const other = await call(server, 'borrowers.createBank', { ...ACCOUNT, borrower_id: b.id, bank_code: '260', bank_name: 'Nu Pagamentos' }, tokens.agent);
    expect(other.status).toBe(200);
    const promote = await call(server, 'borrowers.updateBank', { ...ACCOUNT, borrower_id: b.id, id: other.body.id, bank_code: '260', bank_name: 'Nu Pagamentos', is_payout: true }, tokens.agent);
    expect({ status: promote.status, field: promote.body.field }).toEqual({ status: 403, field: 'is_payout' });
    const unmark = await call(server, 'borrowers.updateBank', { ...ACCOUNT, borrower_id: b.id, id: payout.id, is_payout: false }, tokens.agent);
    expect(unmark.status).toBe(403);
    for (const change of [{ account: '11111' }, { agency: '9999' }, { pix_key: 'outra@chave' }, { bank_code: '237' }]) {
      const redirected = await call(server, 'borrowers.updateBank', { ...ACCOUNT, borrower_id: b.id, id: payout.id, is_payout: true, ...change }, tokens.agent);
      expect({ change, status: redirected.status }).toEqual({ change, status: 403 });
    }
    // The bank's name as written is not where the money goes.
    const renamed = await call(server, 'borrowers.updateBank', { ...ACCOUNT, borrower_id: b.id, id: payout.id, is_payout: true, bank_name: 'Banco do Brasil S.A.' }, tokens.agent);
    expect(renamed.status).toBe(200);
    const accounts = (await call(server, 'borrowers.get', { id: b.id }, tokens.agent)).body.bank_accounts;
    expect(accounts.find((a: { id: number }) => a.id === payout.id)).toMatchObject({ is_payout: true, account: '99887', agency: '1234' });

    const byOperator = await call(server, 'borrowers.updateBank', { ...ACCOUNT, borrower_id: b.id, id: payout.id, is_payout: true, account: '22222' }, tokens.operator);
    expect(byOperator.body).toMatchObject({ account: '22222', is_payout: true });
    const log = await logDetail('borrower.bank.update');
    expect(log).toMatchObject({ entity_id: payout.id, before: expect.objectContaining({ account: '99887' }), after: expect.objectContaining({ account: '22222' }) });

    // Once the contract is cancelled the agent may change it again.
    await server.database.rows("UPDATE issued_contracts SET status = 'cancelled', cancelled_at = now() WHERE id = $1", [contractId]);
    expect((await call(server, 'borrowers.updateBank', { ...ACCOUNT, borrower_id: b.id, id: payout.id, is_payout: true, account: '33333' }, tokens.agent)).status).toBe(200);
  });

  it("a pledged guarantee's value and document are for operators and administrators only, logged with before and after; its other fields and other guarantees stay open", async () => {
    const b = await newPerson();
    const pledged = (await call(server, 'borrowers.securedguarantee.save', { ...RECORDS.securedguarantee.create, borrower_id: b.id }, tokens.agent)).body;
    const free = (await call(server, 'borrowers.securedguarantee.save', { ...RECORDS.securedguarantee.create, borrower_id: b.id }, tokens.agent)).body;
    await contractInForce(b.id, [pledged.id]);

    const value = await call(server, 'borrowers.securedguarantee.save', { ...RECORDS.securedguarantee.create, borrower_id: b.id, id: pledged.id, value: '9000' }, tokens.agent);
    expect({ status: value.status, field: value.body.field }).toEqual({ status: 403, field: 'value' });
    expect(value.body.message).toContain('contrato em vigor');
    const upload = await call(server, 'borrowers.securedguarantee.upload', { file: file(PNG, 'crlv.png', 'image/png'), guarantee_id: pledged.id }, tokens.agent);
    expect({ status: upload.status, field: upload.body.field }).toEqual({ status: 403, field: 'file' });
    // The same value written another way, and the description: allowed.
    const same = await call(server, 'borrowers.securedguarantee.save', { ...RECORDS.securedguarantee.create, borrower_id: b.id, id: pledged.id, value: '18000.00', description: 'Fiat Uno 2015 prata' }, tokens.agent);
    expect(same.body).toMatchObject({ value: '18000.00', description: 'Fiat Uno 2015 prata' });
    expect((await call(server, 'borrowers.securedguarantee.save', { ...RECORDS.securedguarantee.create, borrower_id: b.id, id: free.id, value: '9000' }, tokens.agent)).status).toBe(200);
    expect((await call(server, 'borrowers.securedguarantee.upload', { file: file(PNG, 'livre.png', 'image/png'), guarantee_id: free.id }, tokens.agent)).status).toBe(200);

    const byOperator = await call(server, 'borrowers.securedguarantee.save', { ...RECORDS.securedguarantee.create, borrower_id: b.id, id: pledged.id, value: '15000' }, tokens.operator);
    expect(byOperator.body.value).toBe('15000.00');
    const log = await logDetail('borrower.record.update');
    expect(log).toMatchObject({ entity_id: pledged.id, before: expect.objectContaining({ value: '18000.00' }), after: expect.objectContaining({ value: '15000.00' }) });
    const doc = await call(server, 'borrowers.securedguarantee.upload', { file: file(PNG, 'laudo.png', 'image/png'), guarantee_id: pledged.id }, tokens.admin);
    expect(doc.body).toMatchObject({ file_name: 'laudo.png' });
    expect(await logDetail('borrower.guarantee.upload')).toMatchObject({ entity_id: pledged.id, before: expect.objectContaining({ file_name: null }), after: expect.objectContaining({ file_name: 'laudo.png' }) });
  });
});

describe('a guarantor id must exist', () => {
  it("a solicitation's document for a guarantor names one of the guarantors of the borrower registered from it (400 on guarantor_id otherwise)", async () => {
    const userId = await insertEntrepreneur(server.database, { name: 'Gil Garantido', email: `gil${Date.now()}@teste.local`, cpf: '111.444.777-35' });
    const solicitationId = await insertSolicitation(server.database, { userId, status: 'approved', typeCredit: 'PF', name: 'Gil Garantido', cpf: '111.444.777-35' });
    const upload = (guarantor_id: number) =>
      call(server, 'documents.upload', { file: file(PNG, 'avalista.png', 'image/png'), type: 7, solicitation_id: solicitationId, guarantor_id }, tokens.agent);

    const beforeBorrower = await upload(1);
    expect({ status: beforeBorrower.status, field: beforeBorrower.body.field }).toEqual({ status: 400, field: 'guarantor_id' });
    const borrower = (await call(server, 'borrowers.create', { solicitation_id: solicitationId }, tokens.agent)).body;
    const debtor = (await call(server, 'borrowers.jointdebtor.save', { ...RECORDS.jointdebtor.create, borrower_id: borrower.id }, tokens.agent)).body;
    const unknown = await upload(999999);
    expect({ status: unknown.status, field: unknown.body.field }).toEqual({ status: 400, field: 'guarantor_id' });
    expect(unknown.body.message).toContain('avalista não encontrado');
    // Someone else's guarantor is not this solicitation's.
    const stranger = await newPerson();
    const foreign = (await call(server, 'borrowers.jointdebtor.save', { ...RECORDS.jointdebtor.create, borrower_id: stranger.id }, tokens.agent)).body;
    expect((await upload(foreign.id)).status).toBe(400);
    const ok = await upload(debtor.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ guarantor_id: debtor.id, solicitation_id: solicitationId });
    // Without a guarantor the document is the applicant's, as before.
    expect((await call(server, 'documents.upload', { file: file(PNG, 'rg.png', 'image/png'), type: 7, solicitation_id: solicitationId }, tokens.agent)).status).toBe(200);
  });
});

describe('authorization matrix (every panel role; not the applicant; not anonymous)', () => {
  const panel = (status: number): Record<DemoRole, number> => ({ superadmin: status, admin: status, operator: status, agent: status, user: 403 });
  const recordCases = BORROWER_RECORD_KIND_NAMES.flatMap((kind): Array<[OperationName, unknown, Record<DemoRole, number>]> => {
    const names = borrowerRecordOperationNames(kind);
    return [
      [names.list, { id: 999999 }, panel(404)],
      [names.save, {}, panel(400)],
      [names.remove, { id: 999999 }, panel(404)],
    ];
  });
  const cases: MatrixCase[] = [
    ['borrowers.list', {}, panel(200)],
    ['borrowers.all', {}, panel(200)],
    ['borrowers.get', { id: 999999 }, panel(404)],
    ['borrowers.create', {}, panel(400)],
    ['borrowers.update', {}, panel(400)],
    ['borrowers.createBank', {}, panel(400)],
    ['borrowers.updateBank', {}, panel(400)],
    ['borrowers.updateBusiness', {}, panel(400)],
    ...recordCases,
    ['borrowers.securedguarantee.upload', {}, panel(400)],
    ['borrowers.securedguarantee.file', { id: 999999 }, panel(404)],
    ['borrowers.guarantors', { id: 999999 }, panel(404)],
    ['borrowers.otherInformation', { id: 999999 }, panel(404)],
    ['borrowers.createOtherInformation', {}, panel(400)],
    ['borrowers.updateOtherInformation', {}, panel(400)],
    ['borrowers.parameters', { id: 999999 }, panel(404)],
    ['borrowers.updateParameters', {}, panel(400)],
    ['borrowers.simulations', { id: 999999 }, panel(404)],
    ['borrowers.classification', { id: 999999 }, panel(404)],
  ];

  it('covers every borrowers.* operation of the contract', () => {
    const covered = cases.map(([name]) => name).sort();
    const all = Object.keys(contract)
      .filter((name) => name.startsWith('borrowers.'))
      .sort();
    expect(covered).toEqual(all);
  });

  itAnswersTheMatrix(cases, () => ({ server, tokens }));
});
