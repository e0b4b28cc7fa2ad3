/**
 * Solicitations: the lists with their filters, sorts and paging,
 * the whole record, the status workflow (history, log, e-mail), status_only,
 * project_only, cancelled-approved, the Receita Federal lookup, delete, the
 * catalogue items they keep "in use", and who may call each of these.
 * Documents, comments and signed URLs: solicitation-documents.test.ts.
 *
 * The demo seed may hold solicitations of its own: every assertion here reads
 * rows this suite inserted (its applicants, or a name no seed uses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCnpj, completeCpf, formatCpf } from '../../../src/shared/documents';
import { SOLICITATION_COUNT_CAP, type OperationName } from '../../../src/shared/contract/index';
import { SANDBOX_RECEITA_SLOW_CPF, SANDBOX_RECEITA_UNAVAILABLE_CPF } from '../../../src/server/areas/intake/receita';
import { startTestServer, type TestServer } from '../../helpers/server';
import { insertSolicitation } from '../../helpers/solicitations-fixture';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let applicant: number;

const MARK = 'Quixabeira';

async function newApplicant(email: string, name = 'Pessoa de Teste'): Promise<number> {
  const [row] = await server.database.rows<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, role_id, active, email_confirmed) VALUES ($1, $2, '!fixture', 2, true, true) RETURNING id`,
    [name, email],
  );
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
  applicant = await newApplicant('quixabeira@teste.local', `Ana ${MARK}`);
});
afterAll(() => server?.close());

async function logsOf(entityId: number) {
  return server.database.rows<{ action: string; actor_id: number; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    `SELECT action, actor_id, before, after FROM activity_log WHERE entity = 'solicitation' AND entity_id = $1 ORDER BY id`,
    [entityId],
  );
}

describe('lists', () => {
  const ids: Record<string, number> = {};
  let projectId: number;

  beforeAll(async () => {
    const project = await call(server, 'projects.create', { title: `Projeto ${MARK}`, active: true }, tokens.admin);
    projectId = project.body.id;
    const cpf = completeCpf('123456789');
    ids.a = await insertSolicitation(server.database, {
      userId: applicant, name: `Ana ${MARK}`, status: 'pending', typeCredit: 'PF', cpf: formatCpf(cpf), state: 'SP', city: 'São Paulo',
      lendingValue: '1500.00', lendingPlotsToPay: 6, createdAt: '2025-03-10',
    });
    ids.b = await insertSolicitation(server.database, {
      userId: applicant, name: `Bruno ${MARK}`, status: 'in_review', typeCredit: 'PJ', cnpj: completeCnpj('112223330001'), legalName: 'Bruno Doces LTDA',
      state: 'RJ', city: 'Niterói', lendingValue: '25000.00', lendingPlotsToPay: 24, createdAt: '2025-03-11', projectId,
    });
    ids.c = await insertSolicitation(server.database, {
      userId: applicant, name: `Carla ${MARK}`, status: 'approved', typeCredit: 'PF', state: 'sp', city: 'Campinas',
      lendingValue: '8000.50', createdAt: '2025-03-12',
    });
    ids.d = await insertSolicitation(server.database, {
      userId: applicant, name: `Davi ${MARK}`, status: 'refused', typeCredit: 'PJ', companyName: `Oficina ${MARK}`, state: 'MG', city: 'Belo Horizonte',
      lendingValue: '500.00', createdAt: '2025-04-01',
    });
    ids.e = await insertSolicitation(server.database, {
      userId: applicant, name: `Eva ${MARK}`, status: 'pending', typeCredit: 'PF', state: 'SP', city: 'sao paulo',
      lendingValue: '150000.00', createdAt: '2025-04-02', columns: { deleted_at: '2025-04-03T10:00:00Z' },
    });
  });

  async function names(filter: Record<string, unknown>, sort?: { field: string; order: string }, page = 1, limit = 50) {
    const answer = await call(server, 'solicitations.list', { page, limit, filter: { name: MARK, ...filter }, sort }, tokens.agent);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { names: (answer.body.items as Array<{ name: string }>).map((i) => i.name.split(' ')[0]), meta: answer.body.meta };
  }

  it('lists the live solicitations newest first, with the list fields of the contract', async () => {
    const all = await call(server, 'solicitations.list', { filter: { name: MARK } }, tokens.agent);
    expect(all.body.meta).toEqual({ currentPage: 1, totalPages: 1, totalItems: 4, pageSize: 10 });
    expect(all.body.items.map((i: { id: number }) => i.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(all.body.items[2]).toMatchObject({
      id: ids.b, user_id: applicant, status: 'in_review', typeCredit: 'PJ', isForeign: false, legalName: 'Bruno Doces LTDA',
      lendingValue: '25000.00', lendingPlotsToPay: 24, project: projectId, projectTitle: `Projeto ${MARK}`, documentsSent: 0, documentsAwaiting: 0,
    });
    expect(all.body.items[1].lendingValue).toBe('8000.50');
  });

  it('filters by status (one or several), type, period, value range, project, state, city, document and name', async () => {
    expect((await names({ status: 'pending' })).names).toEqual(['Ana']);
    expect((await names({ status: ['pending', 'in_review', 'documents_requested'] })).names).toEqual(['Bruno', 'Ana']);
    expect((await names({ typeCredit: 'PJ' })).names).toEqual(['Davi', 'Bruno']);
    expect((await names({ created_from: '2025-03-11', created_to: '2025-03-12' })).names).toEqual(['Carla', 'Bruno']);
    expect((await names({ lendingValue_min: '1500', lendingValue_max: '8000.50' })).names).toEqual(['Carla', 'Ana']);
    expect((await names({ lendingValue_min: '8000,51' })).names).toEqual(['Bruno']);
    expect((await names({ lendingValue_min: '8.000,50', lendingValue_max: '25.000,00' })).names).toEqual(['Carla', 'Bruno']);
    expect((await names({ project: String(projectId) })).names).toEqual(['Bruno']);
    expect((await names({ state: 'sp' })).names).toEqual(['Carla', 'Ana']);
    expect((await names({ city: 'sao paulo' })).names).toEqual(['Ana']);
    expect((await names({ city: 'NITERÓI' })).names).toEqual(['Bruno']);
    const cpf = completeCpf('123456789');
    expect((await names({ document: cpf })).names).toEqual(['Ana']);
    expect((await names({ document: formatCpf(cpf) })).names).toEqual(['Ana']);
    expect((await names({ document: completeCnpj('112223330001').slice(0, 8) })).names).toEqual(['Bruno']);
    // name also matches the legal and company names
    const byCompany = await call(server, 'solicitations.list', { filter: { name: `Oficina ${MARK}` } }, tokens.agent);
    expect(byCompany.body.items.map((i: { id: number }) => i.id)).toEqual([ids.d]);
  });

  it('sorts by the declared fields (ties by id) and pages', async () => {
    expect((await names({}, { field: 'lendingValue', order: 'ASC' })).names).toEqual(['Davi', 'Ana', 'Carla', 'Bruno']);
    expect((await names({}, { field: 'name', order: 'DESC' })).names).toEqual(['Davi', 'Carla', 'Bruno', 'Ana']);
    expect((await names({}, { field: 'status', order: 'ascend' })).names).toEqual(['Carla', 'Bruno', 'Ana', 'Davi']);
    const page2 = await names({}, { field: 'created_at', order: 'ASC' }, 2, 3);
    expect(page2.names).toEqual(['Davi']);
    expect(page2.meta).toEqual({ currentPage: 2, totalPages: 2, totalItems: 4, pageSize: 3 });
    // a full page and a page past the end count; a partial page knows its total
    expect((await names({}, undefined, 1, 2)).meta).toEqual({ currentPage: 1, totalPages: 2, totalItems: 4, pageSize: 2 });
    const past = await names({}, undefined, 5, 3);
    expect(past.names).toEqual([]);
    expect(past.meta).toEqual({ currentPage: 5, totalPages: 2, totalItems: 4, pageSize: 3 });
    expect((await names({ status: 'contracted' })).meta.totalItems).toBe(0);
  });

  it('answers 400 naming the field for unknown filters, bad values and unknown sorts', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ filter: { bogus: 'x' } }, 'filter.bogus'],
      [{ filter: { status: 'aprovada' } }, 'filter.status'],
      [{ filter: { typeCredit: 'PX' } }, 'filter.typeCredit'],
      [{ filter: { created_from: '2025-02-30' } }, 'filter.created_from'],
      [{ filter: { lendingValue_min: '1e3' } }, 'filter.lendingValue_min'],
      [{ filter: { lendingValue_max: '1.50,00' } }, 'filter.lendingValue_max'],
      [{ filter: { project: 'abc' } }, 'filter.project'],
      [{ filter: { state: 'São' } }, 'filter.state'],
      [{ filter: { document: '...' } }, 'filter.document'],
      [{ sort: { field: 'password', order: 'ASC' } }, 'sort'],
    ];
    for (const [args, field] of cases) {
      const answer = await call(server, 'solicitations.list', args, tokens.operator);
      expect(answer.status, field).toBe(400);
      expect(answer.body.field).toBe(field);
    }
  });

  it('lists one applicant\'s solicitations (user/:id) and review (in_review)', async () => {
    const mine = await call(server, 'solicitations.byUser', { id: applicant, sort: { field: 'id', order: 'ASC' } }, tokens.agent);
    expect(mine.body.items.map((i: { id: number }) => i.id)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    const nobody = await call(server, 'solicitations.byUser', { id: 999999 }, tokens.agent);
    expect(nobody.body.meta.totalItems).toBe(0);
    const review = await call(server, 'solicitations.review', { filter: { name: MARK } }, tokens.agent);
    expect(review.body.items.map((i: { id: number }) => i.id)).toEqual([ids.b]);
  });

  it('exports the filtered rows with the export columns', async () => {
    const answer = await call(server, 'solicitations.export', { filter: { name: MARK, typeCredit: 'PJ' }, sort: { field: 'id', order: 'ASC' } }, tokens.operator);
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toEqual([
      expect.objectContaining({ id: ids.b, name: `Bruno ${MARK} (Bruno Doces LTDA)`, typeCredit: 'PJ', document: completeCnpj('112223330001'), lendingValue: '25000.00', status: 'Em análise', projectTitle: `Projeto ${MARK}` }),
      expect.objectContaining({ id: ids.d, document: '', status: 'Recusada' }),
    ]);
  });
});

describe('the whole record', () => {
  it('answers every field, the slots with their states, the next statuses and the applicant', async () => {
    const id = await insertSolicitation(server.database, {
      userId: applicant, name: 'Registro Completo', typeCredit: 'PJ', cnpj: completeCnpj('998887770001'), birthday: '1990-02-28',
      lendingValue: '12345.67', lendingPlotsToPay: 18, partners: [{ name: 'Sócia Um', cpf: completeCpf('987654321'), share: '60.00' }],
      columns: { bank_name: 'Banco Teste', key_pix: 'pix@teste.local', financing_value: '20000.00', num_document_foreign: null },
    });
    const answer = await call(server, 'solicitations.get', { id }, tokens.agent);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id, status: 'pending', typeCredit: 'PJ', birthday: '1990-02-28', lendingValue: '12345.67', financingValue: '20000.00',
      bankName: 'Banco Teste', keyPix: 'pix@teste.local', partners: [{ name: 'Sócia Um', share: '60.00' }],
      nextStatuses: ['in_review', 'documents_requested', 'refused', 'cancelled'], statusHistory: [], complete: false,
      applicant: { id: applicant, email: 'quixabeira@teste.local' },
    });
    expect(answer.body.slots).toHaveLength(13);
    const slot1 = answer.body.slots.find((s: { slot: number }) => s.slot === 1);
    expect(slot1).toEqual({ slot: 1, key: 'companyContract', required: true, state: 'missing', current: null, replacedCount: 0 });
    expect(answer.body.slots.find((s: { slot: number }) => s.slot === 15).required).toBe(false);
    expect((await call(server, 'solicitations.get', { id: 999999 }, tokens.agent)).status).toBe(404);
  });
});

describe('status workflow', () => {
  it('moves along allowed transitions: history, log and an e-mail to the applicant in Portuguese', async () => {
    const email = 'workflow.um@teste.local';
    const id = await insertSolicitation(server.database, { userId: applicant, name: 'Fluxo Um', email });
    const answer = await call(server, 'solicitations.setStatus', { id, status: 'in_review' }, tokens.agent);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, status: 'in_review', nextStatuses: ['documents_requested', 'approved', 'refused', 'cancelled'] });
    expect(answer.body.statusHistory).toEqual([expect.objectContaining({ fromStatus: 'pending', toStatus: 'in_review', reason: null, actor_name: expect.any(String) })]);
    const mail = await server.outbox.latest(email);
    expect(mail?.subject).toBe(`Solicitação de crédito nº ${id}: Em análise`);
    expect(mail?.body).toContain('mudou para: Em análise');
    expect(await logsOf(id)).toEqual([expect.objectContaining({ action: 'solicitation.status', before: { status: 'pending' }, after: { status: 'in_review', reason: null, notified: true } })]);

    const refused = await call(server, 'solicitations.setStatus', { id, status: 'refused', reason: 'Renda incompatível com o valor pedido' }, tokens.operator);
    expect(refused.status).toBe(200);
    expect(refused.body.nextStatuses).toEqual([]);
    const second = await server.outbox.latest(email);
    expect(second?.body).toContain('Motivo: Renda incompatível com o valor pedido');
    expect((await server.outbox.list(email)).length).toBe(2);
  });

  it('answers 409 naming both statuses for a transition the workflow does not allow, and changes nothing', async () => {
    const email = 'workflow.dois@teste.local';
    const id = await insertSolicitation(server.database, { userId: applicant, status: 'approved', email });
    const answer = await call(server, 'solicitations.setStatus', { id, status: 'pending' }, tokens.admin);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Não é possível passar a solicitação da situação "Aprovada" para "Pendente".');
    const same = await call(server, 'solicitations.setStatusOnly', { id, status: 'approved' }, tokens.admin);
    expect(same.status).toBe(409);
    expect(same.body.message).toMatch(/já está na situação "Aprovada"/);
    expect((await call(server, 'solicitations.get', { id }, tokens.admin)).body.status).toBe('approved');
    expect(await server.outbox.list(email)).toEqual([]);
    expect(await logsOf(id)).toEqual([]);
  });

  it('never moves a solicitation to contracted (409 saying only the contract does), with either call, and does not offer it', async () => {
    const email = 'workflow.contratada@teste.local';
    const id = await insertSolicitation(server.database, { userId: applicant, status: 'approved', email });
    expect((await call(server, 'solicitations.get', { id }, tokens.admin)).body.nextStatuses).toEqual(['cancelled']);
    for (const name of ['solicitations.setStatus', 'solicitations.setStatusOnly'] as const) {
      for (const token of [tokens.superadmin, tokens.operator]) {
        const answer = await call(server, name, { id, status: 'contracted', reason: 'Contrato assinado' }, token);
        expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 409, field: 'status' });
        expect(answer.body.message).toContain('somente pela emissão do contrato');
      }
    }
    expect((await call(server, 'solicitations.get', { id }, tokens.admin)).body).toMatchObject({ status: 'approved', statusHistory: [] });
    expect(await server.outbox.list(email)).toEqual([]);
    expect(await logsOf(id)).toEqual([]);
    expect((await call(server, 'solicitations.setStatus', { id: 999999, status: 'contracted' }, tokens.admin)).status).toBe(404);
  });

  it('asks a reason (400 on reason) for documents requested, refused and cancelled', async () => {
    const id = await insertSolicitation(server.database, { userId: applicant, email: 'workflow.tres@teste.local' });
    for (const status of ['documents_requested', 'refused', 'cancelled']) {
      for (const reason of [undefined, '   ']) {
        const answer = await call(server, 'solicitations.setStatus', { id, status, reason }, tokens.operator);
        expect(answer.status).toBe(400);
        expect(answer.body.field).toBe('reason');
      }
    }
    expect((await call(server, 'solicitations.setStatus', { id, status: 'documents_requested', reason: 'Envie o comprovante de residência' }, tokens.operator)).status).toBe(200);
  });

  it('status_only changes the status with history and log but no e-mail; notify false is quiet too', async () => {
    const email = 'workflow.quatro@teste.local';
    const id = await insertSolicitation(server.database, { userId: applicant, email });
    const answer = await call(server, 'solicitations.setStatusOnly', { id, status: 'in_review' }, tokens.agent);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('in_review');
    const quiet = await call(server, 'solicitations.setStatus', { id, status: 'approved', notify: false }, tokens.agent);
    expect(quiet.status).toBe(200);
    expect(quiet.body.statusHistory.map((h: { toStatus: string }) => h.toStatus)).toEqual(['in_review', 'approved']);
    expect(await server.outbox.list(email)).toEqual([]);
    expect((await logsOf(id)).map((l) => [l.action, l.after?.notified])).toEqual([
      ['solicitation.status-only', false],
      ['solicitation.status', false],
    ]);
  });

  it('tells nobody when the applicant was erased (LGPD)', async () => {
    const person = await newApplicant('apagada.lgpd@teste.local');
    const id = await insertSolicitation(server.database, { userId: person, email: 'apagada.lgpd@teste.local' });
    expect((await call(server, 'users.erase', { id: person }, tokens.superadmin)).status).toBe(200);
    const answer = await call(server, 'solicitations.setStatus', { id, status: 'in_review' }, tokens.operator);
    expect(answer.status).toBe(200);
    expect((await logsOf(id)).map((l) => l.after?.notified)).toEqual([false]);
    const [{ n }] = await server.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE subject LIKE $1", [`Solicitação de crédito nº ${id}:%`]);
    expect(n).toBe(0);
  });

  it('404 for a missing or deleted solicitation, 400 for an unknown status', async () => {
    expect((await call(server, 'solicitations.setStatus', { id: 999999, status: 'in_review' }, tokens.agent)).status).toBe(404);
    const deleted = await insertSolicitation(server.database, { userId: applicant, columns: { deleted_at: new Date().toISOString() } });
    expect((await call(server, 'solicitations.setStatus', { id: deleted, status: 'in_review' }, tokens.agent)).status).toBe(404);
    const bad = await call(server, 'solicitations.setStatus', { id: deleted, status: 'aprovada' }, tokens.agent);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
  });
});

describe('project_only', () => {
  it('sets, keeps and clears the project; 400 for an unknown project', async () => {
    const project = await call(server, 'projects.create', { title: 'Projeto Só Projeto', active: true }, tokens.admin);
    const id = await insertSolicitation(server.database, { userId: applicant });
    const set = await call(server, 'solicitations.setProject', { id, project: project.body.id }, tokens.agent);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ project: project.body.id, projectTitle: 'Projeto Só Projeto', status: 'pending' });
    const unknown = await call(server, 'solicitations.setProject', { id, project: 999999 }, tokens.agent);
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('project');
    const cleared = await call(server, 'solicitations.setProject', { id, project: null }, tokens.agent);
    expect(cleared.body.project).toBeNull();
    expect((await logsOf(id)).map((l) => [l.action, l.after?.project_id])).toEqual([
      ['solicitation.project', project.body.id],
      ['solicitation.project', null],
    ]);
  });
});

describe('cancelled-approved', () => {
  it("answers the applicant's solicitations in the upper-cased status", async () => {
    const person = await newApplicant('cancelados.aprovados@teste.local');
    const approved = await insertSolicitation(server.database, { userId: person, status: 'approved' });
    const cancelled = await insertSolicitation(server.database, { userId: person, status: 'cancelled' });
    await insertSolicitation(server.database, { userId: person, status: 'pending' });
    await insertSolicitation(server.database, { userId: person, status: 'approved', columns: { deleted_at: new Date().toISOString() } });
    const a = await call(server, 'solicitations.cancelledApproved', { a: person, STATUS: 'APPROVED' }, tokens.agent);
    expect(a.status).toBe(200);
    expect(a.body.map((s: { id: number }) => s.id)).toEqual([approved]);
    const c = await call(server, 'solicitations.cancelledApproved', { a: person, STATUS: 'CANCELLED' }, tokens.agent);
    expect(c.body.map((s: { id: number }) => s.id)).toEqual([cancelled]);
    for (const STATUS of ['approved', 'PENDING']) {
      const bad = await call(server, 'solicitations.cancelledApproved', { a: person, STATUS }, tokens.agent);
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('STATUS');
    }
    expect((await call(server, 'solicitations.cancelledApproved', { a: 999999, STATUS: 'APPROVED' }, tokens.agent)).body).toEqual([]);
  });
});

describe('Receita Federal', () => {
  it('looks up the CNPJ of a PJ and the CPF of a PF, the same answer every time', async () => {
    const cnpj = completeCnpj('445556660001');
    const pj = await insertSolicitation(server.database, { userId: applicant, typeCredit: 'PJ', cnpj });
    const first = await call(server, 'solicitations.receita', { id: pj }, tokens.agent);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'CNPJ', document: cnpj, provider: 'sandbox', name: expect.stringMatching(/LTDA$/) });
    expect(first.body.openingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.body.cnae).toEqual({ code: expect.stringMatching(/^\d{4}-\d\/\d{2}$/), description: expect.any(String) });
    const again = await call(server, 'solicitations.receita', { id: pj }, tokens.agent);
    expect({ ...again.body, checked_at: null }).toEqual({ ...first.body, checked_at: null });

    const cpf = completeCpf('321654987');
    const pf = await insertSolicitation(server.database, { userId: applicant, typeCredit: 'PF', cpf: formatCpf(cpf) });
    const person = await call(server, 'solicitations.receita', { id: pf }, tokens.agent);
    expect(person.body).toMatchObject({ kind: 'CPF', document: cpf, cnae: null });
  });

  it("the sandbox's test documents answer 502 (unreachable) and 503 (no answer in time) in Portuguese, never 500", async () => {
    const down = await insertSolicitation(server.database, { userId: applicant, typeCredit: 'PF', cpf: SANDBOX_RECEITA_UNAVAILABLE_CPF });
    const failed = await call(server, 'solicitations.receita', { id: down }, tokens.agent);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/Receita Federal não respondeu corretamente/);
    const slow = await insertSolicitation(server.database, { userId: applicant, typeCredit: 'PF', cpf: SANDBOX_RECEITA_SLOW_CPF });
    const previous = process.env.RECEITA_TIMEOUT_MS;
    process.env.RECEITA_TIMEOUT_MS = '200';
    try {
      const late = await call(server, 'solicitations.receita', { id: slow }, tokens.agent);
      expect(late.status).toBe(503);
      expect(late.body.message).toMatch(/demorou demais/);
    } finally {
      if (previous === undefined) delete process.env.RECEITA_TIMEOUT_MS;
      else process.env.RECEITA_TIMEOUT_MS = previous;
    }
  });

  it('409 when there is no valid document to look up; 404 for a missing solicitation', async () => {
    const none = await insertSolicitation(server.database, { userId: applicant, typeCredit: 'PJ', cnpj: null });
    const answer = await call(server, 'solicitations.receita', { id: none }, tokens.agent);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/não tem CNPJ/);
    const invalid = await insertSolicitation(server.database, { userId: applicant, typeCredit: 'PF', cpf: '111.111.111-11' });
    expect((await call(server, 'solicitations.receita', { id: invalid }, tokens.agent)).status).toBe(409);
    expect((await call(server, 'solicitations.receita', { id: 999999 }, tokens.agent)).status).toBe(404);
  });
});

describe('delete', () => {
  it('administrators soft-delete (hidden everywhere, logged); a contracted one is kept (409)', async () => {
    const id = await insertSolicitation(server.database, { userId: applicant, name: 'Para Excluir Xylo' });
    expect((await call(server, 'solicitations.delete', { id }, tokens.operator)).status).toBe(403);
    const answer = await call(server, 'solicitations.delete', { id }, tokens.admin);
    expect(answer.status).toBe(200);
    expect((await call(server, 'solicitations.get', { id }, tokens.admin)).status).toBe(404);
    expect((await call(server, 'solicitations.list', { filter: { name: 'Xylo' } }, tokens.admin)).body.meta.totalItems).toBe(0);
    expect((await call(server, 'solicitations.delete', { id }, tokens.admin)).status).toBe(404);
    const [row] = await server.database.rows<{ deleted_at: Date | null }>('SELECT deleted_at FROM solicitations WHERE id = $1', [id]);
    expect(row.deleted_at).not.toBeNull();
    expect((await logsOf(id)).map((l) => l.action)).toEqual(['solicitation.delete']);

    const contracted = await insertSolicitation(server.database, { userId: applicant, status: 'contracted' });
    const refused = await call(server, 'solicitations.delete', { id: contracted }, tokens.superadmin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/contratada/);
  });
});

describe('catalogue items used by solicitations are in use', () => {
  it('answers 409 in-use on deleting a how-did-find option, a lending reason or a project a solicitation refers to', async () => {
    const found = await call(server, 'howDidFind.create', { label: `Rádio ${MARK}` }, tokens.admin);
    const reason = await call(server, 'reasons.create', { label: `Reforma ${MARK}` }, tokens.admin);
    const project = await call(server, 'projects.create', { title: `Em uso ${MARK}` }, tokens.admin);
    const spare = await call(server, 'howDidFind.create', { label: `Jornal ${MARK}` }, tokens.admin);
    await server.database.rows(
      'INSERT INTO solicitations (user_id, type_credit, name, email, lending_value, lending_plots_to_pay, how_did_find, lending_reason, project_id, deleted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())',
      [applicant, 'PF', 'Usa catálogos', 'usa@teste.local', '100.00', 3, found.body.id, reason.body.id, project.body.id],
    );
    for (const [op, id] of [
      ['howDidFind.delete', found.body.id],
      ['reasons.delete', reason.body.id],
      ['projects.delete', project.body.id],
    ] as Array<[OperationName, number]>) {
      const answer = await call(server, op, { id }, tokens.superadmin);
      expect(answer.status, op).toBe(409);
      expect(answer.body.code).toBe('in-use');
      expect(answer.body.message).toMatch(/em uso por 1 registro /);
    }
    expect((await call(server, 'howDidFind.delete', { id: spare.body.id }, tokens.superadmin)).status).toBe(200);
  });
});

describe('authorization matrix (spec roles and permissions)', () => {
  const PANEL: DemoRole[] = ['superadmin', 'admin', 'operator', 'agent'];
  const ADMINS: DemoRole[] = ['superadmin', 'admin'];
  const OPERATORS: DemoRole[] = ['superadmin', 'admin', 'operator'];
  // Arguments that reach the handler and end in 404 (or a harmless answer) for allowed roles.
  const rows: Array<[OperationName, Record<string, unknown>, DemoRole[]]> = [
    ['solicitations.list', {}, PANEL],
    ['solicitations.allWithDocuments', {}, PANEL],
    ['solicitations.reviewDocuments', {}, PANEL],
    ['solicitations.review', {}, PANEL],
    ['solicitations.complete', {}, PANEL],
    ['solicitations.byUser', { id: 999999 }, PANEL],
    ['solicitations.get', { id: 999999 }, PANEL],
    ['solicitations.delete', { id: 999999 }, ADMINS],
    ['solicitations.export', { filter: { name: 'ninguém-com-este-nome' } }, OPERATORS],
    ['solicitations.setStatus', { id: 999999, status: 'in_review' }, PANEL],
    ['solicitations.setStatusOnly', { id: 999999, status: 'in_review' }, PANEL],
    ['solicitations.setProject', { id: 999999, project: null }, PANEL],
    ['solicitations.cancelledApproved', { a: 999999, STATUS: 'APPROVED' }, PANEL],
    ['solicitations.receita', { id: 999999 }, PANEL],
    ['comments.list', { id: 999999 }, PANEL],
    ['comments.create', { solicitationId: 999999, comment: 'oi' }, PANEL],
    ['comments.delete', { id: 999999 }, PANEL],
    ['staffDocuments.list', { id: 999999 }, PANEL],
    ['staffDocuments.delete', { a: 999999, b: 999999 }, PANEL],
    ['documents.approve', { id: 999999 }, PANEL],
    ['documents.signedUrl', { fileName: 'AAAAAAAAAAAAAAAAAAAAAA' }, PANEL],
  ];
  const ALL: DemoRole[] = ['superadmin', 'admin', 'operator', 'agent', 'user'];

  it.each(rows)('%s', async (name, args, allowed) => {
    expect((await call(server, name, args)).status).toBe(401);
    for (const role of ALL) {
      const answer = await call(server, name, args, tokens[role]);
      if (allowed.includes(role)) expect([200, 404], `${role}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      else expect(answer.status, role).toBe(403);
    }
  });
});

/**
 * Lists at scale: the count is exact up to SOLICITATION_COUNT_CAP and says
 * `capped` above it (as the logs list does), and the name "contains" filter
 * (served by trigram indexes over the applicant's, legal and company names)
 * keeps its meaning: case ignored, % and _ typed by the person match
 * themselves, patterns too short for a trigram still filter.
 */
