/**
 * Catalogues (situations, how-did-find, lending reasons) and projects: every call,
 * the 409 "in use" path through the reference hook, the activity log, the banner
 * upload and the api_key, and the authorization matrix of the spec's roles and permissions (AllOperators).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_OPERATIONS, contract, SITUATION_SORTS, type CatalogueKind, type OperationName } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
/** by role, and looked up by the role names of each matrix row */
let tokens: Record<string, string>;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const png = (name = 'banner.png') => ({ name, type: 'image/png', bytes: PNG });

const logOf = (entity: string, entityId: number) =>
  server.database.rows<{ action: string; actor_id: number; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    'SELECT action, actor_id, before, after FROM activity_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
    [entity, entityId],
  );

// Nothing in the app writes references yet (the app's role only reads them): the owner plays the referrer.
const useItem = (catalogue: string, itemId: number, referrerId: number) =>
  server.owner.rows(
    "INSERT INTO catalogue_references (catalogue, item_id, referrer, referrer_id) VALUES ($1, $2, 'solicitations', $3)",
    [catalogue, itemId, referrerId],
  );

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
});
afterAll(() => server?.close());

const KINDS: Array<{ kind: CatalogueKind; entity: string; extra: Record<string, unknown> }> = [
  { kind: 'situations', entity: 'situation', extra: { percentage: 45.5 } },
  { kind: 'howDidFind', entity: 'how-did-find', extra: {} },
  { kind: 'reasons', entity: 'lending-reason', extra: {} },
];

describe.each(KINDS)('catalogue $kind', ({ kind, entity, extra }) => {
  const ops = CATALOGUE_OPERATIONS[kind];

  it('lists the seeded entries with the spec meta, filters by label and active, sorts', async () => {
    const all = await call(server, ops.list, { limit: 100 }, tokens.operator);
    expect(all.status).toBe(200);
    expect(all.body.meta.totalItems).toBeGreaterThanOrEqual(4);
    const page = await call(server, ops.list, { limit: 2 }, tokens.operator);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.meta).toMatchObject({ currentPage: 1, pageSize: 2, totalPages: Math.ceil(all.body.meta.totalItems / 2) });
    const inactive = await call(server, ops.list, { filter: { active: 2 }, limit: 100 }, tokens.operator);
    expect(inactive.body.items.length).toBeGreaterThan(0);
    expect(inactive.body.items.every((i: { active: boolean }) => !i.active)).toBe(true);
    const first = all.body.items[0].label as string;
    const byLabel = await call(server, ops.list, { filter: { label: first.slice(0, 5).toUpperCase() } }, tokens.operator);
    expect(byLabel.body.items.map((i: { label: string }) => i.label)).toContain(first);
    const sorted = await call(server, ops.list, { sort: { field: 'label', order: 'DESC' }, limit: 100 }, tokens.operator);
    const labels = sorted.body.items.map((i: { label: string }) => i.label);
    expect(labels[0] >= labels[labels.length - 1]).toBe(true);
    expect((await call(server, ops.list, { sort: { field: 'secret', order: 'ASC' } }, tokens.operator)).status).toBe(400);
    expect((await call(server, ops.list, { filter: { nope: 'x' } }, tokens.operator)).status).toBe(400);
  });

  it('creates, reads, updates, deactivates (leaves list-actives) and deletes, logging each step', async () => {
    const created = await call(server, ops.create, { label: `Novo ${kind}`, ...extra }, tokens.operator);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ label: `Novo ${kind}`, active: true, ...extra });
    const id = created.body.id as number;
    expect((await call(server, ops.byId, { id }, tokens.operator)).body.label).toBe(`Novo ${kind}`);
    const updated = await call(server, ops.update, { id, label: `Editado ${kind}`, active: true, ...extra }, tokens.admin);
    expect(updated.status).toBe(200);
    expect(updated.body.label).toBe(`Editado ${kind}`);
    let actives = await call(server, ops.listActives, {}, tokens.operator);
    expect(actives.body.map((i: { id: number }) => i.id)).toContain(id);
    expect((await call(server, ops.setStatus, { id, active: false }, tokens.operator)).status).toBe(200);
    actives = await call(server, ops.listActives, {}, tokens.operator);
    expect(actives.body.map((i: { id: number }) => i.id)).not.toContain(id);
    expect((await call(server, ops.byId, { id }, tokens.operator)).body.active).toBe(false);
    expect((await call(server, ops.delete, { id }, tokens.operator)).status).toBe(200);
    expect((await call(server, ops.byId, { id }, tokens.operator)).status).toBe(404);
    expect((await call(server, ops.delete, { id }, tokens.operator)).status).toBe(404);
    const log = await logOf(entity, id);
    expect(log.map((l) => l.action)).toEqual([
      `${entity}.create`,
      `${entity}.update`,
      `${entity}.deactivate`,
      `${entity}.delete`,
    ]);
    expect(log[1].before).toMatchObject({ label: `Novo ${kind}` });
    expect(log[1].after).toMatchObject({ label: `Editado ${kind}` });
  });

  it('refuses to delete an item still in use with 409 and a Portuguese message; deactivation still works', async () => {
    const created = await call(server, ops.create, { label: `Em uso ${kind}`, ...extra }, tokens.operator);
    const id = created.body.id as number;
    await useItem(kind, id, 1);
    await useItem(kind, id, 2);
    const refused = await call(server, ops.delete, { id }, tokens.superadmin);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in-use');
    expect(refused.body.message).toMatch(/em uso por 2 registros.*Desative-o/);
    expect((await call(server, ops.byId, { id }, tokens.operator)).status).toBe(200);
    expect((await call(server, ops.setStatus, { id, active: false }, tokens.operator)).status).toBe(200);
    expect((await logOf(entity, id)).map((l) => l.action)).toEqual([`${entity}.create`, `${entity}.deactivate`]);
  });

  it('validates input and answers 404 for unknown ids', async () => {
    const short = await call(server, ops.create, { label: 'x', ...extra }, tokens.operator);
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('label');
    expect((await call(server, ops.update, { id: 99999, label: 'Inexistente', ...extra }, tokens.operator)).status).toBe(404);
    expect((await call(server, ops.setStatus, { id: 99999, active: true }, tokens.operator)).status).toBe(404);
  });
});

