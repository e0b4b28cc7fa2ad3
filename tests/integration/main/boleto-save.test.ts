/**
 * Boletos through the main process (createBackofficeMain) against the real
 * server: the bridge's file calls save the PDF in the download folder under
 * the server's name (never overwriting), the viewer gets the same slip's
 * bytes, and the carnê is saved the same way.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDigitableLine } from '../../../src/server/domain/boleto';
import { createBackofficeMain, type BackofficeMain } from '../../../src/main/services/backoffice';
import { createEmbeddedBackendPort } from '../../../src/main/services/backend';
import { operationNumber } from '../../../src/shared/contract';
import type { FilePreview, SavedFile } from '../../../src/shared/bridge';
import { startTestServer, type TestServer } from '../../helpers/server';
import { memoryKeychain, tempDir } from '../../unit/main/helpers';

const ADMIN = { email: 'admin@demo.local', password: 'Senha123' };
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

let server: TestServer;
let userData: { path: string; remove(): Promise<void> };
let downloads: { path: string; remove(): Promise<void> };
let main: BackofficeMain;
let chosen: string | null = null;
let installment: { id: number; credit_operation_id: number; number: number };

beforeAll(async () => {
  server = await startTestServer();
  userData = await tempDir('backoffice-userdata-');
  downloads = await tempDir('backoffice-downloads-');
  main = createBackofficeMain({
    keychain: memoryKeychain(),
    dialogs: { chooseSaveFile: async () => chosen, chooseFolder: async () => null },
    backend: createEmbeddedBackendPort({ start: async () => ({ url: server.url, stop: async () => undefined }) }),
    paths: { userData: userData.path, downloads: downloads.path },
    appVersion: '0.1.0',
    platform: process.platform,
  });
  await main.start();
  const login = await main.handlers.apiCall('session.login', ADMIN);
  expect(login.error).toBe(false);
  // A demo installment still to collect, its borrower with a full address (the payer's block needs the CEP).
  [installment] = await server.database.rows<{ id: number; credit_operation_id: number; number: number }>(
    "SELECT i.id, i.credit_operation_id, i.number FROM credit_operation_installments i JOIN credit_operations o ON o.id = i.credit_operation_id WHERE o.status = 'disbursed' AND i.paid_on IS NULL ORDER BY i.due_date DESC, i.id LIMIT 1",
  );
  await server.database.rows(
    "UPDATE borrowers SET cep = '01001-000', address = 'Praça da Sé', address_number = '1', city = 'São Paulo', state = 'SP' WHERE id = (SELECT borrower_id FROM credit_operations WHERE id = $1)",
    [installment.credit_operation_id],
  );
});

afterAll(async () => {
  await main?.dispose();
  await server?.close();
  await userData?.remove();
  await downloads?.remove();
});

async function saved(result: Awaited<ReturnType<BackofficeMain['handlers']['filesDownload']>>): Promise<SavedFile> {
  if (result.error) throw new Error(`download failed: ${result.message}`);
  if (!result.data) throw new Error('nothing saved');
  return result.data;
}

function textOf(path: string): string | null {
  return hasPdftotext ? execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }) : null;
}

describe('boletos saved and viewed through the main process', () => {
  it('saves the boleto in the download folder under the server\'s name, a second time beside it, with the same slip', async () => {
    await main.handlers.settingsUpdate({ askWhereToSave: false, downloadFolder: downloads.path });
    const first = await saved(await main.handlers.filesDownload('boleto.slip', { x: installment.id }, {}));
    const name = `boleto-${operationNumber(installment.credit_operation_id)}-${String(installment.number).padStart(3, '0')}`;
    expect(first.path).toBe(join(downloads.path, `${name}.pdf`));
    const bytes = await readFile(first.path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.bytes).toBe(bytes.length);

    const second = await saved(await main.handlers.filesDownload('boleto.slip', { x: installment.id }, {}));
    expect(basename(second.path)).toBe(`${name} (1).pdf`);
    const slips = await server.database.rows<{ digitable_line: string }>('SELECT digitable_line FROM boleto_slips WHERE installment_id = $1', [installment.id]);
    expect(slips).toHaveLength(1);
    for (const path of [first.path, second.path]) {
      const text = textOf(path);
      if (text !== null) expect(text).toContain(formatDigitableLine(slips[0].digitable_line));
    }
  });

  it('the viewer gets the PDF bytes, nothing written to disk', async () => {
    const before = await readdir(downloads.path);
    const result = await main.handlers.filesPreview('boleto.slip', { x: installment.id });
    expect(result.error).toBe(false);
    const preview = result.data as FilePreview;
    expect(preview.mime).toBe('application/pdf');
    expect(Buffer.from(preview.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(await readdir(downloads.path)).toEqual(before);
  });

  it('the carnê goes through the save dialog when the settings ask for it; cancelling writes nothing', async () => {
    await main.handlers.settingsUpdate({ askWhereToSave: true });
    chosen = null;
    const cancelled = await main.handlers.filesDownload('boleto.carne', { credit_operation_id: installment.credit_operation_id }, {});
    expect(cancelled).toMatchObject({ error: false, data: null });
    chosen = join(downloads.path, 'meu-carne');
    const carne = await saved(await main.handlers.filesDownload('boleto.carne', { credit_operation_id: installment.credit_operation_id }, {}));
    // The app decides the extension.
    expect(carne.path).toBe(join(downloads.path, 'meu-carne.pdf'));
    const text = textOf(carne.path);
    if (text !== null) {
      const slips = await server.database.rows<{ digitable_line: string }>('SELECT digitable_line FROM boleto_slips WHERE installment_id = $1', [installment.id]);
      expect(text).toContain(formatDigitableLine(slips.at(-1)!.digitable_line));
    }
  });

  it('a refusal comes back as the server\'s Portuguese message and writes nothing', async () => {
    await main.handlers.settingsUpdate({ askWhereToSave: false });
    const before = await readdir(downloads.path);
    const result = await main.handlers.filesDownload('boleto.slip', { x: 999999 }, {});
    expect(result).toMatchObject({ error: true, status: 404 });
    expect(result.error && result.message).toMatch(/Parcela não encontrada/);
    expect(await readdir(downloads.path)).toEqual(before);
  });
});
