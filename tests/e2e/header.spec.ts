/**
 * The connection state in the header, on every screen (not only the lists):
 * when the server stops answering, "Sem conexão" with the time of the last
 * data received, in a status region; it goes away when the server is back.
 */
import { test, expect, signInAs, DEMO } from './harness';

test('the header says "Sem conexão" on home and on a form while the server is unreachable', async ({ page, harness, server }) => {
  await signInAs(page, harness, DEMO.admin.email);
  const status = page.getByRole('status').filter({ has: page.getByTestId('offline-tag') });
  await expect(page.getByTestId('connection-status')).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('offline-tag')).toHaveCount(0);

  await page.goto(harness.url('/app/users'));
  await expect(page.getByTestId('users-table')).toBeVisible();
  await server.stop();
  // The next call finds no server: the list shows its cache and the header says so.
  await page.goto(harness.url('/app/logsPage'));
  await expect(page.getByTestId('offline-tag')).toBeVisible();
  await expect(status).toHaveText(/^Sem conexão( · dados de (\d{2}\/\d{2}\/\d{4} )?\d{2}:\d{2})?$/);

  await page.evaluate(() => {
    window.location.hash = '#/app/home';
  });
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await expect(status).toHaveText(/^Sem conexão · dados de (\d{2}\/\d{2}\/\d{4} )?\d{2}:\d{2}$/);
  await page.screenshot({ path: test.info().outputPath('header-offline-home.png') });

  await page.evaluate(() => {
    window.location.hash = '#/app/users/new';
  });
  await expect(page.getByTestId('offline-tag')).toBeVisible();

  // A reload while offline: no change is announced any more, the cached list on screen tells.
  await page.goto(harness.url('/app/logsPage'));
  await expect(page.getByTestId('offline-tag')).toBeVisible();

  await server.restart();
  await expect(page.getByTestId('offline-tag')).toHaveCount(0);
});