describe('catalogue labels', () => {
  it.each(KINDS)('$kind refuses a label already used in the same catalogue, ignoring case, accents and blanks, with 409 on the label field', async ({ kind, extra }) => {
    const ops = CATALOGUE_OPERATIONS[kind];
    const first = await call(server, ops.create, { label: `Órgão Público ${kind}`, ...extra }, tokens.operator);
    expect(first.status).toBe(200);
    const twin = await call(server, ops.create, { label: `  orgao   PUBLICO ${kind}`, ...extra }, tokens.operator);
    expect(twin.status).toBe(409);
    expect(twin.body.field).toBe('label');
    expect(twin.body.message).toMatch(/já existe/i);
    // Another item may not take the label by an edit either; the item itself may keep (or re-case) its own.
    const other = await call(server, ops.create, { label: `Outro rótulo ${kind}`, ...extra }, tokens.operator);
    const renamed = await call(server, ops.update, { id: other.body.id, label: `ÓRGÃO público ${kind}`, active: true, ...extra }, tokens.operator);
    expect(renamed.status).toBe(409);
    expect(renamed.body.field).toBe('label');
    const recased = await call(server, ops.update, { id: first.body.id, label: `órgão público ${kind}`, active: true, ...extra }, tokens.operator);
    expect(recased.status).toBe(200);
    // Other catalogues are separate lists.
    const elsewhere = KINDS.find((k) => k.kind !== kind)!;
    const sameLabelElsewhere = await call(server, CATALOGUE_OPERATIONS[elsewhere.kind].create, { label: `Órgão Público ${kind}`, ...elsewhere.extra }, tokens.operator);
    expect(sameLabelElsewhere.status).toBe(200);
  });
});

