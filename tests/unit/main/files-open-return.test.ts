/** files.openReturnFile: a bank return file chosen in the open dialog and read by the main process — cancelled, too big, read byte for byte. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesService, RETURN_FILE_EXTENSIONS } from '../../../src/main/services/files';
import { defaultSettings } from '../../../src/main/services/settings';
import type { SessionService } from '../../../src/main/services/session';
import { MAX_OPEN_FILE_BYTES } from '../../../src/shared/bridge';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'open-return-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function service(answer: string | null, asked: Array<readonly string[]> = []) {
  return createFilesService({
    session: {} as SessionService, // opening a local file calls no server
    dialogs: {
      chooseSaveFile: async () => null,
      chooseFolder: async () => null,
      chooseOpenFile: async (extensions) => {
        asked.push(extensions);
        return answer;
      },
    },
    paths: { userData: folder, downloads: folder },
    settings: () => defaultSettings(),
    emitProgress: () => undefined,
  });
}

describe('files.openReturnFile', () => {
  it('cancelled: null, and the dialog offered the return extensions', async () => {
    const asked: Array<readonly string[]> = [];
    expect(await service(null, asked).openReturnFile()).toEqual({ data: null, error: false, status: 200 });
    expect(asked).toEqual([RETURN_FILE_EXTENSIONS]);
  });
  it('reads the chosen file as latin1 text, every byte one character', async () => {
    const path = join(folder, 'RET341.ret');
    await writeFile(path, Buffer.from('34100000\u00c7\r\n', 'latin1'));
    const result = await service(path).openReturnFile();
    expect(result).toEqual({ data: { name: 'RET341.ret', text: '34100000\u00c7\r\n', size: 11 }, error: false, status: 200 });
  });
  it('refuses a file above the limit and a path that is not a file, naming file', async () => {
    const big = join(folder, 'big.ret');
    await writeFile(big, Buffer.alloc(MAX_OPEN_FILE_BYTES + 1, 0x30));
    const tooBig = await service(big).openReturnFile();
    expect(tooBig).toMatchObject({ error: true, code: 'invalid-args', field: 'file' });
    if (tooBig.error) expect(tooBig.message).toContain(String(Math.floor(MAX_OPEN_FILE_BYTES / 1024)));
    expect(await service(folder).openReturnFile()).toMatchObject({ error: true, field: 'file' });
  });
});
