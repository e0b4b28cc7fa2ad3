/**
 * File uploads: type and size rules checked on the bytes (image/HTML
 * polyglots refused), unguessable keys, who may read and remove a file
 * (owner, the roles of UPLOAD_ACCESS, nobody else), the answer headers
 * (inline only for pictures, nosniff everywhere), and the LGPD erase.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, codeFromOutbox, raw, signIn } from './client';

let server: TestServer;
let admin: string;
let operator: string;
let agent: string;
let otherAgent: string;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%fake but well-formed header\n');
const file = (bytes: Uint8Array, name: string, type: string) => ({ name, type, bytes });
const storedFiles = async () => readdir(join(dirname(server.dataDir), 'uploads')).catch(() => [] as string[]);
const withText = (bytes: Uint8Array, text: string) => new Uint8Array([...bytes, ...new TextEncoder().encode(text)]);

/** A fresh staff account of the given role, signed in (through its temporary password). */
async function newStaff(email: string, role_id: number): Promise<string> {
  const created = await call(server, 'users.createAdmin', { name: `Conta ${email}`, email, role_id, active: true }, admin);
  expect(created.status).toBe(200);
  const first = await signIn(server, email, await codeFromOutbox(server, email, 'Senha temporária'));
  return (await call(server, 'users.newPassword', { newPassword: 'Arquivos1' }, first)).body.token as string;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.local');
  operator = await signIn(server, 'operador@demo.local');
  agent = await signIn(server, 'agente@demo.local');
  otherAgent = await newStaff('outro.agente@demo.local', 4);
});
afterAll(() => server?.close());

