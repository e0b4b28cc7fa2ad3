/** files.preview: a server file brought into memory for the in-app viewer — images and PDF only, size-capped, content checked. */
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { createFilesService, previewTypeOf } from '../../../src/main/services/files';
import { defaultSettings } from '../../../src/main/services/settings';
import type { SessionService } from '../../../src/main/services/session';
import { MAX_PREVIEW_BYTES } from '../../../src/shared/bridge';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const WEBP = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1');
const ARGS = { fileName: 'Zk3q9Xw2LmN8pR4tV6yB1c', issuer: 4, expires: '1999999999', signature: 'a'.repeat(43) };

function service(chunks: Buffer[], contentType: string | null, contentLength: number | null = null, calls: string[] = []) {
  const session = {
    stream: async (name: string) => {
      calls.push(name);
      return { ok: true, status: 200, stream: Readable.from(chunks), contentType, contentLength, fileName: null };
    },
  } as unknown as SessionService; // preview only uses stream()
  return createFilesService({
    session,
    dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => null },
    paths: { userData: '/nonexistent', downloads: '/nonexistent' },
    settings: () => defaultSettings(),
    emitProgress: () => undefined,
  });
}

describe('previewTypeOf', () => {
  it('accepts a declared image or PDF whose first bytes agree', () => {
    expect(previewTypeOf('image/png', PNG)).toBe('image/png');
    expect(previewTypeOf('application/pdf; charset=binary', PDF)).toBe('application/pdf');
    expect(previewTypeOf('image/jpeg', JPEG)).toBe('image/jpeg');
    expect(previewTypeOf('image/webp', WEBP)).toBe('image/webp');
  });
  it('refuses a mislabelled file and any other type', () => {
    expect(previewTypeOf('image/png', PDF)).toBeNull();
    expect(previewTypeOf('application/pdf', Buffer.from('<html>'))).toBeNull();
    expect(previewTypeOf('text/html', Buffer.from('<html>'))).toBeNull();
    expect(previewTypeOf(null, PNG)).toBeNull();
  });
});

describe('files.preview', () => {
  it('answers the bytes and type of a document file call', async () => {
    const calls: string[] = [];
    const result = await service([PDF.subarray(0, 4), PDF.subarray(4)], 'application/pdf', PDF.length, calls).preview('documents.signedFile', ARGS);
    expect(result.error).toBe(false);
    if (result.error) return;
    expect(result.data.mime).toBe('application/pdf');
    expect(Buffer.from(result.data.bytes).equals(PDF)).toBe(true);
    expect(result.data.size).toBe(PDF.length);
    expect(calls).toEqual(['documents.signedFile']);
  });

  it('refuses a file over the cap, by its declared length or as it arrives', async () => {
    const declared = await service([PNG], 'image/png', MAX_PREVIEW_BYTES + 1).preview('documents.signedFile', ARGS);
    expect(declared).toMatchObject({ error: true, code: 'validation' });
    const big = Buffer.alloc(1024 * 1024);
    const chunks = [PNG, ...Array.from({ length: Math.ceil(MAX_PREVIEW_BYTES / big.length) + 1 }, () => big)];
    const streamed = await service(chunks, 'image/png', null).preview('documents.signedFile', ARGS);
    expect(streamed).toMatchObject({ error: true, code: 'validation' });
  });

  it('refuses what is not an image or PDF', async () => {
    const result = await service([Buffer.from('<script>')], 'text/html').preview('documents.signedFile', ARGS);
    expect(result).toMatchObject({ error: true, code: 'validation' });
  });

  it('only serves file-answer calls with valid arguments', async () => {
    expect(await service([PNG], 'image/png').preview('solicitations.list', {})).toMatchObject({ error: true, code: 'invalid-args' });
    expect(await service([PNG], 'image/png').preview('documents.signedFile', { fileName: '../etc/passwd' })).toMatchObject({ error: true });
    expect(await service([PNG], 'image/png').preview('no.such.call', {})).toMatchObject({ error: true });
  });
});
