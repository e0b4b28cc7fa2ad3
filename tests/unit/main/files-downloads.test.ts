/**
 * The downloads list: every file the app saves in the session is kept
 * (newest first, at most MAX_DOWNLOADS) after its short toast, and "Abrir
 * pasta" shows one in the file manager by the entry's id only: a path the
 * page makes up, an unknown id or a file since deleted opens nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createFilesService } from '../../../src/main/services/files';
import type { SessionService } from '../../../src/main/services/session';
import { defaultSettings } from '../../../src/main/services/settings';
import type { DialogPort } from '../../../src/main/services/ports';
import { MAX_DOWNLOADS, type Settings } from '../../../src/shared/bridge';
import { tempDir } from './helpers';

const FILE_KEY = 'Zk3q9Xw2LmN8pR4tV6yB1c';

let folder: { path: string; remove(): Promise<void> };
let settings: Settings;
let shown: string[];
let clock: number;

beforeEach(async () => {
  folder = await tempDir('backoffice-downloads-list-');
  settings = { ...defaultSettings(), askWhereToSave: false };
  shown = [];
  clock = Date.parse('2026-03-10T12:00:00.000Z');
});
afterEach(() => folder.remove());

/** A session whose every file answer is a small PDF named `name`. */
function pdfSession(name: string): SessionService {
  return {
    stream: async () => ({ ok: true, status: 200, stream: Readable.from([Buffer.from('%PDF-1.4 x')]), contentType: 'application/pdf', contentLength: null, fileName: name }),
  } as unknown as SessionService; // files only uses stream() for downloads
}

function service(session: SessionService, dialogs: Partial<DialogPort> = {}) {
  return createFilesService({
    session,
    dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => null, showInFolder: (path) => shown.push(path), ...dialogs },
    paths: { userData: folder.path, downloads: folder.path },
    settings: () => settings,
    emitProgress: () => undefined,
    now: () => new Date((clock += 60_000)),
  });
}

describe('downloads list', () => {
  it('keeps every saved file, newest first, with its name, folder and time, and opens its folder by id', async () => {
    const files = service(pdfSession('carne.pdf'));
    expect(files.downloads()).toEqual([]);
    await files.download('uploads.get', { key: FILE_KEY, type: 'document' }, {});
    await files.download('uploads.get', { key: FILE_KEY, type: 'document' }, {});
    const list = files.downloads();
    expect(list.map((d) => [d.name, d.folder, d.savedAt])).toEqual([
      ['carne (1).pdf', folder.path, '2026-03-10T12:02:00.000Z'],
      ['carne.pdf', folder.path, '2026-03-10T12:01:00.000Z'],
    ]);
    expect(list[0].path).toBe(join(folder.path, 'carne (1).pdf'));
    expect(list[0].bytes).toBe(10);

    expect(await files.showInFolder(list[1].id)).toEqual({ data: null, error: false, status: 200 });
    expect(shown).toEqual([join(folder.path, 'carne.pdf')]);
  });

  it('opens nothing for a path, an unknown id or a file deleted since', async () => {
    const files = service(pdfSession('boleto.pdf'));
    await files.download('uploads.get', { key: FILE_KEY, type: 'document' }, {});
    const [entry] = files.downloads();
    for (const bad of [entry.path, folder.path, '00000000-0000-4000-8000-000000000000', 42, null, { id: entry.id }]) {
      expect(await files.showInFolder(bad)).toMatchObject({ error: true, code: 'not-found', message: 'O arquivo não está mais onde foi salvo (movido ou apagado).' });
    }
    await unlink(entry.path);
    expect(await files.showInFolder(entry.id)).toMatchObject({ error: true, code: 'not-found' });
    expect(shown).toEqual([]);
  });

  it('a cancelled save adds nothing; the list keeps the newest MAX_DOWNLOADS and is forgotten at sign-out', async () => {
    settings = { ...settings, askWhereToSave: true };
    const cancelled = service(pdfSession('x.pdf'));
    expect(await cancelled.download('uploads.get', { key: FILE_KEY, type: 'document' }, {})).toMatchObject({ data: null, error: false });
    expect(cancelled.downloads()).toEqual([]);

    settings = { ...settings, askWhereToSave: false };
    const files = service(pdfSession('r.pdf'));
    for (let i = 0; i <= MAX_DOWNLOADS; i += 1) await files.download('uploads.get', { key: FILE_KEY, type: 'document' }, {});
    const list = files.downloads();
    expect(list).toHaveLength(MAX_DOWNLOADS);
    expect(list[0].name).toBe(`r (${MAX_DOWNLOADS}).pdf`);
    expect(list.at(-1)?.name).toBe('r (1).pdf');
    files.forgetDownloads();
    expect(files.downloads()).toEqual([]);
  });
});
