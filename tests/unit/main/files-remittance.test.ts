/**
 * A CNAB remittance saved by the main process: the contract's download call
 * (`remittance.file`, extension .rem) streamed straight to disk under the name
 * the server gives (REM<bank><NSA>.rem), byte for byte, through a temporary
 * file renamed into place; a stream that breaks leaves neither the file nor
 * the temporary one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createFilesService } from '../../../src/main/services/files';
import type { SessionService } from '../../../src/main/services/session';
import { defaultSettings } from '../../../src/main/services/settings';
import type { FileProgress, Settings } from '../../../src/shared/bridge';
import { tempDir } from './helpers';

const LINE = (c: string) => c.repeat(240);
const CONTENT = Buffer.from([LINE('0'), LINE('1'), LINE('3'), LINE('5'), LINE('9')].map((l) => `${l}\r\n`).join(''), 'latin1');

let downloads: { path: string; remove(): Promise<void> };
let settings: Settings;
let progress: FileProgress[];
beforeEach(async () => {
  downloads = await tempDir('backoffice-remittance-');
  settings = { ...defaultSettings(), askWhereToSave: false };
  progress = [];
});
afterEach(() => downloads.remove());

function files(stream: () => Readable) {
  const asked: Array<[string, unknown]> = [];
  const session = {
    stream: async (name: string, args: unknown) => {
      asked.push([name, args]);
      return { ok: true, status: 200, stream: stream(), contentType: 'text/plain', contentLength: CONTENT.length, fileName: 'REM341000001.rem' };
    },
  } as unknown as SessionService; // files only uses stream() for downloads
  const service = createFilesService({
    session,
    dialogs: { chooseSaveFile: async () => null, chooseFolder: async () => null },
    paths: { userData: downloads.path, downloads: downloads.path },
    settings: () => settings,
    emitProgress: (p) => progress.push(p),
  });
  return { service, asked };
}

describe('remittance file saved to disk', () => {
  it('under the bank name, byte for byte; a second copy never overwrites the first', async () => {
    const { service, asked } = files(() => Readable.from([CONTENT.subarray(0, 500), CONTENT.subarray(500)]));
    const first = await service.download('remittance.file', { bankCode: '341', remittanceId: 7 }, { jobId: 'r1' });
    expect(first).toMatchObject({ error: false, data: { path: join(downloads.path, 'REM341000001.rem'), bytes: CONTENT.length } });
    expect(asked[0][0]).toBe('remittance.file');
    expect((await readFile(join(downloads.path, 'REM341000001.rem'))).equals(CONTENT)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ jobId: 'r1', phase: 'done', written: CONTENT.length });

    const second = await service.download('remittance.file', { bankCode: '341', remittanceId: 7 }, {});
    expect(second.data?.path).toBe(join(downloads.path, 'REM341000001 (1).rem'));
    expect((await readdir(downloads.path)).sort()).toEqual(['REM341000001 (1).rem', 'REM341000001.rem']);
  });

  it('a stream that breaks halfway leaves no file and no temporary file', async () => {
    const { service } = files(
      () =>
        new Readable({
          read() {
            this.push(CONTENT.subarray(0, 300));
            this.destroy(new Error('conexão interrompida'));
          },
        }),
    );
    const result = await service.download('remittance.file', { bankCode: '341', remittanceId: 7 }, { jobId: 'r2' });
    expect(result.error).toBe(true);
    expect(await readdir(downloads.path)).toEqual([]);
    expect(progress.at(-1)).toMatchObject({ jobId: 'r2', phase: 'failed' });
  });
});
