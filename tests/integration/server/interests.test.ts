/**
 * Questionnaire option lists (the spec's calls "GET /interests/list-perfil/{x}",
 * "GET /interests/list-options/{x}"): every declared list answers its seeded
 * options in order, list-options leaves inactive ones out, an unknown or
 * malformed list name is a 400 on field x (never a 500), and the
 * authorization matrix of AllPanelUsers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEREST_LISTS, operation, type InterestListName, type OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
/** by role, and looked up by the role names of each matrix row */
let tokens: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
});
afterAll(() => server?.close());

/** What the questionnaire offers on a fresh install (migration 0007), in the order it shows them. */
const SEEDED: Record<InterestListName, string[]> = {
  relations: ['Solteiro(a)', 'Casado(a)', 'União estável', 'Separado(a)', 'Divorciado(a)', 'Viúvo(a)'],
  genre: ['Feminino', 'Masculino', 'Outro', 'Prefiro não informar'],
  nationality: ['Brasileira', 'Estrangeira'],
  typeDocument: ['CPF', 'RNE/RNM', 'Passaporte', 'Protocolo de refúgio'],
  companyType: ['MEI', 'ME', 'EPP', 'LTDA', 'SA', 'Outros'],
  branchOfActivity: [
    'Comércio',
    'Serviços',
    'Indústria',
    'Alimentação',
    'Beleza e estética',
    'Moda e vestuário',
    'Artesanato',
    'Agropecuária',
    'Construção civil',
    'Tecnologia',
    'Transporte e logística',
    'Outros',
  ],
  profileAccountBank: ['Pessoa física', 'Pessoa jurídica'],
  typeAccount: ['Conta corrente', 'Conta poupança', 'Conta de pagamento'],
};

describe('seeded option lists', () => {
  it('declares a seeded list for every list name, and nothing else', () => {
    expect(Object.keys(SEEDED).sort()).toEqual([...INTEREST_LISTS].sort());
  });

  it.each(INTEREST_LISTS)('%s: list-perfil answers every profile in order; list-options the same as { value, label }', async (x) => {
    const profiles = await call(server, 'interests.listProfiles', { x }, tokens.agent);
    expect(profiles.status).toBe(200);
    expect(profiles.body.map((p: { titulo: string }) => p.titulo)).toEqual(SEEDED[x]);
    for (const p of profiles.body) {
      expect(p).toEqual({ id: expect.any(Number), titulo: expect.any(String), texto: expect.any(String), ativo: true });
    }
    const options = await call(server, 'interests.listOptions', { x }, tokens.agent);
    expect(options.status).toBe(200);
    expect(options.body).toEqual(profiles.body.map((p: { id: number; titulo: string }) => ({ value: p.id, label: p.titulo })));
  });

  it('gives the descriptive profiles their text', async () => {
    const profiles = await call(server, 'interests.listProfiles', { x: 'profileAccountBank' }, tokens.operator);
    expect(profiles.body[1]).toMatchObject({ titulo: 'Pessoa jurídica', texto: expect.stringMatching(/CNPJ/) });
  });
});

describe('order and active options', () => {
  it('orders by the list order, keeps inactive options in list-perfil (labels of saved answers) and leaves them out of list-options', async () => {
    const [first] = await server.owner.rows<{ id: number }>(
      "INSERT INTO interest_profiles (list_name, titulo, texto, ativo, sort_order) VALUES ('genre', 'Não binário', '', true, 0) RETURNING id",
    );
    const [retired] = await server.owner.rows<{ id: number }>(
      "INSERT INTO interest_profiles (list_name, titulo, texto, ativo, sort_order) VALUES ('genre', 'Opção antiga', 'Não é mais oferecida', false, 3) RETURNING id",
    );
    const profiles = await call(server, 'interests.listProfiles', { x: 'genre' }, tokens.operator);
    expect(profiles.body.map((p: { titulo: string }) => p.titulo)).toEqual([
      'Não binário',
      'Feminino',
      'Masculino',
      'Outro',
      'Opção antiga',
      'Prefiro não informar',
    ]);
    expect(profiles.body.find((p: { id: number }) => p.id === retired.id)).toMatchObject({ ativo: false, texto: 'Não é mais oferecida' });
    const options = await call(server, 'interests.listOptions', { x: 'genre' }, tokens.operator);
    expect(options.body.map((o: { label: string }) => o.label)).toEqual(['Não binário', 'Feminino', 'Masculino', 'Outro', 'Prefiro não informar']);
    expect(options.body[0]).toEqual({ value: first.id, label: 'Não binário' });
    // Other lists are untouched.
    const relations = await call(server, 'interests.listOptions', { x: 'relations' }, tokens.operator);
    expect(relations.body.map((o: { label: string }) => o.label)).toEqual(SEEDED.relations);
  });
});

describe('list names', () => {
  const OPS: OperationName[] = ['interests.listProfiles', 'interests.listOptions'];

  it.each(OPS)('%s refuses an unknown list with 400 naming the field x', async (name) => {
    for (const x of ['estadoCivil', 'Relations', 'lending-reasons']) {
      const answer = await call(server, name, { x }, tokens.superadmin);
      expect({ x, status: answer.status, field: answer.body.field }).toEqual({ x, status: 400, field: 'x' });
      expect(answer.body.message).toBe('Campo x: lista de opções desconhecida');
    }
  });

  /** Sends the path segment exactly as given (already percent-encoded), to probe what a client library would never send. */
  async function probe(name: OperationName, segment: string) {
    const response = await fetch(`${server.url}${operation(name).path.replace(':x', segment)}`, {
      headers: { authorization: `Bearer ${tokens.superadmin}` },
    });
    const body: unknown = response.headers.get('content-type')?.includes('application/json') ? await response.json() : null;
    return { status: response.status, body };
  }

  it.each(OPS)('%s refuses malformed names (NUL, lone surrogate, very long, prototype names) below 500, never answering a list', async (name) => {
    for (const segment of ['a%00b', '%ED%A0%80', '%', 'x'.repeat(90), 'x'.repeat(5000), '__proto__', 'constructor', 'toString', 'hasOwnProperty', '..']) {
      const answer = await probe(name, segment);
      const label = segment.slice(0, 20);
      expect(answer.status, label).toBeGreaterThanOrEqual(400);
      expect(answer.status, label).toBeLessThan(500);
      expect(Array.isArray(answer.body), label).toBe(false);
    }
    for (const x of ['a%00b', 'x'.repeat(90), '__proto__', 'constructor', 'toString']) {
      const answer = await probe(name, x);
      expect({ x: x.slice(0, 20), status: answer.status, field: (answer.body as { field?: string }).field }).toEqual({
        x: x.slice(0, 20),
        status: 400,
        field: 'x',
      });
    }
    // The server still answers normally afterwards.
    expect((await call(server, name, { x: 'genre' }, tokens.superadmin)).status).toBe(200);
  });
});

describe('authorization matrix (AllPanelUsers: super admin, admin, operator, agent; user 403; no token 401)', () => {
  const expected: Record<DemoRole | 'none', number> = {
    superadmin: 200,
    admin: 200,
    operator: 200,
    agent: 200,
    user: 403,
    none: 401,
  };
  it.each(['interests.listProfiles', 'interests.listOptions'] as const)('%s', async (name) => {
    for (const [role, status] of Object.entries(expected)) {
      const token = role === 'none' ? undefined : tokens[role];
      const answer = await call(server, name, { x: 'typeAccount' }, token);
      expect({ role, status: answer.status }).toEqual({ role, status });
      if (status === 200) expect(answer.body.length).toBe(SEEDED.typeAccount.length);
    }
  });
});