describe('lists at scale: capped count and the name filter', () => {
  const CAP = SOLICITATION_COUNT_CAP;
  const ROWS = CAP + 50;
  let person: number;

  beforeAll(async () => {
    person = await newApplicant('capivara@teste.local', 'Capivara Multidão');
    // One statement: every tenth a PJ with a legal name, three with a company name.
    await server.database.rows(
      `INSERT INTO solicitations (user_id, status, type_credit, name, email, legal_name, company_name, state, lending_value, lending_plots_to_pay)
       SELECT $1, 'pending', CASE WHEN g % 10 = 0 THEN 'PJ' ELSE 'PF' END, 'Capivara ' || g, 'capivara@teste.local',
              CASE WHEN g % 10 = 0 THEN 'Jabuticaba ' || g || ' LTDA' END,
              CASE WHEN g IN (7, 8, 9) THEN 'Pitanga_Sul 100% ' || g END,
              'PR', 1000 + g, 12
       FROM generate_series(1, $2::int) g`,
      [person, ROWS],
    );
  });

  const list = (filter: Record<string, unknown>, page = 1, limit = 10) => call(server, 'solicitations.list', { page, limit, filter }, tokens.agent);

  it('stops counting at the cap and says so; below it the count is exact', async () => {
    const all = await list({ name: 'capivara' });
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ totalItems: CAP, totalPages: CAP / 10 });
    expect(all.body.capped).toBe(true);
    expect(all.body.items).toHaveLength(10);

    const mine = await call(server, 'solicitations.byUser', { id: person, page: 1, limit: 10 }, tokens.agent);
    expect(mine.body).toMatchObject({ capped: true, meta: { totalItems: CAP } });

    // A page past the cap still answers its rows; the count stays at the cap.
    const far = await list({ name: 'capivara' }, CAP / 10 + 1);
    expect(far.body.items.length).toBeGreaterThan(0);
    expect(far.body).toMatchObject({ capped: true, meta: { totalItems: CAP } });

    const pj = await list({ name: 'capivara', typeCredit: 'PJ', state: 'pr', lendingValue_min: '1000.00', lendingValue_max: '1500.00' });
    // PJ every tenth from 10 to 500 (values 1010–1500): 50, a full first page, so counted.
    expect(pj.body).toMatchObject({ capped: false, meta: { totalItems: 50 } });
    expect(pj.body.items.every((s: { typeCredit: string }) => s.typeCredit === 'PJ')).toBe(true);
  });

  /** What the person would expect: rows whose name, legal name or company name contains `text`, case ignored. */
  function expected(text: string): number[] {
    const found: number[] = [];
    for (let g = 1; g <= ROWS; g++) {
      const names = [`Capivara ${g}`, g % 10 === 0 ? `Jabuticaba ${g} LTDA` : '', [7, 8, 9].includes(g) ? `Pitanga_Sul 100% ${g}` : ''];
      if (names.some((n) => n.toLowerCase().includes(text.toLowerCase()))) found.push(g);
    }
    return found;
  }

  it('finds names through any of the three name columns, case ignored', async () => {
    const byName = await list({ name: 'CAPIVARA 1234' });
    expect(byName.body).toMatchObject({ capped: false, meta: { totalItems: expected('capivara 1234').length } });
    expect(byName.body.items[0].name).toBe('Capivara 1234');

    const legal = await list({ name: 'jabuticaba 99' }, 1, 100);
    expect(legal.body.items.map((s: { legalName: string }) => s.legalName).sort()).toEqual(
      expected('jabuticaba 99').map((g) => `Jabuticaba ${g} LTDA`).sort(),
    );

    const company = await list({ name: 'pitanga' });
    expect(company.body.meta.totalItems).toBe(3);
  });

  it('matches % and _ literally, and filters by patterns shorter than a trigram', async () => {
    // Read as wildcards, each of these would match thousands of rows.
    expect((await list({ name: '100%' })).body.meta.totalItems).toBe(3);
    expect((await list({ name: 'ra_7' })).body).toMatchObject({ capped: false, meta: { totalItems: 0 } });
    expect((await list({ name: '10%0' })).body).toMatchObject({ capped: false, meta: { totalItems: 0 }, items: [] });

    const short = await call(server, 'solicitations.byUser', { id: person, page: 1, limit: 10, filter: { name: '77' } }, tokens.agent);
    expect(short.body).toMatchObject({ capped: false, meta: { totalItems: expected('77').length } });
  });
});
