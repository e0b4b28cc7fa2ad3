/**
 * The bridge as the renderer sees it: malformed calls get clear failures
 * (never an exception, never a crash of the main side), calls the contract
 * keeps to the main process are refused, and bytes survive the trip both ways.
 */
import { readFile } from 'node:fs/promises';
import { test, expect, signInAs, DEMO } from './harness';

// Its tests read what the demo seed holds and change nothing another one reads: one server for the file.
test.use({ serverPerFile: true });

test('malformed or unknown calls answer clear failures and the app keeps working', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/profile');

  const answers = await page.evaluate(async () => {
    // Deliberately outside the typed API: this is what a compromised or buggy page could send.
    const call = window.backoffice.api.call as unknown as (name: unknown, args: unknown) => Promise<unknown>;
    const exportExcel = window.backoffice.files.exportExcel as unknown as (n: unknown, a: unknown, o: unknown) => Promise<unknown>;
    const update = window.backoffice.settings.update as unknown as (p: unknown) => Promise<unknown>;
    return {
      unknown: await call('users.dropEverything', {}),
      notAString: await call(42, null),
      badArgs: await call('users.admins', { page: 'primeira', limit: -3 }),
      mainOnly: await call('session.auth', { token: 'x' }),
      badExportOptions: await exportExcel('users.export', {}, { fileName: 12 }),
      notExportable: await exportExcel('users.admins', { page: 1 }, {}),
      badSettings: await update({ serverUrl: 'não é endereço', unknownKey: true }),
    };
  });
  for (const [which, answer] of Object.entries(answers)) {
    expect(answer, which).toMatchObject({ error: true, data: null });
    expect((answer as { message: string }).message.length, `${which} has a message`).toBeGreaterThan(5);
  }
  expect(answers.unknown).toMatchObject({ code: 'unknown-operation' });
  expect(answers.mainOnly).toMatchObject({ code: 'unknown-operation' });
  expect(answers.badArgs).toMatchObject({ code: 'invalid-args' });

  // Still signed in and working.
  await page.getByTestId('menu-item-/users').click();
  await expect(page.getByTestId('users-table')).toBeVisible();
  expect(harness.sessionEvents.some((e) => e.reason === 'expired' || e.reason === 'signed-out')).toBe(false);
});

test('uploaded bytes cross the bridge intact and come back byte for byte as a saved file', async ({ page, harness }) => {
  await signInAs(page, harness, DEMO.admin.email, '/app/profile');
  const png = await readFile('resources/icon.png');

  const result = await page.evaluate(async (bytes) => {
    const upload = await window.backoffice.api.call('uploads.create', {
      type: 'avatar',
      file: { name: 'avatar.png', type: 'image/png', bytes: Uint8Array.from(bytes) },
    });
    if (upload.error) return { upload, saved: null };
    const saved = await window.backoffice.files.download('uploads.get', { key: upload.data.key, type: 'avatar' }, { fileName: 'avatar-copia' });
    return { upload, saved };
  }, [...png]);

  expect(result.upload).toMatchObject({ error: false, data: { type: 'avatar', size: png.length } });
  expect(result.saved).toMatchObject({ error: false });
  const path = (result.saved as { data: { path: string } }).data.path;
  expect(path.startsWith(harness.paths.downloads)).toBe(true);
  expect(Buffer.compare(await readFile(path), png)).toBe(0);
});