describe('uploads', () => {
  it('stores an avatar under a random key and streams it back to its owner, inline, with its mime type', async () => {
    const created = await call(server, 'uploads.create', { type: 'avatar', file: file(PNG, 'eu.png', 'image/png') }, operator);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ type: 'avatar', name: 'eu.png', mime: 'image/png', size: PNG.length });
    expect(created.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.body.url).toBe(`/api/upload/id/${created.body.key}/avatar`);
    expect(created.body).not.toHaveProperty('id');
    const got = await call(server, 'uploads.get', { key: created.body.key, type: 'avatar' }, operator);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Array.from(got.body as Uint8Array)).toEqual(Array.from(PNG));
    expect((await call(server, 'uploads.get', { key: created.body.key, type: 'document' }, operator)).status).toBe(404);
    expect((await call(server, 'uploads.get', { key: 'AAAAAAAAAAAAAAAAAAAAAA', type: 'avatar' }, operator)).status).toBe(404);
  });

  it('keys cannot be counted: two uploads share nothing guessable, and a numeric id is no key', async () => {
    const a = await call(server, 'uploads.create', { type: 'document', file: file(PDF, 'a.pdf', 'application/pdf') }, agent);
    const b = await call(server, 'uploads.create', { type: 'document', file: file(PDF, 'b.pdf', 'application/pdf') }, agent);
    expect(a.body.key).not.toBe(b.body.key);
    const rows = await server.database.rows<{ id: number }>('SELECT id FROM uploads WHERE key = $1', [a.body.key]);
    const byId = await raw(server, 'uploads.get', { params: { key: rows[0].id, type: 'document' }, token: agent });
    expect(byId.status).toBe(400);
  });

  it("a document is for its owner and the reviewing roles: another agent gets 404, no token 401", async () => {
    const doc = await call(server, 'uploads.create', { type: 'document', file: file(PDF, 'rg do cliente.pdf', 'application/pdf') }, agent);
    expect(doc.status).toBe(200);
    const args = { key: doc.body.key, type: 'document' };
    const own = await call(server, 'uploads.get', args, agent);
    expect(own.status).toBe(200);
    // Not a picture: never rendered by whoever opens it, always saved.
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(own.headers.get('content-disposition')).toContain("filename*=UTF-8''rg%20do%20cliente.pdf");
    expect((await call(server, 'uploads.get', args, operator)).status).toBe(200);
    expect((await call(server, 'uploads.get', args, admin)).status).toBe(200);
    const stranger = await call(server, 'uploads.get', args, otherAgent);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call(server, 'uploads.get', args)).status).toBe(401);
    // Removing follows the same rule: the stranger learns nothing, the operator may see but not remove.
    expect((await call(server, 'uploads.delete', { key: doc.body.key }, otherAgent)).status).toBe(404);
    expect((await call(server, 'uploads.delete', { key: doc.body.key }, operator)).status).toBe(403);
    expect((await call(server, 'uploads.delete', { key: doc.body.key }, admin)).status).toBe(200);
    expect((await call(server, 'uploads.get', args, agent)).status).toBe(404);
  });

  it("an avatar is for its owner and those who open staff accounts (administrators), not for other staff", async () => {
    const pic = await call(server, 'uploads.create', { type: 'avatar', file: file(PNG, 'rosto.png', 'image/png') }, agent);
    const args = { key: pic.body.key, type: 'avatar' };
    expect((await call(server, 'uploads.get', args, admin)).status).toBe(200);
    expect((await call(server, 'uploads.get', args, operator)).status).toBe(404);
    expect((await call(server, 'uploads.get', args, otherAgent)).status).toBe(404);
  });

  it('judges the type by the bytes, not by the declared type', async () => {
    const text = await call(server, 'uploads.create', { type: 'avatar', file: file(new TextEncoder().encode('olá'), 'x.png', 'image/png') }, operator);
    expect(text.status).toBe(400);
    expect(text.body.field).toBe('file');
    const pdfAvatar = await call(server, 'uploads.create', { type: 'avatar', file: file(PDF, 'x.pdf', 'application/pdf') }, operator);
    expect(pdfAvatar.status).toBe(400);
    const pdfDocument = await call(server, 'uploads.create', { type: 'document', file: file(PDF, 'contrato.pdf', 'application/pdf') }, operator);
    expect(pdfDocument.status).toBe(200);
    expect(pdfDocument.body.mime).toBe('application/pdf');
    const noFile = await call(server, 'uploads.create', { type: 'avatar' }, operator);
    expect(noFile.status).toBe(400);
    expect(noFile.body.field).toBe('file');
    const badType = await call(server, 'uploads.create', { type: 'virus', file: file(PNG, 'a.png', 'image/png') }, operator);
    expect(badType.status).toBe(400);
    expect(badType.body.field).toBe('type');
  });

  it('refuses a picture that is also a page (image/HTML polyglot), and stores nothing', async () => {
    const before = (await storedFiles()).length;
    for (const markup of ['<html><body>oi</body></html>', '<SCRIPT>alert(1)</SCRIPT>', '<svg onload=alert(1)>']) {
      const answer = await call(server, 'uploads.create', { type: 'document', file: file(withText(PNG, markup), 'foto.png', 'image/png') }, operator);
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe('file');
    }
    expect((await storedFiles()).length).toBe(before);
  });

  it('refuses a PDF that is also a page (PDF/HTML polyglot), and stores nothing', async () => {
    const before = (await storedFiles()).length;
    for (const markup of ['<html><body>oi</body></html>', '<!doctype html><p>oi', '<SCRIPT>alert(1)</SCRIPT>']) {
      const answer = await call(server, 'uploads.create', { type: 'document', file: file(withText(PDF, `1 0 obj\n(${markup})\nendobj\n`), 'extrato.pdf', 'application/pdf') }, operator);
      expect({ markup, status: answer.status, field: answer.body.field }).toEqual({ markup, status: 400, field: 'file' });
    }
    expect((await storedFiles()).length).toBe(before);
    // Its XML metadata is not a page: still a PDF.
    const xmp = withText(PDF, '<?xml version="1.0"?><x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>');
    expect((await call(server, 'uploads.create', { type: 'document', file: file(xmp, 'extrato.pdf', 'application/pdf') }, operator)).status).toBe(200);
  });

  it('refuses files over the size limit', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PNG);
    const answer = await call(server, 'uploads.create', { type: 'avatar', file: file(big, 'grande.png', 'image/png') }, operator);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('file');
  });

  it('the owner or an administrator deletes a file, and it leaves the disk', async () => {
    const created = await call(server, 'uploads.create', { type: 'avatar', file: file(PNG, 'a.png', 'image/png') }, operator);
    expect((await call(server, 'uploads.delete', { key: created.body.key }, agent)).status).toBe(404);
    const before = (await storedFiles()).length;
    expect((await call(server, 'uploads.delete', { key: created.body.key }, admin)).status).toBe(200);
    expect((await call(server, 'uploads.get', { key: created.body.key, type: 'avatar' }, operator)).status).toBe(404);
    expect((await storedFiles()).length).toBe(before - 1);
    expect((await call(server, 'uploads.delete', { key: created.body.key }, operator)).status).toBe(404);
    const own = await call(server, 'uploads.create', { type: 'avatar', file: file(PNG, 'b.png', 'image/png') }, agent);
    expect((await call(server, 'uploads.delete', { key: own.body.key }, agent)).status).toBe(200);
  });

  it('every answer says nosniff: JSON, errors and unknown routes', async () => {
    expect((await call(server, 'session.me', {}, operator)).headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call(server, 'session.me', {})).headers.get('x-content-type-options')).toBe('nosniff');
    const unknown = await fetch(`${server.url}/api/nao-existe`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the LGPD erase removes the person\'s files', async () => {
    const created = await call(server, 'users.createAdmin', { name: 'Titular Arquivos', email: 'arquivos@demo.local', role_id: 4, active: true }, admin);
    const first = await signIn(server, 'arquivos@demo.local', await codeFromOutbox(server, 'arquivos@demo.local', 'Senha temporária'));
    const token = (await call(server, 'users.newPassword', { newPassword: 'Arquivos1' }, first)).body.token;
    const up = await call(server, 'uploads.create', { type: 'avatar', file: file(PNG, 'rosto.png', 'image/png') }, token);
    expect(up.status).toBe(200);
    const before = (await storedFiles()).length;
    expect((await call(server, 'users.erase', { id: created.body.id }, admin)).body).toEqual({ erased: true, alreadyErased: false });
    expect((await storedFiles()).length).toBe(before - 1);
    expect((await call(server, 'uploads.get', { key: up.body.key, type: 'avatar' }, admin)).status).toBe(404);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
  });
});