describe('situations percentage', () => {
  it('keeps the percentage between 0 and 100 and sorts by it', async () => {
    const bad = await call(server, 'situations.create', { label: 'Percentual inválido', percentage: 150 }, tokens.operator);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('percentage');
    // Only plain decimals with at most two places: no exponent, no thousands, no third decimal.
    for (const percentage of ['1e2', '12,345', '1.000', '-1', '']) {
      const refused = await call(server, 'situations.create', { label: `Percentual ${percentage || 'vazio'}`, percentage }, tokens.operator);
      expect({ percentage, status: refused.status, field: refused.body.field }).toEqual({ percentage, status: 400, field: 'percentage' });
    }
    const typed = await call(server, 'situations.create', { label: 'Percentual com vírgula', percentage: '12,35' }, tokens.operator);
    expect(typed.status).toBe(200);
    expect(typed.body.percentage).toBe(12.35);
    expect(SITUATION_SORTS).toContain('percentage');
    const sorted = await call(server, 'situations.list', { sort: { field: 'percentage', order: 'ASC' }, limit: 100 }, tokens.operator);
    const values = sorted.body.items.map((s: { percentage: number }) => s.percentage);
    expect(values).toEqual([...values].sort((a: number, b: number) => a - b));
  });
});

describe('projects', () => {
  it('lists the seeded projects, filters, searches by title', async () => {
    const list = await call(server, 'projects.list', {}, tokens.operator);
    expect(list.status).toBe(200);
    expect(list.body.meta.totalItems).toBeGreaterThanOrEqual(2);
    const active = await call(server, 'projects.list', { filter: { active: 1 } }, tokens.operator);
    expect(active.body.items.every((p: { active: boolean }) => p.active)).toBe(true);
    const search = await call(server, 'projects.search', { search: 'microcrédito' }, tokens.operator);
    expect(search.status).toBe(200);
    expect(search.body.map((p: { title: string }) => p.title)).toEqual(['Microcrédito Comunidade']);
    expect((await call(server, 'projects.search', { search: '%' }, tokens.operator)).body).toEqual([]);
    expect((await call(server, 'projects.list', { sort: { field: 'api_key', order: 'ASC' } }, tokens.operator)).status).toBe(400);
  });

  it('a new project needs a title, is inactive with empty strings otherwise, and gets a server-generated api_key', async () => {
    for (const untitled of [{}, { title: '   ' }]) {
      const refused = await call(server, 'projects.create', untitled, tokens.operator);
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('title');
    }
    const created = await call(server, 'projects.create', { title: 'Só o título' }, tokens.operator);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: 'Só o título', description: '', url: '', banner: '', active: false });
    expect(created.body.api_key).toMatch(/^pk_[A-Za-z0-9_-]{40,}$/);
    const withKey = await call(server, 'projects.create', { title: 'Tentativa', api_key: 'escolhida' }, tokens.operator);
    expect(withKey.body.api_key).not.toBe('escolhida');
    const badUrl = await call(server, 'projects.create', { title: 'X', url: 'javascript:alert(1)' }, tokens.operator);
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.field).toBe('url');
  });

  it('uploads a banner (judged by its bytes), saves it in the project, shows it as a data URL, replaces and removes it', async () => {
    const notImage = await call(server, 'projects.upload', { file: { name: 'x.png', type: 'image/png', bytes: new TextEncoder().encode('texto') } }, tokens.operator);
    expect(notImage.status).toBe(400);
    expect(notImage.body.field).toBe('file');
    const up = await call(server, 'projects.upload', { file: png() }, tokens.operator);
    expect(up.status).toBe(200);
    expect(up.body.dataUrl).toBe(`data:image/png;base64,${Buffer.from(PNG).toString('base64')}`);
    const created = await call(server, 'projects.create', { title: 'Com banner', banner: up.body.banner }, tokens.operator);
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    expect((await call(server, 'projects.banner', { id }, tokens.operator)).body.dataUrl).toBe(up.body.dataUrl);
    const unknown = await call(server, 'projects.update', { id, title: 'Com banner', banner: '99999' }, tokens.operator);
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('banner');
    // The reference is a random key: the banner's row id (countable) names nothing.
    expect(up.body.banner).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await server.database.rows<{ id: number }>('SELECT id FROM project_banners WHERE key = $1', [up.body.banner]);
    const byId = await call(server, 'projects.update', { id, title: 'Com banner', banner: String(row.id) }, tokens.operator);
    expect(byId.status).toBe(400);
    expect(byId.body.field).toBe('banner');
    // A picture that is also a page is refused.
    const polyglot = new Uint8Array([...PNG, ...new TextEncoder().encode('<html><script>alert(1)</script>')]);
    const refused = await call(server, 'projects.upload', { file: { name: 'p.png', type: 'image/png', bytes: polyglot } }, tokens.operator);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('file');
    // Replacing the banner drops the old stored image.
    const second = await call(server, 'projects.upload', { file: png('outro.png') }, tokens.operator);
    const updated = await call(server, 'projects.update', { id, title: 'Com banner novo', banner: second.body.banner, active: true }, tokens.operator);
    expect(updated.body).toMatchObject({ title: 'Com banner novo', banner: second.body.banner, active: true, api_key: created.body.api_key });
    const stored = await server.database.rows<{ id: number }>('SELECT id FROM project_banners WHERE key = $1', [up.body.banner]);
    expect(stored).toEqual([]);
    const cleared = await call(server, 'projects.update', { id, title: 'Sem banner', banner: '' }, tokens.operator);
    expect(cleared.body.banner).toBe('');
    expect((await call(server, 'projects.banner', { id }, tokens.operator)).body.dataUrl).toBeNull();
  });

  it('regenerates the api_key and logs it without the key itself', async () => {
    const created = await call(server, 'projects.create', { title: 'Chave' }, tokens.operator);
    const id = created.body.id as number;
    const again = await call(server, 'projects.regenerateKey', { id }, tokens.admin);
    expect(again.status).toBe(200);
    expect(again.body.api_key).not.toBe(created.body.api_key);
    expect((await call(server, 'projects.byId', { id }, tokens.operator)).body.api_key).toBe(again.body.api_key);
    const log = await logOf('project', id);
    expect(log.map((l) => l.action)).toEqual(['project.create', 'project.api-key.regenerate']);
    expect(JSON.stringify(log)).not.toContain(again.body.api_key);
    expect(JSON.stringify(log)).not.toContain(created.body.api_key);
    expect((await call(server, 'projects.regenerateKey', { id: 99999 }, tokens.operator)).status).toBe(404);
  });

  it('deletes a project (409 while in use) and logs it', async () => {
    const created = await call(server, 'projects.create', { title: 'Apagar' }, tokens.operator);
    const id = created.body.id as number;
    await useItem('projects', id, 7);
    const refused = await call(server, 'projects.delete', { id }, tokens.operator);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/em uso por 1 registro /);
    await server.owner.rows("DELETE FROM catalogue_references WHERE catalogue = 'projects' AND item_id = $1", [id]);
    expect((await call(server, 'projects.delete', { id }, tokens.operator)).status).toBe(200);
    expect((await call(server, 'projects.byId', { id }, tokens.operator)).status).toBe(404);
    expect((await logOf('project', id)).map((l) => l.action)).toEqual(['project.create', 'project.delete']);
  });
});

