/**
 * Files of a solicitation: slot upload, replacement and approval,
 * the review-doc / all-ser/doc / complete lists they drive, refused files
 * (nothing half-stored), signed URLs (valid, expired, altered), comments and
 * staff documents, and who may call each of these.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredDocumentSlots, type OperationName } from '../../../src/shared/contract/index';
import { startServer, type RunningServer } from '../../../src/server/index';
import { signFileName } from '../../../src/server/domain/signed-url';
import type { ReceitaProvider } from '../../../src/server/areas/intake/receita';
import { prepareDataDir, startTestServer, testDatabaseUrl, type TestServer } from '../../helpers/server';
import { insertSolicitation } from '../../helpers/solicitations-fixture';
import { call, codeFromOutbox, signIn, signInEveryRole, type DemoRole } from './client';

let server: TestServer;
let tokens: Record<DemoRole, string>;
let applicant: number;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%documento de teste\n');
const file = (bytes: Uint8Array, name: string, type: string) => ({ name, type, bytes });

beforeAll(async () => {
  server = await startTestServer();
  tokens = await signInEveryRole(server);
  const [row] = await server.database.rows<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, role_id, active, email_confirmed) VALUES ('Dona Docs', 'docs@teste.local', '!fixture', 2, true, true) RETURNING id`,
  );
  applicant = row.id;
});
afterAll(() => server?.close());

async function uploadsCount(): Promise<number> {
  const [row] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM uploads');
  return Number(row.n);
}

async function slot(id: number, n: number) {
  const detail = await call(server, 'solicitations.get', { id }, tokens.agent);
  return detail.body.slots.find((s: { slot: number }) => s.slot === n);
}

describe('slot documents', () => {
  it('uploads, replaces and approves: states sent → replaced → approved, each step logged', async () => {
    const id = await insertSolicitation(server.database, { userId: applicant });
    const first = await call(server, 'documents.upload', { file: file(PDF, 'cpf.pdf', 'application/pdf'), type: 5, solicitation_id: id }, tokens.agent);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ solicitation_id: id, slot: 5, name: 'cpf.pdf', mime: 'application/pdf', size: PDF.length, approved: false, superseded_at: null });
    expect(first.body.fileName).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await slot(id, 5)).toMatchObject({ state: 'sent', replacedCount: 0, current: { id: first.body.id } });

    // a second upload to the same slot replaces the first
    const second = await call(server, 'documents.upload', { file: file(PNG, 'cpf.png', 'image/png'), type: '5', solicitation_id: String(id) }, tokens.operator);
    expect(second.status).toBe(200);
    expect(await slot(id, 5)).toMatchObject({ state: 'replaced', replacedCount: 1, current: { id: second.body.id, mime: 'image/png' } });

    // the replaced one can be neither approved nor replaced again
    const stale = await call(server, 'documents.approve', { id: first.body.id }, tokens.agent);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/substituído/);
    expect((await call(server, 'documents.update', { id: first.body.id, file: file(PDF, 'x.pdf', 'application/pdf'), type: 5 }, tokens.agent)).status).toBe(409);

    // replacing the current one through update-document/:id
    const wrongSlot = await call(server, 'documents.update', { id: second.body.id, file: file(PDF, 'x.pdf', 'application/pdf'), type: 6 }, tokens.agent);
    expect(wrongSlot.status).toBe(400);
    expect(wrongSlot.body.field).toBe('type');
    const other = await insertSolicitation(server.database, { userId: applicant });
    const wrongOwner = await call(server, 'documents.update', { id: second.body.id, file: file(PDF, 'x.pdf', 'application/pdf'), type: 5, solicitation_id: other }, tokens.agent);
    expect(wrongOwner.status).toBe(400);
    expect(wrongOwner.body.field).toBe('solicitation_id');
    const third = await call(server, 'documents.update', { id: second.body.id, file: file(PDF, 'cpf-novo.pdf', 'application/pdf'), type: 5, solicitation_id: id }, tokens.agent);
    expect(third.status).toBe(200);
    expect(await slot(id, 5)).toMatchObject({ state: 'replaced', replacedCount: 2, current: { id: third.body.id, name: 'cpf-novo.pdf' } });

    const approved = await call(server, 'documents.approve', { id: third.body.id }, tokens.agent);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: third.body.id, approved: true, approved_by_name: expect.any(String) });
    expect((await call(server, 'documents.approve', { id: third.body.id }, tokens.admin)).body.approved_at).toBe(approved.body.approved_at);
    expect(await slot(id, 5)).toMatchObject({ state: 'approved' });

    // the file belongs to the applicant (erased with them), the sender is kept beside it;
    // the generic upload delete cannot pull it out from under the solicitation
    const [owner] = await server.database.rows<{ owner_id: number }>('SELECT owner_id FROM uploads WHERE key = $1', [third.body.fileName]);
    expect(owner.owner_id).toBe(applicant);
    const pulled = await call(server, 'uploads.delete', { key: third.body.fileName }, tokens.superadmin);
    expect(pulled.status).toBe(409);
    expect(pulled.body.message).toMatch(/documento de solicitação/);

    const log = await server.database.rows<{ action: string; entity_id: number }>(
      `SELECT action, entity_id FROM activity_log WHERE entity = 'solicitation-document' AND entity_id = ANY($1::int[]) ORDER BY id`,
      [[first.body.id, second.body.id, third.body.id]],
    );
    expect(log.map((l) => l.action)).toEqual([
      'solicitation.document.upload',
      'solicitation.document.replace',
      'solicitation.document.replace',
      'solicitation.document.approve',
    ]);
  });

  it('drives review-doc, all-ser/doc and complete', async () => {
    const name = 'Lista Documentos Wzq';
    const id = await insertSolicitation(server.database, { userId: applicant, name, typeCredit: 'PF', status: 'in_review' });
    const ids = async (op: OperationName) =>
      (await call(server, op, { filter: { name: 'Wzq' } }, tokens.agent)).body.items.map((i: { id: number }) => i.id);
    expect(await ids('solicitations.allWithDocuments')).toEqual([]);
    expect(await ids('solicitations.complete')).toEqual([]);
    const docs: number[] = [];
    for (const n of requiredDocumentSlots('PF', false)) {
      const up = await call(server, 'documents.upload', { file: file(PNG, `s${n}.png`, 'image/png'), type: n, solicitation_id: id }, tokens.agent);
      docs.push(up.body.id);
    }
    expect(await ids('solicitations.allWithDocuments')).toEqual([id]);
    expect(await ids('solicitations.reviewDocuments')).toEqual([id]);
    expect(await ids('solicitations.complete')).toEqual([id]);
    const list = await call(server, 'solicitations.list', { filter: { name: 'Wzq' } }, tokens.agent);
    expect(list.body.items[0]).toMatchObject({ documentsSent: docs.length, documentsAwaiting: docs.length });
    expect((await call(server, 'solicitations.get', { id }, tokens.agent)).body.complete).toBe(true);
    for (const doc of docs) await call(server, 'documents.approve', { id: doc }, tokens.agent);
    expect(await ids('solicitations.reviewDocuments')).toEqual([]);
    expect(await ids('solicitations.allWithDocuments')).toEqual([id]);
    // a decided solicitation is no longer in the "complete" work list
    await call(server, 'solicitations.setStatus', { id, status: 'approved' }, tokens.agent);
    expect(await ids('solicitations.complete')).toEqual([]);
  });

  it('refuses empty, too large, executable, wrong-type files and unknown slots, storing nothing', async () => {
    const id = await insertSolicitation(server.database, { userId: applicant });
    const before = await uploadsCount();
    const uploadsDir = join(dirname(server.dataDir), 'uploads');
    const filesBefore = (await readdir(uploadsDir).catch(() => [])).length;
    const cases: Array<[Record<string, unknown>, number, string, RegExp]> = [
      [{ file: file(new Uint8Array(0), 'vazio.pdf', 'application/pdf'), type: 5 }, 400, 'file', /vazio/],
      [{ file: file(new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25), 'grande.pdf', 'application/pdf'), type: 5 }, 400, 'file', /10 MB/],
      [{ file: file(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'foto.png', 'image/png'), type: 5 }, 400, 'file', /executáveis/],
      [{ file: file(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), 'rg.pdf', 'application/pdf'), type: 5 }, 400, 'file', /executáveis/],
      [{ file: file(new TextEncoder().encode('#!/bin/sh\nrm -rf /\n'), 'doc.jpg', 'image/jpeg'), type: 5 }, 400, 'file', /executáveis/],
      [{ file: file(new TextEncoder().encode('<html><script>alert(1)</script>'), 'doc.pdf', 'application/pdf'), type: 5 }, 400, 'file', /JPEG, PNG ou WebP/],
      // A PDF that is also a page (PDF/HTML polyglot): it would be served inline through a signed URL.
      [{ file: file(new TextEncoder().encode('%PDF-1.4\n1 0 obj\n(<html><body><script>alert(1)</script>)\nendobj\n'), 'extrato.pdf', 'application/pdf'), type: 5 }, 400, 'file', /página da web/],
      [{ file: file(new Uint8Array([...PNG, ...new TextEncoder().encode('<!doctype html>')]), 'rg.png', 'image/png'), type: 5 }, 400, 'file', /página da web/],
      [{ file: file(PNG, 'doc.png', 'image/png'), type: 2 }, 400, 'type', /tipo de documento/],
      [{ file: file(PNG, 'doc.png', 'image/png'), type: 16 }, 400, 'type', /tipo de documento/],
      [{ file: file(PNG, 'doc.png', 'image/png'), type: 'cpf' }, 400, 'type', /tipo de documento/],
    ];
    for (const [args, status, field, message] of cases) {
      const answer = await call(server, 'documents.upload', { solicitation_id: id, ...args }, tokens.agent);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.field).toBe(field);
      expect(answer.body.message).toMatch(message);
    }
    // a missing solicitation: the file was stored first, then removed with the failed transaction
    const missing = await call(server, 'documents.upload', { file: file(PNG, 'doc.png', 'image/png'), type: 5, solicitation_id: 999999 }, tokens.agent);
    expect(missing.status).toBe(404);
    const deleted = await insertSolicitation(server.database, { userId: applicant, columns: { deleted_at: new Date().toISOString() } });
    expect((await call(server, 'documents.upload', { file: file(PNG, 'doc.png', 'image/png'), type: 5, solicitation_id: deleted }, tokens.agent)).status).toBe(404);
    expect((await call(server, 'documents.update', { id: 999999, file: file(PNG, 'doc.png', 'image/png'), type: 5 }, tokens.agent)).status).toBe(404);
    // a decided solicitation keeps the documents it was decided on
    for (const status of ['refused', 'cancelled', 'contracted'] as const) {
      const closed = await insertSolicitation(server.database, { userId: applicant, status });
      const answer = await call(server, 'documents.upload', { file: file(PNG, 'doc.png', 'image/png'), type: 5, solicitation_id: closed }, tokens.agent);
      expect({ status, answer: answer.status }).toEqual({ status, answer: 409 });
      expect(answer.body.message).toMatch(/encerrada/);
    }
    expect(await uploadsCount()).toBe(before);
    expect((await slot(id, 5)).state).toBe('missing');
    // no file left behind on disk either
    expect((await readdir(uploadsDir).catch(() => [])).length).toBe(filesBefore);
  });

  it('approve: 404 for an unknown document', async () => {
    expect((await call(server, 'documents.approve', { id: 999999 }, tokens.agent)).status).toBe(404);
  });
});

describe('signed URLs', () => {
  it('serves the bytes without a token while valid; 403 when the name, expiry or signature is altered', async () => {
    const id = await insertSolicitation(server.database, { userId: applicant });
    const up = await call(server, 'documents.upload', { file: file(PDF, 'extrato bancário.pdf', 'application/pdf'), type: 9, solicitation_id: id }, tokens.agent);
    const signed = await call(server, 'documents.signedUrl', { fileName: up.body.fileName }, tokens.agent);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ fileName: up.body.fileName, mime: 'application/pdf', name: 'extrato bancário.pdf' });
    const ttl = Date.parse(signed.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);

    const got = await fetch(`${server.url}${signed.body.url}`);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    expect(got.headers.get('cache-control')).toBe('private, no-store');

    const { fileName, issuer, expires, signature } = signed.body;
    const other = await call(server, 'documents.upload', { file: file(PNG, 'f.png', 'image/png'), type: 3, solicitation_id: id }, tokens.agent);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const operatorId = (await call(server, 'session.me', {}, tokens.operator)).body.id;
    for (const args of [
      { fileName: other.body.fileName, issuer, expires, signature },
      { fileName, issuer, expires: String(Number(expires) + 3600), signature },
      { fileName, issuer, expires, signature: flipped },
      // Another (active) account's id with this signature: the issuer is signed too.
      { fileName, issuer: operatorId, expires, signature },
    ]) {
      const answer = await call(server, 'documents.signedFile', args);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toMatch(/inválido ou alterado/);
    }
    // malformed parts are a 400 naming the field
    expect((await call(server, 'documents.signedFile', { fileName, issuer, expires: 'amanhã', signature })).body.field).toBe('expires');
    expect((await call(server, 'documents.signedFile', { fileName, issuer: 'eu', expires, signature })).body.field).toBe('issuer');
  });

  it("stops working once its issuer's account is deactivated or removed (403 signature-revoked), and works again when reactivated", async () => {
    const id = await insertSolicitation(server.database, { userId: applicant });
    const up = await call(server, 'documents.upload', { file: file(PDF, 'contrato social.pdf', 'application/pdf'), type: 9, solicitation_id: id }, tokens.agent);
    const created = await call(server, 'users.createAdmin', { name: 'Analista Temporário', email: 'analista.temporario@demo.local', role_id: 4, active: true, two_factor: false }, tokens.admin);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const temporary = await codeFromOutbox(server, 'analista.temporario@demo.local', 'Senha temporária');
    const first = await signIn(server, 'analista.temporario@demo.local', temporary);
    const token = (await call(server, 'users.newPassword', { newPassword: 'Analista123' }, first)).body.token;
    const signed = await call(server, 'documents.signedUrl', { fileName: up.body.fileName }, token);
    expect(signed.body.issuer).toBe(created.body.id);
    expect((await fetch(`${server.url}${signed.body.url}`)).status).toBe(200);

    expect((await call(server, 'users.setStatus', { id: created.body.id, active: false }, tokens.admin)).status).toBe(200);
    const revoked = await fetch(`${server.url}${signed.body.url}`);
    expect(revoked.status).toBe(403);
    expect(await revoked.json()).toMatchObject({ code: 'signature-revoked', message: expect.stringContaining('não tem mais acesso') });
    // Not a quirk of the fetch: the call with the same arguments is refused alike.
    const { fileName, issuer, expires, signature } = signed.body;
    expect((await call(server, 'documents.signedFile', { fileName, issuer, expires, signature })).status).toBe(403);

    // The URL was never wrong: it only lives as long as the access that asked for it.
    expect((await call(server, 'users.setStatus', { id: created.body.id, active: true }, tokens.admin)).status).toBe(200);
    expect((await fetch(`${server.url}${signed.body.url}`)).status).toBe(200);
    expect((await call(server, 'users.delete', { id: created.body.id }, tokens.admin)).status).toBe(200);
    expect((await fetch(`${server.url}${signed.body.url}`)).status).toBe(403);
  });

  it('404 for a file key that is not a document of a live solicitation', async () => {
    const avatar = await call(server, 'uploads.create', { type: 'avatar', file: file(PNG, 'eu.png', 'image/png') }, tokens.agent);
    expect((await call(server, 'documents.signedUrl', { fileName: avatar.body.key }, tokens.agent)).status).toBe(404);
    expect((await call(server, 'documents.signedUrl', { fileName: 'AAAAAAAAAAAAAAAAAAAAAA' }, tokens.agent)).status).toBe(404);
    const id = await insertSolicitation(server.database, { userId: applicant });
    const up = await call(server, 'documents.upload', { file: file(PNG, 'f.png', 'image/png'), type: 3, solicitation_id: id }, tokens.agent);
    const signed = await call(server, 'documents.signedUrl', { fileName: up.body.fileName }, tokens.agent);
    await call(server, 'solicitations.delete', { id }, tokens.admin);
    expect((await call(server, 'documents.signedUrl', { fileName: up.body.fileName }, tokens.agent)).status).toBe(404);
    expect((await fetch(`${server.url}${signed.body.url}`)).status).toBe(404);
  });
});

// On its own PGlite folder whatever the step (startServer over prepareDataDir): on the PostgreSQL step it would only
// run again on PGlite, so it runs in the PGlite step alone.
describe.skipIf(testDatabaseUrl())('a server with its own signing secret and Receita provider', () => {
  let own: RunningServer;
  let dir: string;
  const SECRET = 'segredo-de-teste-com-tamanho-suficiente';
  const failing: ReceitaProvider = {
    name: 'falha',
    lookup: () => Promise.reject(new Error('connect ECONNREFUSED')),
  };

  beforeAll(async () => {
    const prepared = await prepareDataDir('demo');
    dir = prepared.dir;
    own = await startServer({ dataDir: prepared.dataDir, uploadsDir: join(dir, 'uploads'), signingSecret: SECRET, receitaProvider: failing });
  });
  afterAll(async () => {
    await own?.close();
    const { rm } = await import('node:fs/promises');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('refuses an expired URL (403) and accepts one signed with the configured secret', async () => {
    const token = await signIn(own, 'operador@demo.local');
    const [person] = await own.database.rows<{ id: number }>("SELECT id FROM users WHERE role_id = 2 ORDER BY id LIMIT 1");
    const id = await insertSolicitation(own.database, { userId: person.id });
    const up = await call(own, 'documents.upload', { file: file(PNG, 'f.png', 'image/png'), type: 3, solicitation_id: id }, token);
    const issuer = (await call(own, 'session.me', {}, token)).body.id;
    const past = signFileName(SECRET, up.body.fileName, issuer, Date.now() - 10 * 60_000, 300);
    const expired = await call(own, 'documents.signedFile', { fileName: up.body.fileName, issuer, expires: past.expires, signature: past.signature });
    expect(expired.status).toBe(403);
    expect(expired.body.message).toMatch(/expirado/);
    const fresh = signFileName(SECRET, up.body.fileName, issuer, Date.now(), 60);
    const ok = await call(own, 'documents.signedFile', { fileName: up.body.fileName, issuer, expires: fresh.expires, signature: fresh.signature });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(PNG);
  });

  it('answers 502 with a Portuguese message when the Receita provider fails (never 500)', async () => {
    const token = await signIn(own, 'agente@demo.local');
    const [person] = await own.database.rows<{ id: number }>("SELECT id FROM users WHERE role_id = 2 ORDER BY id LIMIT 1");
    const id = await insertSolicitation(own.database, { userId: person.id, typeCredit: 'PF', cpf: '529.982.247-25' });
    const answer = await call(own, 'solicitations.receita', { id }, token);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(/Receita Federal não respondeu corretamente/);
  });
});

describe('comments', () => {
  it('lists, adds (signed by the caller) and deletes only the own ones', async () => {
    const id = await insertSolicitation(server.database, { userId: applicant });
    const added = await call(server, 'comments.create', { solicitationId: id, comment: '  Cliente pediu prazo maior  ' }, tokens.agent);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ solicitation_id: id, comment: 'Cliente pediu prazo maior', username: expect.any(String), createdAt: expect.any(String) });
    await call(server, 'comments.create', { solicitationId: id, comment: 'Documentação conferida' }, tokens.operator);
    const list = await call(server, 'comments.list', { id }, tokens.admin);
    expect(list.body.map((c: { comment: string }) => c.comment)).toEqual(['Cliente pediu prazo maior', 'Documentação conferida']);

    const others = await call(server, 'comments.delete', { id: added.body.id }, tokens.superadmin);
    expect(others.status).toBe(403);
    expect(others.body.message).toMatch(/autor/);
    expect((await call(server, 'comments.delete', { id: added.body.id }, tokens.agent)).status).toBe(200);
    expect((await call(server, 'comments.list', { id }, tokens.admin)).body).toHaveLength(1);
    expect((await call(server, 'comments.delete', { id: added.body.id }, tokens.agent)).status).toBe(404);

    const empty = await call(server, 'comments.create', { solicitationId: id, comment: '   ' }, tokens.agent);
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('comment');
    expect((await call(server, 'comments.create', { solicitationId: 999999, comment: 'x' }, tokens.agent)).status).toBe(404);
    expect((await call(server, 'comments.list', { id: 999999 }, tokens.agent)).status).toBe(404);
    const log = await server.database.rows<{ action: string }>(
      `SELECT action FROM activity_log WHERE entity = 'solicitation-comment' AND entity_id = $1 ORDER BY id`,
      [added.body.id],
    );
    expect(log.map((l) => l.action)).toEqual(['solicitation.comment.create', 'solicitation.comment.delete']);
  });
});

describe('staff documents', () => {
  it('attaches with title and description, lists newest first, deletes by author or administrator only', async () => {
    const id = await insertSolicitation(server.database, { userId: applicant });
    const up = await call(server, 'staffDocuments.upload', { file: file(PDF, 'parecer.pdf', 'application/pdf'), title: 'Parecer', description: 'Análise de crédito', solicitationId: id }, tokens.operator);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ solicitation_id: id, title: 'Parecer', description: 'Análise de crédito', name: 'parecer.pdf', mime: 'application/pdf', username: expect.any(String) });
    const second = await call(server, 'staffDocuments.upload', { file: file(PNG, 'visita.png', 'image/png'), title: 'Visita', solicitationId: id }, tokens.agent);
    expect(second.body.description).toBe('');
    const list = await call(server, 'staffDocuments.list', { id }, tokens.agent);
    expect(list.body.map((d: { title: string }) => d.title)).toEqual(['Visita', 'Parecer']);

    // the signed URL serves staff documents too
    const signed = await call(server, 'documents.signedUrl', { fileName: up.body.fileName }, tokens.agent);
    expect((await fetch(`${server.url}${signed.body.url}`)).status).toBe(200);

    const other = await insertSolicitation(server.database, { userId: applicant });
    expect((await call(server, 'staffDocuments.delete', { a: other, b: up.body.id }, tokens.admin)).status).toBe(404);
    const notAuthor = await call(server, 'staffDocuments.delete', { a: id, b: up.body.id }, tokens.agent);
    expect(notAuthor.status).toBe(403);
    const before = await uploadsCount();
    expect((await call(server, 'staffDocuments.delete', { a: id, b: up.body.id }, tokens.admin)).status).toBe(200);
    expect(await uploadsCount()).toBe(before - 1);
    expect((await fetch(`${server.url}${signed.body.url}`)).status).toBe(404);
    expect((await call(server, 'staffDocuments.delete', { a: id, b: second.body.id }, tokens.agent)).status).toBe(200);
    expect((await call(server, 'staffDocuments.list', { id }, tokens.agent)).body).toEqual([]);

    const noTitle = await call(server, 'staffDocuments.upload', { file: file(PNG, 'v.png', 'image/png'), title: ' ', solicitationId: id }, tokens.agent);
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.field).toBe('title');
    const bad = await call(server, 'staffDocuments.upload', { file: file(new Uint8Array([0x4d, 0x5a, 1, 2]), 'v.pdf', 'application/pdf'), title: 'X', solicitationId: id }, tokens.agent);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('file');
    expect((await call(server, 'staffDocuments.upload', { file: file(PNG, 'v.png', 'image/png'), title: 'X', solicitationId: 999999 }, tokens.agent)).status).toBe(404);
    expect(await uploadsCount()).toBe(before - 2);
  });
});

describe('a refused or cancelled solicitation', () => {
  it('takes no new staff documents and no approvals of its documents (409), storing nothing; a contracted one still does', async () => {
    for (const status of ['refused', 'cancelled'] as const) {
      const id = await insertSolicitation(server.database, { userId: applicant, email: `fechada.${status}@teste.local` });
      const sent = await call(server, 'documents.upload', { file: file(PNG, 'rg.png', 'image/png'), type: 5, solicitation_id: id }, tokens.agent);
      expect(sent.status).toBe(200);
      const reason = 'Documentação insuficiente';
      expect((await call(server, 'solicitations.setStatus', { id, status, reason, notify: false }, tokens.operator)).status).toBe(200);
      const before = await uploadsCount();
      const uploadsDir = join(dirname(server.dataDir), 'uploads');
      const filesBefore = (await readdir(uploadsDir).catch(() => [])).length;

      const staff = await call(server, 'staffDocuments.upload', { file: file(PDF, 'parecer.pdf', 'application/pdf'), title: 'Parecer', solicitationId: id }, tokens.operator);
      expect({ status, answer: staff.status }).toEqual({ status, answer: 409 });
      expect(staff.body.message).toMatch(status === 'refused' ? /recusada/ : /cancelada/);
      const approval = await call(server, 'documents.approve', { id: sent.body.id }, tokens.operator);
      expect({ status, answer: approval.status }).toEqual({ status, answer: 409 });
      expect(approval.body.message).toContain('nem aprovações de documentos');

      expect(await uploadsCount()).toBe(before);
      expect((await readdir(uploadsDir).catch(() => [])).length).toBe(filesBefore);
      expect((await call(server, 'staffDocuments.list', { id }, tokens.agent)).body).toEqual([]);
      expect((await slot(id, 5)).state).toBe('sent');
      const [log] = await server.database.rows<{ n: number }>(
        "SELECT count(*)::int AS n FROM activity_log WHERE action IN ('solicitation.staff-document.upload', 'solicitation.document.approve') AND (after->>'solicitation_id')::int = $1",
        [id],
      );
      expect(log.n).toBe(0);
    }
    const contracted = await insertSolicitation(server.database, { userId: applicant, status: 'contracted' });
    const staff = await call(server, 'staffDocuments.upload', { file: file(PDF, 'contrato.pdf', 'application/pdf'), title: 'Contrato assinado', solicitationId: contracted }, tokens.operator);
    expect(staff.status).toBe(200);
  });
});

describe('LGPD erase of a staff member who sent files', () => {
  it('hands the files other people\'s solicitations hold to their applicant instead of failing or deleting them', async () => {
    const [staff] = await server.database.rows<{ id: number }>(
      `INSERT INTO users (name, email, password_hash, role_id, active, email_confirmed) VALUES ('Analista Saindo', 'analista.saindo@teste.local', '!fixture', 4, true, true) RETURNING id`,
    );
    const id = await insertSolicitation(server.database, { userId: applicant });
    const attached = await call(server, 'staffDocuments.upload', { file: file(PDF, 'laudo.pdf', 'application/pdf'), title: 'Laudo', solicitationId: id }, tokens.operator);
    const sent = await call(server, 'documents.upload', { file: file(PNG, 'rg.png', 'image/png'), type: 6, solicitation_id: id }, tokens.operator);
    // as older rows (and the demo seed's staff documents) have it: the file owned by the staff member who sent it
    await server.database.rows('UPDATE uploads SET owner_id = $1 WHERE key = ANY($2::text[])', [staff.id, [attached.body.fileName, sent.body.fileName]]);
    await server.database.rows('UPDATE solicitation_staff_documents SET author_id = $1 WHERE id = $2', [staff.id, attached.body.id]);

    const erased = await call(server, 'users.erase', { id: staff.id }, tokens.superadmin);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const owners = await server.database.rows<{ owner_id: number }>('SELECT owner_id FROM uploads WHERE key = ANY($1::text[])', [[attached.body.fileName, sent.body.fileName]]);
    expect(owners.map((o) => o.owner_id)).toEqual([applicant, applicant]);
    for (const key of [attached.body.fileName, sent.body.fileName]) {
      const signed = await call(server, 'documents.signedUrl', { fileName: key }, tokens.agent);
      expect((await fetch(`${server.url}${signed.body.url}`)).status).toBe(200);
    }
  });
});

describe('authorization matrix of the multipart and public calls (spec roles and permissions)', () => {
  const ALL: DemoRole[] = ['superadmin', 'admin', 'operator', 'agent', 'user'];
  const rows: Array<[OperationName, Record<string, unknown>]> = [
    ['documents.upload', { file: file(PNG, 'a.png', 'image/png'), type: 5, solicitation_id: 999999 }],
    ['documents.update', { id: 999999, file: file(PNG, 'a.png', 'image/png'), type: 5 }],
    ['staffDocuments.upload', { file: file(PNG, 'a.png', 'image/png'), title: 'T', solicitationId: 999999 }],
  ];
  it.each(rows)('%s: every panel role, not USER, not anonymous', async (name, args) => {
    expect((await call(server, name, args)).status).toBe(401);
    for (const role of ALL) {
      const answer = await call(server, name, args, tokens[role]);
      expect(answer.status, role).toBe(role === 'user' ? 403 : 404);
    }
  });

  it('documents.signedFile needs no token, only the signature (anyone without one gets 403)', async () => {
    const args = { fileName: 'AAAAAAAAAAAAAAAAAAAAAA', issuer: 1, expires: String(Math.floor(Date.now() / 1000) + 60), signature: 'A'.repeat(43) };
    expect((await call(server, 'documents.signedFile', args)).status).toBe(403);
    for (const role of ALL) expect((await call(server, 'documents.signedFile', args, tokens[role])).status).toBe(403);
  });
});
