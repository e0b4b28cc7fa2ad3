/** File uploads: type and size rules checked on the bytes, streaming back with the mime, owner rules, erase. */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../src/shared/contract/index';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, codeFromOutbox, signIn } from './client';

let server: TestServer;
let admin: string;
let operator: string;
let agent: string;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%fake but well-formed header\n');
const file = (bytes: Uint8Array, name: string, type: string) => ({ name, type, bytes });
const storedFiles = async () => readdir(join(dirname(server.dataDir), 'uploads')).catch(() => [] as string[]);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@demo.local');
  operator = await signIn(server, 'operador@demo.local');
  agent = await signIn(server, 'agente@demo.local');
});
afterAll(() => server?.close());

describe('uploads', () => {
  it('stores an avatar and streams it back with its mime type', async () => {
    const created = await call(server, 'uploads.create', { type: 'avatar', file: file(PNG, 'eu.png', 'image/png') }, operator);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ type: 'avatar', name: 'eu.png', mime: 'image/png', size: PNG.length });
    const got = await call(server, 'uploads.get', { id: created.body.id, type: 'avatar' }, agent);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Array.from(got.body as Uint8Array)).toEqual(Array.from(PNG));
    expect((await call(server, 'uploads.get', { id: created.body.id, type: 'document' }, agent)).status).toBe(404);
    expect((await call(server, 'uploads.get', { id: 99999, type: 'avatar' }, agent)).status).toBe(404);
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

  it('refuses files over the size limit', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PNG);
    const answer = await call(server, 'uploads.create', { type: 'avatar', file: file(big, 'grande.png', 'image/png') }, operator);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('file');
  });

  it('only the owner or an administrator deletes a file', async () => {
    const created = await call(server, 'uploads.create', { type: 'avatar', file: file(PNG, 'a.png', 'image/png') }, operator);
    expect((await call(server, 'uploads.delete', { id: created.body.id }, agent)).status).toBe(403);
    const before = (await storedFiles()).length;
    expect((await call(server, 'uploads.delete', { id: created.body.id }, admin)).status).toBe(200);
    expect((await call(server, 'uploads.get', { id: created.body.id, type: 'avatar' }, agent)).status).toBe(404);
    expect((await storedFiles()).length).toBe(before - 1);
    expect((await call(server, 'uploads.delete', { id: created.body.id }, operator)).status).toBe(404);
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
    expect((await call(server, 'uploads.get', { id: up.body.id, type: 'avatar' }, agent)).status).toBe(404);
    expect((await call(server, 'session.me', {}, token)).status).toBe(401);
  });
});