describe('authorization matrix (AllOperators: super admin, admin, operator; agent and user 403; no token 401)', () => {
  const expected: Record<DemoRole | 'none', number[]> = {
    superadmin: [200],
    admin: [200],
    operator: [200],
    agent: [403],
    user: [403],
    none: [401],
  };
  // Read calls with arguments that succeed; mutations are checked on refusal only (the flows above cover success).
  const reads: Array<[OperationName, () => Promise<Record<string, unknown>>]> = [
    ['situations.list', async () => ({})],
    ['situations.listActives', async () => ({})],
    ['situations.byId', async () => ({ id: 1 })],
    ['howDidFind.list', async () => ({})],
    ['howDidFind.listActives', async () => ({})],
    ['howDidFind.byId', async () => ({ id: 1 })],
    ['reasons.list', async () => ({})],
    ['reasons.listActives', async () => ({})],
    ['reasons.byId', async () => ({ id: 1 })],
    ['projects.list', async () => ({})],
    ['projects.search', async () => ({ search: 'a' })],
    ['projects.byId', async () => ({ id: 1 })],
    ['projects.banner', async () => ({ id: 1 })],
  ];
  for (const [name, args] of reads) {
    it(`${name}`, async () => {
      for (const [role, statuses] of Object.entries(expected)) {
        const token = role === 'none' ? undefined : tokens[role];
        const answer = await call(server, name, await args(), token);
        expect({ role, status: answer.status }).toEqual({ role, status: statuses[0] });
      }
    });
  }

  const writes: Array<[OperationName, (role: string) => Record<string, unknown>]> = [
    ['situations.create', (r) => ({ label: `Matriz ${r}`, percentage: 10 })],
    ['howDidFind.create', (r) => ({ label: `Matriz ${r}` })],
    ['reasons.create', (r) => ({ label: `Matriz ${r}` })],
    ['projects.create', (r) => ({ title: `Matriz ${r}` })],
    ['projects.upload', () => ({ file: png() })],
  ];
  for (const [name, args] of writes) {
    it(`${name}`, async () => {
      for (const [role, statuses] of Object.entries(expected)) {
        const token = role === 'none' ? undefined : tokens[role];
        const answer = await call(server, name, args(role), token);
        expect({ role, status: answer.status }).toEqual({ role, status: statuses[0] });
      }
    });
  }

  // Calls acting on one record: each allowed role gets its own record.
  const perRecord: Array<[OperationName, OperationName, (id: number) => Record<string, unknown>, Record<string, unknown>]> = [
    ['situations.update', 'situations.create', (id) => ({ id, label: 'Matriz editada', percentage: 5 }), { label: 'Matriz alvo', percentage: 1 }],
    ['situations.setStatus', 'situations.create', (id) => ({ id, active: false }), { label: 'Matriz alvo', percentage: 1 }],
    ['situations.delete', 'situations.create', (id) => ({ id }), { label: 'Matriz alvo', percentage: 1 }],
    ['howDidFind.update', 'howDidFind.create', (id) => ({ id, label: 'Matriz editada' }), { label: 'Matriz alvo' }],
    ['howDidFind.setStatus', 'howDidFind.create', (id) => ({ id, active: false }), { label: 'Matriz alvo' }],
    ['howDidFind.delete', 'howDidFind.create', (id) => ({ id }), { label: 'Matriz alvo' }],
    ['reasons.update', 'reasons.create', (id) => ({ id, label: 'Matriz editada' }), { label: 'Matriz alvo' }],
    ['reasons.setStatus', 'reasons.create', (id) => ({ id, active: false }), { label: 'Matriz alvo' }],
    ['reasons.delete', 'reasons.create', (id) => ({ id }), { label: 'Matriz alvo' }],
    ['projects.update', 'projects.create', (id) => ({ id, title: 'Matriz editada' }), { title: 'Matriz alvo' }],
    ['projects.delete', 'projects.create', (id) => ({ id }), { title: 'Matriz alvo' }],
    ['projects.regenerateKey', 'projects.create', (id) => ({ id }), { title: 'Matriz alvo' }],
  ];
  for (const [name, create, args, seed] of perRecord) {
    it(`${name}`, async () => {
      for (const [role, statuses] of Object.entries(expected)) {
        // Labels are unique within a catalogue: each role's record gets its own.
        const own = (body: Record<string, unknown>) => ('label' in body ? { ...body, label: `${String(body.label)} ${name} ${role}` } : body);
        const made = await call(server, create, own(seed), tokens.superadmin);
        const token = role === 'none' ? undefined : tokens[role];
        const answer = await call(server, name, own(args(made.body.id)), token);
        expect({ role, status: answer.status }).toEqual({ role, status: statuses[0] });
      }
    });
  }

  it('covers every call of the area', () => {
    const covered = new Set([...reads.map(([n]) => n), ...writes.map(([n]) => n), ...perRecord.map(([n]) => n)]);
    const area = Object.keys(contract).filter((n) => /^(situations|howDidFind|reasons|projects)\./.test(n));
    expect(area.filter((n) => !covered.has(n as OperationName))).toEqual([]);
  });
});
